/** `json`: free-form JSON (a typed setting the resource validates itself), edited as text. */
import { z } from 'zod';
import { textual } from './base.ts';
import { INVALID_FORM_VALUE } from './types.ts';

export const jsonKind = textual({
  answer: () => z.json(),
  toForm: (v) => (v === undefined || v === null ? '' : JSON.stringify(v, null, 2)),
  fromForm: (v) => {
    if (typeof v !== 'string' || v.trim() === '') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return INVALID_FORM_VALUE;
    }
  },
  column: () => ({ width: 180, ellipsis: true }),
});

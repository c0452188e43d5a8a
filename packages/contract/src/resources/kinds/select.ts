/**
 * `select`: one of fixed options (codes with label keys) or of a lookup route's entries (an id or
 * a code). Files carry the option's code or its label in any language.
 */
import { z } from 'zod';
import type { FieldDef } from '../define.ts';
import { textual } from './base.ts';
import { optionCode, optionText } from './cells.ts';
import { intFilter, textFilter } from './types.ts';

/** Whether the field's values are numbers: numeric options, or a lookup whose schema takes an id. */
export function takesNumbers(f: FieldDef): boolean {
  if (f.options?.length) return f.options.every((o) => typeof o.value === 'number');
  return typeof f.schema.safeParse('1').data === 'number';
}

export const selectKind = textual({
  // A lookup-backed select has no options to tell its type: a code or an id.
  answer: (f) => (f.options?.length ? (takesNumbers(f) ? z.number() : z.string()) : z.union([z.number(), z.string()])),
  filterValue: (f) => (takesNumbers(f) ? intFilter() : textFilter()),
  keyword: true,
  parseCell: (f, text) => {
    if (!f.options?.length) return text;
    const code = optionCode(f, text);
    return typeof code === 'string' && takesNumbers(f) && /^-?\d+$/.test(code) ? Number(code) : code;
  },
  cellText: (f, value, lang) => (f.options?.length ? optionText(f, value, lang) : String(value)),
  toForm: (v) => (v === null ? undefined : v),
  column: (f) => ({ width: f.lookup ? 180 : 130, ellipsis: true }),
});

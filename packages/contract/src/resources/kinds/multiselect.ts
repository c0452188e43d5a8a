/**
 * `multiselect`: several of fixed options (or lookup entries), stored as a text[] column; one file
 * cell holds them separated by '|'. An equality filter matches a record holding the value, an
 * `in` filter one holding any of the values.
 */
import { z } from 'zod';
import { textual } from './base.ts';
import { MULTI_SEPARATOR, optionCode, optionText } from './cells.ts';

export const multiselectKind = textual({
  answer: () => z.array(z.string()),
  eqSql: (col, param) => `${param} = ANY(${col})`,
  inSql: (col, param) => `${col} && ${param}`,
  parseCell: (f, text) =>
    text
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => (f.options?.length ? String(optionCode(f, s)) : s)),
  cellText: (f, value, lang) => {
    const values = Array.isArray(value) ? value : [value];
    return values.map((v) => (f.options?.length ? optionText(f, v, lang) : String(v))).join(MULTI_SEPARATOR);
  },
  toForm: (v) => (Array.isArray(v) ? v : []),
  // An empty choice is a value ([] clears it), never "left out".
  isBlank: () => false,
  requiredMark: false,
  column: () => ({ width: 200, ellipsis: false }),
});

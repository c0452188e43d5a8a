/**
 * `number`: a whole number (int columns), answered as a number, typed in the form as text so
 * what is typed is never clamped or reverted (the schema names the range); a count in lists.
 */
import { z } from 'zod';
import { textual } from './base.ts';
import { intFilter } from './types.ts';

/** Digits (with an optional sign and decimals) become a number; other text goes to the schema to name. */
export const numberCell = (text: string): number | string => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text);

export const numberKind = textual({
  answer: () => z.number(),
  filterValue: intFilter,
  ordered: true,
  numberKind: () => 'count',
  parseCell: (_f, text) => numberCell(text),
  column: () => ({ align: 'right', width: 100, ellipsis: false }),
});

/**
 * `date`: a calendar day 'YYYY-MM-DD' (an MYT business day). Read as text: node-postgres would
 * turn a date into local midnight, which shifts the day when the server's time zone is east of UTC.
 * Files write it as the screens do, 'DD-MM-YYYY' (§9), and an upload reads that or 'YYYY-MM-DD'
 * (the API's form, and what a spreadsheet's real date cell reads as).
 */
import { z } from 'zod';
import { textual } from './base.ts';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY_DAY = /^(\d{2})-(\d{2})-(\d{4})$/;

/** A 'YYYY-MM-DD' day as §9's 'DD-MM-YYYY'; other text unchanged. */
export function dmyDay(value: unknown): string {
  const m = ISO_DAY.exec(String(value));
  return m ? `${m[3]}-${m[2]}-${m[1]}` : String(value);
}

/** A file's day cell ('DD-MM-YYYY' or 'YYYY-MM-DD') as 'YYYY-MM-DD'; other text goes to the schema to name. */
export function isoDayOfCell(text: string): string {
  const m = DMY_DAY.exec(text.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : text;
}

const DAY = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'enter a date as YYYY-MM-DD').pipe(z.iso.date('enter a real date'));

export const dateKind = textual({
  select: (col) => `to_char(${col}, 'YYYY-MM-DD')`,
  filterValue: () => DAY,
  parseCell: (_f, text) => isoDayOfCell(text),
  cellText: (_f, value) => dmyDay(value),
  ordered: true,
  column: () => ({ width: 115, ellipsis: false }),
});

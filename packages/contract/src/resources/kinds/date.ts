/**
 * `date`: a calendar day 'YYYY-MM-DD' (an MYT business day). Read as text: node-postgres would
 * turn a date into local midnight, which shifts the day when the server's time zone is east of UTC.
 */
import { z } from 'zod';
import { textual } from './base.ts';

const DAY = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'enter a date as YYYY-MM-DD').pipe(z.iso.date('enter a real date'));

export const dateKind = textual({
  select: (col) => `to_char(${col}, 'YYYY-MM-DD')`,
  filterValue: () => DAY,
  ordered: true,
  column: () => ({ width: 115, ellipsis: false }),
});

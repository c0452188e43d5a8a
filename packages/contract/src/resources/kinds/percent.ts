/** `percent`: a rate in percent, 0–100 with at most 4 decimals, a decimal string end to end; a key column of lists. */
import { textual } from './base.ts';
import { numberCell } from './number.ts';
import { decimalFilter } from './types.ts';

export const percentKind = textual({
  filterValue: decimalFilter,
  ordered: true,
  numberKind: () => 'percent',
  parseCell: (_f, text) => numberCell(text),
  sendsBlank: true,
  column: () => ({ align: 'right', width: 95, ellipsis: false }),
  keyColumn: true,
});

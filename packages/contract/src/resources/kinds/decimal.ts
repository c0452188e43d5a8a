/**
 * `decimal`: a decimal that is neither money nor a rate (numeric columns: limits, counts with
 * decimals), answered and typed as a decimal string, never a float.
 */
import { textual } from './base.ts';
import { numberCell } from './number.ts';
import { decimalFilter } from './types.ts';

export const decimalKind = textual({
  filterValue: decimalFilter,
  ordered: true,
  numberKind: () => 'decimal',
  parseCell: (_f, text) => numberCell(text),
  column: () => ({ align: 'right', width: 100, ellipsis: false }),
});

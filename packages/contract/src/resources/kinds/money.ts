/** `money`: ringgit with at most 2 decimals (numeric(18,2)), a decimal string end to end (§3); a key column of lists. */
import { textual } from './base.ts';
import { decimalFilter } from './types.ts';

export const moneyKind = textual({
  filterValue: decimalFilter,
  ordered: true,
  numberKind: () => 'money',
  sendsBlank: true,
  column: () => ({ align: 'right', width: 115, ellipsis: false }),
  keyColumn: true,
});

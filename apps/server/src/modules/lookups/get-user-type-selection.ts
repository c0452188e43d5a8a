/**
 * GetUserTypeSelection (§7 Lookups): the six user group types (§6) as {DisplayName, Value},
 * highest first; DisplayName is the English label (MERCHANT_BRANCH is shown as 'Merchant', §6).
 */
import { GROUP_TYPE_ENTRIES } from '@paydesk/domain';
import { englishLabel } from './labels.ts';

export function getUserTypeSelection(): { DisplayName: string; Value: string }[] {
  return GROUP_TYPE_ENTRIES.map((t) => ({ DisplayName: englishLabel(t), Value: t.code }));
}

/** GetPaymentMethod (§7 Lookups): the §9 payment method codes with their English names, in §9 order. */
import { PAYMENT_METHOD_ENTRIES } from '@paydesk/domain';
import { englishLabel } from './labels.ts';

export function getPaymentMethods(): { Code: string; Name: string }[] {
  return PAYMENT_METHOD_ENTRIES.map((m) => ({ Code: m.code, Name: englishLabel(m) }));
}

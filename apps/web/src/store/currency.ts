import type { ResponseOf } from '@paydesk/contract';

export type Currency = ResponseOf<'currencies'>[number];

/**
 * §4: the first active currency becomes selected when none is chosen. A chosen currency that is
 * no longer offered (another user group, a deactivated code) counts as none chosen.
 */
export function pickCurrency(list: readonly Currency[], selected: string | null): string | null {
  const active = list.filter((c) => c.IsActive === 1);
  if (selected && active.some((c) => c.CurrencyCode === selected)) return selected;
  if (active.length === 0) return selected;
  return active[0]!.CurrencyCode;
}

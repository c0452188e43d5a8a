/**
 * The header currency (§3 permission state selectedCurrency, §6 "the selected currency comes from
 * the permission state") as every amount, list and summary on screen uses it.
 */
import { useCurrenciesQuery } from './api.ts';
import { useAppSelector } from './hooks.ts';

/**
 * The business currency, used only when the currency lookup offers no active currency at all
 * (§9: the only country is MALAYSIA); the server's dashboard takes the same default.
 */
export const BUSINESS_CURRENCY = 'MYR';

/**
 * The currency screens ask the server for: the selected one; null while the currency lookup is
 * still loading with none selected (so the first request is already for the currency that will
 * be shown, and no list briefly mixes currencies); BUSINESS_CURRENCY when no currency is offered.
 */
export function useHeaderCurrency(): string | null {
  const selected = useAppSelector((s) => s.permission.selectedCurrency);
  const currencies = useCurrenciesQuery();
  if (selected) return selected;
  return currencies.isFetching || currencies.isUninitialized ? null : BUSINESS_CURRENCY;
}

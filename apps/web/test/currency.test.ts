import { describe, expect, it } from 'vitest';
import { pickCurrency, type Currency } from '../src/store/currency.ts';
import { permissionSlice } from '../src/store/permission-slice.ts';
import { currencyListReceived, systemDataSlice } from '../src/store/system-data-slice.ts';
import { sessionCleared } from '../src/store/auth-slice.ts';

const c = (Id: number, CurrencyCode: string, IsActive = 1): Currency => ({ Id, CurrencyCode, IsActive });

describe('currency auto-select (§4)', () => {
  it('selects the first active currency when none is chosen', () => {
    expect(pickCurrency([c(1, 'MYR'), c(2, 'USD')], null)).toBe('MYR');
    expect(pickCurrency([c(1, 'SGD', 0), c(2, 'USD'), c(3, 'MYR')], null)).toBe('USD');
  });

  it('keeps a chosen currency that is offered', () => {
    expect(pickCurrency([c(1, 'MYR'), c(2, 'USD')], 'USD')).toBe('USD');
  });

  it('replaces a chosen currency that is no longer active', () => {
    expect(pickCurrency([c(1, 'MYR'), c(2, 'USD', 0)], 'USD')).toBe('MYR');
  });

  it('changes nothing when no currency is active', () => {
    expect(pickCurrency([], null)).toBeNull();
    expect(pickCurrency([c(1, 'MYR', 0)], 'MYR')).toBe('MYR');
  });

  it('the currency list arriving selects in the permission state; a session end empties the list', () => {
    const list = [c(1, 'MYR'), c(2, 'USD')];
    const permission = permissionSlice.reducer(undefined, currencyListReceived(list));
    expect(permission.selectedCurrency).toBe('MYR');
    const chosen = permissionSlice.reducer({ ...permission, selectedCurrency: 'USD' }, currencyListReceived(list));
    expect(chosen.selectedCurrency).toBe('USD');

    const system = systemDataSlice.reducer(undefined, currencyListReceived(list));
    expect(system.currency_list).toEqual(list);
    expect(systemDataSlice.reducer(system, sessionCleared()).currency_list).toEqual([]);
    const cleared = permissionSlice.reducer({ ...permission, modulePermission: ['transaction:ecommerce'] }, sessionCleared());
    expect(cleared.modulePermission).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { validateField } from '@paydesk/domain';
import {
  DEFAULT_QUERY,
  fieldsBelow,
  isAmountFilter,
  isLast4,
  parentFor,
  parseTxnQuery,
  toSearchData,
  toSearchParams,
  visiblePickers,
} from '../src/features/transactions/filters.ts';

describe('e-commerce filters in the URL', () => {
  it('round-trips a query through the query string', () => {
    const q = {
      ...DEFAULT_QUERY,
      from: '2024-05-01',
      to: '2024-05-07',
      status: ['SUCCESS', 'FAILED'] as const,
      pm: ['CC'] as const,
      scheme: ['VISA', 'MASTER'] as const,
      mm: 3,
      agent: 9,
      ref: 'EC2024',
      min: '10.50',
      max: '2000',
      last4: '1111',
      sort: 'Amount' as const,
      order: 'asc' as const,
      size: 50 as const,
    };
    const copy = { ...q, status: [...q.status], pm: [...q.pm], scheme: [...q.scheme] };
    const search = toSearchParams(copy).toString();
    expect(parseTxnQuery(new URLSearchParams(search))).toEqual(copy);
  });

  it('leaves defaults out and ignores values that are not valid', () => {
    expect(toSearchParams(DEFAULT_QUERY).toString()).toBe('');
    const q = parseTxnQuery(new URLSearchParams('status=SUCCESS,BOGUS&pm=XX&mm=-1&agency=abc&min=1.234&last4=12&size=7&sort=Nope&from=yesterday'));
    expect(q).toEqual({ ...DEFAULT_QUERY, status: ['SUCCESS'] });
  });

  it('turns Malaysian days into UTC bounds of the search', () => {
    const data = toSearchData({ ...DEFAULT_QUERY, from: '2024-01-01', to: '2024-01-31', last4: '4242', status: [] });
    expect(data).toEqual({ DateFrom: '2023-12-31T16:00:00.000Z', DateTo: '2024-01-31T15:59:59.999Z', Last4: '4242' });
    expect(toSearchData(DEFAULT_QUERY)).toEqual({});
  });

  it('hides pickers above the caller and narrows each picker by the nearest chosen parent', () => {
    expect(visiblePickers('SUPERADMIN').map((p) => p.field)).toEqual(['mm', 'agency', 'agent', 'merchant']);
    expect(visiblePickers('AGENCY').map((p) => p.field)).toEqual(['agency', 'agent', 'merchant']);
    expect(visiblePickers('MERCHANT_BRANCH')).toEqual([]);
    expect(parentFor({ mm: 3, agency: undefined, agent: undefined, merchant: undefined }, 'agent')).toBe(3);
    expect(parentFor({ mm: 3, agency: 5, agent: undefined, merchant: undefined }, 'merchant')).toBe(5);
    expect(parentFor({ mm: 3, agency: 5, agent: 8, merchant: undefined }, 'mm')).toBeUndefined();
    expect(fieldsBelow('agency')).toEqual(['agent', 'merchant']);
  });

  it('reads amounts as §5 decimals that are money, and last 4 digits as §5 numbers', () => {
    for (const ok of ['12', '12.5', '12.50', '.5', '12.', '0']) expect([ok, isAmountFilter(ok)]).toEqual([ok, true]);
    for (const bad of ['', 'abc', '1.234', '-1', '1,000', '1e3', '12345678901234567']) expect([bad, isAmountFilter(bad)]).toEqual([bad, false]);
    expect(validateField('decimal', '1.234')).toBe(true); // §5 shape, but not an amount of money
    expect(['1234', '0000'].map(isLast4)).toEqual([true, true]);
    expect(['123', '12345', '12a4', ''].map(isLast4)).toEqual([false, false, false, false]);
    const q = parseTxnQuery(new URLSearchParams('min=.5&max=12.&last4=0042'));
    expect([q.min, q.max, q.last4]).toEqual(['.5', '12.', '0042']);
    expect(toSearchData(q)).toEqual({ AmountMin: '0.50', AmountMax: '12.00', Last4: '0042' });
  });
});

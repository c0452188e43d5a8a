import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, parentFor, parseTxnQuery, toSearchData, toSearchParams, visiblePickers, fieldsBelow } from '../src/features/transactions/filters.ts';

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
});

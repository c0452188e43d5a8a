/**
 * The summary executor's own arithmetic and guard: SuccessRate and AvgTicket
 * are exact half-up roundings of the ratios (checked against an independent BigInt reference for random
 * counts and amounts), a rate or average of nothing is null, and an answer above SUMMARY_MAX_ROWS
 * is refused with VAL400 'GroupBy' instead of being cut.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SUMMARY_MAX_ROWS, ecommerceSales, summarySchemas } from '@paydesk/contract';
import type { Database } from '../../src/db/client.ts';
import { AppError } from '../../src/platform/errors.ts';
import { derivedFigure, runSummary } from '../../src/reports/summary-executor.ts';
import { SUMMARY_SOURCES } from '../../src/reports/summary-sources.ts';

/** n / d to 2 decimals, half up, by long division in BigInt (n ≥ 0, d > 0). */
function reference(n: bigint, d: bigint): string {
  const hundredths = (n * 1000n) / d; // three decimals, truncated
  const rounded = (hundredths + 5n) / 10n;
  return `${rounded / 100n}.${String(rounded % 100n).padStart(2, '0')}`;
}

describe('derived sales figures', () => {
  it('SuccessRate = successCount / txnCount × 100 and AvgTicket = successAmount / successCount, half up to 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.nat(), fc.bigInt({ min: 0n, max: 10n ** 14n }), (txns, s, sen) => {
        const success = s % (txns + 1);
        const amount = `${sen / 100n}.${String(sen % 100n).padStart(2, '0')}`;
        const f = { txnCount: txns, successCount: success, successAmount: amount };
        expect(derivedFigure('successRate', f)).toBe(reference(BigInt(success) * 100n, BigInt(txns)));
        const avg = derivedFigure('avgTicket', f);
        if (success === 0) expect(avg).toBeNull();
        else {
          const [i, d] = avg!.split('.');
          const got = BigInt(i!) * 100n + BigInt(d!);
          // |got − sen/success| ≤ 1/2 sen, and ties go up.
          expect(2n * got * BigInt(success) - 2n * sen).toBeLessThanOrEqual(BigInt(success));
          expect(2n * sen - 2n * got * BigInt(success)).toBeLessThan(BigInt(success));
        }
      }),
    );
    expect(derivedFigure('successRate', { txnCount: 0, successCount: 0 })).toBeNull();
    expect(derivedFigure('successRate', { txnCount: 3, successCount: 2 })).toBe('66.67');
    expect(derivedFigure('successRate', { txnCount: 8, successCount: 1 })).toBe('12.50');
    expect(derivedFigure('avgTicket', { successCount: 3, successAmount: '10.00' })).toBe('3.33');
    expect(derivedFigure('avgTicket', { successCount: 2, successAmount: '0.05' })).toBe('0.03');
  });

  it(`refuses an answer of more than ${SUMMARY_MAX_ROWS} rows with VAL400 naming GroupBy`, async () => {
    const def = { ...ecommerceSales, source: 'test_many_rows' };
    (SUMMARY_SOURCES as Record<string, (typeof SUMMARY_SOURCES)[string]>).test_many_rows = {
      groups: ['status'],
      figures: ['txnCount'],
      read: async () => ({ rows: Array.from({ length: SUMMARY_MAX_ROWS + 1 }, (_, i) => ({ period: '2026-01-01', group: i, split: null, figures: {} })), totals: {} }),
    };
    const req = summarySchemas(def).summary.parse({ SearchData: { DateFrom: '2026-01-01T00:00:00+08:00', DateTo: '2026-01-31T00:00:00+08:00' } });
    const scope = { userId: 1, email: 'x', sessionId: 's', membershipId: 1, groupType: 'SUPERADMIN' as const, orgId: null, orgLevel: null, orgPath: null, permissions: new Set<string>() };
    const e = await runSummary({} as Database, def, scope, req).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    expect((e as AppError).message).toContain('GroupBy');
    delete (SUMMARY_SOURCES as Record<string, unknown>).test_many_rows;
  });
});

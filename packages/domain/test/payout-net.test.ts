/**
 * Net payout of a settlement day (payout-net.ts): for any lines, the figures
 * sum each kind and net = gross − refunds − MDR − chargebacks, which may be negative.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payoutNetSen, settlementFigures, type SettlementLine } from '../src/index.ts';

const line = fc.record({
  kind: fc.constantFrom('SALE' as const, 'REFUND' as const, 'CHARGEBACK' as const),
  amountSen: fc.oneof(fc.bigInt({ min: 0n, max: 100_000n }), fc.bigInt({ min: 0n, max: 10n ** 18n })),
  mdrSen: fc.bigInt({ min: 0n, max: 10_000n }),
});

describe('payout net', () => {
  it('net = gross − refunds − MDR − chargebacks for any lines, in any order', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        const f = settlementFigures(lines);
        const total = (kind: SettlementLine['kind']) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountSen, 0n);
        expect(f).toEqual({ grossSen: total('SALE'), refundsSen: total('REFUND'), mdrSen: lines.reduce((s, l) => s + l.mdrSen, 0n), chargebacksSen: total('CHARGEBACK') });
        expect(payoutNetSen(f)).toBe(f.grossSen - f.refundsSen - f.mdrSen - f.chargebacksSen);
        // Independently: each line's signed contribution.
        const signed = lines.reduce((s, l) => s + (l.kind === 'SALE' ? l.amountSen : -l.amountSen) - l.mdrSen, 0n);
        expect(payoutNetSen(f)).toBe(signed);
        expect(payoutNetSen(settlementFigures([...lines].reverse()))).toBe(signed);
      }),
      { numRuns: 2000 },
    );
  });

  it('can be negative (the merchant owes), and refuses signed or unknown lines', () => {
    expect(payoutNetSen({ grossSen: 1000n, refundsSen: 0n, mdrSen: 15n, chargebacksSen: 0n })).toBe(985n);
    const owed = settlementFigures([
      { kind: 'SALE', amountSen: 5000n, mdrSen: 75n },
      { kind: 'REFUND', amountSen: 3000n, mdrSen: 0n },
      { kind: 'CHARGEBACK', amountSen: 4000n, mdrSen: 0n },
    ]);
    expect(payoutNetSen(owed)).toBe(-2075n);
    expect(settlementFigures([])).toEqual({ grossSen: 0n, refundsSen: 0n, mdrSen: 0n, chargebacksSen: 0n });
    expect(() => settlementFigures([{ kind: 'REFUND', amountSen: -1000n, mdrSen: 0n }])).toThrow(RangeError);
    expect(() => settlementFigures([{ kind: 'SALE', amountSen: 1000n, mdrSen: -1n }])).toThrow(RangeError);
    expect(() => settlementFigures([{ kind: 'VOID' as 'SALE', amountSen: 1000n, mdrSen: 0n }])).toThrow(RangeError);
  });
});

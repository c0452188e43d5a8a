/**
 * MDR fee and rate in force (mdr-fee.ts; §9 "MDR fee mode"): mode 1 against a
 * BigInt rational oracle, modes 3 and 4 from modes 1 and 2, the minimum and maximum, and the rate
 * of a day; plus Revenue Monster's half-up examples.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mdrFee, mdrFeeSen, moneyToSen, rateOn, senToMoney, type MdrRate } from '../src/index.ts';

const rate = (over: Partial<MdrRate>): MdrRate => ({ feeMode: 1, mdrPercent: '0', flatAmount: '0', minFee: null, maxFee: null, effectiveDate: '2024-01-01', ...over });

/** A percent 0–100 written with 0 to 4 decimals ("1", "1.5", "0.0001", "100.0000"). */
const percentText = fc
  .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 9999 }))
  .map(([int, places, frac]) => (places === 0 ? `${int}` : `${int}.${(int === 100 ? '0' : String(frac)).padStart(4, '0').slice(0, places)}`));
/** Amounts in sen: small ones (where rounding and flat fees bite) and large ones (BigInt range). */
const amountSen = fc.oneof(fc.bigInt({ min: 1n, max: 10_000n }), fc.bigInt({ min: 1n, max: 10n ** 18n - 1n }));
/** Fee amounts (flat, min, max) as ringgit text with 2 decimals. */
const feeText = fc.bigInt({ min: 0n, max: 100_000n }).map(senToMoney);

/** Oracle: amount × percent / 100 as an exact rational, rounded half up by its remainder. */
function percentOracle(sen: bigint, percent: string): bigint {
  const [int, frac = ''] = percent.split('.');
  const num = sen * BigInt(int! + frac);
  const den = 100n * 10n ** BigInt(frac.length);
  const q = num / den;
  return 2n * (num % den) >= den ? q + 1n : q;
}

describe('mdrFeeSen', () => {
  it('mode 1 is the exact amount × percent / 100 rounded half up to the sen', () => {
    fc.assert(
      fc.property(amountSen, percentText, (sen, mdrPercent) => {
        expect(mdrFeeSen(sen, rate({ feeMode: 1, mdrPercent }))).toBe(percentOracle(sen, mdrPercent));
      }),
      { numRuns: 3000 },
    );
  });

  it('mode 2 is the flat amount, mode 3 the higher of percent and flat, mode 4 both added', () => {
    fc.assert(
      fc.property(amountSen, percentText, feeText, (sen, mdrPercent, flatAmount) => {
        const pct = mdrFeeSen(sen, rate({ feeMode: 1, mdrPercent, flatAmount }));
        const flat = mdrFeeSen(sen, rate({ feeMode: 2, mdrPercent, flatAmount }));
        expect(flat).toBe(moneyToSen(flatAmount));
        expect(mdrFeeSen(sen, rate({ feeMode: 3, mdrPercent, flatAmount }))).toBe(pct > flat ? pct : flat);
        expect(mdrFeeSen(sen, rate({ feeMode: 4, mdrPercent, flatAmount }))).toBe(pct + flat);
      }),
      { numRuns: 2000 },
    );
  });

  it('never goes below the minimum nor above the maximum, and otherwise leaves the fee alone', () => {
    const mode = fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const);
    const bounds = fc.tuple(fc.option(feeText), fc.option(feeText)).map(([a, b]) => {
      // min ≤ max whenever both are set.
      if (a !== null && b !== null && moneyToSen(a) > moneyToSen(b)) return [b, a] as const;
      return [a, b] as const;
    });
    fc.assert(
      fc.property(amountSen, mode, percentText, feeText, bounds, (sen, feeMode, mdrPercent, flatAmount, [minFee, maxFee]) => {
        const free = mdrFeeSen(sen, rate({ feeMode, mdrPercent, flatAmount }));
        const fee = mdrFeeSen(sen, rate({ feeMode, mdrPercent, flatAmount, minFee, maxFee }));
        const min = minFee === null ? null : moneyToSen(minFee);
        const max = maxFee === null ? null : moneyToSen(maxFee);
        expect(fee >= 0n).toBe(true);
        if (min !== null) expect(fee >= min).toBe(true);
        if (max !== null) expect(fee <= max).toBe(true);
        if ((min === null || free >= min) && (max === null || free <= max)) expect(fee).toBe(free);
      }),
      { numRuns: 2000 },
    );
  });

  it('charges nothing on an amount ≤ 0, and refuses an invalid rate whatever the amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 0n }), fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const), percentText, feeText, (sen, feeMode, mdrPercent, flatAmount) => {
        expect(mdrFeeSen(sen, rate({ feeMode, mdrPercent, flatAmount, minFee: '1.00' }))).toBe(0n);
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -100n, max: 10n ** 9n }), feeText, fc.bigInt({ min: 1n, max: 1000n }), (sen, maxFee, gap) => {
        const minFee = senToMoney(moneyToSen(maxFee) + gap);
        expect(() => mdrFeeSen(sen, rate({ minFee, maxFee }))).toThrow(RangeError);
      }),
    );
    for (const bad of [{ mdrPercent: '1.23456' }, { mdrPercent: '100.0001' }, { mdrPercent: '-1' }, { mdrPercent: '1e2' }, { mdrPercent: '' }, { flatAmount: '-0.10' }, { flatAmount: '0.105' }, { minFee: 'x' }, { feeMode: 5 as 1 }]) {
      expect(() => mdrFeeSen(1000n, rate(bad))).toThrow(RangeError);
      expect(() => mdrFeeSen(0n, rate(bad))).toThrow(RangeError);
    }
  });

  it("matches Revenue Monster's examples: half up to the sen", () => {
    const onePercent = rate({ feeMode: 1, mdrPercent: '1.0000' });
    expect(mdrFee('12.50', onePercent)).toBe('0.13');
    expect(mdrFee('13.50', onePercent)).toBe('0.14');
    expect(mdrFee('12.49', onePercent)).toBe('0.12');
    expect(mdrFee('0.50', onePercent)).toBe('0.01');
    expect(mdrFee('0.49', onePercent)).toBe('0.00');
    expect(mdrFee('100.00', rate({ feeMode: 1, mdrPercent: '1.8' }))).toBe('1.80');
    expect(mdrFee('10.00', rate({ feeMode: 1, mdrPercent: '0.0050' }))).toBe('0.00'); // 0.0005 → 0.00
    expect(mdrFee('100.00', rate({ feeMode: 1, mdrPercent: '0.005' }))).toBe('0.01'); // 0.005 → 0.01
    // Flat and minimum fees are charged in full even above a tiny sale (not capped by the amount).
    expect(mdrFee('0.30', rate({ feeMode: 2, flatAmount: '0.50' }))).toBe('0.50');
    expect(mdrFee('10.00', rate({ feeMode: 3, mdrPercent: '1.5', flatAmount: '0.30' }))).toBe('0.30');
    expect(mdrFee('100.00', rate({ feeMode: 3, mdrPercent: '1.5', flatAmount: '0.30' }))).toBe('1.50');
    expect(mdrFee('100.00', rate({ feeMode: 4, mdrPercent: '1.5', flatAmount: '0.30' }))).toBe('1.80');
    expect(mdrFee('100.00', rate({ feeMode: 4, mdrPercent: '1.5', flatAmount: '0.30', maxFee: '1.00' }))).toBe('1.00');
    expect(mdrFee('1.00', rate({ feeMode: 1, mdrPercent: '1.5', minFee: '0.20' }))).toBe('0.20');
    expect(mdrFee('-5.00', onePercent)).toBe('0.00');
    expect(() => mdrFee('1.005', onePercent)).toThrow(RangeError);
  });

  it('mdrFee is mdrFeeSen on ringgit text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 10n), max: 10n ** 17n }), percentText, (sen, mdrPercent) => {
        const r = rate({ feeMode: 4, mdrPercent, flatAmount: '0.15' });
        expect(mdrFee(senToMoney(sen), r)).toBe(senToMoney(mdrFeeSen(sen, r)));
      }),
    );
  });
});

describe('rateOn', () => {
  const DAY0 = Date.UTC(2020, 0, 1);
  const day = fc.integer({ min: 0, max: 3650 }).map((n) => new Date(DAY0 + n * 86_400_000).toISOString().slice(0, 10));

  it('picks the latest effective date on or before the day, and null before the first', () => {
    fc.assert(
      fc.property(fc.uniqueArray(day, { maxLength: 12 }), day, (dates, on) => {
        const rates = dates.map((effectiveDate, i) => rate({ effectiveDate, mdrPercent: String(i) }));
        const inForce = dates.filter((d) => d <= on).sort();
        const picked = rateOn(rates, on);
        expect(picked?.effectiveDate ?? null).toBe(inForce.at(-1) ?? null);
        if (dates.length && on < [...dates].sort()[0]!) expect(picked).toBeNull();
        // The picked rate is one of the given rows, unchanged.
        if (picked) expect(rates).toContain(picked);
      }),
      { numRuns: 2000 },
    );
  });

  it('applies an update from its effective date only, and refuses ambiguous or malformed days', () => {
    const old = rate({ effectiveDate: '2024-01-01', mdrPercent: '1.5' });
    const bulk = rate({ effectiveDate: '2024-07-01', mdrPercent: '1.2' });
    expect(rateOn([bulk, old], '2024-06-30')).toBe(old);
    expect(rateOn([bulk, old], '2024-07-01')).toBe(bulk);
    expect(rateOn([bulk, old], '2023-12-31')).toBeNull();
    expect(rateOn([], '2024-07-01')).toBeNull();
    expect(() => rateOn([old, { ...old }], '2024-02-01')).toThrow(RangeError);
    expect(rateOn([old, { ...old }, bulk], '2024-08-01')).toBe(bulk); // the tie is not the rate in force
    expect(() => rateOn([old], '2024-02-30')).toThrow(RangeError);
    expect(() => rateOn([old], '01-02-2024')).toThrow(RangeError);
    expect(() => rateOn([rate({ effectiveDate: '2024/01/01' })], '2024-02-01')).toThrow(RangeError);
  });
});

/**
 * Transaction references stay unique at any size: the old
 * `(i * 7_777_777_777 + offset) % 1e10` lost exactness past 2^53 (≈ 1.16 M rows) and collided.
 * scrambleRef is proven a bijection of [0, 10^10) on the formula, without generating 10 M rows:
 * it equals the exact BigInt affine map, whose multiplier is invertible modulo 10^10, and the
 * inverse map recovers every counter. Property tests with fast-check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REF_MULTIPLIER, REF_SPACE, scrambleRef, tenDigits } from '../../src/seed/txn-model.ts';

const M = BigInt(REF_SPACE);
const A = BigInt(REF_MULTIPLIER);

/** Greatest common divisor of two BigInts. */
function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** The inverse of `a` modulo `m` (extended Euclid); `a` and `m` coprime. */
function modInverse(a: bigint, m: bigint): bigint {
  let [r0, r1] = [a % m, m];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % m) + m) % m;
}

const A_INV = modInverse(A, M);
const counter = fc.integer({ min: 0, max: REF_SPACE - 1 });
const offset = fc.integer({ min: 0, max: REF_SPACE - 1 });

describe('scrambleRef (seed references)', () => {
  it('has a multiplier coprime with 10^10, so the affine map is invertible', () => {
    expect(gcd(A, M)).toBe(1n);
    expect((A * A_INV) % M).toBe(1n);
  });

  it('for random counters and offsets equals the exact (i × A + offset) mod 10^10', () => {
    fc.assert(
      fc.property(counter, offset, (i, o) => {
        expect(BigInt(scrambleRef(i, o))).toBe((BigInt(i) * A + BigInt(o)) % M);
      }),
      { numRuns: 5000 },
    );
  });

  it('is exact at the edges where doubles lose digits (counters near 10^10 and past 2^53 / A)', () => {
    const edges = [0, 1, 1_158_000, 1_158_218, 1_160_000, 10_000_000, 9_999_999_999, 2 ** 33, 4_294_967_295];
    for (const i of edges) for (const o of [0, 1, 9_999_999_999]) expect(BigInt(scrambleRef(i, o))).toBe((BigInt(i) * A + BigInt(o)) % M);
  });

  it('for random counters the inverse map gives the counter back (a bijection of [0, 10^10))', () => {
    fc.assert(
      fc.property(counter, offset, (i, o) => {
        const n = BigInt(scrambleRef(i, o));
        expect(Number((((n - BigInt(o) + M) % M) * A_INV) % M)).toBe(i);
      }),
      { numRuns: 5000 },
    );
  });

  it('for random distinct counters gives distinct 10-digit references', () => {
    fc.assert(
      fc.property(counter, counter, offset, (i, j, o) => {
        fc.pre(i !== j);
        const [a, b] = [tenDigits(scrambleRef(i, o)), tenDigits(scrambleRef(j, o))];
        expect(a).toMatch(/^\d{10}$/);
        expect(a).not.toBe(b);
      }),
    );
  });

  it('refuses counters and offsets outside [0, 10^10)', () => {
    expect(() => scrambleRef(-1, 0)).toThrow(RangeError);
    expect(() => scrambleRef(REF_SPACE, 0)).toThrow(RangeError);
    expect(() => scrambleRef(1.5, 0)).toThrow(RangeError);
    expect(() => scrambleRef(0, REF_SPACE)).toThrow(RangeError);
  });
});

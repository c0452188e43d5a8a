/**
 * Key check values and component combination of zone master keys
 * (modules/zmk/kcv.ts, key-material.ts): published vectors, cross-checked here with node:crypto's
 * own two-key TDES (des-ede-ecb) rather than trusted, and properties over random components.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ZMK_SCHEMES, ZMK_SCHEME_BYTES } from '@paydesk/domain';
import { hasOddParity, isDegenerateTdes, kcvOf, xorComponents } from '../../src/modules/zmk/kcv.ts';
import { materialPlace, openMaterial, sealMaterial } from '../../src/modules/zmk/key-material.ts';

/** The first 3 bytes of `algorithm`(key, zeros) in ECB, by a path independent of kcvOf's. */
function zerosKcv(algorithm: string, key: Uint8Array, block: number): string {
  const c = createCipheriv(algorithm, key, null);
  c.setAutoPadding(false);
  return Buffer.concat([c.update(Buffer.alloc(block)), c.final()]).subarray(0, 3).toString('hex').toUpperCase();
}

const hex = (h: string) => Buffer.from(h, 'hex');

describe('ZMK check values', () => {
  it('gives the published KCV of the TDES test key 0123456789ABCDEF FEDCBA9876543210 (08D7B4), as des-ede-ecb computes it', () => {
    const key = hex('0123456789ABCDEFFEDCBA9876543210');
    expect(zerosKcv('des-ede-ecb', key, 8)).toBe('08D7B4');
    expect(kcvOf('TDES_2KEY', key)).toBe('08D7B4');
    // Each byte of this key has odd parity.
    expect(hasOddParity(key)).toBe(true);
  });

  it('gives the KCV of the all-zero AES-128 key: AES(0, 0) = 66E94BD4… (the FIPS-197 zero vector)', () => {
    expect(kcvOf('AES_128', Buffer.alloc(16))).toBe('66E94B');
    expect(kcvOf('AES_256', Buffer.alloc(32))).toBe(zerosKcv('aes-256-ecb', Buffer.alloc(32), 16));
  });

  it('refuses a key whose length is not its scheme\'s', () => {
    expect(() => kcvOf('TDES_3KEY', Buffer.alloc(16))).toThrow(RangeError);
    expect(() => kcvOf('AES_192', Buffer.alloc(32))).toThrow(RangeError);
  });

  it('combines components by XOR: the KCV of the combination is the KCV of the XORed key, whatever the order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZMK_SCHEMES).chain((scheme) => fc.tuple(fc.constant(scheme), fc.array(fc.uint8Array({ minLength: ZMK_SCHEME_BYTES[scheme], maxLength: ZMK_SCHEME_BYTES[scheme] }), { minLength: 2, maxLength: 3 }))),
        ([scheme, components]) => {
          const bytes = ZMK_SCHEME_BYTES[scheme];
          const parts = components.map((c) => Buffer.from(c));
          const key = xorComponents(parts);
          // Byte by byte, by hand.
          for (let j = 0; j < bytes; j++) expect(key[j]).toBe(parts.reduce((x, p) => x ^ p[j]!, 0));
          expect(xorComponents([...parts].reverse()).equals(key)).toBe(true);
          // The key XORed with every other component gives back the first.
          expect(xorComponents([key, ...parts.slice(1)]).equals(parts[0]!)).toBe(true);
          expect(kcvOf(scheme, key)).toMatch(/^[0-9A-F]{6}$/);
          const independent = scheme === 'TDES_2KEY' ? zerosKcv('des-ede-ecb', key, 8) : scheme === 'TDES_3KEY' ? zerosKcv('des-ede3-ecb', key, 8) : zerosKcv(`aes-${bytes * 8}-ecb`, key, 16);
          expect(kcvOf(scheme, key)).toBe(independent);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('treats a triple-length key K1K2K1 as the double-length key K1K2', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (k) => {
        const double = Buffer.from(k);
        expect(kcvOf('TDES_3KEY', Buffer.concat([double, double.subarray(0, 8)]))).toBe(kcvOf('TDES_2KEY', double));
      }),
    );
  });

  it('reports parity per byte, and finds a degenerate TDES key whatever its parity bits', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.integer({ min: 0, max: 15 }), (k, at) => {
        const odd = Buffer.from(k.map((b) => (b & 0xfe) | ((b >> 1).toString(2).split('1').length % 2)));
        expect(hasOddParity(odd)).toBe(true);
        const flipped = Buffer.from(odd);
        flipped[at]! ^= 1;
        expect(hasOddParity(flipped)).toBe(false);
        const halves = Buffer.concat([odd.subarray(0, 8), odd.subarray(0, 8).map((b) => b ^ 1)]);
        expect(isDegenerateTdes('TDES_2KEY', halves)).toBe(true);
        expect(isDegenerateTdes('AES_128', halves)).toBe(false);
      }),
    );
    expect(isDegenerateTdes('TDES_2KEY', hex('0123456789ABCDEFFEDCBA9876543210'))).toBe(false);
  });
});

describe('ZMK key material at rest', () => {
  it('opens only in the place it was sealed for, and never holds the hex in clear', () => {
    const fieldKey = randomBytes(32);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 32 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 3 }), (bytes, id, seq) => {
        const sealed = sealMaterial(fieldKey, materialPlace(id, seq), bytes);
        expect(sealed.toUpperCase()).not.toContain(Buffer.from(bytes).toString('hex').toUpperCase());
        expect(openMaterial(fieldKey, materialPlace(id, seq), sealed).equals(Buffer.from(bytes))).toBe(true);
        expect(() => openMaterial(fieldKey, materialPlace(id + 1, seq), sealed)).toThrow();
        expect(() => openMaterial(fieldKey, materialPlace(id, 'key'), sealed)).toThrow();
      }),
      { numRuns: 100 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectCardScheme, luhnValid, maskPan, type CardScheme } from '../src/index.ts';

/** Pads a prefix with zeros to a 16-digit number, so ranges are tested on whole PANs too. */
const pan16 = (prefix: string) => prefix.padEnd(16, '0');

/**
 * Every §3 range: [scheme, first prefix, last prefix, scheme of the prefix one below the first,
 * scheme of the prefix one above the last]. Neighbours are null unless another §3 range holds them.
 */
const RANGES: [CardScheme, string, string, CardScheme | null, CardScheme | null][] = [
  ['VISA', '4', '4', null, null], // 3, 5
  ['MASTER', '51', '55', null, null], // 50, 56
  ['MASTER', '2221', '2720', null, null], // 2220, 2721
  ['UNIONPAY', '62', '62', null, null], // 61, 63
  ['UNIONPAY', '81', '81', null, null], // 80, 82
  ['JCB', '3528', '3589', null, null], // 3527, 3590
  ['AMEX', '34', '34', null, null], // 33, 35 (3500… is below JCB 3528)
  ['AMEX', '37', '37', null, null], // 36, 38
  ['DISCOVER', '6011', '6011', null, null], // 6010, 6012
  ['DISCOVER', '65', '65', null, null], // 64 (640… is below 644), 66
  ['DISCOVER', '644', '649', null, 'DISCOVER'], // 643; 650 is DISCOVER by 65
  ['MAESTRO', '5018', '5018', null, null], // 5017, 5019
  ['MAESTRO', '5020', '5020', null, null], // 5019, 5021
  ['MAESTRO', '5038', '5038', null, null], // 5037, 5039
  ['MAESTRO', '5893', '5893', null, null], // 5892, 5894
  ['MAESTRO', '6304', '6304', null, null], // 6303, 6305
  ['MAESTRO', '6759', '6759', null, null], // 6758, 6760
  ['MAESTRO', '6761', '6763', null, null], // 6760, 6764
];

const step = (prefix: string, by: number) => String(Number(prefix) + by).padStart(prefix.length, '0');

describe('detectCardScheme: §3 ranges at both ends and one step outside', () => {
  describe.each(RANGES)('%s %s–%s', (scheme, first, last, below, above) => {
    it(`${first} and ${last} are ${scheme}, as prefixes and as whole numbers`, () => {
      for (const p of [first, last]) {
        expect(detectCardScheme(p)).toBe(scheme);
        expect(detectCardScheme(pan16(p))).toBe(scheme);
      }
    });
    it(`${step(first, -1)} is ${below}, ${step(last, 1)} is ${above}`, () => {
      expect(detectCardScheme(pan16(step(first, -1)))).toBe(below);
      expect(detectCardScheme(pan16(step(last, 1)))).toBe(above);
    });
  });

  it('622, in both UNIONPAY 62 and DISCOVER 622, is UNIONPAY; so are its neighbours 621 and 623', () => {
    expect(detectCardScheme('621')).toBe('UNIONPAY');
    expect(detectCardScheme('622')).toBe('UNIONPAY');
    expect(detectCardScheme('623')).toBe('UNIONPAY');
    // Public UnionPay test cards in the 622126–622925 co-acceptance block.
    expect(detectCardScheme('6221260000000000')).toBe('UNIONPAY');
    expect(detectCardScheme('6229250000000000')).toBe('UNIONPAY');
    expect(detectCardScheme('6221558812340000')).toBe('UNIONPAY');
  });

  it('recognises nothing outside §3', () => {
    for (const p of ['0', '1', '2', '3', '5', '6', '7', '8', '9', '30', '36', '38', '60', '63', '64', '67', '69', '2131', '1800', '6062']) {
      expect(detectCardScheme(pan16(p)), p).toBeNull();
    }
  });

  it('reads spaced, dashed and masked numbers, and needs enough digits to decide', () => {
    expect(detectCardScheme('4111 1111 1111 1111')).toBe('VISA');
    expect(detectCardScheme('5500-0000-0000-0004')).toBe('MASTER');
    expect(detectCardScheme('411111******1111')).toBe('VISA');
    expect(detectCardScheme('222100******0000')).toBe('MASTER');
    expect(detectCardScheme('352')).toBeNull();
    expect(detectCardScheme('3')).toBeNull();
    expect(detectCardScheme('')).toBeNull();
    expect(detectCardScheme('abc4111')).toBeNull();
  });
});

/** A straightforward Luhn: double every second digit from the right, subtract 9 above 9, sum mod 10. */
function referenceLuhn(s: string): boolean {
  const digits = s.split('').reverse().map(Number);
  const sum = digits.reduce((acc, d, i) => acc + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return sum % 10 === 0;
}

describe('luhnValid', () => {
  it('accepts known test cards and rejects a changed digit', () => {
    for (const pan of ['4111111111111111', '5555555555554444', '378282246310005', '3530111333300000', '6011111111111117', '6250941006528599']) {
      expect(luhnValid(pan), pan).toBe(true);
      const changed = pan.slice(0, -1) + String((Number(pan.slice(-1)) + 1) % 10);
      expect(luhnValid(changed), changed).toBe(false);
    }
  });

  it('rejects anything but 12–19 digits', () => {
    for (const s of ['', '0', '00000000000', '4111 1111 1111 1111', '4111-1111-1111-1111', '41111111111111111111', 'abcdefghijklm']) {
      expect(luhnValid(s), s).toBe(false);
    }
    expect(luhnValid('000000000000')).toBe(true);
  });

  it('agrees with a straightforward reference on any digit string', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,24}$/), (s) => luhnValid(s) === (s.length >= 12 && s.length <= 19 && referenceLuhn(s))),
      { numRuns: 5000 },
    );
  });

  it('is false for any string that is not all digits', () => {
    fc.assert(fc.property(fc.string().filter((s) => !/^\d*$/.test(s)), (s) => luhnValid(s) === false), { numRuns: 2000 });
  });
});

const digitCount = (s: string) => (s.match(/\d/g) ?? []).length;

describe('maskPan', () => {
  it.each([
    ['4111111111111111', '411111******1111'],
    ['378282246310005', '378282*****0005'],
    ['6221260000000000000', '622126*********0000'],
    ['4222222222222', '422222***2222'],
    ['4111 1111 1111 1111', '411111******1111'],
    ['411111******1111', '411111******1111'],
    ['411111XXXXXX1111', '411111******1111'],
    ['123456789012', '********9012'],
    ['12345678', '****5678'],
    ['1234567', '*******'],
    ['', ''],
  ])('%s → %s', (pan, masked) => {
    expect(maskPan(pan)).toBe(masked);
  });

  it('keeps the length of any digit string and shows at most its first 6 and last 4 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,30}$/), (pan) => {
        const m = maskPan(pan);
        if (m.length !== pan.length || digitCount(m) > 10) return false;
        // Every shown digit is the input's digit at the same position, within the first 6 or the last 4.
        return [...m].every((ch, i) => ch === '*' || (ch === pan[i] && (i < 6 || i >= pan.length - 4)));
      }),
      { numRuns: 5000 },
    );
  });

  it('shows exactly the first 6 and last 4 digits of a 13–19 digit PAN', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{13,19}$/), (pan) => maskPan(pan) === pan.slice(0, 6) + '*'.repeat(pan.length - 10) + pan.slice(-4)),
      { numRuns: 2000 },
    );
  });

  it('never shows more than 10 digits of any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => digitCount(maskPan(s)) <= 10 && digitCount(maskPan(s)) <= digitCount(s)),
      { numRuns: 3000 },
    );
  });
});

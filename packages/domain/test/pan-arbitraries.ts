/**
 * Card numbers for property tests: Luhn-valid PANs of every §3 scheme prefix and of none, shared
 * by the domain's pan-guard test and the server's PAN sweep (apps/server/test/integration).
 */
import fc from 'fast-check';
import { luhnCheckDigit } from '../src/cards.ts';

/**
 * Every §3 prefix range (MASTER 51–55 and 2221–2720, …) and prefixes of no scheme (18, 30, 7, 80,
 * 9; not 19 or 20, whose runs may read as compact time stamps, which the guard leaves as dates).
 */
export const SCHEME_PREFIXES: { scheme: string; from: number; to: number }[] = [
  { scheme: 'VISA', from: 4, to: 4 },
  { scheme: 'MASTER', from: 51, to: 55 },
  { scheme: 'MASTER', from: 2221, to: 2720 },
  { scheme: 'UNIONPAY', from: 62, to: 62 },
  { scheme: 'UNIONPAY', from: 81, to: 81 },
  { scheme: 'JCB', from: 3528, to: 3589 },
  { scheme: 'AMEX', from: 34, to: 34 },
  { scheme: 'AMEX', from: 37, to: 37 },
  { scheme: 'DISCOVER', from: 6011, to: 6011 },
  { scheme: 'DISCOVER', from: 65, to: 65 },
  { scheme: 'DISCOVER', from: 644, to: 649 },
  { scheme: 'MAESTRO', from: 5018, to: 5018 },
  { scheme: 'MAESTRO', from: 5020, to: 5020 },
  { scheme: 'MAESTRO', from: 5038, to: 5038 },
  { scheme: 'MAESTRO', from: 5893, to: 5893 },
  { scheme: 'MAESTRO', from: 6304, to: 6304 },
  { scheme: 'MAESTRO', from: 6759, to: 6759 },
  { scheme: 'MAESTRO', from: 6761, to: 6763 },
  { scheme: 'NONE', from: 18, to: 18 },
  { scheme: 'NONE', from: 30, to: 30 },
  { scheme: 'NONE', from: 80, to: 80 },
  { scheme: 'NONE', from: 7, to: 7 },
  { scheme: 'NONE', from: 9, to: 9 },
];


/** A Luhn-valid PAN of `length` digits starting with `prefix`, the middle from `fill` (digits). */
export function panOf(prefix: string, length: number, fill: string): string {
  const body = (prefix + fill).slice(0, length - 1).padEnd(length - 1, '0');
  return body + luhnCheckDigit(body);
}

/** A Luhn-valid 13–19-digit PAN of any prefix range above (every range equally likely). */
export const anyPan: fc.Arbitrary<string> = fc
  .record({
    range: fc.constantFrom(...SCHEME_PREFIXES),
    at: fc.nat(),
    length: fc.integer({ min: 13, max: 19 }),
    fill: fc.stringMatching(/^\d{19}$/),
  })
  .map(({ range, at, length, fill }) => panOf(String(range.from + (at % (range.to - range.from + 1))), length, fill));

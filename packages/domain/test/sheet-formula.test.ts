/**
 * The formula rule shared by the server's exports and the web's CSV files (sheet-formula.ts), by
 * property: a text that starts with any formula character (ASCII or full-width) followed by
 * anything is neutralised unless it is a plain signed decimal; no CSV form ever opens as a
 * formula; the CSV form reads back to the original for any text; plain signed decimals, with or
 * without thousands separators, are left as written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvSafeText, fromCsvSafeText, isFormulaLike } from '../src/sheet-formula.ts';

const STARTS = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
const start = fc.constantFrom(...STARTS);
/** Any text, biased towards the characters the rule looks at. */
const text = fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: fc.constantFrom(...STARTS, "'", '0', '1', ',', '.', 'a', ' ') }));
/** A plain signed decimal: sign, digits (optionally grouped by thousands), optional fraction. */
const plainNumber = fc
  .tuple(
    fc.constantFrom('+', '-'),
    fc.oneof(
      fc.stringMatching(/^\d{1,12}$/),
      fc.tuple(fc.integer({ min: 1, max: 999 }), fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 1, maxLength: 4 })).map(([h, g]) => [String(h), ...g.map((n) => String(n).padStart(3, '0'))].join(',')),
    ),
    fc.option(fc.stringMatching(/^\d{1,4}$/), { nil: undefined }),
  )
  .map(([sign, whole, frac]) => `${sign}${whole}${frac === undefined ? '' : `.${frac}`}`);

describe('the spreadsheet formula rule', () => {
  it('neutralises every text that starts with a formula character, unless it is a plain signed decimal', () => {
    fc.assert(
      fc.property(start, text, (s, rest) => {
        const t = s + rest;
        const plain = /^[+-](?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/.test(t);
        expect(isFormulaLike(t)).toBe(!plain);
        if (!plain) expect(csvSafeText(t)).toBe(`'${t}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves plain signed decimals (amounts, phone numbers) as written', () => {
    fc.assert(
      fc.property(plainNumber, (n) => {
        expect(isFormulaLike(n)).toBe(false);
        expect(csvSafeText(n)).toBe(n);
      }),
    );
  });

  it('never writes a CSV cell that opens as a formula, and reads every one back unchanged', () => {
    fc.assert(
      fc.property(text, (t) => {
        const safe = csvSafeText(t);
        expect(isFormulaLike(safe)).toBe(false);
        expect(fromCsvSafeText(safe)).toBe(t);
        // Text that does not start with a formula character (after quotes) is never touched.
        if (!STARTS.some((s) => t.replace(/^'+/, '').startsWith(s))) expect(safe).toBe(t);
      }),
      { numRuns: 2000 },
    );
  });
});

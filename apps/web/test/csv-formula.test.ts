/**
 * The web's CSV files (shared/csv.ts: the per-row error reports of uploads) neutralise exactly the
 * cells the server's exports do: for any generated text, the cell written is the domain's
 * `csvSafeText` of it once RFC 4180 quoting is undone, so a tab, CR, full-width `＝` or `@` start
 * is caught here as on the server and a negative amount stays a number.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvSafeText } from '@paydesk/domain';
import { toCsv } from '../src/shared/csv.ts';

/** The one cell of a one-column CSV's second line, unquoted (RFC 4180). */
function onlyCell(csv: string): string {
  const body = csv.slice('h\r\n'.length, -'\r\n'.length);
  return body.startsWith('"') ? body.slice(1, -1).replace(/""/g, '"') : body;
}

describe('toCsv', () => {
  it('writes every cell as the shared formula rule says', () => {
    const formulaish = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", '\uFF1D', '\uFF20', '1', '.', 'a') });
    fc.assert(
      fc.property(fc.oneof(formulaish, fc.string({ unit: 'grapheme' })), (t) => {
        expect(onlyCell(toCsv(['h'], [[t]]))).toBe(csvSafeText(t));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps numbers and amounts, including negative ones, as written', () => {
    const amount = fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 99 })).map(([w, c]) => `${w < 0 ? '-' : ''}${Math.abs(w)}.${String(c).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.oneof(fc.integer(), amount), (n) => {
        expect(onlyCell(toCsv(['h'], [[n]]))).toBe(String(n));
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnCheckDigit, parseSearchQuery } from '../src/index.ts';

/** A card number of 13–19 digits (Luhn-valid or not), written plain or grouped by spaces or dashes. */
const cardText = fc
  .tuple(fc.stringMatching(/^[1-9]\d{11,17}$/), fc.boolean(), fc.constantFrom('', ' ', '-'))
  .map(([body, luhn, sep]) => {
    const digits = luhn ? body + luhnCheckDigit(body) : `${body}${(Number(body.at(-1)) + 1) % 10}`;
    return { digits, text: sep ? (digits.match(/.{1,4}/g) ?? []).join(sep) : digits };
  });

describe('parseSearchQuery', () => {
  it('reads any card number as its first 6 and last 4 digits, and never keeps it whole', () => {
    fc.assert(
      fc.property(cardText, fc.constantFrom('', ' ', '  '), ({ digits, text }, pad) => {
        const term = parseSearchQuery(pad + text + pad);
        expect(term).toMatchObject({ kind: 'card', first6: digits.slice(0, 6), last4: digits.slice(-4) });
        expect(JSON.stringify(term)).not.toContain(digits);
        // No field carries more of the number than its first 6 and last 4: at most 10 digits in any
        // (the middle digits may recur inside those by chance, e.g. 107500 075 0001).
        for (const v of Object.values(term)) expect(String(v).replace(/\D/g, '').length).toBeLessThanOrEqual(10);
      }),
    );
  });

  it('reads a masked card number the same way', () => {
    expect(parseSearchQuery('411111******1111')).toEqual({ kind: 'card', first6: '411111', last4: '1111', text: '411111******1111' });
    expect(parseSearchQuery('411111…1111')).toMatchObject({ kind: 'card', first6: '411111', last4: '1111' });
  });

  it('never throws, and a Luhn-valid PAN inside any text is masked', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.stringMatching(/^4\d{14}$/), fc.string({ maxLength: 30 }), (before, body, after) => {
        const pan = body + luhnCheckDigit(body);
        const term = parseSearchQuery(`${before} ${pan} ${after}`);
        expect(JSON.stringify(term)).not.toContain(pan);
      }),
    );
    fc.assert(fc.property(fc.string(), (s) => void parseSearchQuery(s)));
  });

  it('reads 4 digits as a last 4, an @ as an e-mail (lower-cased) and the rest as text', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{4}$/), (d) => void expect(parseSearchQuery(` ${d} `)).toEqual({ kind: 'last4', last4: d, text: d })));
    expect(parseSearchQuery(' Ali@Example.MY ')).toEqual({ kind: 'email', email: 'ali@example.my', text: 'Ali@Example.MY' });
    expect(parseSearchQuery('PD2611301234')).toEqual({ kind: 'text', text: 'PD2611301234' });
    expect(parseSearchQuery('12345')).toEqual({ kind: 'text', text: '12345' });
  });
});

/**
 * The texts a transaction export writes: Malaysian time by fixed-offset arithmetic equal
 * to the screen's zone-database formatting for every instant, and enumeration labels per language.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_SCHEMES,
  ENUM_LABELS,
  ENUM_LABEL_LANGUAGES,
  PAYMENT_METHODS,
  SERVICE_TYPE_CODES,
  TRANSACTION_STATUSES,
  enumLabelKey,
  enumLabeller,
  formatDateTime,
  formatMytDateTime,
} from '../src/index.ts';

describe('formatMytDateTime (§9 date format, MYT by fixed offset)', () => {
  it('formats every instant exactly as the screen does (formatDateTime through the zone database)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-12-31T23:59:59Z'), noInvalidDate: true }), (d) => {
        expect(formatMytDateTime(d)).toBe(formatDateTime(d));
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['2026-01-01T16:30:00Z', '02-01-2026 00:30:00'],
    ['2026-01-01T15:59:59.999Z', '01-01-2026 23:59:59'],
    ['2024-02-28T16:00:00Z', '29-02-2024 00:00:00'],
    // The switch from UTC+07:30 to UTC+08:00 at 1982-01-01 00:00 MYT.
    ['1981-12-31T16:00:00Z', '01-01-1982 00:00:00'],
    ['1981-12-31T15:59:59Z', formatDateTime('1981-12-31T15:59:59Z')],
  ])('%s → %s', (iso, expected) => {
    expect(formatMytDateTime(new Date(iso))).toBe(expected);
  });

  it('answers "-" when there is no instant (§3)', () => {
    expect(formatMytDateTime(null)).toBe('-');
    expect(formatMytDateTime(undefined)).toBe('-');
    expect(formatMytDateTime(new Date('nope'))).toBe('-');
  });
});

describe('transaction export texts', () => {
  const lists = [
    ['status', TRANSACTION_STATUSES],
    ['paymentMethod', PAYMENT_METHODS],
    ['cardScheme', CARD_SCHEMES],
    ['serviceType', SERVICE_TYPE_CODES],
  ] as const;
  it.each(ENUM_LABEL_LANGUAGES)('%s: labels every code of the exported lists with the catalogue text, never the code', (lang) => {
    const label = enumLabeller(lang);
    for (const [list, codes] of lists) {
      for (const code of codes) {
        const text = ENUM_LABELS[lang][enumLabelKey(list, code)];
        expect(text, `${lang} ${list}.${code}`).toBeDefined();
        expect(label(list, code)).toBe(text);
      }
    }
  });

  it('keeps a code the catalogue does not know readable, and an empty one empty', () => {
    const label = enumLabeller('ms');
    expect(label('paymentMethod', 'NEW_METHOD')).toBe('NEW_METHOD');
    expect(label('cardScheme', null)).toBe('');
    expect(label('status', '')).toBe('');
  });
});

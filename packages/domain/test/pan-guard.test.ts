import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsPan, isPanGuardExempt, luhnCheckDigit, luhnValid, maskPan, maskPansInText, PAN_GUARD_EXEMPT_FIELDS } from '../src/index.ts';
import { anyPan, panOf, SCHEME_PREFIXES } from './pan-arbitraries.ts';

const RUNS = { numRuns: 2000, seed: 27 };

/** The PAN written as people type it: plain, or a group of 4 then groups of 1–6 joined by one space or dash. */
const written = (pan: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constant(pan),
    fc.record({ sep: fc.constantFrom(' ', '-'), sizes: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 15, maxLength: 15 }) }).map(({ sep, sizes }) => {
      const groups = [pan.slice(0, 4)];
      let at = 4;
      for (const n of sizes) {
        if (at >= pan.length) break;
        groups.push(pan.slice(at, at + n));
        at += n;
      }
      return groups.join(sep);
    }),
  );

/** Free text of every kind: Latin, Malay, Chinese, digits, punctuation, quotes, CSV and JSON marks. */
const TEXT_UNITS = ['a', 'Z', ' ', 'kad', ' bayaran ', '卡号', '。', '付款', '1', '0', '9', '.', ',', ';', '"', "'", '{', '}', '[', ']', ':', '\n', '\t', '-', '/', '(', ')', '=', '#', '¥', 'é'];
const text = fc.array(fc.constantFrom(...TEXT_UNITS), { maxLength: 8 }).map((a) => a.join(''));
/** What may stand right before a PAN: anything but an ASCII letter or digit, a mask character or "<digit>." (start of text included). */
const BEFORE = ['', ' ', '"', "'", ',', ';', ':', '(', '[', '{', '\n', '\t', '=', '#', '/', '卡号', '：', '「', 'RM '];
/** What may stand right after a PAN (end of text included). */
const AFTER = ['', ' ', '"', "'", ',', ';', '.', ')', ']', '}', '\n', '。', '的', '/', ' 12/28'];
/** Digits only, so a check can see a PAN whose separators were dropped or kept. */
const digitsOf = (s: string) => s.replace(/[ -]/g, '');

describe('maskPansInText', () => {
  it('masks a Luhn-valid 13–19-digit number of every scheme prefix of §3 and of none, written alone', () => {
    for (const r of SCHEME_PREFIXES)
      for (let len = 13; len <= 19; len++)
        for (const p of [r.from, r.to]) {
          const pan = panOf(String(p), len, '8642097531864209753');
          expect(maskPansInText(pan)).toBe(maskPan(pan));
        }
  });

  it('masks every such number, plain or grouped, inside free text: it never appears whole', () => {
    fc.assert(
      fc.property(anyPan.chain((pan) => fc.tuple(fc.constant(pan), written(pan), text, fc.constantFrom(...BEFORE), fc.constantFrom(...AFTER), text)), ([pan, form, pre, before, after, post]) => {
        const input = `${pre}${before}${form}${after}${post}`;
        // A prefix ending in a letter would glue to `before` = ''; only test the boundary as stated.
        fc.pre(!(before === '' && /[A-Za-z0-9*•.]$/.test(pre)) && !(after === '' && /^[A-Za-z0-9*•]/.test(post)));
        const out = maskPansInText(input);
        expect(digitsOf(out)).not.toContain(pan);
        expect(containsPan(input)).toBe(true);
        expect(out).toContain(pan.slice(0, 6));
      }),
      RUNS,
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyPan.chain((pan) => fc.tuple(written(pan), text, text)), ([form, pre, post]) => {
        const once = maskPansInText(`${pre} ${form} ${post}`);
        expect(maskPansInText(once)).toBe(once);
        expect(containsPan(once)).toBe(false);
      }),
      RUNS,
    );
  });

  const letterText = fc.array(fc.constantFrom('a', ' ', 'kad', '卡号', ',', '"', '。', '(', ')'), { maxLength: 6 }).map((a) => a.join(''));
  const unchanged = (s: string) => {
    expect(maskPansInText(s)).toBe(s);
    expect(containsPan(s)).toBe(false);
  };

  it('leaves 13–19-digit runs that fail the Luhn check as written', () => {
    fc.assert(
      fc.property(anyPan, fc.integer({ min: 1, max: 9 }), letterText, letterText, (pan, bump, pre, post) => {
        const bad = pan.slice(0, -1) + String((Number(pan.slice(-1)) + bump) % 10);
        expect(luhnValid(bad)).toBe(false);
        unchanged(`${pre} ${bad} ${post}`);
      }),
      RUNS,
    );
  });

  it('leaves the portal references ("PD" + yymmdd + 10 digits), even Luhn-valid ones, as written', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), letterText, (digits, post) => {
        const ref = `PD${digits}${luhnCheckDigit(digits)}`;
        unchanged(ref);
        unchanged(`ref ${ref}${post}`);
        unchanged(`"${ref}",${ref}`);
      }),
      RUNS,
    );
  });

  it('leaves hex keys, RM transaction ids (24 digits), 12-digit RRNs, zero-padded merchant ids, amounts and dates as written', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.stringMatching(/^[0-9A-F]{32}$/),
          fc.stringMatching(/^[0-9A-F]{48}$/),
          fc.stringMatching(/^[0-9a-f]{64}$/),
          fc.stringMatching(/^\d{20,30}$/),
          fc.stringMatching(/^\d{12}$/),
          // Zero-padded merchant ids (and anything else starting with 0: no card issuer's identifier).
          fc.stringMatching(/^0\d{12,18}$/),
          fc.stringMatching(/^-?\d{1,12}\.\d{2}$/),
          fc.stringMatching(/^\d{1,3}(,\d{3}){1,4}\.\d\d$/),
          fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString()),
          fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().replace(/\D/g, '').slice(0, 14)),
          fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().replace(/\D/g, '')),
          fc.double({ min: 0, max: 1e4, noNaN: true }).map(String),
        ),
        letterText,
        (v, pre) => {
          unchanged(v);
          unchanged(`${pre} ${v}`);
        },
      ),
      RUNS,
    );
  });
});

describe('PAN_GUARD_EXEMPT_FIELDS', () => {
  it('gives every exempt field a reason and answers by exact name', () => {
    for (const [name, why] of Object.entries(PAN_GUARD_EXEMPT_FIELDS)) {
      expect(why.length).toBeGreaterThan(10);
      expect(isPanGuardExempt(name)).toBe(true);
      expect(isPanGuardExempt(name.toLowerCase())).toBe(false);
    }
    expect(isPanGuardExempt('Remark')).toBe(false);
    expect(isPanGuardExempt('toString')).toBe(false);
  });
});

/**
 * The Content-Disposition of downloads (platform/file-names.ts), by property over generated file
 * names (any Unicode, the RFC 8187 specials `( ) ' *`, quotes, backslashes, percent signs,
 * control characters): the header parses with `content-disposition`'s own parser to an
 * attachment whose name is the original, no character outside RFC 8187's attr-char stays raw in
 * `filename*`, and the `filename` fallback is printable ASCII.
 */
import { parse } from 'content-disposition';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachmentHeader, cleanFileName } from '../../src/platform/file-names.ts';

/** RFC 8187 attr-char: ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~". */
const ATTR_CHARS = /^[A-Za-z0-9!#$&+\-.^_`|~]*$/;

const specials = fc.string({ unit: fc.constantFrom('(', ')', "'", '*', '"', '\\', '%', '4', '1', ' ', ';', ',', '=', 'a', '.', 'é', '交', '😀', '\u0000', '\u001f', '\u007f') });
const names = fc.oneof(specials, fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.string());

/**
 * What the header carries, as the library reads it: `name` the decoded name (parse puts the
 * decoded filename* in `filename`, as browsers prefer it), `fallback` the plain `filename`,
 * `encoded` the raw filename* value.
 */
function read(header: string): { type: string; name: string | undefined; fallback: string | undefined; encoded: string | undefined } {
  const p = parse(header);
  const plain = parse(header, { extended: false }).parameters;
  return { type: p.type, name: p.parameters.filename, fallback: plain.filename, encoded: p.parameters['filename*'] };
}

/** The name with each lone surrogate as U+FFFD (it has no UTF-8 form). */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

describe('attachmentHeader', () => {
  it('round-trips any cleaned file name through content-disposition.parse, with no raw ( ) \' * in filename*', () => {
    fc.assert(
      fc.property(names, (n) => {
        const name = cleanFileName(n);
        const header = attachmentHeader(name);
        const got = read(header);
        expect(got.type).toBe('attachment');
        expect(got.name).toBe(wellFormed(name));
        if (got.encoded !== undefined) {
          expect(got.encoded.startsWith("UTF-8''")).toBe(true);
          expect(got.encoded.slice("UTF-8''".length).replace(/%[0-9A-F]{2}/g, '')).toMatch(ATTR_CHARS);
        }
        expect(got.fallback).toMatch(/^[\u0020-\u007e]*$/);
      }),
      { numRuns: 3000 },
    );
  });

  it('round-trips names that were not cleaned too (control characters, quotes, lone surrogates)', () => {
    fc.assert(
      fc.property(names, (n) => {
        const header = attachmentHeader(n);
        expect(header).not.toMatch(/[\u0000-\u001f\u007f]/);
        expect(read(header).name).toBe(wellFormed(n));
      }),
      { numRuns: 3000 },
    );
  });

  it('sends the RFC 8187 specials percent-encoded', () => {
    expect(attachmentHeader("rékod (salinan) 'a'*.pdf")).toBe(`attachment; filename="r_kod (salinan) 'a'*.pdf"; filename*=UTF-8''r%C3%A9kod%20%28salinan%29%20%27a%27%2A.pdf`);
  });
});

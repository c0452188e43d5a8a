/**
 * Safe input at the edge, property-tested: the input guard refuses every string
 * holding a control character or an unpaired surrogate wherever it sits in a body, naming the field;
 * accepts every other text; refuses prototype keys and nesting past MAX_DEPTH; and the last-resort
 * database mapping turns every data-exception / integrity / limit SQLSTATE into a 4xx.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertSafeInput, MAX_DEPTH, textProblem } from '../../src/platform/input-guard.ts';
import { AppError, databaseRefusal } from '../../src/platform/errors.ts';

const CONTROL = [...Array.from({ length: 32 }, (_, i) => i).filter((i) => ![9, 10, 13].includes(i)), ...Array.from({ length: 33 }, (_, i) => 0x7f + i)].map((c) => String.fromCharCode(c));
const thrown = (f: () => void): AppError | undefined => {
  try {
    f();
  } catch (e) {
    return e as AppError;
  }
  return undefined;
};
const key = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,8}$/);

describe('input guard', () => {
  it('refuses a control character anywhere in any string, naming the field path', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...CONTROL), fc.string(), fc.array(key, { minLength: 1, maxLength: 4 }), (a, c, b, path) => {
        const body = path.reduceRight<unknown>((v, k) => ({ [k]: v }), `${a}${c}${b}`);
        const e = thrown(() => assertSafeInput(body, 'body'));
        expect(e?.status).toBe(400);
        expect(e?.message.startsWith(`${path.join('.')}:`)).toBe(true);
      }),
    );
  });

  it('accepts text without control characters (tabs and line breaks included), in arrays too', () => {
    const text = fc.string({ unit: 'grapheme' }).filter((s) => textProblem(s) === null);
    fc.assert(fc.property(fc.array(text, { maxLength: 5 }), key, (items, k) => {
        expect(() => assertSafeInput({ [k]: items, n: 1, t: 'a\tb\r\nc' }, 'body')).not.toThrow();
      }),
    );
  });

  it('refuses unpaired surrogates, prototype keys and deep nesting', () => {
    expect(thrown(() => assertSafeInput({ a: 'x\ud800' }, 'body'))?.message).toMatch(/^a: /);
    expect(thrown(() => assertSafeInput(JSON.parse('{"a":{"__proto__":{"x":1}}}'), 'body'))?.message).toMatch(/^a\.__proto__: /);
    expect(thrown(() => assertSafeInput({ constructor: 1 }, 'body'))?.status).toBe(400);
    let deep: unknown = 1;
    for (let i = 0; i < MAX_DEPTH + 1; i++) deep = [deep];
    expect(thrown(() => assertSafeInput(deep, 'body'))?.message).toMatch(/nested deeper/);
    let huge: unknown = 1;
    for (let i = 0; i < 100_000; i++) huge = [huge];
    expect(thrown(() => assertSafeInput(huge, 'body'))?.status).toBe(400);
  });
});

describe('last-resort database refusal mapping', () => {
  const sqlstate = (cls: string) => fc.stringMatching(/^[0-9A-Z]{3}$/).map((rest) => `${cls}${rest}`);
  it('answers every class 22, 23 and 54 SQLSTATE with a 4xx, bare or wrapped by Drizzle', () => {
    fc.assert(
      fc.property(fc.oneof(sqlstate('22'), sqlstate('23'), sqlstate('54')), fc.boolean(), (code, wrapped) => {
        const dbError = Object.assign(new Error('db'), { code, severity: 'ERROR', column: 'bank_name' });
        const e = databaseRefusal(wrapped ? Object.assign(new Error('Failed query'), { cause: dbError }) : dbError);
        expect(e?.status).toBeGreaterThanOrEqual(400);
        expect(e?.status).toBeLessThan(500);
        expect(e?.message.startsWith('bank_name:')).toBe(true);
      }),
    );
  });
  it('leaves other errors alone (they stay SRV500 and are logged)', () => {
    expect(databaseRefusal(Object.assign(new Error('x'), { code: '08006', severity: 'FATAL' }))).toBeNull();
    expect(databaseRefusal(new TypeError('x'))).toBeNull();
    expect(databaseRefusal(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes, type RouteDef } from '@paydesk/contract';
import { responseSerializerCompiler, sameBothWays } from '../../src/platform/response-serializer.ts';

/** A schema description: leaves and the composite types answers are built of. */
type Shape =
  | { t: 'string' | 'int' | 'number' | 'boolean' | 'null' | 'enum' }
  | { t: 'object'; fields: [string, Shape][] }
  | { t: 'array' | 'optional' | 'nullable' | 'record'; of: Shape }
  | { t: 'union' | 'tuple'; of: Shape[] };

const { shape } = fc.letrec<{ shape: Shape; leaf: Shape }>((tie) => ({
  leaf: fc.constantFrom<Shape>({ t: 'string' }, { t: 'int' }, { t: 'number' }, { t: 'boolean' }, { t: 'null' }, { t: 'enum' }),
  shape: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.uniqueArray(fc.tuple(fc.constantFrom('Id', 'Name', 'Amount', 'Rows', 'Status', 'At'), tie('shape')), { selector: ([k]) => k, maxLength: 4 }).map((fields): Shape => ({ t: 'object', fields })),
    fc.tuple(fc.constantFrom('array', 'optional', 'nullable', 'record') as fc.Arbitrary<'array' | 'optional' | 'nullable' | 'record'>, tie('shape')).map(([t, of]): Shape => ({ t, of })),
    fc.tuple(fc.constantFrom('union', 'tuple') as fc.Arbitrary<'union' | 'tuple'>, fc.array(tie('shape'), { minLength: 1, maxLength: 3 })).map(([t, of]): Shape => ({ t, of })),
  ),
}));

function schemaOf(s: Shape): z.ZodType {
  switch (s.t) {
    case 'string': return z.string();
    case 'int': return z.number().int();
    case 'number': return z.number();
    case 'boolean': return z.boolean();
    case 'null': return z.null();
    case 'enum': return z.enum(['OPEN', 'CLOSED']);
    case 'object': return z.object(Object.fromEntries(s.fields.map(([k, v]) => [k, schemaOf(v)])));
    case 'array': return z.array(schemaOf(s.of));
    case 'optional': return schemaOf(s.of).optional();
    case 'nullable': return schemaOf(s.of).nullable();
    case 'record': return z.record(z.string(), schemaOf(s.of));
    case 'union': return z.union(s.of.map(schemaOf) as [z.ZodType, z.ZodType]);
    case 'tuple': return z.tuple(s.of.map(schemaOf) as [z.ZodType]);
  }
}

/** Values that match `s`, plus now and then a stray field or a wrong type (refused both ways alike). */
function valueOf(s: Shape): fc.Arbitrary<unknown> {
  switch (s.t) {
    case 'string': return fc.string();
    case 'int': return fc.integer();
    case 'number': return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'enum': return fc.constantFrom('OPEN', 'CLOSED', 'VOID');
    case 'object': return fc.tuple(fc.record(Object.fromEntries(s.fields.map(([k, v]) => [k, valueOf(v)]))), fc.option(fc.string(), { nil: undefined })).map(([o, extra]) => (extra === undefined ? o : { ...o, Extra: extra }));
    case 'array': return fc.array(valueOf(s.of), { maxLength: 3 });
    case 'optional': return fc.option(valueOf(s.of), { nil: undefined });
    case 'nullable': return fc.option(valueOf(s.of), { nil: null });
    case 'record': return fc.dictionary(fc.string({ maxLength: 3 }), valueOf(s.of), { maxKeys: 3 });
    case 'union': return fc.oneof(...s.of.map(valueOf));
    case 'tuple': return fc.tuple(...s.of.map(valueOf));
  }
}

const shapeAndValue = shape.chain((s) => fc.tuple(fc.constant(s), valueOf(s)));

/** Wraps the schema at a random depth of `s` in a direction-dependent type. */
const directed: ((inner: z.ZodType) => z.ZodType)[] = [
  (i) => i.transform((v) => v),
  (i) => i.default(undefined as never),
  (i) => i.catch(undefined as never),
  (i) => i.pipe(z.any()),
  (i) => z.lazy(() => i),
  (i) => z.codec(z.string(), i, { decode: (v) => v as never, encode: (v) => String(v) }),
];

function withDirected(s: Shape, path: number[], wrap: (inner: z.ZodType) => z.ZodType): z.ZodType {
  const [step, ...rest] = path;
  const inner = (sub: Shape) => withDirected(sub, rest, wrap);
  if (step === undefined) return wrap(schemaOf(s));
  switch (s.t) {
    case 'object': {
      const k = step % Math.max(1, s.fields.length);
      return s.fields.length ? z.object(Object.fromEntries(s.fields.map(([n, v], i) => [n, i === k ? inner(v) : schemaOf(v)]))) : wrap(schemaOf(s));
    }
    case 'array': return z.array(inner(s.of));
    case 'optional': return inner(s.of).optional();
    case 'nullable': return inner(s.of).nullable();
    case 'record': return z.record(z.string(), inner(s.of));
    case 'union': return z.union(s.of.map((v, i) => (i === step % s.of.length ? inner(v) : schemaOf(v))) as [z.ZodType, z.ZodType]);
    case 'tuple': return z.tuple(s.of.map((v, i) => (i === step % s.of.length ? inner(v) : schemaOf(v))) as [z.ZodType]);
    default: return wrap(schemaOf(s));
  }
}

const serializerOf = (schema: z.ZodType) => responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpPart: 'response' } as never) as unknown as (data: unknown) => string;
const outcome = (f: () => string): { json?: string; refused?: boolean } => {
  try {
    return { json: f() };
  } catch {
    return { refused: true };
  }
};

describe('response serializer', () => {
  it('checks a schema without direction-dependent parts forward, answering exactly what the backward check answers, refusals included', () => {
    fc.assert(
      fc.property(shapeAndValue, ([s, value]) => {
        const schema = schemaOf(s);
        expect(sameBothWays(schema)).toBe(true);
        const encoded = outcome(() => {
          const r = z.safeEncode(schema, value);
          if (!r.success) throw r.error;
          return JSON.stringify(r.data);
        });
        expect(outcome(() => serializerOf(schema)(value))).toEqual(encoded);
      }),
      { numRuns: 400 },
    );
  });

  it('sees a pipe, transform, default, catch, lazy or codec at any depth, and keeps the backward check there', () => {
    fc.assert(
      fc.property(shape, fc.array(fc.nat(5), { maxLength: 6 }), fc.constantFrom(...directed), (s, path, wrap) => {
        expect(sameBothWays(withDirected(s, path, wrap))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('answers a 500-class serialization error for an answer its schema refuses', () => {
    const serialize = serializerOf(z.array(z.object({ Id: z.number().int() })));
    expect(serialize([{ Id: 1, Extra: 'x' }])).toBe('[{"Id":1}]');
    expect(() => serialize([{ Id: 'one' }])).toThrow(/Response doesn't match the schema/);
  });

  it('checks most route answers forward (counted)', () => {
    const schemas = Object.values(routes as Record<string, RouteDef>).flatMap((d) => (d.response ? [d.response as z.ZodType] : []));
    const forward = schemas.filter(sameBothWays).length;
    console.log(`${forward} of ${schemas.length} route response schemas are the same both ways`);
    expect(forward).toBeGreaterThan(schemas.length / 2);
  });
});

/**
 * The answer's serializer (Fastify's serializer compiler for every route's 200 schema): the
 * answer is checked against the route's zod response schema, then written as JSON; an answer that
 * does not match is a server error (fastify-type-provider-zod's ResponseSerializationError,
 * answered 500 SRV500 by the error handler and logged), never sent half-checked.
 *
 * Why not the library's own compiler: it always checks with `safeEncode` (the backward direction,
 * for codecs), which runs zod's slow path: 3.4 µs against 0.9 µs for `safeParse` on the currency
 * list (bench/api.bench.ts's call). For a schema in which nothing depends on the direction — no
 * pipe (codecs and `.transform` are pipes), transform, default, prefault, catch or lazy anywhere
 * in it — both directions answer the same value, so such schemas are checked forward; any other
 * schema keeps `safeEncode`. The choice is made once per route, when Fastify compiles it.
 */
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Schema types whose answer can differ between the forward and the backward direction. */
const DIRECTED = new Set(['pipe', 'transform', 'default', 'prefault', 'catch', 'lazy', 'promise']);

/** A zod v4 schema's internals, as far as the walk reads them. */
interface Walkable {
  _zod: { def: Record<string, unknown> & { type: string } };
}

const isSchema = (v: unknown): v is Walkable => typeof v === 'object' && v !== null && '_zod' in v && typeof (v as Walkable)._zod?.def?.type === 'string';

/**
 * Whether `schema` answers the same value parsed forward as encoded backward: true when no schema
 * inside it (object shapes, array elements, union options, tuple items, record keys and values,
 * wrapped types, however deep) is of a direction-dependent type. Anything it cannot see into
 * (lazy) counts as direction-dependent.
 */
export function sameBothWays(schema: unknown): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [schema];
  while (stack.length) {
    const s = stack.pop();
    if (!isSchema(s) || seen.has(s)) continue;
    seen.add(s);
    const def = s._zod.def;
    if (DIRECTED.has(def.type)) return false;
    for (const value of Object.values(def)) {
      if (isSchema(value)) stack.push(value);
      else if (Array.isArray(value)) stack.push(...value);
      else if (def.type === 'object' && value && typeof value === 'object') stack.push(...Object.values(value));
    }
  }
  return true;
}

const encodingCompiler = createSerializerCompiler({});

/** The serializer compiler: forward check for schemas the same both ways, the library's encode otherwise. */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = route.schema as unknown;
  if (!(schema instanceof z.ZodType) || !sameBothWays(schema)) return encodingCompiler(route as never);
  const { method, url } = route;
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/**
 * The hostile-input generator of the generated fuzz suite. Everything is derived
 * from the route table's zod schemas, so a new endpoint is fuzzed the day it lands:
 *  - `exampleOf(schema)` builds a plausible body (required fields only, each at its simplest
 *    accepted value) so that one hostile field at a time reaches the deeper checks and the handler;
 *  - `fieldsOf(schema)` lists the field paths to attack (top level, and one level into nested
 *    objects such as SearchData and Sort) with each field's kind;
 *  - `hostileValues(kind)` is the catalogue per kind: NUL and control characters, long strings,
 *    int4/int8/2^53 edges, NaN-like and exponent strings, impossible dates, wrong types,
 *    `__proto__`/`constructor` keys and deep nesting.
 */
import type { z } from 'zod';

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const bagOf = (s: z.ZodType): Record<string, unknown> => (s as unknown as { _zod: { bag?: Record<string, unknown> } })._zod.bag ?? {};

/** The schema under optional / nullable / default / catch / readonly wrappers and pipes (input side). */
export function unwrap(s: z.ZodType): z.ZodType {
  let cur = s;
  for (let i = 0; i < 20; i++) {
    const d = defOf(cur);
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type)) cur = d.innerType as z.ZodType;
    else if (d.type === 'pipe') cur = d.in as z.ZodType;
    else if (d.type === 'lazy') cur = (d.getter as () => z.ZodType)();
    else return cur;
  }
  return cur;
}

const isOptional = (s: z.ZodType): boolean => {
  const t = defOf(s).type;
  if (t === 'optional' || t === 'default' || t === 'prefault') return true;
  if (t === 'pipe') return isOptional(defOf(s).in as z.ZodType);
  return false;
};

export type FieldKind = 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'other';

export function kindOf(s: z.ZodType): FieldKind {
  const d = defOf(unwrap(s));
  switch (d.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'int':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'enum':
    case 'literal':
      return 'enum';
    case 'array':
      return 'array';
    case 'object':
      return 'object';
    case 'union': {
      const kinds = new Set((d.options as z.ZodType[]).map(kindOf));
      return kinds.has('number') ? 'number' : kinds.has('string') ? 'string' : ([...kinds][0] ?? 'other');
    }
    default:
      return 'other';
  }
}

/** A simple value the schema is likely to accept (formats and bounds respected; custom rules may still refuse it). */
export function exampleOf(s: z.ZodType, depth = 0): unknown {
  const inner = unwrap(s);
  const d = defOf(inner);
  const bag = bagOf(inner);
  switch (d.type) {
    case 'string': {
      if (bag.format === 'date') return '2026-01-15';
      if (bag.format === 'datetime') return '2026-01-15T00:00:00.000Z';
      if (bag.format === 'email') return 'fuzz@paydesk.my';
      if (bag.format === 'url') return 'https://example.my/';
      const min = typeof bag.minimum === 'number' ? bag.minimum : 1;
      return 'A'.repeat(Math.max(1, Math.min(min, 50)));
    }
    case 'number':
    case 'int': {
      const min = typeof bag.minimum === 'number' ? bag.minimum : 1;
      const max = typeof bag.maximum === 'number' ? bag.maximum : Number.MAX_SAFE_INTEGER;
      return Math.min(Math.max(1, min), max);
    }
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0];
    case 'literal':
      return (d.values as unknown[])[0];
    case 'union':
      return exampleOf((d.options as z.ZodType[])[0]!, depth);
    case 'array':
      return [];
    case 'record':
      return {};
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape as Record<string, z.ZodType>)) if (!isOptional(v)) out[k] = exampleOf(v, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

export interface FieldRef {
  /** Path from the body root, e.g. ['SearchData', 'Keyword']. */
  path: string[];
  kind: FieldKind;
}

/** Field paths of an object schema: every top-level field, and the fields of nested objects one level down. */
export function fieldsOf(s: z.ZodType | undefined): FieldRef[] {
  if (!s) return [];
  const d = defOf(unwrap(s));
  if (d.type !== 'object') return [];
  const out: FieldRef[] = [];
  for (const [k, v] of Object.entries(d.shape as Record<string, z.ZodType>)) {
    const kind = kindOf(v);
    out.push({ path: [k], kind });
    if (kind === 'object') {
      const nested = defOf(unwrap(v));
      for (const [k2, v2] of Object.entries(nested.shape as Record<string, z.ZodType>)) out.push({ path: [k, k2], kind: kindOf(v2) });
    }
  }
  return out;
}

/** Sets `value` at `path` in a copy of `body` (creating objects on the way). */
export function withValue(body: unknown, path: string[], value: unknown): Record<string, unknown> {
  const root: Record<string, unknown> = body && typeof body === 'object' && !Array.isArray(body) ? structuredClone(body as Record<string, unknown>) : {};
  let cur = root;
  path.forEach((k, i) => {
    if (i === path.length - 1) cur[k] = value;
    else {
      const next = cur[k];
      cur[k] = next && typeof next === 'object' && !Array.isArray(next) ? next : {};
      cur = cur[k] as Record<string, unknown>;
    }
  });
  return root;
}

/** `{"a":{"a":…}}` nested `depth` times. */
export const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** An object with an own `__proto__` key (JSON.parse makes it an own property, as a hostile client would send it). */
export const protoKey = (): unknown => JSON.parse('{"__proto__":{"isAdmin":true},"a":1}');
const constructorKey = (): unknown => JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}');

const STRINGS: unknown[] = [
  'a\u0000',
  '\u0000',
  'x\u0001\u001f',
  '\u007f\u009b',
  '\ud800',
  'A'.repeat(100_000),
  '',
  '   ',
  "' OR 1=1 --",
  '%00',
  '=HYPERLINK("http://evil.example","x")',
  '2026-02-30',
  '2026-13-01T00:00:00Z',
  'NaN',
  '1e309',
  '-0',
  '9'.repeat(40),
];
const NUMBERS: unknown[] = [
  0,
  -1,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_991,
  9_007_199_254_740_993,
  1e308,
  -1e308,
  0.5,
  '2147483648',
  '9223372036854775808',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  ' 1',
];
const WRONG_TYPES: unknown[] = [null, true, [], {}, [1, 'a'], { a: 1 }];

/** The hostile values for a field of `kind` (type confusions included for every kind). */
export function hostileValues(kind: FieldKind): unknown[] {
  const common = [...WRONG_TYPES, nested(40), protoKey(), constructorKey()];
  switch (kind) {
    case 'string':
    case 'enum':
      return [...STRINGS, 12345, ...common];
    case 'number':
      return [...NUMBERS, 'a\u0000', ...common];
    case 'array':
      return [['a\u0000'], [2_147_483_648], Array.from({ length: 5000 }, () => 'x'), [nested(20)], 'a', 1, ...common];
    case 'object':
      return [...common, 'a\u0000', 1, nested(3)];
    default:
      return [...STRINGS.slice(0, 6), ...NUMBERS.slice(2, 8), ...common];
  }
}

/** Whole-body attacks, whatever the schema. */
export const HOSTILE_BODIES: unknown[] = [null, [], 'text', 42, true, nested(200), protoKey(), constructorKey(), { ['a\u0000']: 1 }, Array.from({ length: 20_000 }, (_, i) => i)];

/** Hostile path parameter values (URL-encoded by the client, except the raw ones marked). */
export const HOSTILE_PARAMS: { value: string; raw?: boolean }[] = [
  { value: '0' },
  { value: '-1' },
  { value: '2147483648' },
  { value: '9007199254740993' },
  { value: '9'.repeat(40) },
  { value: '1.5' },
  { value: '1e3' },
  { value: 'abc' },
  { value: 'a\u0000' },
  { value: '%00', raw: true },
  { value: '%E0%A4%A', raw: true },
  { value: '%', raw: true },
  { value: 'x'.repeat(5000) },
  { value: ' ' },
];

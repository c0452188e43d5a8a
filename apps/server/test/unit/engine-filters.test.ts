/**
 * The resource engine's filters: over every declared resource and every filter
 * field, generated values go through the resource's own Search schema and `whereOf`. Equality,
 * `in` and `range` compare the column itself with a parameter (PostgreSQL types it as the column,
 * so the column's index serves it) — never `col::text` — and the parameters are the values parsed;
 * a value that cannot be of the column's type is refused by the schema, naming the field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineResource, int, kindOf, RESOURCES, resourceSchemas, date, money, text, type FieldDef, type ResourceDef } from '@paydesk/contract';
import { whereOf } from '../../src/engine/crud.ts';
import { Params } from '../../src/engine/sql.ts';
import type { Scope } from '../../src/platform/scope.ts';

const PLATFORM: Scope = { userId: 1, email: 'a@b.my', sessionId: 's', membershipId: 1, groupType: 'SUPERADMIN', orgId: null, orgLevel: null, orgPath: null, permissions: new Set() };

/** A value of the field's own type, as a list answers it (what a user filters by). */
function valueArb(f: FieldDef): fc.Arbitrary<unknown> {
  if (f.options?.length) return fc.constantFrom(...f.options.map((o) => o.value));
  const n = kindOf(f).numberKind(f);
  if (n === 'count') return fc.integer({ min: 0, max: 100_000 });
  if (n) return fc.tuple(fc.nat({ max: 99_999 }), fc.nat({ max: 99 })).map(([a, b]) => `${a}.${String(b).padStart(2, '0')}`);
  if (f.input === 'date') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (f.input === 'switch') return fc.constantFrom(0, 1);
  if (f.lookup && kindOf(f).filterValue(f).safeParse(1).success) return fc.integer({ min: 1, max: 1_000_000 });
  return fc.stringMatching(/^[A-Z0-9]{1,12}$/);
}

/** The SearchData value of a filter of `f` holding `v`. */
const filterOf = (f: FieldDef, v: unknown, w: unknown) => (f.filter === 'in' ? [v, w] : f.filter === 'range' ? { From: v, To: w } : v);

/** A declaration exercising range filters over every ordered kind (not served: only its SQL is read). */
const ranged = defineResource({
  name: 'RangeProbe',
  path: '/range-probe',
  module: 'rangeprobe',
  table: 'range_probe',
  scope: 'platform',
  titleKey: 'x',
  titleField: 'Code',
  fields: {
    Code: text('code', 'x', { filter: 'eq' }),
    Day: date('day', 'x', { filter: 'range' }),
    Amount: money('amount', 'x', { filter: 'range' }),
    Count: int('count', 'x', { filter: 'range' }),
  },
  actions: [],
  defaultSort: { Field: 'Code', Order: 'asc' },
  description: 'a probe',
});

const filtered = (def: ResourceDef) => Object.entries(def.fields).filter(([, f]) => f.filter && f.filter !== 'contains' && !f.secret);

describe('resource engine filters', () => {
  const defs = [...RESOURCES, ranged as unknown as ResourceDef];
  it('has typed filters to check', () => {
    expect(defs.flatMap(filtered).length).toBeGreaterThan(10);
  });

  for (const def of defs) {
    const fields = filtered(def);
    if (fields.length === 0) continue;
    it(`${def.name}: compares the column itself with the parsed values, never col::text`, () => {
      const { search } = resourceSchemas(def);
      for (const [name, f] of fields) {
        fc.assert(
          fc.property(valueArb(f), valueArb(f), (v, w) => {
            const parsed = search.parse({ SearchData: { [name]: filterOf(f, v, w) } });
            const p = new Params();
            const sql = whereOf(def, PLATFORM, parsed.SearchData as Record<string, unknown>, p);
            expect(sql).not.toMatch(/::text\s*(=|IN|>=|<=)/);
            expect(sql).toContain(`"${f.column}"`);
            // Every value filtered by travels as a parameter, as parsed.
            expect(p.values.length).toBeGreaterThanOrEqual(1);
            for (const x of p.values.flat()) expect(typeof x === 'string' || typeof x === 'number').toBe(true);
          }),
          { numRuns: 20 },
        );
      }
    });
  }

  it('range: From and To are inclusive bounds, either may be left out, and each must be of the kind', () => {
    const { search } = resourceSchemas(ranged as unknown as ResourceDef);
    const where = (data: Record<string, unknown>) => {
      const p = new Params();
      return { sql: whereOf(ranged as unknown as ResourceDef, PLATFORM, search.parse({ SearchData: data }).SearchData as Record<string, unknown>, p), values: p.values };
    };
    expect(where({ Day: { From: '2027-01-01', To: '2027-12-31' } })).toEqual({ sql: 'true AND r."day" >= $1 AND r."day" <= $2', values: ['2027-01-01', '2027-12-31'] });
    expect(where({ Amount: { From: '10.50' } })).toEqual({ sql: 'true AND r."amount" >= $1', values: ['10.50'] });
    expect(where({ Count: { To: '7' } })).toEqual({ sql: 'true AND r."count" <= $1', values: [7] });
    for (const bad of [{ Day: { From: '2027-02-30' } }, { Amount: { To: '1e3' } }, { Count: { From: 'x' } }, { Day: { Since: '2027-01-01' } }, { Day: '2027-01-01' }]) {
      const r = search.safeParse({ SearchData: bad });
      expect(r.success, JSON.stringify(bad)).toBe(false);
      if (!r.success) expect(r.error.issues[0]!.path).toContain(Object.keys(bad)[0]);
    }
  });
});

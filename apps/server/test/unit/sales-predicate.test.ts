/**
 * One definition of a sale (SALE_TXN_TYPES): the SQL of saleRowSql holds exactly the
 * domain list, the trigger migration holds saleRowSql's text verbatim (so trigger and code cannot
 * drift; the newest migration defining it), and evaluated by PostgreSQL (PGlite) the condition agrees with the domain rule for
 * every transaction type × pre-auth operation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { PREAUTH_OPERATIONS, SALE_TXN_TYPES, TRANSACTION_TYPES } from '@paydesk/domain';
import { saleRowSql } from '../../src/summaries/sales.ts';

/** The newest migration that (re)defines the trigger's statement: the one the database runs. */
const MIGRATIONS = new URL('../../src/db/migrations/', import.meta.url);
const MIGRATION = readdirSync(MIGRATIONS)
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .map((f) => readFileSync(new URL(f, MIGRATIONS), 'utf8'))
  .filter((text) => text.includes('CREATE OR REPLACE FUNCTION sales_summary_sql'))
  .at(-1)!;

/** Every `txn_type IN (…)` list of a SQL text, as arrays of the quoted values. */
const typeLists = (text: string): string[][] =>
  [...text.matchAll(/txn_type IN \(([^)]*)\)/g)].map((m) => m[1]!.split(',').map((v) => v.trim().replace(/^'|'$/g, '')));

describe('the sale condition', () => {
  it('lists exactly SALE_TXN_TYPES and keeps only CAPTURE among the pre-auth operations', () => {
    expect(typeLists(saleRowSql())).toEqual([[...SALE_TXN_TYPES]]);
    expect(saleRowSql('t')).toContain(`(t.preauth_op IS NULL OR t.preauth_op = 'CAPTURE')`);
  });

  it('is in the trigger migration verbatim, and the migration lists no other set of types', () => {
    expect(MIGRATION.split(saleRowSql('src')).length - 1).toBe(1);
    for (const list of typeLists(MIGRATION)) expect(list).toEqual([...SALE_TXN_TYPES]);
  });

  it('agrees with the domain rule for every type and pre-auth operation, evaluated by the database', async () => {
    const db = new PGlite();
    try {
      const cases = TRANSACTION_TYPES.flatMap((t) => [null, ...PREAUTH_OPERATIONS].map((op) => [t, op] as const));
      const values = cases.map(([t, op]) => `('${t}', ${op === null ? 'NULL::text' : `'${op}'`})`).join(', ');
      const { rows } = await db.query<{ txn_type: string; preauth_op: string | null; sale: boolean }>(
        `SELECT txn_type, preauth_op, ${saleRowSql()} AS sale FROM (VALUES ${values}) AS v(txn_type, preauth_op)`,
      );
      expect(rows).toHaveLength(cases.length);
      const sales: readonly string[] = SALE_TXN_TYPES;
      for (const r of rows) expect(r.sale, `${r.txn_type}/${r.preauth_op}`).toBe(sales.includes(r.txn_type) && (r.preauth_op === null || r.preauth_op === 'CAPTURE'));
    } finally {
      await db.close();
    }
    // Starting PGlite takes seconds on a loaded machine: a generous limit, no timing asserted.
  }, 120_000);
});

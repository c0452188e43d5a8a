/**
 * Batched inserts with one statement per batch: `INSERT ... SELECT * FROM unnest($1::t1[], ...)`,
 * one array parameter per column (pg-array.ts), so a batch costs one round trip whatever its size
 * and works the same on PGlite and node-postgres. The seed writes its tables with it, and the live
 * transaction ingest (transactions/insert.ts) its batches.
 */
import { pgArray } from './pg-array.ts';

/** Runs raw SQL (inside the caller's transaction) and answers the rows. */
export type Exec = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** The PostgreSQL types a column's array parameter is cast to. */
export type PgType = 'text' | 'int2' | 'int4' | 'int8' | 'numeric' | 'timestamptz' | 'bool' | 'date';

/** One column to insert: its name, its type, and how to read it from a row (Dates go as ISO-8601 UTC). */
export interface TypedColumn<R> {
  name: string;
  type: PgType;
  get: (row: R) => string | number | boolean | Date | null;
}

/**
 * One `INSERT ... SELECT * FROM unnest($1::t1[], $2::t2[], ...)` of all `rows` into `table`;
 * answers the RETURNING rows (`returning` is the clause, e.g. 'RETURNING id'; none by default).
 * No statement for no rows. Throws the database's error.
 */
export async function insertUnnest<R>(exec: Exec, table: string, cols: readonly TypedColumn<R>[], rows: readonly R[], returning = ''): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const sql =
    `INSERT INTO ${table} (${cols.map((c) => c.name).join(', ')}) ` +
    `SELECT * FROM unnest(${cols.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')}) ${returning}`;
  return exec(sql, cols.map((c) => pgArray(rows.map(c.get))));
}

/**
 * `sqlLiteral` (platform/sql-literal.ts, pg's escapeLiteral underneath) on each database of the run,
 * by property: any text without NUL — backslashes, quotes of both kinds, `E'`, `$$`, Unicode
 * beyond the BMP — and any array of such texts, written as a literal into `SELECT`, reads back
 * unchanged, with standard_conforming_strings on (the default) and off (where the old
 * quote-doubling alone read `\'` as an escaped quote).
 */
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlLiteral } from '../../src/platform/sql-literal.ts';
import { DATABASES } from './harness.ts';

/** One connection: a bare PGlite, or a client of DATABASE_URL (a SELECT of literals needs no schema). */
interface Conn {
  query(text: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

async function connect(kind: 'pglite' | 'postgres'): Promise<Conn> {
  if (kind === 'pglite') {
    const db = await PGlite.create();
    return { query: async (t) => (await db.query<Record<string, unknown>>(t)).rows, close: () => db.close() };
  }
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  return { query: async (t) => (await c.query<Record<string, unknown>>(t)).rows, close: () => c.end() };
}

/** Texts biased towards what breaks quoting, plus any Unicode; never NUL (sqlLiteral refuses it). */
const awkward = fc.string({ unit: fc.constantFrom('\\', "'", '"', 'E', '$', '{', '}', ',', ' ', '\n', '\t', 'a', '0', 'é', '交', '😀') });
const text = fc.oneof(awkward, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })).filter((t) => !t.includes('\u0000'));

describe.each(DATABASES)('sqlLiteral on %s', (kind) => {
  let conn: Conn;
  beforeAll(async () => {
    conn = await connect(kind);
  });
  afterAll(async () => conn?.close());

  it.each(['on', 'off'])('any text and any array of texts reads back unchanged (standard_conforming_strings %s)', async (setting) => {
    await conn.query(`SET standard_conforming_strings = ${setting}`);
    const [shown] = await conn.query('SHOW standard_conforming_strings');
    expect(shown!.standard_conforming_strings).toBe(setting);
    await fc.assert(
      fc.asyncProperty(text, fc.array(text, { maxLength: 4 }), async (t, list) => {
        const [r] = await conn.query(`SELECT ${sqlLiteral(t)}::text AS t, ${sqlLiteral(list)}::text[] AS a`);
        expect(r!.t).toBe(t);
        expect(r!.a).toEqual(list);
      }),
      { numRuns: 300 },
    );
    await conn.query('RESET standard_conforming_strings');
  });

  it('writes a lone backslash so that no setting can read it as an escape', async () => {
    expect(sqlLiteral("\\'; SELECT 1; --")).toBe(` E'\\\\''; SELECT 1; --'`);
    const [r] = await conn.query(`SELECT ${sqlLiteral("\\'")} AS t`);
    expect(r!.t).toBe("\\'");
  });
});

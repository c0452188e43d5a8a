/**
 * The PostgreSQL pool survives the server ending its idle connections (db/client.ts): a restart,
 * an administrator's pg_terminate_backend or a DROP DATABASE … WITH (FORCE) reports a FATAL error
 * on each idle pooled client; without a listener node-postgres throws it out of the event loop and
 * the portal process dies (a CI run caught one as an uncaught exception). Here every idle
 * connection of the portal's pool is terminated, repeatedly, and the next queries still answer
 * and the server log's warning (platform/server-log.ts) names what happened. PostgreSQL only
 * (PGlite has no server connections): the integration tier includes `*.pg-test.ts` files when
 * DATABASE_URL is set (vitest.config.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { tapServerLog } from '../../src/platform/server-log.ts';

describe('the PostgreSQL pool when the server ends idle connections', () => {
  const admin = process.env.DATABASE_URL as string;
  const name = `paydesk_idle_${randomBytes(5).toString('hex')}`;
  let database: Database;
  const warnings: string[] = [];
  let untap: (() => void) | undefined;

  const adminQuery = async (text: string): Promise<number> => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      return (await c.query(text)).rowCount ?? 0;
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    database = await openDatabase(url.toString());
    untap = tapServerLog((line) => {
      if (line.level === 40 && line.component === 'database') warnings.push(String(line.msg));
    });
  }, 120_000);

  afterAll(async () => {
    untap?.();
    await database?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('keeps answering after every idle connection is terminated, three times over', async () => {
    let terminated = 0;
    for (let round = 1; round <= 3; round++) {
      // Several connections at once, so the pool holds more than one idle client.
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => database.query<{ n: number }>('SELECT $1::int AS n, pg_sleep(0.05)', [i])));
      expect(answers.map((r) => Number(r[0]!.n))).toEqual([0, 1, 2, 3]);
      const ended = await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
      expect(ended).toBeGreaterThan(0);
      terminated += ended;
      // The FATAL message reaches each idle client asynchronously: wait until every one was reported
      // (a query handed a client whose message is still in flight fails once, as it would in production).
      await expect.poll(() => warnings.filter((w) => w.includes('PostgreSQL ended an idle pooled connection')).length, { timeout: 10_000 }).toBe(terminated);
      const [after] = await database.query<{ ok: number }>('SELECT 1 AS ok');
      expect(Number(after!.ok)).toBe(1);
    }
  }, 120_000);
});

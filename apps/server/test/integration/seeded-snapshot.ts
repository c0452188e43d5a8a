/**
 * Seeded databases for the integration tests, built once per test run, demo size and hour (MYT),
 * then opened from a dump of their data folder (PGlite) or copied from a template database
 * (PostgreSQL). Why: migrating an empty PGlite and seeding the demo took most of each file's
 * start, and some sixty files paid it again for the same database; opening a dump replays nothing.
 *
 * The dump of (run, hour, size) is built by the first worker that needs it — others wait on its
 * lock file — and kept in the OS temp folder under the run id (PAYDESK_TEST_RUN, set once per
 * vitest run in vitest.config.ts, removed when the run ends), so code or migration changes never
 * meet an old dump. A dump is at most an hour old: the demo's "today" and "last hour" figures are
 * relative to the seed. The field key that sealed the demo's provider credentials travels with it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { replayDemoRisk } from '../../src/modules/risk/replay.ts';
import { seedDemo } from '../../src/seed/index.ts';
import { freshPostgres } from './pg-databases.ts';
import { hourTag, oncePerRun, runPathOf } from '../run-once.ts';

/** Opens (migrating) the database at `target` and seeds it as the harness's servers expect. */
async function build(target: string, transactions: number, password: string): Promise<{ database: Database; fieldKey: Buffer }> {
  const database = await openDatabase(target);
  const fieldKey = randomBytes(32);
  await seedDemo(database, { transactions, password, seed: 7, fieldKey });
  // As at the portal's first start (main.ts): the risk rules over the last days and the demo scenarios.
  await replayDemoRisk(database, new Date(), () => undefined);
  return { database, fieldKey };
}

/** The name part of this hour (MYT) and size (`2026112910_3000`). */
const tagOf = (transactions: number) => `${hourTag()}_${transactions}`;

/**
 * A PGlite database migrated and seeded with `transactions` demo transactions (seed 7, every demo
 * user's password `password`), and the field key its sealed values need. Throws what migrating or
 * seeding throws.
 */
export async function seededPglite(transactions: number, password: string): Promise<{ database: Database; fieldKey: Buffer }> {
  const run = process.env.PAYDESK_TEST_RUN;
  // Outside a vitest run (a script): no dump, as before.
  if (!run) return build('memory://', transactions, password);
  const base = runPathOf(run, `pglite-${tagOf(transactions)}`);
  let built: { database: Database; fieldKey: Buffer } | null = null;
  await oncePerRun(base, async () => {
    built = await build('memory://', transactions, password);
    writeFileSync(`${base}.tar.part`, Buffer.from(await (await built.database.dumpDataDir!()).arrayBuffer()));
    renameSync(`${base}.tar.part`, `${base}.tar`);
    writeFileSync(`${base}.key`, built.fieldKey.toString('hex'));
  });
  if (built) return built;
  const fieldKey = Buffer.from(readFileSync(`${base}.key`, 'utf8'), 'hex');
  return { database: await openDatabase('memory://', { loadDataDir: new Blob([readFileSync(`${base}.tar`)]) }), fieldKey };
}

/** The name prefix of run `run`'s PostgreSQL template databases (one per hour and size; dropped by global-setup.ts). */
export const templatePrefixOf = (run: string) => `paydesk_tpl_${createHash('sha1').update(run).digest('hex').slice(0, 10)}_`;

/**
 * A PostgreSQL database beside DATABASE_URL, migrated and seeded as seededPglite's, copied from a
 * template database built once per run, hour and size (CREATE DATABASE … TEMPLATE); `drop`
 * removes the copy. The run's templates are dropped when the run ends (global-setup.ts).
 */
export async function seededPostgres(transactions: number, password: string): Promise<{ url: string; drop: () => Promise<void>; database: Database; fieldKey: Buffer }> {
  const run = process.env.PAYDESK_TEST_RUN;
  if (!run) {
    const fresh = await freshPostgres();
    return { ...fresh, ...(await build(fresh.url, transactions, password)) };
  }
  const tag = tagOf(transactions);
  const base = runPathOf(run, `pg-${tag}`);
  const template = `${templatePrefixOf(run)}${tag}`;
  await oncePerRun(base, async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${template}`);
    } finally {
      await admin.end();
    }
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${template}`;
    const built = await build(url.toString(), transactions, password);
    await built.database.close();
    writeFileSync(`${base}.key`, built.fieldKey.toString('hex'));
  });
  const fieldKey = Buffer.from(readFileSync(`${base}.key`, 'utf8'), 'hex');
  const fresh = await freshPostgres(template);
  return { ...fresh, database: await openDatabase(fresh.url), fieldKey };
}

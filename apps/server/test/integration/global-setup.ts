/**
 * Once per vitest run: at the end, removes this run's folder (run-once.ts: the PGlite dumps, some
 * 70–100 MB each, and the e2e portals' data folders) and its PostgreSQL template databases
 * (seeded-snapshot.ts), so repeated runs fill neither the disk nor the server.
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { templatePrefixOf } from './seeded-snapshot.ts';
import { runDirOf } from '../run-once.ts';
import { dropDatabaseWhenIdle } from './pg-databases.ts';

export default function setup(): () => Promise<void> {
  return async () => {
    const run = process.env.PAYDESK_TEST_RUN;
    if (!run) return;
    rmSync(runDirOf(run), { recursive: true, force: true });
    if (!process.env.DATABASE_URL) return;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [templatePrefixOf(run)]);
      for (const { datname } of rows) await dropDatabaseWhenIdle(admin, datname);
    } finally {
      await admin.end();
    }
  };
}

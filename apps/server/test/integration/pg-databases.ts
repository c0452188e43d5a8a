/**
 * PostgreSQL databases of the integration tests, beside DATABASE_URL: a fresh empty one, and the
 * drop that waits for its sessions to end.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new PostgreSQL database next to DATABASE_URL: empty (openDatabase migrates it), or a copy of
 * the database `template` (no session may be open on it: a busy template is retried for up to
 * 5 s, as a pool just ended can still hold its sessions). drop() removes it.
 */
export async function freshPostgres(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL as string;
  const name = `paydesk_t_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    for (let i = 0; ; i++) {
      try {
        await c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        break;
      } catch (e) {
        // 55006: the template is being accessed by other users.
        if ((e as { code?: string }).code !== '55006' || i >= 200) throw e;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  } finally {
    await c.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      try {
        await dropDatabaseWhenIdle(d, name);
      } finally {
        await d.end();
      }
    },
  };
}

/**
 * Drops the PostgreSQL database `name` through `admin` (a client connected to another database) once
 * no session is left on it (polled every 25 ms, up to 5 s), then `WITH (FORCE)` for a straggler.
 * Why: `pool.end()` can resolve before the server has seen every session go, and a FORCE drop then
 * sends FATAL 57P01 to a client that no longer listens, an uncaught error (it failed a CI run with
 * every test passing).
 */
export async function dropDatabaseWhenIdle(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * Integration harness (guides practice 9): a real server on a real database per test file —
 * in-memory PGlite by default, a fresh PostgreSQL database when `DATABASE_URL` is set to a
 * server URL (.ci/run sets it). The clock is movable so idle and expiry rules can be proven
 * without waiting.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PortalClient, PortalError } from '@paydesk/contract';
import { buildApp } from '../../src/app.ts';
import { watchAuditTrail } from './audit-trail.ts';
import { seededPglite, seededPostgres } from './seeded-snapshot.ts';
import type { LogStream } from '../../src/platform/log-masking.ts';
import { loadConfig, type ServerConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';

export const PASSWORD = 'Test-Password-1';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  /** The server clock (shared with any server started with `shareDatabaseWith: this`). */
  now: () => Date;
  /** The PostgreSQL URL of its database (undefined on PGlite). */
  databaseUrl?: string;
  /** Moves the server clock forward by ms. */
  advance(ms: number): void;
  client(opts?: { publicIp?: string; useCookiesOnly?: boolean }): PortalClient;
  /** Signs a demo user in and returns its client. */
  signIn(email: string, password?: string): Promise<PortalClient>;
  close(): Promise<void>;
}

/** Which databases the current run covers: always PGlite, PostgreSQL too when DATABASE_URL is set. */
export const DATABASES: ('pglite' | 'postgres')[] = !process.env.DATABASE_URL
  ? ['pglite']
  : process.env.PAYDESK_TEST_ONLY_PG
    ? ['postgres']
    : ['pglite', 'postgres'];

export { dropDatabaseWhenIdle, freshPostgres } from './pg-databases.ts';

export interface TestServerOptions {
  kind?: 'pglite' | 'postgres';
  transactions?: number;
  config?: Partial<ServerConfig>;
  /**
   * Starts a second app on the database of `shareDatabaseWith` (as a second server instance would
   * run): on PostgreSQL its own connection pool to the same URL, on PGlite the same Database
   * object. Nothing is seeded; the keys and the clock are shared (advancing either moves both); close() closes
   * only this app and its pool, never the database of the first server.
   */
  shareDatabaseWith?: TestServer;
  /** Turns the request log on and sends its lines here (BuildOptions.logStream). */
  logStream?: LogStream;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  if (opts.shareDatabaseWith) return startSecondServer(opts.shareDatabaseWith, opts.config);
  const kind = opts.kind ?? 'pglite';
  const transactions = opts.transactions ?? 3000;
  // A seeded database built once per run and size (seeded-snapshot.ts): a PGlite dump opened
  // again, or a copy of a PostgreSQL template database.
  const pgdb = kind === 'postgres' ? await seededPostgres(transactions, PASSWORD) : undefined;
  const { database, fieldKey } = pgdb ?? (await seededPglite(transactions, PASSWORD));
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  // The demo's provider credentials are sealed under the field key (as main.ts does).
  const keys = { jwtKey: randomBytes(32), kek: randomBytes(32), fieldKey };
  // MFA_ENFORCE off: every suite signs in as a SUPERADMIN without an authenticator; the MFA tests turn it on.
  // Log lines only where a test reads them (logStream); the log store is written either way.
  const config: ServerConfig = { ...loadConfig({}), loginRateLimitPerMinute: 1000, mfaEnforce: false, logLevel: opts.logStream ? 'info' : 'silent', ...opts.config };
  const app = await buildApp({ database, config, keys, now }, { logStream: opts.logStream });
  const trail = watchAuditTrail(app, database);
  const url = await listen(app);
  const server: TestServer = {
    url,
    app,
    database,
    config,
    now,
    databaseUrl: pgdb?.url,
    advance: (ms) => {
      offset += ms;
    },
    ...clientsOf(url),
    close: async () => {
      await app.close();
      await database.close();
      await pgdb?.drop();
      trail();
    },
  };
  return server;
}

/** The client factories of a server at `url`. */
function clientsOf(url: string): Pick<TestServer, 'client' | 'signIn'> {
  return {
    client: (o) => new PortalClient(url, o),
    signIn: async (email, password = PASSWORD) => {
      const c = new PortalClient(url);
      await c.login(email, password);
      return c;
    },
  };
}

/** Listens on a free loopback port; answers the base URL. */
async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function startSecondServer(first: TestServer, overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const database = first.databaseUrl ? await openDatabase(first.databaseUrl) : first.database;
  const config: ServerConfig = { ...first.config, ...overrides };
  // The same keys, as two servers given one PAYDESK_SECRET derive: tokens and channels work on both.
  const app = await buildApp({ database, config, keys: first.app.ctx.keys, now: first.now });
  const trail = watchAuditTrail(app, database);
  const url = await listen(app);
  return {
    url,
    app,
    database,
    config,
    now: first.now,
    databaseUrl: first.databaseUrl,
    advance: (ms) => first.advance(ms),
    ...clientsOf(url),
    close: async () => {
      await app.close();
      if (database !== first.database) await database.close();
      trail();
    },
  };
}

/** Awaits a call that must fail and returns its PortalError (any other outcome fails the test). */
export async function errorOf(p: Promise<unknown>): Promise<PortalError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof PortalError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

/** What every handler can reach: the database, configuration, keys and the clock. */
import type { Database } from '../db/client.ts';
import type { ServerConfig } from '../config.ts';
import type { ServerKeys } from './secrets.ts';
import type { JobQueue } from './jobs.ts';
import type { Scope } from './scope.ts';

export interface AppContext {
  database: Database;
  config: ServerConfig;
  keys: ServerKeys;
  /** Current time; tests move it to prove idle and expiry rules. */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The background job queue this server works (platform/jobs.ts). */
    jobs: JobQueue;
  }
  interface FastifyRequest {
    /** Set by the auth guard on routes that need a session. */
    scope?: Scope;
  }
  interface FastifyContextConfig {
    encrypted?: boolean;
    auth?: boolean;
    permission?: string | null;
    /** A multipart upload signed with the channel keys (RouteDef.upload). */
    upload?: boolean;
    /** Answers a session that must still enrol two-factor sign-in (RouteDef.beforeMfa). */
    beforeMfa?: boolean;
    /**
     * A GET answering JSON that changes nothing (no audit, no Idempotency-Key, no file): the
     * secure channel may run it while the nonce's verdict is on its way (secure-channel.ts).
     */
    readOnly?: boolean;
  }
}

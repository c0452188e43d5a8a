/**
 * The background job queue (issue 11 Build 5; docs/ARCHITECTURE.md "Background jobs"): pg-boss 10
 * in the portal's own database (its tables in schema `pgboss`, created and upgraded by pg-boss on
 * start), on PostgreSQL and on the embedded PGlite alike — both reach it through
 * Database.executeSql, so the tests run the code that ships on both. Every piece of background
 * work goes through it: deliveries retried with exponential backoff, schedules (cron, MYT), and
 * later the exports and imports.
 *
 * Why pg-boss 10.4: graphile-worker (0.18) and pg-boss 11+ require Node 22, and the stack runs on
 * Node 20.19; graphile-worker also waits on LISTEN/NOTIFY, which one embedded PGlite connection
 * does not deliver. pg-boss polls (FOR UPDATE SKIP LOCKED), so several servers on one PostgreSQL
 * share the work and each job runs on one of them at a time.
 *
 * Delivery is at least once: a handler can run again after a crash mid-job (pg-boss expires an
 * active job after its expireInSeconds and retries it), so handlers are idempotent.
 */
import PgBoss from 'pg-boss';
import type { Database, Query } from '../db/client.ts';

/** The time zone of every schedule: cron times are Malaysian wall-clock times. */
export const SCHEDULE_TIME_ZONE = 'Asia/Kuala_Lumpur';

/** A queue and its retry policy, applied to every job sent to it. */
export interface JobQueueDef {
  /** Queue name: lower-case words joined by '-', e.g. 'refund-ack'. */
  name: string;
  /** Retries after the first attempt (0: one attempt only). */
  retryLimit: number;
  /** Seconds before the first retry; with `retryBackoff` about retryDelay × 2^n (pg-boss adds jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** Seconds an attempt may run before it counts as failed (default 15 min). */
  expireInSeconds?: number;
  /**
   * 'standard' (default): every send queues a job. 'short': at most one job waiting per singleton
   * key (or per queue without a key) — a second send while one waits answers null. Fixed when the
   * queue is created.
   */
  policy?: 'standard' | 'short';
}

/** What a handler gets for one attempt of one job. */
export interface JobAttempt<T> {
  id: string;
  data: T;
  /** Attempts made before this one (0 on the first). */
  retryCount: number;
  retryLimit: number;
  /** This attempt is the last: when it throws, the job fails for good. */
  lastAttempt: boolean;
}

/** A job as the queue holds it (for logs and tests). */
export interface JobSnapshot {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  completedOn: Date | null;
  /** The message of the last failed attempt (null when none failed or it has since succeeded). */
  lastError: string | null;
}

export interface JobQueue {
  /** Creates the queue, or updates its policy when it exists (idempotent). Before send, work or schedule. */
  define(def: JobQueueDef): Promise<void>;
  /**
   * Queues one job; `startAfter` defers it; on a 'short' queue a second send with the same
   * `singletonKey` while the first waits answers null instead of a new job. With `in`, the job is
   * written through that open transaction (database.transaction's query): it exists exactly when
   * the transaction commits, so work and its follow-up job are never half done. Answers the job id (a uuid).
   */
  send<T extends object>(name: string, data: T, opts?: { startAfter?: Date; singletonKey?: string; in?: Query }): Promise<string | null>;
  /**
   * Runs `handler` for the queue's jobs, one at a time on this server; a throw fails the attempt
   * (retried per the queue's policy; its message kept on the job). Polls every
   * `pollingIntervalSeconds` of startJobQueue while the queue is empty.
   */
  work<T extends object>(name: string, handler: (job: JobAttempt<T>) => Promise<void>): Promise<void>;
  /** Sends a job to the queue on a cron schedule in MYT (`'*\/15 * * * *'`: every 15 minutes); one schedule per queue. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** The cron schedules, one per queue that has one (cron text and its time zone). */
  schedules(): Promise<{ name: string; cron: string; timeZone: string }[]>;
  /** The job, or null when unknown (or already deleted by retention). */
  job(name: string, id: string): Promise<JobSnapshot | null>;
  /**
   * Stops polling and waits for the attempts in progress to finish and be recorded (up to
   * `timeoutMs`, default 10 s; an attempt still running then is retried after it expires).
   */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  /** Seconds between polls of each worker (pg-boss minimum 0.5; default 2). */
  pollingIntervalSeconds?: number;
  /** Seconds between cron checks (default 30; tests shorten it). */
  cronCheckSeconds?: number;
}

/**
 * Starts the queue on `database` (creating or upgrading the pgboss schema first). Errors pg-boss
 * meets in the background (a failed poll, a lost connection) are reported as process warnings and
 * retried on the next poll; they never end the process. Throws when the schema cannot be created.
 */
export async function startJobQueue(database: Database, opts: JobQueueOptions = {}): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    supervise: true,
    schedule: true,
    migrate: true,
    ...(opts.cronCheckSeconds ? { cronMonitorIntervalSeconds: opts.cronCheckSeconds, cronWorkerIntervalSeconds: opts.cronCheckSeconds } : {}),
  });
  const warn = (message: string) => process.emitWarning(`job queue: ${message}`, 'JobQueueWarning');
  boss.on('error', (err: Error) => warn(err.message));
  await boss.start();
  const pollMs = Math.max(500, (opts.pollingIntervalSeconds ?? 2) * 1000);
  const loops: Promise<void>[] = [];
  const sleepers = new Set<() => void>();
  let stopping = false;
  /** Waits `ms`, or less when stop() wakes the loops. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  return {
    async define(def) {
      const policy = {
        name: def.name,
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryBackoff,
        ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
      };
      if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, policy);
      else await boss.createQueue(def.name, { ...policy, policy: def.policy ?? 'standard' });
    },
    send: (name, data, o = {}) => {
      const tx = o.in;
      return boss.send(name, data, {
        ...(o.startAfter ? { startAfter: o.startAfter } : {}),
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
        ...(tx ? { db: { executeSql: async (text: string, values?: unknown[]) => ({ rows: await tx(text, values) }) } } : {}),
      });
    },
    work(name, handler) {
      // Our own loop over fetch/complete/fail rather than pg-boss's work(): its graceful stop can
      // resolve before the completion of the attempt in progress is written (seen on PostgreSQL).
      loops.push(
        (async () => {
          while (!stopping) {
            let fetched: PgBoss.JobWithMetadata<never>[] = [];
            try {
              fetched = (await boss.fetch<never>(name, { batchSize: 1, includeMetadata: true })) ?? [];
            } catch (err) {
              warn(`fetch from ${name} failed: ${(err as Error).message}`);
            }
            for (const j of fetched) {
              try {
                await handler({ id: j.id, data: j.data, retryCount: j.retryCount, retryLimit: j.retryLimit, lastAttempt: j.retryCount >= j.retryLimit });
                await boss.complete(name, j.id);
              } catch (err) {
                await boss.fail(name, j.id, { message: String((err as Error)?.message ?? err).slice(0, 500) }).catch((e: Error) => warn(`fail of ${name} ${j.id}: ${e.message}`));
              }
            }
            if (fetched.length === 0 && !stopping) await pause(pollMs);
          }
        })(),
      );
      return Promise.resolve();
    },
    schedule: (name, cron, data) => boss.schedule(name, cron, data ?? {}, { tz: SCHEDULE_TIME_ZONE }),
    schedules: async () => (await boss.getSchedules()).map((s) => ({ name: s.name, cron: s.cron, timeZone: s.options?.tz ?? 'UTC' })),
    async job(name, id) {
      const j = await boss.getJobById(name, id);
      if (!j) return null;
      const output = j.output as { message?: unknown } | null;
      const lastError = j.state !== 'completed' && typeof output?.message === 'string' ? output.message : null;
      return { id: j.id, state: j.state, retryCount: j.retryCount, retryLimit: j.retryLimit, createdOn: j.createdOn, completedOn: j.completedOn, lastError };
    },
    async stop(timeoutMs = 10_000) {
      if (stopping) return;
      stopping = true;
      for (const wake of sleepers) wake();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(loops), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      await boss.stop({ graceful: false, close: false });
    },
  };
}

/**
 * The background job queue (docs/ARCHITECTURE.md "Background jobs"): pg-boss 10
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
 *
 * Failing for good is part of every queue's declaration (`work`'s third argument): a job whose
 * last attempt throws, or whose last attempt outlives its expiry, must not leave its record in a
 * working state for ever. Each queue has a dead-letter queue (`deadLetterOf`): pg-boss copies a
 * job that fails for good there, data and error, in the statement that fails it (plans.js
 * failJobs), so a crash between the failure and the record's update loses nothing; the
 * dead-letter worker then calls the queue's `failedForGood`, or warns for a queue with no record.
 *
 * The scheduler log (issue 30 item 1, log source SCHEDULER): every attempt of every job, the
 * dead-letter queues' included, writes one entry to the log store when it ends — queue, job id,
 * attempt n of m, start and end, duration, outcome COMPLETED (level 1), RETRY (threw, will be tried
 * again; 5) or FAILED (threw on its last attempt; 9) and the error; a job failing for good writes
 * one more, level 9, from the dead-letter worker (outcome DEAD_LETTER), and the queue's own
 * trouble (a failed poll, a failure that could not be recorded) a level-5 entry. The store is
 * the database's (`logStoreOf({ database })`), so no caller passes it; those warnings also go
 * to stdout (server-log.ts).
 *
 * Request ids: `send` stamps the current request id (request-context.ts) into the job's data under
 * JOB_REQUEST_ID_KEY; each attempt runs inside runWithRequestContext with that id (or
 * `job:<jobId>` for a job sent outside any request: a schedule's), so what the handler does — a
 * provider call, a log entry, a job it sends — names the request that caused it, and so does the
 * attempt's scheduler entry. The key is taken out of the data before the handler (and
 * failedForGood) sees it: handlers' typed data is what was sent.
 */
import { performance } from 'node:perf_hooks';
import PgBoss from 'pg-boss';
import type { LogLevel } from '@paydesk/domain';
import type { Database, Query } from '../db/client.ts';
import { logStoreOf } from './log-store.ts';
import { currentRequestId, runWithRequestContext } from './request-context.ts';
import { serverLog } from './server-log.ts';

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

/**
 * What a queue's record becomes when one of its jobs fails for good (the last attempt threw or
 * outlived its expiry). `failedForGood(data, message)` gets the job's data and the last error
 * message; it marks the record failed with the error, leaves a way to retry, and is idempotent
 * (it may run more than once, and must not touch a record already finished). A queue with no
 * record (a schedule whose next tick does the work again) says why in `noRecord`.
 */
export type WhenFailedForGood<T> = { failedForGood: (data: T, message: string) => Promise<void> } | { noRecord: string };

/** A queue this server works and what its failures do (for tests and logs). */
export interface WorkedQueue {
  name: string;
  /** The queue its jobs go to when they fail for good. */
  deadLetter: string;
  /** 'record': a failedForGood marks a record; otherwise the stated reason why there is none. */
  whenFailed: { record: true } | { record: false; reason: string };
}

/** The dead-letter queue of queue `name`, where pg-boss copies a job that fails for good. */
export const deadLetterOf = (name: string): string => `${name}-failed`;

/**
 * The key of a job's data reserved for the id of the request that sent it (set by `send`, taken
 * out before the handler runs). A caller's own value under this key is replaced.
 */
export const JOB_REQUEST_ID_KEY = '_requestId';

/**
 * `data` with the current request id stamped under JOB_REQUEST_ID_KEY (unchanged outside a
 * request, or when `data` is an array).
 */
export function stampRequestId<T extends object>(data: T, requestId: string | null = currentRequestId()): T {
  if (!requestId || Array.isArray(data)) return data;
  return { ...data, [JOB_REQUEST_ID_KEY]: requestId };
}

/** A job's data without JOB_REQUEST_ID_KEY, and the request id it carried (null when none). */
export function unstampRequestId<T>(data: T): { data: T; requestId: string | null } {
  if (!data || typeof data !== 'object' || Array.isArray(data) || !(JOB_REQUEST_ID_KEY in data)) return { data, requestId: null };
  const { [JOB_REQUEST_ID_KEY]: stamped, ...rest } = data as Record<string, unknown>;
  return { data: rest as T, requestId: typeof stamped === 'string' && stamped ? stamped : null };
}

/** The outcome of one attempt in the scheduler log: COMPLETED, RETRY (threw, will be tried again) or FAILED (threw on its last attempt). */
export type AttemptOutcome = 'COMPLETED' | 'RETRY' | 'FAILED';

/** The scheduler log's level of an attempt's outcome: 1 info, 5 warning, 9 exception. */
export const attemptLevel = (outcome: AttemptOutcome): LogLevel => (outcome === 'COMPLETED' ? 1 : outcome === 'RETRY' ? 5 : 9);

export interface JobQueue {
  /**
   * Creates the queue and its dead-letter queue (deadLetterOf), or updates their policy when they
   * exist (idempotent). Before send, work or schedule.
   */
  define(def: JobQueueDef): Promise<void>;
  /**
   * Queues one job; `startAfter` defers it; on a 'short' queue a second send with the same
   * `singletonKey` while the first waits answers null instead of a new job. With `in`, the job is
   * written through that open transaction (database.transaction's query): it exists exactly when
   * the transaction commits, so work and its follow-up job are never half done. Answers the job id (a uuid).
   * The current request id is stamped into the data (JOB_REQUEST_ID_KEY; see the file's note).
   */
  send<T extends object>(name: string, data: T, opts?: { startAfter?: Date; singletonKey?: string; in?: Query }): Promise<string | null>;
  /**
   * Runs `handler` for the queue's jobs, one at a time on this server; a throw fails the attempt
   * (retried per the queue's policy; its message kept on the job). While the queue is empty its
   * loop waits for the one probe of every idle queue, every `pollingIntervalSeconds` of
   * startJobQueue. `whenFailed` is required:
   * the worker of the dead-letter queue calls its failedForGood (a throw retries it as often as
   * the queue retries its jobs, then warns that the record could not be marked), or, for a queue
   * with no record, warns with the job's error and the stated reason. Each attempt runs in the
   * request context of the job's request id and writes its scheduler log entry when it ends.
   */
  work<T extends object>(name: string, handler: (job: JobAttempt<T>) => Promise<void>, whenFailed: WhenFailedForGood<T>): Promise<void>;
  /** The queues worked on this server, in the order work was called. */
  worked(): WorkedQueue[];
  /**
   * Test seam (fault injection): while set, every attempt of queue `name` on this server throws
   * Error(`message`) before its handler runs; null removes it. Nothing in the app sets it.
   */
  injectFault(name: string, message: string | null): void;
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
  /** Seconds between probes for waiting jobs (one statement for every idle queue; minimum 0.5; default 2). */
  pollingIntervalSeconds?: number;
  /** Seconds between cron checks (default 30; tests shorten it). */
  cronCheckSeconds?: number;
  /** Seconds between pg-boss's maintenance runs, which fail expired attempts (default 120; tests shorten it). */
  maintenanceSeconds?: number;
}

/**
 * Starts the queue on `database` (creating or upgrading the pgboss schema first). Errors pg-boss
 * meets in the background (a failed poll, a lost connection) are written to the scheduler log
 * (level 5) and stdout (server-log.ts) and retried on the next poll; they never end the process.
 * Attempts write the scheduler log to `logStoreOf({ database })` (see the file's note). Throws
 * when the schema cannot be created.
 */
export async function startJobQueue(database: Database, opts: JobQueueOptions = {}): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    supervise: true,
    schedule: true,
    migrate: true,
    ...(opts.cronCheckSeconds ? { cronMonitorIntervalSeconds: opts.cronCheckSeconds, cronWorkerIntervalSeconds: opts.cronCheckSeconds } : {}),
    ...(opts.maintenanceSeconds ? { maintenanceIntervalSeconds: opts.maintenanceSeconds } : {}),
  });
  const store = logStoreOf({ database });
  /**
   * The queue's own trouble, or a job failing for good: one SCHEDULER entry (level 5 warning, 9
   * exception) and one stdout line. `operation` is the queue concerned, when one is.
   */
  const warn = (message: string, o: { level?: LogLevel; operation?: string; outcome?: string; attributes?: Record<string, unknown> } = {}) => {
    const level = o.level ?? 5;
    const fields = { component: 'job-queue', ...(o.operation ? { queue: o.operation } : {}), ...o.attributes };
    if (level >= 9) serverLog.error(fields, `job queue: ${message}`);
    else serverLog.warn(fields, `job queue: ${message}`);
    store.write({
      at: new Date(), source: 'SCHEDULER', level, message, requestId: currentRequestId(),
      operation: o.operation ?? 'job-queue', outcome: o.outcome ?? null, attributes: o.attributes ?? null,
    });
  };
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

  /**
   * The idle queues' loops, each waiting to be told its queue has work. One probe per interval
   * asks which of them have jobs waiting, instead of a pg-boss fetch per queue per interval: with
   * about thirty queues (each with its dead-letter queue) an idle server sent ~15 fetch
   * statements a second, each a locking CTE and UPDATE, for nothing (bench/api.bench.ts counted
   * 222 during 22,000 requests on PGlite, the largest database cost of a request there).
   */
  const idle = new Map<string, () => void>();
  /** Waits until the probe finds jobs waiting on `name`, or stop() wakes the loops. */
  const untilWork = (name: string) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        idle.delete(name);
        sleepers.delete(wake);
        resolve();
      };
      idle.set(name, wake);
      sleepers.add(wake);
    });
  // Uses pg-boss's partial index job_i5 (name, start_after) WHERE state < 'active'. No time
  // condition: a job deferred to later (a retry's backoff) wakes its loop, whose fetch then finds
  // nothing, as every poll did before; the database's clock stays pg-boss's own.
  const PROBE = `SELECT DISTINCT name FROM pgboss.job WHERE name = ANY($1::text[]) AND state < 'active'`;
  loops.push(
    (async () => {
      while (!stopping) {
        await pause(pollMs);
        if (stopping || idle.size === 0) continue;
        try {
          const rows = await database.query<{ name: string }>(PROBE, [[...idle.keys()]]);
          for (const r of rows) idle.get(r.name)?.();
        } catch (err) {
          warn(`probe of the queues failed: ${(err as Error).message}`);
        }
      }
    })(),
  );

  const worked: WorkedQueue[] = [];
  const faults = new Map<string, string>();
  const errorText = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 500);
  /** One attempt's scheduler log entry (see the file's note); `error` is null when it completed. */
  const logAttempt = (name: string, j: PgBoss.JobWithMetadata<never>, startedAt: Date, elapsedMs: number, error: unknown) => {
    const outcome: AttemptOutcome = error === null ? 'COMPLETED' : j.retryCount >= j.retryLimit ? 'FAILED' : 'RETRY';
    const durationMs = Math.round(elapsedMs);
    const endedAt = new Date(startedAt.getTime() + durationMs);
    const attempt = `${j.retryCount + 1} of ${j.retryLimit + 1}`;
    const message = error === null ? null : errorText(error);
    store.write({
      at: endedAt,
      source: 'SCHEDULER',
      level: attemptLevel(outcome),
      requestId: currentRequestId(),
      message: `${name} job ${j.id} attempt ${attempt}: ${outcome}${message === null ? '' : `: ${message}`}`,
      operation: name,
      outcome,
      durationMs,
      attributes: {
        queue: name, jobId: j.id, attempt: j.retryCount + 1, attempts: j.retryLimit + 1,
        startedAt: startedAt.toISOString(), endedAt: endedAt.toISOString(), durationMs, ...(message === null ? {} : { error: message }),
      },
    });
  };
  /**
   * Polls `name` and hands each job to `run` with its data (the request id taken out), inside the
   * request context of the job's request id; a throw fails the attempt with `failure`'s output
   * (default: its message and the job id, which pg-boss copies to the dead-letter job). Every
   * attempt's end is logged (logAttempt).
   */
  const loop = (
    name: string,
    run: (j: PgBoss.JobWithMetadata<never>, data: unknown) => Promise<void>,
    failure: (j: PgBoss.JobWithMetadata<never>, err: unknown) => object = (j, err) => ({ message: errorText(err), jobId: j.id }),
  ) =>
    // Our own loop over fetch/complete/fail rather than pg-boss's work(): its graceful stop can
    // resolve before the completion of the attempt in progress is written (seen on PostgreSQL).
    loops.push(
      (async () => {
        while (!stopping) {
          let fetched: PgBoss.JobWithMetadata<never>[] = [];
          try {
            fetched = (await boss.fetch<never>(name, { batchSize: 1, includeMetadata: true })) ?? [];
          } catch (err) {
            warn(`fetch from ${name} failed: ${(err as Error).message}`, { operation: name });
          }
          for (const j of fetched) {
            const { data, requestId } = unstampRequestId<unknown>(j.data);
            await runWithRequestContext({ requestId: requestId ?? `job:${j.id}` }, async () => {
              const startedAt = new Date();
              const t0 = performance.now();
              let error: unknown = null;
              try {
                await run(j, data);
                await boss.complete(name, j.id);
              } catch (err) {
                error = err ?? new Error('the attempt failed');
                await boss.fail(name, j.id, failure(j, err)).catch((e: Error) => warn(`fail of ${name} ${j.id}: ${e.message}`, { operation: name, attributes: { jobId: j.id } }));
              }
              logAttempt(name, j, startedAt, performance.now() - t0, error);
            });
          }
          if (fetched.length === 0 && !stopping) await untilWork(name);
        }
      })(),
    );

  return {
    async define(def) {
      const policy = {
        name: def.name,
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryBackoff,
        ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
      };
      // The dead-letter queue first: the queue's dead_letter column references it. No retry policy
      // of its own: pg-boss gives each copy the retry limit of the job it copies, and no delay.
      const dead = deadLetterOf(def.name);
      if (!(await boss.getQueue(dead))) await boss.createQueue(dead, { name: dead, policy: 'standard' });
      if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, { ...policy, deadLetter: dead });
      else await boss.createQueue(def.name, { ...policy, deadLetter: dead, policy: def.policy ?? 'standard' });
    },
    send: (name, data, o = {}) => {
      const tx = o.in;
      return boss.send(name, stampRequestId(data), {
        ...(o.startAfter ? { startAfter: o.startAfter } : {}),
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
        ...(tx ? { db: { executeSql: async (text: string, values?: unknown[]) => ({ rows: await tx(text, values) }) } } : {}),
      });
    },
    work<T extends object>(name: string, handler: (job: JobAttempt<T>) => Promise<void>, whenFailed: WhenFailedForGood<T>) {
      const dead = deadLetterOf(name);
      worked.push({ name, deadLetter: dead, whenFailed: 'failedForGood' in whenFailed ? { record: true } : { record: false, reason: whenFailed.noRecord } });
      loop(name, async (j, data) => {
        const fault = faults.get(name);
        if (fault !== undefined) throw new Error(fault);
        await handler({ id: j.id, data: data as T, retryCount: j.retryCount, retryLimit: j.retryLimit, lastAttempt: j.retryCount >= j.retryLimit });
      });
      // pg-boss keeps the last attempt's output: our `fail` message, or its own timeout text under `value`.
      const failedWith = (j: PgBoss.JobWithMetadata<never>) => {
        const output = j.output as { message?: unknown; value?: { message?: unknown } } | null;
        return String(output?.message ?? output?.value?.message ?? 'the job failed for good').slice(0, 1000);
      };
      // The failed job's id, when our `fail` wrote it (an attempt that expired has pg-boss's output only).
      const failedJobId = (j: PgBoss.JobWithMetadata<never>) => {
        const id = (j.output as { jobId?: unknown } | null)?.jobId;
        return typeof id === 'string' ? id : null;
      };
      const deadLetterEntry = (j: PgBoss.JobWithMetadata<never>, message: string) =>
        warn(message, { level: 9, operation: name, outcome: 'DEAD_LETTER', attributes: { queue: name, jobId: failedJobId(j), deadLetterJobId: j.id, error: failedWith(j) } });
      loop(
        dead,
        async (j, data) => {
          if (!('failedForGood' in whenFailed)) return deadLetterEntry(j, `a ${name} job failed for good (${whenFailed.noRecord}): ${failedWith(j)}`);
          // pg-boss gives the dead-letter job the retry limit of the job it copies (and no delay).
          await whenFailed.failedForGood(data as T, failedWith(j)).catch((err: Error) => {
            if (j.retryCount >= j.retryLimit) deadLetterEntry(j, `the record of a failed ${name} job could not be marked failed: ${err.message}`);
            throw err;
          });
          deadLetterEntry(j, `a ${name} job failed for good, its record marked failed: ${failedWith(j)}`);
        },
        // A retry of the dead-letter job must still carry the job's own error (and id), not failedForGood's.
        (j, err) => ({ message: failedWith(j), jobId: failedJobId(j), failedForGoodError: errorText(err) }),
      );
      return Promise.resolve();
    },
    worked: () => worked.map((w) => ({ ...w })),
    injectFault(name, message) {
      if (message === null) faults.delete(name);
      else faults.set(name, message);
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
      // The last attempts' scheduler entries, stored before the caller closes the database.
      await store.flush();
    },
  };
}

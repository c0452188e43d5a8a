/**
 * The job queue (platform/jobs.ts) on each database: pg-boss in the portal's own
 * database, embedded PGlite included. Jobs run once with their data, failed attempts are retried
 * up to the queue's limit and the handler knows its last attempt, a job that fails for good (thrown
 * or expired on its last attempt) reaches the queue's failedForGood through its dead-letter queue,
 * a job is worked by one of two servers sharing the database, an idle server sends one probe per
 * interval for all its queues instead of a fetch per queue, and stop waits for the attempt in progress.
 * Every attempt writes one scheduler log entry (issue 30) and runs in the request context of the
 * request that sent its job; a job failing for good is a level-9 entry and a server log line.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { JOB_REQUEST_ID_KEY, deadLetterOf, startJobQueue, type JobAttempt, type JobQueue } from '../../src/platform/jobs.ts';
import { logStoreOf } from '../../src/platform/log-store.ts';
import { currentRequestId, runWithRequestContext } from '../../src/platform/request-context.ts';
import { tapServerLog } from '../../src/platform/server-log.ts';
import { DATABASES, freshPostgres } from './harness.ts';

const POLL = { pollingIntervalSeconds: 0.5 };
const NO_RECORD = { noRecord: 'a test queue' };
const until = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 30_000, interval: 100 });

describe.each(DATABASES)('job queue on %s', (kind) => {
  let database: Database;
  let second: Database;
  let drop: (() => Promise<void>) | undefined;
  let jobs: JobQueue;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const fresh = await freshPostgres();
      drop = fresh.drop;
      database = await openDatabase(fresh.url);
      // A second server's own pool on the same database.
      second = await openDatabase(fresh.url);
    } else {
      database = await openDatabase('memory://');
      second = database;
    }
    jobs = await startJobQueue(database, POLL);
  }, 120_000);
  afterAll(async () => {
    await jobs?.stop();
    if (second !== database) await second?.close();
    await database?.close();
    await drop?.();
  });

  it('runs a job once with its data and records it completed', async () => {
    await jobs.define({ name: 'once', retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false });
    const seen: JobAttempt<{ refundId: number; note: string }>[] = [];
    await jobs.work<{ refundId: number; note: string }>('once', async (job) => {
      seen.push(job);
    }, NO_RECORD);
    const data = { refundId: 41, note: 'tab\there, quote \' and 漢字' };
    const id = await jobs.send('once', data);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(async () => expect((await jobs.job('once', id!))?.state).toBe('completed'));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, data, retryCount: 0, retryLimit: 2, lastAttempt: false });
  });

  it('retries a failing attempt with backoff until it succeeds, and marks only the final allowed attempt as the last', async () => {
    await jobs.define({ name: 'flaky', retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true });
    const attempts: { retryCount: number; lastAttempt: boolean }[] = [];
    await jobs.work<{ n: number }>('flaky', async (job) => {
      attempts.push({ retryCount: job.retryCount, lastAttempt: job.lastAttempt });
      if (attempts.length < 3) throw new Error('receiver answered 503');
    }, NO_RECORD);
    const id = await jobs.send('flaky', { n: 1 });
    await until(async () => expect((await jobs.job('flaky', id!))?.state).toBe('completed'));
    expect(attempts).toEqual([{ retryCount: 0, lastAttempt: false }, { retryCount: 1, lastAttempt: false }, { retryCount: 2, lastAttempt: false }]);
    expect((await jobs.job('flaky', id!))).toMatchObject({ retryCount: 2, lastError: null });
  }, 60_000);

  it('fails a job for good after its retry limit, the handler told which attempt was the last, and hands it to failedForGood (retried when that throws)', async () => {
    await jobs.define({ name: 'doomed', retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false });
    const attempts: boolean[] = [];
    const failed: [{ fileId: number }, string][] = [];
    let refusals = 0;
    await jobs.work<{ fileId: number }>('doomed', async (job) => {
      attempts.push(job.lastAttempt);
      throw new Error('receiver unreachable');
    }, {
      failedForGood: async (data, message) => {
        // pg-boss gives the dead-letter job the retry limit of the job (1 here): one refusal is retried.
        if (refusals++ === 0) throw new Error('database busy');
        failed.push([data, message]);
      },
    });
    const id = await jobs.send('doomed', { fileId: 28 });
    await until(async () => expect((await jobs.job('doomed', id!))?.state).toBe('failed'));
    expect(attempts).toEqual([false, true]);
    expect((await jobs.job('doomed', id!))?.lastError).toBe('receiver unreachable');
    await until(() => expect(failed).toEqual([[{ fileId: 28 }, 'receiver unreachable']]));
    expect(refusals).toBe(2);
    expect(jobs.worked().find((w) => w.name === 'doomed')).toEqual({ name: 'doomed', deadLetter: deadLetterOf('doomed'), whenFailed: { record: true } });
  }, 60_000);

  it('hands an attempt that outlives its expiry on the last try to failedForGood', async () => {
    const queue = await startJobQueue(database, { ...POLL, maintenanceSeconds: 1 });
    let release!: () => void;
    const hung = new Promise<void>((r) => (release = r));
    try {
      await queue.define({ name: 'stuck', retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 1 });
      const failed: string[] = [];
      await queue.work<{ fileId: number }>('stuck', () => hung, { failedForGood: async (data, message) => void failed.push(`${data.fileId}: ${message}`) });
      const id = await queue.send('stuck', { fileId: 7 });
      await until(async () => expect((await queue.job('stuck', id!))?.state).toBe('failed'));
      await until(() => expect(failed).toEqual(['7: job failed by timeout in active state']));
    } finally {
      release();
      await queue.stop();
    }
  }, 60_000);

  it('reports a job of a queue without a record failing for good with the stated reason: a level-9 scheduler entry and a server log line', async () => {
    await jobs.define({ name: 'tick', retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false });
    const lines: Record<string, unknown>[] = [];
    const untap = tapServerLog((line) => void lines.push(line));
    const expected = 'a tick job failed for good (the next tick does it again): database restarting';
    try {
      await jobs.work('tick', async () => {
        throw new Error('database restarting');
      }, { noRecord: 'the next tick does it again' });
      const id = await jobs.send('tick', {});
      await until(() => expect(lines.map((l) => l.msg)).toContain(`job queue: ${expected}`));
      expect(lines.find((l) => l.msg === `job queue: ${expected}`)).toMatchObject({ level: 50, component: 'job-queue', queue: 'tick' });
      expect(jobs.worked().find((w) => w.name === 'tick')?.whenFailed).toEqual({ record: false, reason: 'the next tick does it again' });
      await until(async () => {
        await logStoreOf({ database }).flush();
        const rows = await database.query<Record<string, unknown>>(
          `SELECT level, outcome, message, attributes->>'jobId' AS job_id FROM log_entries WHERE source = 'SCHEDULER' AND operation = 'tick' AND outcome = 'DEAD_LETTER'`,
        );
        expect(rows).toEqual([{ level: 9, outcome: 'DEAD_LETTER', message: expected, job_id: id }]);
      });
    } finally {
      untap();
    }
  }, 60_000);

  it('writes one scheduler entry per attempt (RETRY 5, FAILED 9, COMPLETED 1) and runs each attempt in the request context of the request that sent it', async () => {
    await jobs.define({ name: 'traced', retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false });
    const seen: { data: unknown; requestId: string | null }[] = [];
    await jobs.work<{ n: number }>('traced', async (job) => {
      seen.push({ data: job.data, requestId: currentRequestId() });
      if (job.data.n === 1 && job.retryCount < 2) throw new Error(`refused ${job.retryCount + 1}`);
      if (job.data.n === 2) throw new Error('always refused');
    }, NO_RECORD);
    const sent = await runWithRequestContext({ requestId: 'req-0123456789' }, () => jobs.send('traced', { n: 1 }));
    const unsent = await jobs.send('traced', { n: 2 });
    // The request id travels in the job's data under the reserved key, and the handler never sees it.
    const [stored] = await database.query<{ data: Record<string, unknown> }>(`SELECT data FROM pgboss.job WHERE id = $1`, [sent]);
    expect(stored!.data).toEqual({ n: 1, [JOB_REQUEST_ID_KEY]: 'req-0123456789' });
    const entriesOf = async (id: string) => {
      await logStoreOf({ database }).flush();
      return database.query<{ level: number; outcome: string; request_id: string; attempt: string; duration_ms: number; error: string | null; started: string; ended: string }>(
        `SELECT level, outcome, request_id, attributes->>'attempt' AS attempt, duration_ms, attributes->>'error' AS error,
                attributes->>'startedAt' AS started, attributes->>'endedAt' AS ended
         FROM log_entries WHERE source = 'SCHEDULER' AND operation = 'traced' AND attributes->>'jobId' = $1 ORDER BY at, id`,
        [id],
      );
    };
    await until(async () => expect((await entriesOf(sent!)).map((e) => e.outcome)).toEqual(['RETRY', 'RETRY', 'COMPLETED']));
    await until(async () => expect((await entriesOf(unsent!)).map((e) => e.outcome)).toEqual(['RETRY', 'RETRY', 'FAILED']));
    const ok = await entriesOf(sent!);
    expect(ok.map((e) => [e.level, e.attempt, e.request_id, e.error])).toEqual([
      [5, '1', 'req-0123456789', 'refused 1'], [5, '2', 'req-0123456789', 'refused 2'], [1, '3', 'req-0123456789', null],
    ]);
    for (const e of ok) expect(Date.parse(e.ended) - Date.parse(e.started)).toBe(e.duration_ms);
    // Sent outside any request: the job's own id stands in.
    const failed = await entriesOf(unsent!);
    expect(failed.map((e) => [e.level, e.request_id])).toEqual([[5, `job:${unsent}`], [5, `job:${unsent}`], [9, `job:${unsent}`]]);
    expect(seen.filter((x) => (x.data as { n: number }).n === 1)).toEqual(Array(3).fill({ data: { n: 1 }, requestId: 'req-0123456789' }));
    expect(seen.filter((x) => (x.data as { n: number }).n === 2)).toEqual(Array(3).fill({ data: { n: 2 }, requestId: `job:${unsent}` }));
  }, 60_000);

  it('keeps one waiting job per singleton key on a short queue', async () => {
    await jobs.define({ name: 'single', retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, policy: 'short' });
    const first = await jobs.send('single', { v: 1 }, { singletonKey: 'refund-7', startAfter: new Date(Date.now() + 3_600_000) });
    const again = await jobs.send('single', { v: 2 }, { singletonKey: 'refund-7' });
    const other = await jobs.send('single', { v: 3 }, { singletonKey: 'refund-8', startAfter: new Date(Date.now() + 3_600_000) });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(other).not.toBeNull();
    expect((await jobs.job('single', first!))?.state).toBe('created');
  });

  it('works each job on exactly one of two servers sharing the database', async () => {
    const other = await startJobQueue(second, POLL);
    try {
      await jobs.define({ name: 'shared', retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false });
      const runs = new Map<string, string[]>();
      const handler = (server: string) => async (job: JobAttempt<{ i: number }>) => {
        runs.set(job.id, [...(runs.get(job.id) ?? []), server]);
      };
      await jobs.work('shared', handler('a'), NO_RECORD);
      await other.work('shared', handler('b'), NO_RECORD);
      const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => jobs.send('shared', { i })));
      await until(async () => {
        for (const id of ids) expect((await jobs.job('shared', id!))?.state).toBe('completed');
      });
      expect([...runs.keys()].sort()).toEqual([...ids].sort());
      for (const servers of runs.values()) expect(servers).toHaveLength(1);
    } finally {
      await other.stop();
    }
  }, 60_000);

  it('asks the database once per interval which idle queues have work, and fetches only from those', async () => {
    // Every statement the queue sends, through a wrapped database (pg-boss's fetch goes through
    // executeSql, the probe through query).
    const fetches: string[] = [];
    const probes: string[][] = [];
    const counted: Database = {
      ...database,
      query: (async (text: string, params?: unknown[]) => {
        if (/FROM pgboss\.job WHERE name = ANY/.test(text)) probes.push([...(params![0] as string[])].sort());
        return database.query(text, params);
      }) as Database['query'],
      executeSql: async (text, values) => {
        if (/FOR UPDATE SKIP LOCKED/.test(text) && typeof values?.[0] === 'string') fetches.push(values[0]);
        return database.executeSql(text, values);
      },
    };
    const queue = await startJobQueue(counted, POLL);
    const names = ['idle-a', 'idle-b', 'idle-c', 'idle-d', 'idle-e'];
    const loops = names.flatMap((n) => [n, deadLetterOf(n)]).sort();
    const ran: string[] = [];
    for (const name of names) {
      await queue.define({ name, retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false });
      await queue.work(name, async () => void ran.push(name), NO_RECORD);
    }
    try {
      // Each loop fetches once at start, then waits: three probes later, every loop is idle and
      // none has fetched again.
      await until(() => expect(probes.filter((p) => p.length === loops.length).length).toBeGreaterThanOrEqual(3));
      expect(probes.at(-1)).toEqual(loops);
      expect(fetches.filter((n) => loops.includes(n)).sort()).toEqual(loops);

      // A job wakes its queue's loop only: one fetch that takes it, one that finds the queue empty.
      await queue.send('idle-c', {});
      await until(() => expect(ran).toEqual(['idle-c']));
      const probesBefore = probes.length;
      await until(() => expect(probes.length).toBeGreaterThan(probesBefore + 1));
      expect(fetches.filter((n) => loops.includes(n)).sort()).toEqual([...loops, 'idle-c', 'idle-c'].sort());
    } finally {
      await queue.stop();
    }
  }, 60_000);

  it('stops after the attempt in progress has finished', async () => {
    const queue = await startJobQueue(database, POLL);
    await queue.define({ name: 'slow', retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false });
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      void queue.work('slow', async () => {
        resolve();
        await new Promise<void>((r) => (release = r));
      }, NO_RECORD);
    });
    const id = await queue.send('slow', {});
    await started;
    const stopping = queue.stop();
    release();
    await stopping;
    expect((await jobs.job('slow', id!))?.state).toBe('completed');
  }, 60_000);
});

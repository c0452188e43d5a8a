/**
 * The sweep of remembered message ids (door.ts): ids older than INGEST_MESSAGE_KEEP_MS go, every
 * 10 minutes. A replay of an older message is refused for its timestamp anyway.
 */
import type { Database } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue, JobQueueDef } from '../../platform/jobs.ts';
import { INGEST_MESSAGE_KEEP_MS } from './door.ts';

/** Deletes the message ids older than INGEST_MESSAGE_KEEP_MS before `now`; answers how many. */
export async function sweepIngestMessages(database: Database, now: Date): Promise<number> {
  const gone = await database.query<{ n: number }>(`WITH d AS (DELETE FROM ingest_messages WHERE received_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM d`, [
    new Date(now.getTime() - INGEST_MESSAGE_KEEP_MS).toISOString(),
  ]);
  return Number(gone[0]?.n ?? 0);
}

/** The sweep's queue. */
export const INGEST_MESSAGE_SWEEP_QUEUE: JobQueueDef = { name: 'ingest-message-sweep', retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, policy: 'short' };

/** Defines the queue, works it on this server and schedules it every 10 minutes. */
export async function installIngestMessageSweep(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(INGEST_MESSAGE_SWEEP_QUEUE);
  await jobs.work(INGEST_MESSAGE_SWEEP_QUEUE.name, async () => void (await sweepIngestMessages(ctx.database, ctx.now())), {
    noRecord: 'a schedule: the next run deletes what this one did not',
  });
  await jobs.schedule(INGEST_MESSAGE_SWEEP_QUEUE.name, '*/10 * * * *');
}

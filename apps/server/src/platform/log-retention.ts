/**
 * The log store's upkeep (issue 30 item 2): every hour, each source gets its partitions for
 * today and tomorrow (UTC), so the writer rarely creates one on the request path's heels, and
 * loses the days older than its LOG_RETENTION_DAYS_<SOURCE> setting (/system-setting; PCI DSS
 * 10.5.1 keeps twelve months), dropped as whole partitions.
 */
import { LOG_SOURCES, type LogSource } from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import type { AppContext } from './context.ts';
import type { JobQueue } from './jobs.ts';
import { dropExpiredLogPartitions, ensureLogPartitions, utcDay } from './log-partitions.ts';
import { liveSettings } from './settings.ts';

/**
 * Ensures today's and tomorrow's partitions of every source and drops, per source, the days past
 * `keepDays[source]` before `now`. Answers the days dropped by source (sources with none left out).
 * Throws the database's error.
 */
export async function maintainLogPartitions(database: Database, keepDays: Readonly<Record<LogSource, number>>, now: Date): Promise<Partial<Record<LogSource, string[]>>> {
  const days = [utcDay(now), utcDay(new Date(now.getTime() + 86_400_000))];
  const dropped: Partial<Record<LogSource, string[]>> = {};
  for (const source of LOG_SOURCES) {
    await ensureLogPartitions(database.query, source, days);
    const gone = await dropExpiredLogPartitions(database.query, source, keepDays[source], now);
    if (gone.length) dropped[source] = gone;
  }
  return dropped;
}

/** The upkeep's queue: hourly (MYT cron), one run waiting at a time. */
export const LOG_RETENTION_QUEUE = { name: 'log-retention', retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, policy: 'short' as const };

/** Defines the upkeep's queue, works it on this server, schedules it hourly and runs it once now. */
export async function installLogRetention(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(LOG_RETENTION_QUEUE);
  await jobs.work(
    LOG_RETENTION_QUEUE.name,
    async () => {
      const settings = await liveSettings(ctx);
      await maintainLogPartitions(ctx.database, settings.logRetentionDays, ctx.now());
    },
    { noRecord: 'a schedule: the next hourly run creates and drops what this one did not' },
  );
  await jobs.schedule(LOG_RETENTION_QUEUE.name, '13 * * * *');
  // Once at start too: a fresh server (the demo's first start) need not wait for the first tick.
  await jobs.send(LOG_RETENTION_QUEUE.name, {});
}

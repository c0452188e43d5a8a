/**
 * The terminal log files' retention (issue 30 items 2 and 3): the log store forgets a day of the
 * log file source by dropping its partition (platform/log-retention.ts), which leaves that day's
 * files on disk with no entry naming them. Every hour this sweep removes the stored files
 * (`<dataDir>/log-files/<sha256>.log`) that no entry names any more; a file younger than
 * SWEEP_GRACE_MS is kept whatever the store says, so an upload between its file's rename and its
 * entry's commit is never swept.
 */
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { LOG_FILE_SOURCE } from '@paydesk/domain';
import type { Database } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue, JobQueueDef } from '../../platform/jobs.ts';
import { LOG_FILE_DIR, LOG_FILE_EXTENSION } from './log-file-upload.ts';

/** How old an unnamed file must be before it is removed (ms). */
export const SWEEP_GRACE_MS = 3_600_000;

/** A stored log file's name: its SHA-256 and the extension (temporary names never match). */
const STORED = new RegExp(`^([0-9a-f]{64})\\.${LOG_FILE_EXTENSION}$`);

/**
 * Removes the files of `<dataDir>/log-files` that no log file entry names and that are older than
 * SWEEP_GRACE_MS before `now`; answers their SHA-256s. A missing directory is nothing to sweep.
 * Throws the database's or the file system's error.
 */
export async function sweepUnnamedLogFiles(database: Database, dataDir: string, now: Date): Promise<string[]> {
  const dir = join(dataDir, LOG_FILE_DIR);
  const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? [] : Promise.reject(e)));
  const stored = names.map((n) => STORED.exec(n)?.[1]).filter((h): h is string => h !== undefined);
  if (!stored.length) return [];
  const named = await database.query<{ sha: string }>(
    `SELECT DISTINCT attributes->>'Sha256' AS sha FROM log_entries WHERE source = $1 AND operation = 'UPLOAD' AND attributes->>'Sha256' = ANY($2)`,
    [LOG_FILE_SOURCE, stored],
  );
  const kept = new Set(named.map((r) => r.sha));
  const removed: string[] = [];
  for (const sha of stored.filter((h) => !kept.has(h))) {
    const path = join(dir, `${sha}.${LOG_FILE_EXTENSION}`);
    if (now.getTime() - (await stat(path)).mtimeMs < SWEEP_GRACE_MS) continue;
    await unlink(path);
    removed.push(sha);
  }
  return removed;
}

/** The sweep's queue: hourly, after the store's own upkeep (minute 13), one run waiting at a time. */
export const LOG_FILE_SWEEP_QUEUE: JobQueueDef = { name: 'log-file-sweep', retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, policy: 'short' };

/** Defines the sweep's queue, works it on this server and schedules it hourly. */
export async function installLogFileSweep(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(LOG_FILE_SWEEP_QUEUE);
  await jobs.work(LOG_FILE_SWEEP_QUEUE.name, async () => void (await sweepUnnamedLogFiles(ctx.database, ctx.config.dataDir, ctx.now())), {
    noRecord: 'a schedule: the next hourly run removes what this one did not',
  });
  await jobs.schedule(LOG_FILE_SWEEP_QUEUE.name, '43 * * * *');
}

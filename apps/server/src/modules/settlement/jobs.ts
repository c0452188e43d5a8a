/**
 * The settlement import on the job queue: one job per registered file,
 * `{ fileId }`; the worker streams the stored file (file-store.ts) through runSettlementImport.
 * A bad file ends FAILED at once (never retried: the same bytes would fail again); a crash or a
 * database error is retried with backoff, and each attempt starts the file over; when the job
 * fails for good (last attempt thrown or expired) the file turns FAILED (markImportFailed), and
 * uploading the same bytes again imports it anew.
 */
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue, JobQueueDef } from '../../platform/jobs.ts';
import type { Query } from '../../db/client.ts';
import { sheetFormatOf, storedRef } from './file-store.ts';
import { markImportFailed, runSettlementImport } from './import.ts';

export const SETTLEMENT_IMPORT_QUEUE: JobQueueDef = { name: 'settlement-import', retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 3600 };

export interface SettlementImportJob {
  fileId: number;
}

/** Queues the import of file `fileId` inside the transaction `q` that registered it. */
export async function enqueueSettlementImport(jobs: JobQueue, fileId: number, q: Query): Promise<string | null> {
  return jobs.send<SettlementImportJob>(SETTLEMENT_IMPORT_QUEUE.name, { fileId }, { in: q });
}

/** Runs one import job: finds the stored file of `fileId` and imports it. */
export async function workSettlementImport(ctx: AppContext, fileId: number): Promise<void> {
  const [f] = await ctx.database.query<{ file_sha256: string; file_name: string }>(`SELECT file_sha256, file_name FROM settlement_files WHERE id = $1`, [fileId]);
  if (!f) return;
  const sheet = sheetFormatOf(f.file_name) ?? 'csv';
  await runSettlementImport(ctx.database, fileId, storedRef(ctx.config.dataDir, ctx.keys.fieldKey, f.file_sha256, sheet), sheet, ctx.now);
}

/** Defines the queue and starts its worker on this server. */
export async function installSettlementJobs(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(SETTLEMENT_IMPORT_QUEUE);
  await jobs.work<SettlementImportJob>(SETTLEMENT_IMPORT_QUEUE.name, (job) => workSettlementImport(ctx, job.data.fileId), {
    failedForGood: (data, message) => markImportFailed(ctx.database, data.fileId, message, ctx.now()),
  });
}

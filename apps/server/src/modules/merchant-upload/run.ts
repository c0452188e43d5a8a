/**
 * A merchant upload's work on the job queue, one job per upload
 * `{uploadId, scope}`: the uploader's scope travels with the job, so the merchants are created
 * under exactly what the uploader could create under when the file was accepted.
 *  1. VALIDATING: the stored file is read again and every row checked (rows.ts), DoneRows moved
 *     every 250 rows. Any error: FAILED with every error; nothing is written.
 *  2. APPLYING: every merchant is created in ONE transaction (profiles/write.ts createProfile,
 *     each audited as CREATE with the upload and row, then one BULK_UPLOAD record); the upload
 *     turns DONE with the ids created in that same transaction, so the merchants exist exactly
 *     when the upload says DONE. A refusal inside (a reference gone meanwhile) rolls everything
 *     back and the upload turns FAILED naming the row. On PostgreSQL DoneRows moves every 100
 *     merchants through the pool, outside the transaction; PGlite's one connection is held by
 *     the transaction, so there the count moves at the end.
 * At least once: a job that finds its upload DONE or FAILED does nothing; a crash mid-apply
 * rolled the transaction back, and the retry starts over. A job that fails for good (its last
 * attempt threw or outlived its expiry) turns the upload FAILED ("could not be processed", the
 * queue's failedForGood: markUploadFailed); uploading the file again is the retry.
 */
import { MERCHANT_UPLOAD_MAX_ROWS } from '@paydesk/contract';
import type { GroupType, OrgLevel } from '@paydesk/domain';
import type { Database, Query } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { readStoredFile, storedSheetPath } from '../../platform/file-store.ts';
import type { JobAttempt, JobQueue, JobQueueDef } from '../../platform/jobs.ts';
import type { Scope } from '../../platform/scope.ts';
import { readSheet } from '../../platform/spreadsheet.ts';
import { createProfile } from '../profiles/write.ts';
import { checkRows, loadReferences, type RowError } from './rows.ts';

export const MERCHANT_UPLOAD_QUEUE: JobQueueDef = { name: 'merchant-upload', retryLimit: 2, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 3600 };
export const UPLOAD_DIR = 'merchant-uploads';

/** The template's bank account column keeps its digits when read (not PAN-masked): the number is sealed by createProfile and answered masked. */
export const isAccountColumn = (header: string): boolean => header === 'AccountNo';

/** Errors kept on a FAILED upload: every row of a 5,000-row file with a few columns each. */
const MAX_ERRORS = 20_000;

/** The uploader's scope as the job carries it (JSON). */
export interface UploadScope {
  userId: number;
  email: string;
  membershipId: number;
  groupType: GroupType;
  orgId: number | null;
  orgLevel: OrgLevel | null;
  orgPath: string | null;
}

export interface MerchantUploadJob {
  uploadId: number;
  scope: UploadScope;
}

export const uploadScopeOf = (s: Scope): UploadScope => ({ userId: s.userId, email: s.email, membershipId: s.membershipId, groupType: s.groupType, orgId: s.orgId, orgLevel: s.orgLevel, orgPath: s.orgPath });
const scopeFrom = (s: UploadScope): Scope => ({ ...s, sessionId: 'job:merchant-upload', permissions: new Set() });

/** A refusal of one row while applying (a reference gone since the check): rolls the file back, names the row. */
class RowRefused extends Error {
  readonly error: RowError;
  constructor(row: number, message: string) {
    super(message);
    const [field, ...rest] = message.split(': ');
    this.error = { Row: row, Field: rest.length ? field! : '-', Message: rest.length ? rest.join(': ') : message };
  }
}

/** Queues the upload's job inside the transaction `q` that registered it. */
export function enqueueMerchantUpload(jobs: JobQueue, job: MerchantUploadJob, q: Query): Promise<string | null> {
  return jobs.send<MerchantUploadJob>(MERCHANT_UPLOAD_QUEUE.name, job, { in: q });
}

const setProgress = (database: Database, id: number, done: number) => database.query(`UPDATE merchant_uploads SET done_rows = $2 WHERE id = $1`, [id, done]);

async function fail(database: Database, id: number, errors: RowError[], at: Date): Promise<void> {
  await database.query(
    `UPDATE merchant_uploads SET status = 'FAILED', error_count = $2, errors = $3::jsonb, finished_at = $4 WHERE id = $1 AND status NOT IN ('DONE', 'FAILED')`,
    [id, errors.length, JSON.stringify(errors.slice(0, MAX_ERRORS)), at],
  );
}

/** The upload left APPLYING while this attempt ran (failed for good meanwhile): its work is dropped. */
class Superseded extends Error {}

/** Runs one attempt of an upload's job (see the file comment). Throws to be retried. */
export async function runMerchantUpload(ctx: AppContext, job: JobAttempt<MerchantUploadJob>): Promise<void> {
  const { database } = ctx;
  const id = job.data.uploadId;
  const scope = scopeFrom(job.data.scope);
  try {
    const [u] = await database.query<{ file_name: string; file_sha256: string; file_format: 'csv' | 'xlsx' }>(
      `UPDATE merchant_uploads SET status = 'VALIDATING', done_rows = 0 WHERE id = $1 AND status IN ('QUEUED', 'VALIDATING', 'APPLYING') RETURNING file_name, file_sha256, file_format`,
      [id],
    );
    if (!u) return;
    const file = await readStoredFile(storedSheetPath(ctx.config.dataDir, UPLOAD_DIR, u.file_sha256, u.file_format), ctx.keys.fieldKey);
    const { rows } = await readSheet(file, `upload.${u.file_format}`, { limits: { rows: MERCHANT_UPLOAD_MAX_ROWS }, keepDigits: isAccountColumn });
    await database.query(`UPDATE merchant_uploads SET total_rows = $2 WHERE id = $1`, [id, rows.length]);
    const refs = await loadReferences(database.query, scope);
    const { merchants, errors } = await checkRows(rows, refs, (done) => setProgress(database, id, done).then(() => undefined), 250);
    if (errors.length) return await fail(database, id, errors, ctx.now());

    await database.query(`UPDATE merchant_uploads SET status = 'APPLYING', done_rows = 0 WHERE id = $1`, [id]);
    const at = ctx.now();
    try {
      await database.transaction(async (q) => {
        const ids: number[] = [];
        for (const m of merchants) {
          const made = await createProfile(q, scope, 'Merchant', m.body, ctx.keys.fieldKey, at).catch((e: unknown) => {
            throw e instanceof AppError && e.status < 500 ? new RowRefused(m.row, e.message) : e;
          });
          ids.push(made.id);
          await writeAudit(q, null, {
            action: 'CREATE', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'MerchantProfile', targetId: made.id,
            after: { Name: m.body.Name, RegNo: m.body.RegNo, ParentId: m.body.ParentId, Persons: 1, BankAccounts: 1, OnboardingStatus: 'PENDING' },
            detail: { merchantUpload: id, fileName: u.file_name, row: m.row },
          });
          if (database.kind === 'postgres' && ids.length % 100 === 0) await setProgress(database, id, ids.length);
        }
        await writeAudit(q, null, {
          action: 'BULK_UPLOAD', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'MerchantUpload', targetId: id,
          detail: { fileName: u.file_name, rows: merchants.length, created: ids.length },
        });
        // Only while still APPLYING: an attempt that outlived its expiry may finish after the queue
        // failed the job for good and marked the upload FAILED; its merchants then roll back.
        const [applied] = await q(
          `UPDATE merchant_uploads SET status = 'DONE', done_rows = $2, created_count = $2, created_ids = $3::jsonb, error_count = 0, finished_at = $4 WHERE id = $1 AND status = 'APPLYING' RETURNING id`,
          [id, ids.length, JSON.stringify(ids), ctx.now()],
        );
        if (!applied) throw new Superseded();
      });
    } catch (e) {
      // The transaction rolled back: nothing of the file was created.
      if (e instanceof Superseded) return;
      if (!(e instanceof RowRefused)) throw e;
      await fail(database, id, [e.error], ctx.now());
    }
  } catch (e) {
    // A file that cannot be read again (changed on disk) or a refusal of the reader fails at once.
    if (e instanceof AppError && e.status < 500) return fail(database, id, [{ Row: 0, Field: 'file', Message: e.message.replace(/^file: /, '') }], ctx.now());
    throw e;
  }
}

/**
 * The merchant-upload queue's failedForGood (platform/jobs.ts): upload `uploadId`, not yet DONE or
 * FAILED, turns FAILED with one error naming the file and `message` (the last attempt's error or
 * the expiry). Nothing of it was created (the apply is one transaction); the retry is a new upload.
 */
export async function markUploadFailed(ctx: AppContext, uploadId: number, message: string): Promise<void> {
  await fail(ctx.database, uploadId, [{ Row: 0, Field: 'file', Message: `the file could not be processed (${message.slice(0, 500)}); upload it again` }], ctx.now());
}

/** Defines the queue and starts its worker on this server. */
export async function installMerchantUploadJobs(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(MERCHANT_UPLOAD_QUEUE);
  await jobs.work<MerchantUploadJob>(MERCHANT_UPLOAD_QUEUE.name, (job) => runMerchantUpload(ctx, job), {
    failedForGood: (data, message) => markUploadFailed(ctx, data.uploadId, message),
  });
}

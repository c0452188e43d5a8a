/**
 * The settlement file import: register an uploaded file, then — as a job of the
 * queue — read it as a stream, stage its rows and reconcile them (match.ts).
 *  - Once: the same bytes of the same format are one file (settlement_files_once_uq); a second
 *    upload answers the first file and adds nothing. A FAILED file may be uploaded again.
 *  - Progress: rows are staged in batches (staging.ts: COPY on PostgreSQL, unnest INSERTs on
 *    PGlite) while the next batch is read, `rows_read` moved after each, so the screen can poll
 *    it; reports read DONE files only, so staged rows are never seen.
 *  - All or nothing: the first unreadable row (or a missing header, or a repeated reference)
 *    fails the file with its line, field and message, and its staged rows are deleted; the
 *    matching and the DONE status commit together. A job retried after a crash starts over.
 */
import type { Database, Query } from '../../db/client.ts';
import type { SheetLimits } from '../../platform/sheet-limits.ts';
import { SheetCellRefused } from '../../platform/sheet-cell-guard.ts';
import { streamSheetRecords } from '../../platform/sheet-stream.ts';
import { formatOf, missingHeaders } from './formats/index.ts';
import type { ProviderRow, SettlementFormat } from './formats/types.ts';
import type { StoredFile, StoredRef } from './file-store.ts';
import { ImportFailure, reconcileFile, type MatchSteps, type ResultCounts } from './match.ts';
import { openStager } from './staging.ts';

/** The limits of a settlement file: up to 2,000,000 data rows, 100 columns. */
export const SETTLEMENT_SHEET_LIMITS: SheetLimits = {
  rows: 2_000_000,
  columns: 100,
  cellChars: 2_000,
  entryBytes: 1024 * 1024 * 1024,
  totalBytes: 1536 * 1024 * 1024,
  entries: 1000,
};

/** What registering an upload answered: the file's id and whether this upload created it. */
export interface Registered {
  fileId: number;
  created: boolean;
  status: string;
  createdAt: Date;
}

/**
 * Records an upload of `format` stored as `stored` (file-store.ts) by `userId`, or answers the
 * file already holding the same bytes of that format (created false; nothing else happens).
 */
export async function registerSettlementFile(q: Query, format: SettlementFormat, fileName: string, stored: StoredFile, userId: number | null, at: Date): Promise<Registered> {
  const [made] = await q<{ id: number; status: string; created_at: Date }>(
    `INSERT INTO settlement_files (format_key, provider, kind, file_name, file_sha256, byte_size, uploaded_by_user_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (format_key, file_sha256) WHERE status <> 'FAILED' DO NOTHING
     RETURNING id, status, created_at`,
    [format.key, format.provider, format.kind, fileName, stored.sha256, stored.byteSize, userId, at],
  );
  if (made) return { fileId: Number(made.id), created: true, status: made.status, createdAt: new Date(made.created_at) };
  const [had] = await q<{ id: number; status: string; created_at: Date }>(
    `SELECT id, status, created_at FROM settlement_files WHERE format_key = $1 AND file_sha256 = $2 AND status <> 'FAILED'`,
    [format.key, stored.sha256],
  );
  return { fileId: Number(had!.id), created: false, status: had!.status, createdAt: new Date(had!.created_at) };
}

/**
 * How an import ended. DONE's phases (ms): `readMs` reading, parsing and staging (overlapped),
 * `stageMs` the time spent inside staging transactions (part of readMs), `matchMs` the matching.
 */
export type ImportOutcome =
  | { status: 'DONE'; rows: number; results: ResultCounts; readMs: number; stageMs: number; matchMs: number; matchSteps: MatchSteps }
  | { status: 'FAILED'; lineNo: number; field: string; message: string }
  | { status: 'SKIPPED'; why: string };

/** The file left READING while this attempt ran (its job failed for good meanwhile): the attempt's work is dropped. */
class Superseded extends Error {}

const mytDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Imports file `fileId` from `path` (the stored file, opened under its key; a plain path reads a
 * file as it is; format 'csv' | 'xlsx'): see the file comment.
 * `now` stamps times (UTC). Answers the outcome; a file already DONE is SKIPPED. Throws database
 * and file system errors (the job retries; the next attempt starts over).
 */
export async function runSettlementImport(database: Database, fileId: number, path: StoredRef | string, sheet: 'csv' | 'xlsx', now: () => Date): Promise<ImportOutcome> {
  const [file] = await database.query<{ format_key: string; status: string }>(`SELECT format_key, status FROM settlement_files WHERE id = $1`, [fileId]);
  if (!file) return { status: 'SKIPPED', why: `no settlement file #${fileId}` };
  if (file.status === 'DONE' || file.status === 'FAILED') return { status: 'SKIPPED', why: `file #${fileId} is ${file.status}` };
  const format = formatOf(file.format_key);
  if (!format) return fail(database, fileId, { lineNo: 1, field: 'format', message: `Unknown settlement file format ${file.format_key}` }, now());
  await database.query(`DELETE FROM settlement_rows WHERE file_id = $1`, [fileId]);
  await database.query(`UPDATE settlement_files SET status = 'READING', rows_read = 0, started_at = $2 WHERE id = $1`, [fileId, now()]);

  let read = 0;
  let settleFrom = '';
  let settleTo = '';
  let dayFrom = '';
  let dayTo = '';
  let checked = false;
  const started = performance.now();
  let stageMs = 0;
  let staging: Promise<void> | null = null;
  let parsed = 0;
  const stager = await openStager(database, fileId, format.provider);
  const stageAll = async (rows: ProviderRow[]) => {
    const s0 = performance.now();
    await stager.add(rows, read + rows.length);
    read += rows.length;
    stageMs += performance.now() - s0;
  };
  try {
    for await (const batch of streamSheetRecords(path, sheet, SETTLEMENT_SHEET_LIMITS)) {
      if (!checked) {
        const missing = missingHeaders(format, batch.headers);
        if (missing.length) throw new ImportFailure({ lineNo: 1, field: missing[0]!, message: `The header row has no ${missing.map((m) => `'${m}'`).join(', ')} column: is this a ${format.key} file?` });
        checked = true;
      }
      const rows: ProviderRow[] = [];
      parsed += batch.records.length;
      for (const rec of batch.records) {
        const reading = format.read(rec.values, rec.row);
        if (!reading.ok) throw new ImportFailure(reading.problem);
        const r = reading.row;
        rows.push(r);
        if (!settleFrom || r.settlementDate < settleFrom) settleFrom = r.settlementDate;
        if (r.settlementDate > settleTo) settleTo = r.settlementDate;
        if (r.txnType === 'PAYMENT') {
          const day = mytDay(r.txnAt);
          if (!dayFrom || day < dayFrom) dayFrom = day;
          if (day > dayTo) dayTo = day;
        }
      }
      // Staging overlaps the reading of the next batch (the database works while Node parses, on
      // two cores ~15 s of a 1 M-line file); batches still stage one at a time, in file order.
      await staging;
      staging = stageAll(rows);
    }
    await staging;
    staging = null;
    await stager.finish();
    if (!checked) throw new ImportFailure({ lineNo: 1, field: 'file', message: 'The file has no header row' });
    if (read === 0) throw new ImportFailure({ lineNo: 2, field: 'file', message: 'The file has a header row but no settled lines' });
    const at = now();
    const matchSteps: MatchSteps = {};
    const readMs = performance.now() - started;
    const results = await database.transaction(async (q) => {
      // One matching per provider at a time: a repeat is judged against the DONE files, so two
      // files of one provider must not match side by side.
      await q(`SELECT pg_advisory_xact_lock(hashtext('settlement-match:' || $1))`, [format.provider]);
      // Only while still READING: an attempt that outlived its expiry may get here after the queue
      // failed the job for good and marked the file FAILED; then nothing of it is matched.
      const [reading] = await q(`UPDATE settlement_files SET status = 'MATCHING' WHERE id = $1 AND status = 'READING' RETURNING id`, [fileId]);
      if (!reading) throw new Superseded();
      const counts = await reconcileFile(q, {
        fileId, provider: format.provider, kind: format.kind, txnDayFrom: dayFrom || settleFrom, txnDayTo: dayTo || settleTo, settlementTo: settleTo, at,
      }, matchSteps);
      await q(
        `UPDATE settlement_files SET status = 'DONE', finished_at = $2, settlement_date_from = $3, settlement_date_to = $4, txn_day_from = $5, txn_day_to = $6 WHERE id = $1`,
        [fileId, now(), settleFrom, settleTo, dayFrom || null, dayTo || null],
      );
      return counts;
    });
    return { status: 'DONE', rows: read, results, readMs: Math.round(readMs), stageMs: Math.round(stageMs), matchMs: Math.round(performance.now() - started - readMs), matchSteps };
  } catch (err) {
    // A batch still staging must land before what was staged is removed.
    await staging?.catch(() => undefined);
    await stager.abort();
    if (err instanceof Superseded) return { status: 'SKIPPED', why: `file #${fileId} was failed for good while this attempt ran` };
    if (err instanceof ImportFailure) return fail(database, fileId, err.problem, now());
    // A cell the database could not hold (NUL, …): its own line and column, before any batch reaches PostgreSQL.
    if (err instanceof SheetCellRefused) return fail(database, fileId, { lineNo: err.row, field: err.column, message: `This cell ${err.problem}` }, now());
    const status = (err as { status?: number }).status;
    // A refusal of the sheet reader (too many rows, a cell too long, not a CSV/XLSX) is the file's fault: it fails for good.
    if (typeof status === 'number' && status >= 400 && status < 500) return fail(database, fileId, { lineNo: parsed + 1, field: 'file', message: (err as Error).message }, now());
    throw err;
  }
}

/** Marks the file FAILED with the problem and deletes its staged rows (nothing of it stays). */
async function fail(database: Database, fileId: number, p: { lineNo: number; field: string; message: string }, at: Date): Promise<ImportOutcome> {
  await database.transaction(async (q) => {
    await q(`DELETE FROM recon_items WHERE file_id = $1`, [fileId]);
    await q(`DELETE FROM settlement_rows WHERE file_id = $1`, [fileId]);
    await q(
      `UPDATE settlement_files SET status = 'FAILED', error_line = $2, error_field = $3, error_message = $4, finished_at = $5 WHERE id = $1`,
      [fileId, p.lineNo, p.field, p.message, at],
    );
  });
  return { status: 'FAILED', lineNo: p.lineNo, field: p.field, message: p.message };
}

/**
 * The settlement-import queue's failedForGood (platform/jobs.ts): the job of file `fileId` failed
 * for good (its last attempt threw, e.g. a database refusal, or outlived its expiry). A file not
 * yet DONE or FAILED turns FAILED with `message` (no line: the cause is not a row of the file)
 * and its staged rows and items are deleted, in one transaction under the file's row lock. The
 * retry path is the upload: the same bytes again register a new file, since the once-per-content
 * index (settlement_files_once_uq) leaves FAILED files out. A DONE or FAILED file is left as it is.
 */
export async function markImportFailed(database: Database, fileId: number, message: string, at: Date): Promise<void> {
  await database.transaction(async (q) => {
    const [f] = await q<{ status: string }>(`SELECT status FROM settlement_files WHERE id = $1 FOR UPDATE`, [fileId]);
    if (!f || f.status === 'DONE' || f.status === 'FAILED') return;
    await q(`DELETE FROM recon_items WHERE file_id = $1`, [fileId]);
    await q(`DELETE FROM settlement_rows WHERE file_id = $1`, [fileId]);
    await q(
      `UPDATE settlement_files SET status = 'FAILED', error_line = NULL, error_field = 'file', error_message = $2, finished_at = $3 WHERE id = $1`,
      [fileId, `The import could not be completed (${message.slice(0, 500)}); upload the file again`, at],
    );
  });
}

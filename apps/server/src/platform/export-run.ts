/**
 * Exports as governed work. Every XLSX/CSV export — the transaction lists and the
 * resource engine's `…/Export` — goes through `sendExport`, which:
 *  1. reserves a run in `export_runs` under the per-user limit EXPORT_MAX_CONCURRENT (live system
 *     setting): a transaction takes an advisory lock on the user id, counts the user's RUNNING rows
 *     younger than STALE_RUN_MS and inserts the new RUNNING row, so two parallel requests cannot
 *     both pass the limit; one over it is refused with EXP429 before any work;
 *  2. counts the rows with a bounded count (`countUpTo(cap + 1)`) and refuses more than
 *     EXPORT_MAX_ROWS with EXP422 naming the cap, before any byte;
 *  3. opens the file and reads its first chunk BEFORE the headers go out, so a failure up to there
 *     answers `{ErrorCode, ErrorMessage}` through the error handler; after the first byte a failure
 *     destroys the connection (Fastify destroys the response when a streamed payload errors), so the
 *     client sees a broken transfer, never a truncated file that looks complete;
 *  4. audits the lifecycle — EXPORT_STARTED, then EXPORT (completed, with the row count),
 *     EXPORT_CANCELLED (the client went away before the end), EXPORT_FAILED, or EXPORT_REFUSED —
 *     each with the run id, and closes the run row (status, rows, ended_at, a FAILED run's error code);
 *  5. keeps the run as the user's export history (issue 29 item 8, route `exportHistory`): the
 *     screen, the file name and the request's filters and sort are written with the reservation,
 *     which also prunes the user's older runs (platform/export-retention.ts).
 * `primeRows` lets an export module run its first query before the file is opened: the XLSX writer
 * emits its zip header before the first row, so without it a failing query would come after a byte.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@paydesk/domain';
import type { ExportQuery, ExportRunStatus, ExportScreen } from '@paydesk/contract';
import { scopeOf } from './scope.ts';
import type { Database, Query } from '../db/client.ts';
import { writeAudit, type AuditEntry } from './audit.ts';
import { AppError, databaseRefusal } from './errors.ts';
import { pruneExportRuns } from './export-retention.ts';
import { attachmentHeader } from './file-names.ts';
import { liveSettings } from './settings.ts';

/** A RUNNING run older than this (ms) no longer counts against the limit: its server died mid-export. */
export const STALE_RUN_MS = 60 * 60_000;

/** Advisory-lock namespace of export reservations (first key of pg_advisory_xact_lock(int, int)). */
const LOCK_NAMESPACE = 0x45585052; // 'EXPR'

export type ExportStatus = ExportRunStatus;

/** What an export module gets when its file is opened. */
export interface ExportRunHandle {
  /** Aborted when the client goes away: the row source should stop querying. */
  signal: AbortSignal;
  /** Called with the number of data rows written, once the last one is. */
  onDone: (rows: number) => void;
}

/** One export to run. */
export interface ExportJob {
  /** What is exported, as audited: 'transaction' or the resource name. */
  target: string;
  format: 'xlsx' | 'csv';
  /** The download's file name (content-disposition), e.g. 'ecommerce-transactions-20260101-120000.csv'. */
  filename: string;
  /** The screen exported (kind, declared name, web path), as the export history names and reopens it. */
  screen: ExportScreen;
  /**
   * The request's filters and sort (a summary's Period and GroupBy) as its schema validated them,
   * kept in the history so the screen can be reopened with them: never a secret field's filter.
   */
  query: ExportQuery;
  /** Rows the export would hold, counting at most `limit` (a bounded count). */
  countUpTo: (limit: number) => Promise<number>;
  /** Opens the file. May reject (e.g. its first query fails): that too is answered before any byte. */
  open: (run: ExportRunHandle) => { stream: Readable; contentType: string } | Promise<{ stream: Readable; contentType: string }>;
  /** Extra audit detail (filter, service type …). */
  detail?: Record<string, unknown>;
}

/**
 * Reserves an export run for `userId` unless `max` runs younger than STALE_RUN_MS are RUNNING.
 * The advisory transaction lock serialises reservations of one user (other users do not wait),
 * so the count and the insert are atomic; the same transaction writes what the history shows and
 * prunes the user's runs past retention. Returns the RUNNING count when refused, else null.
 */
async function reserveRun(app: FastifyInstance, userId: number, id: string, job: ExportJob, max: number): Promise<number | null> {
  const now = app.ctx.now();
  return app.ctx.database.transaction(async (q) => {
    await q('SELECT pg_advisory_xact_lock($1::int, $2::int)', [LOCK_NAMESPACE, userId]);
    const [row] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM export_runs WHERE user_id = $1 AND status = 'RUNNING' AND started_at > $2`, [
      userId,
      new Date(now.getTime() - STALE_RUN_MS),
    ]);
    const running = Number(row?.n ?? 0);
    if (running >= max) return running;
    await q(
      `INSERT INTO export_runs (id, user_id, target, format, status, started_at, screen_kind, screen_name, screen_path, file_name, query)
       VALUES ($1, $2, $3, $4, 'RUNNING', $5, $6, $7, $8, $9, $10::jsonb)`,
      [id, userId, job.target, job.format, now, job.screen.kind, job.screen.name, job.screen.path, job.filename, JSON.stringify(job.query)],
    );
    await pruneExportRuns(q, userId, now);
    return null;
  });
}

/**
 * Reads the first chunk of `stream` and gives back a stream that replays it and then the rest.
 * Rejects when the stream fails before its first chunk. `onError` sees a later failure (it is
 * rethrown, so the returned stream errors too).
 */
async function primed(stream: Readable, onError: (e: unknown) => void): Promise<Readable> {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const first = await it.next();
  return Readable.from(
    (async function* () {
      try {
        if (first.done) return;
        yield first.value;
        for (;;) {
          const next = await it.next();
          if (next.done) return;
          yield next.value;
        }
      } catch (e) {
        onError(e);
        throw e;
      } finally {
        // Closing early (client gone) destroys the file stream and whatever feeds it.
        if (!stream.destroyed) stream.destroy();
      }
    })(),
    { objectMode: false },
  );
}

/**
 * Reads the first item of `rows` now (so the export's first query runs, and fails, before the file
 * is opened) and gives back an iterable of every item, that one included.
 */
export async function primeRows<T>(rows: AsyncGenerator<T>): Promise<AsyncIterable<T>> {
  const first = await rows.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* rows;
  })();
}

/**
 * Runs one export under the limits and streams it as the answer (see the file comment).
 * Needs a guarded route (`req.scope`). Errors thrown (answered `{ErrorCode, ErrorMessage}`, no byte
 * of the file sent): AppError 429 EXP429 over EXPORT_MAX_CONCURRENT, AppError 422 EXP422 over
 * EXPORT_MAX_ROWS, and whatever `countUpTo`, `open` or the file's first chunk throw.
 * Returns the reply (the file streaming).
 */
export async function sendExport(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, job: ExportJob): Promise<FastifyReply> {
  const scope = scopeOf(req);
  const { database } = app.ctx;
  const settings = await liveSettings(app.ctx);
  const runId = randomUUID();
  const base = { format: job.format, run: runId, ...job.detail };
  const audit = (e: Pick<AuditEntry, 'action' | 'result'> & { detail?: Record<string, unknown> }, q: Database | Query = database) =>
    writeAudit(q, req, { action: e.action, result: e.result, actorUserId: scope.userId, actorEmail: scope.email, targetType: job.target, detail: { ...base, ...e.detail } });
  const logged = (p: Promise<unknown>) => void p.catch((e: unknown) => req.log.error({ err: e }, 'export audit or run update failed'));

  const running = await reserveRun(app, scope.userId, runId, job, settings.exportMaxConcurrent);
  if (running !== null) {
    const reason = `You already run ${running} export(s), at most ${settings.exportMaxConcurrent} at a time; wait for one to finish and export again`;
    logged(audit({ action: 'EXPORT_REFUSED', result: 'FAILURE', detail: { code: ERROR_CODES.EXPORT_BUSY, reason } }));
    throw new AppError(429, ERROR_CODES.EXPORT_BUSY, reason);
  }

  // From here the run is RUNNING and ends exactly once, whichever way.
  let status: ExportStatus = 'RUNNING';
  let rows: number | null = null;
  const abort = new AbortController();
  // A FAILED run keeps its error code (detail.code) for the history.
  const end = (to: Exclude<ExportStatus, 'RUNNING'>, detail: Record<string, unknown> = {}, action?: string): Promise<void> => {
    if (status !== 'RUNNING') return Promise.resolve();
    const errorCode = to === 'FAILED' ? String(detail.code ?? ERROR_CODES.INTERNAL) : null;
    status = to;
    if (to !== 'COMPLETED') abort.abort();
    const now = app.ctx.now();
    const result = to === 'COMPLETED' ? 'SUCCESS' : 'FAILURE';
    // COMPLETED keeps the action name exports were always audited with.
    const name = action ?? (to === 'COMPLETED' ? 'EXPORT' : `EXPORT_${to}`);
    // The run's end and its audit record commit together: nobody sees one without the other.
    return database.transaction(async (q) => {
      await q(`UPDATE export_runs SET status = $1, rows = $2, ended_at = $3, error_code = $5 WHERE id = $4 AND status = 'RUNNING'`, [to, rows, now, runId, errorCode]);
      await audit({ action: name, result, detail: { rows, ...detail } }, q);
    });
  };
  // Records a failure (the run FAILED, audited with the reason and the code the error handler maps it to); the caller rethrows.
  const recordFailure = (e: unknown): Promise<void> => {
    const detail =
      e instanceof AppError ? { code: e.code, reason: e.message } : { code: databaseRefusal(e)?.code ?? ERROR_CODES.INTERNAL, reason: e instanceof Error ? e.message : String(e) };
    return end('FAILED', detail).catch((x: unknown) => req.log.error({ err: x }, 'export run update failed'));
  };
  // The connection can close at any point (client gone, or after the answer): only a RUNNING run is cancelled by it.
  reply.raw.on('close', () => {
    if (status !== 'RUNNING') return;
    if (reply.raw.writableFinished) logged(end('COMPLETED'));
    else logged(end('CANCELLED', { reason: 'the client closed the connection before the end of the file' }));
  });

  let body: Readable;
  let contentType: string;
  try {
    const counted = await job.countUpTo(settings.exportMaxRows + 1);
    if (counted > settings.exportMaxRows) {
      const reason = `The export would hold more than ${settings.exportMaxRows.toLocaleString('en-US')} rows (the EXPORT_MAX_ROWS limit); narrow the filter, e.g. a shorter date range, and export again`;
      await end('FAILED', { code: ERROR_CODES.EXPORT_TOO_LARGE, reason }, 'EXPORT_REFUSED');
      throw new AppError(422, ERROR_CODES.EXPORT_TOO_LARGE, reason);
    }
    await audit({ action: 'EXPORT_STARTED', result: 'SUCCESS', detail: { expectedRows: counted } });
    const file = await job.open({ signal: abort.signal, onDone: (n) => (rows = n) });
    contentType = file.contentType;
    // A failure after the first byte: recorded here; Fastify then destroys the connection.
    body = await primed(file.stream, (e) => void recordFailure(e));
  } catch (e) {
    await recordFailure(e);
    throw e;
  }
  if (status !== 'RUNNING') {
    // The client left while the file was being prepared: nothing to send, nobody to answer.
    body.destroy();
    reply.hijack();
    return reply;
  }
  reply.header('content-type', contentType);
  reply.header('content-disposition', attachmentHeader(job.filename));
  return reply.send(body);
}

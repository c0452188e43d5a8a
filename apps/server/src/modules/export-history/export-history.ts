/**
 * The read side of the export history (issue 29 Build item 8; contract endpoints/export-history.ts):
 * a page of ONE user's `export_runs`, newest first. The user is the session's (`ctx.scope.userId`),
 * never a value of the request, so no group, permission or parameter widens it to another user's
 * runs; a run is its user's alone, like a saved view. The rows are written by
 * platform/export-run.ts and pruned there (platform/export-retention.ts) to the user's runs of the
 * last 90 days, or their last 200 when that is more: one user's rows, so plain OFFSET pages over
 * the index `export_runs_user_started_idx` (user_id, started_at, id) serve it.
 */
import type { ExportQuery, ExportRunItem, ExportScreenKind, Routes } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import type { AnswerOf, InputOf, OperationFn } from '../../platform/operation.ts';

type Request = InputOf<Routes['exportHistory']>;
type Answer = AnswerOf<Routes['exportHistory']>;

interface Row {
  id: string;
  target: string;
  format: string;
  status: string;
  rows: number | null;
  started_at: string | Date;
  ended_at: string | Date | null;
  screen_kind: string | null;
  screen_name: string | null;
  screen_path: string | null;
  file_name: string | null;
  query: ExportQuery | null;
  error_code: string | null;
}

const iso = (v: string | Date) => new Date(v).toISOString();

/** One run as answered: times ISO UTC, the duration in ms, the stored request split into its parts. */
function answer(r: Row): ExportRunItem {
  const started = new Date(r.started_at);
  const ended = r.ended_at === null ? null : new Date(r.ended_at);
  const q = r.query;
  return {
    Id: r.id,
    Screen: r.screen_kind && r.screen_name && r.screen_path ? { Kind: r.screen_kind as ExportScreenKind, Name: r.screen_name, Path: r.screen_path } : null,
    Target: r.target,
    FileName: r.file_name,
    Format: r.format as ExportRunItem['Format'],
    Status: r.status as ExportRunItem['Status'],
    Rows: r.rows === null ? null : Number(r.rows),
    StartedAt: iso(started),
    EndedAt: ended ? iso(ended) : null,
    DurationMs: ended ? Math.max(0, ended.getTime() - started.getTime()) : null,
    ErrorCode: r.error_code,
    SearchData: q ? { ...q.SearchData } : null,
    Sort: q?.Sort ?? null,
    Period: q?.Period ?? null,
    GroupBy: q?.GroupBy ?? null,
  };
}

/**
 * The page `PageIndex` (from 1, `RowsPerPage` runs) of `userId`'s export runs, filtered by
 * `SearchData.Status` when given, by start time (UTC) newest first (oldest first when
 * `Sort.Order` is 'asc'), ties by id; with the total of the filtered history.
 */
export async function exportHistoryPage(q: Query, userId: number, request: Request): Promise<Answer> {
  const { PageIndex, RowsPerPage, SearchData, Sort } = request;
  const status = SearchData.Status ?? null;
  const order = Sort?.Order === 'asc' ? 'ASC' : 'DESC';
  const where = `user_id = $1 AND ($2::text IS NULL OR status = $2)`;
  const [count] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM export_runs WHERE ${where}`, [userId, status]);
  const rows = await q<Row>(
    `SELECT id, target, format, status, rows, started_at, ended_at, screen_kind, screen_name, screen_path, file_name, query, error_code
       FROM export_runs WHERE ${where}
      ORDER BY started_at ${order}, id ${order} LIMIT $3 OFFSET $4`,
    [userId, status, RowsPerPage, (PageIndex - 1) * RowsPerPage],
  );
  return { Items: rows.map(answer), TotalRecords: Number(count?.n ?? 0), PageIndex, RowsPerPage };
}

/** Route `exportHistory`: the caller's own runs (the session's user; see the file comment). */
export const listExportHistory: OperationFn<Routes['exportHistory']> = async (input, ctx) => exportHistoryPage(ctx.q, ctx.scope.userId, input);

/**
 * The caller's export history (issue 29 Build item 8: "an export history per user", as Stripe's and
 * Adyen's dashboards keep one). Every XLSX/CSV file of a list — a list report, a summary (sales)
 * report, a resource list — is one `export_runs` row written by the server's
 * platform/export-run.ts; this is its read side: the caller's OWN runs, scoped by the session's
 * user id and never by a parameter, so another user's run is not listed whatever the group.
 *
 * A run holds what recognises and repeats the export: the screen (kind, declared name, web path),
 * the file name, the request's `SearchData` and `Sort` as that screen's export schema validated
 * them (a summary report's `Period` and `GroupBy` instead of a sort), its status, rows, times
 * (ISO UTC; the screens show MYT, §9) and a FAILED run's error code. Runs recorded before the
 * history existed answer `Screen: null` and no filters.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '@paydesk/domain';
import { IsoDateTime, SortOrder, listRequest, listResponse } from '../common.ts';

/** A run's lifecycle: RUNNING, then exactly one of the other three. */
export const EXPORT_RUN_STATUSES = ['RUNNING', 'COMPLETED', 'CANCELLED', 'FAILED'] as const;
export type ExportRunStatus = (typeof EXPORT_RUN_STATUSES)[number];

/** What a run exported: a list report, a summary (sales) report, or a resource engine list. */
export const EXPORT_SCREEN_KINDS = ['report', 'summary', 'resource'] as const;
export type ExportScreenKind = (typeof EXPORT_SCREEN_KINDS)[number];

/** The screen an export is of: its kind, its declared name (`TransactionEcommerce`, `Bank`) and its web path (§2). */
export interface ExportScreen {
  kind: ExportScreenKind;
  name: string;
  path: string;
}

/**
 * The request of an export as its screen's schema validated it, minus the file format and
 * language: the filters (`SearchData`) and the sort of a list, or the period and dimension of a
 * summary report. Never a secret: the server drops a secret field's filter, and the input guard
 * has made any card number first 6 + last 4 before validation.
 */
export interface ExportQuery {
  SearchData: Readonly<Record<string, unknown>>;
  Sort?: { Field: string; Order: 'asc' | 'desc' };
  Period?: string;
  GroupBy?: string | null;
}

/**
 * `POST /api/portal/ExportHistory/Search`: `{PageIndex, RowsPerPage, SearchData: {Status?}, Sort?}`
 * (§7 list shape); the only order is by start, newest first unless `Sort.Order` is 'asc'.
 */
export const ExportHistoryRequest = listRequest(
  z
    .object({ Status: z.enum(EXPORT_RUN_STATUSES, { error: FIELD_MESSAGES.option }).optional() })
    .strict()
    .default({}),
  ['StartedAt'],
);

/** One export of the caller. */
export const ExportRun = z.object({
  /** The run id (a UUID), as audited in the EXPORT* rows' detail `run`. */
  Id: z.string(),
  /** The screen; null for a run recorded before the history. */
  Screen: z.object({ Kind: z.enum(EXPORT_SCREEN_KINDS), Name: z.string(), Path: z.string() }).nullable(),
  /** What the audit names the export's target ('transaction', a resource name …): a screen's fallback name. */
  Target: z.string(),
  /** The download's file name; null before the history. */
  FileName: z.string().nullable(),
  Format: z.enum(['xlsx', 'csv']),
  Status: z.enum(EXPORT_RUN_STATUSES),
  /** Data rows written (COMPLETED); null otherwise. */
  Rows: z.number().int().nullable(),
  StartedAt: IsoDateTime,
  /** When it ended; null while RUNNING. */
  EndedAt: IsoDateTime.nullable(),
  /** EndedAt − StartedAt in milliseconds; null while RUNNING. */
  DurationMs: z.number().int().nullable(),
  /** The error code of a FAILED run (EXP422 over the row cap, VAL400, SRV500 …); null otherwise. */
  ErrorCode: z.string().nullable(),
  /** The filters as sent (ExportQuery); null before the history. */
  SearchData: z.record(z.string(), z.unknown()).nullable(),
  /** The sort of a list export; null for a summary report. */
  Sort: z.object({ Field: z.string(), Order: SortOrder }).nullable(),
  /** A summary report's period and dimension (GroupBy null: periods only); null for a list. */
  Period: z.string().nullable(),
  GroupBy: z.string().nullable(),
});
export type ExportRunItem = z.output<typeof ExportRun>;

/** `{Items, TotalRecords, PageIndex, RowsPerPage}`. */
export const ExportHistoryResponse = listResponse(ExportRun);

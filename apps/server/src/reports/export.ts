/**
 * The export of a list report: the filtered, scoped rows in the requested order as
 * XLSX or CSV, streamed. The file says what the screen says: headers are REPORT_LABELS in the
 * caller's Language for every column with 'export' (instants add " (MYT)": the file has no
 * screen around it to say which clock); every cell is typed by its column's kind as
 * export-cells.ts says (§9 texts in CSV; real dates, date-times and numbers in XLSX, so the sheet
 * can sort, filter and sum them). Memory stays flat in the row count. On
 * PostgreSQL the rows are read by one `COPY (SELECT …) TO STDOUT` whose fields are already the
 * cells' texts (export-copy.ts: the database formats dates and labels); on PGlite by keyset
 * batches (platform/query-stream.ts) formatted here by export-cells.ts `cellWriter`. Both give
 * the same file (report-export-copy.test.ts). Serve it through platform/export-run.ts `sendExport` (caps,
 * concurrency, audit).
 */
import type { Readable } from 'node:stream';
import type { EnumLabelLanguage } from '@paydesk/domain';
import { columnIn, reportLabel, type ListReportDef, type ReportColumn, type ReportExportRequest } from '@paydesk/contract';
import type { Database } from '../db/client.ts';
import { primeRows } from '../platform/export-run.ts';
import { streamBatches } from '../platform/query-stream.ts';
import type { Scope } from '../platform/scope.ts';
import { streamSheet, type SheetCell } from '../platform/spreadsheet.ts';
import { pageQuery } from './executor.ts';
import { cellWriter, EXCEL_NUMBER_FORMATS, textCellReader } from './export-cells.ts';
import { copyField, copyRows, exportTextQuery } from './export-copy.ts';
import { afterKey, forAudience, reportConditions, SORT_ALIAS } from './query.ts';

/** Rows per round trip (FETCH on PostgreSQL, LIMIT on PGlite). */
export const EXPORT_BATCH = 2000;

/** The export's columns in file order. */
export const exportColumns = (def: ListReportDef): ReportColumn[] => def.columns.filter((c) => columnIn(c, 'export'));

/** The header row in a language. */
export function exportHeaders(def: ListReportDef, language: EnumLabelLanguage): string[] {
  return exportColumns(def).map((c) => reportLabel(language, c.labelKey) + (c.kind === 'datetime' ? ' (MYT)' : ''));
}

/** Reads every matching row in batches, in the request's order; stops when `signal` aborts. */
async function* exportRows(database: Database, def: ListReportDef, scope: Scope, req: ReportExportRequest, signal?: AbortSignal): AsyncGenerator<Record<string, unknown>[]> {
  const conds = reportConditions(def, scope, req.SearchData);
  const columns = forAudience(scope, exportColumns(def));
  yield* streamBatches<Record<string, unknown>>(
    database,
    {
      first: pageQuery(def, columns, conds, req.Sort),
      next: (last) => pageQuery(def, columns, [...conds, afterKey(def, req.Sort, String(last[SORT_ALIAS]), Number(last.Id))], req.Sort),
    },
    { batch: EXPORT_BATCH, signal },
  );
}

/**
 * The same rows as texts made by the database (read 'copy': COPY, PostgreSQL only; 'text': the
 * same SELECT as a plain query), as cells: the field texts, with money, count and
 * percent turned to numbers for XLSX ('' → null), as `cellWriters` gives them.
 */
async function* copiedCells(database: Database, def: ListReportDef, scope: Scope, req: ReportExportRequest, read: 'copy' | 'text', signal?: AbortSignal): AsyncGenerator<SheetCell[][]> {
  const columns = forAudience(scope, exportColumns(def));
  const readers = columns.map((c) => textCellReader(c.kind, req.Format));
  const escaped = read === 'copy'; // COPY's text format escapes \ and control characters; a plain query does not
  const statement = exportTextQuery(def, columns, reportConditions(def, scope, req.SearchData), req.Sort, req.Language);
  const keys = columns.map((_, i) => `c${i}`);
  const source =
    read === 'copy'
      ? copyRows(database, statement, signal)
      : (async function* () {
          // The same SELECT as a plain query, LIMIT/OFFSET batches (no keyset columns): slower, any database.
          for await (const batch of streamBatches<Record<string, string>>(database, { first: statement }, { batch: EXPORT_BATCH, signal })) yield batch.map((r) => keys.map((k) => r[k]!));
        })();
  for await (const rows of source) {
    for (const r of rows as SheetCell[][]) {
      for (let i = 0; i < r.length; i++) {
        const f = r[i] as string;
        if (escaped && f.includes('\\')) r[i] = copyField(f);
        const read = readers[i];
        if (read) r[i] = read(r[i] as string);
      }
    }
    yield rows as SheetCell[][];
  }
}

/** Each batch's rows mapped to cells. */
async function* mapBatches<T>(batches: AsyncIterable<T[]>, map: (r: T) => SheetCell[]): AsyncGenerator<SheetCell[][]> {
  for await (const batch of batches) yield batch.map(map);
}

/**
 * How the rows are read: 'auto' = 'copy' on PostgreSQL, 'batches' on PGlite. 'copy': COPY of the
 * texts SELECT; 'batches': keyset batches formatted in node; 'text': the COPY path's SELECT run as
 * plain LIMIT/OFFSET queries (any database; lets the tests check the SQL's cell texts on PGlite).
 */
export type ExportRead = 'auto' | 'copy' | 'batches' | 'text';

/**
 * Opens the export file: resolves once the first batch is read (a failing query rejects before any
 * byte exists) with the file's stream and content type. `onDone` receives the data row count.
 * `read` chooses the reader ('copy' needs PostgreSQL). Throws AppError VAL400 for crossed ranges
 * in SearchData.
 */
export async function openReportExport(
  database: Database,
  def: ListReportDef,
  scope: Scope,
  req: ReportExportRequest,
  onDone: (rows: number) => void,
  signal?: AbortSignal,
  read: ExportRead = 'auto',
): Promise<{ stream: Readable; contentType: string }> {
  const columns = exportColumns(def);
  const headers = exportHeaders(def, req.Language);
  const write = columns.map((c) => cellWriter(c, req.Language, req.Format));
  const how = read === 'auto' ? (database.kind === 'postgres' ? 'copy' : 'batches') : read;
  // primeRows: the first batch is read here, so a failing query rejects before the file exists.
  const batches: AsyncIterable<SheetCell[][]> =
    how === 'batches'
      ? mapBatches(await primeRows(exportRows(database, def, scope, req, signal)), (r) => columns.map((c, i) => write[i]!(r[c.key])))
      : await primeRows(copiedCells(database, def, scope, req, how, signal));
  const widths: Record<string, number> = {};
  const numFmt: Record<string, string> = {};
  columns.forEach((c, i) => {
    if (c.kind === 'datetime') widths[headers[i]!] = 22;
    if (c.source.startsWith('org.') || c.key.startsWith('Cust')) widths[headers[i]!] = 32;
    const fmt = EXCEL_NUMBER_FORMATS[c.kind];
    if (fmt) numFmt[headers[i]!] = fmt;
  });
  return streamSheet({
    format: req.Format,
    sheetName: def.name,
    headers,
    widths,
    numFmt: req.Format === 'xlsx' ? numFmt : undefined,
    batches,
    onDone,
  });
}

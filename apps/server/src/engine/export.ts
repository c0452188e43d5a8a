/**
 * Export of a resource list under the current filter, XLSX or CSV, streamed in batches so
 * memory does not grow with the row count. The file says what the screen says: headers
 * are the column labels in the request's Language, options their label text, other rows and the
 * owner by name, days and record times in §9's formats (real dates and numbers in XLSX:
 * sheet-columns.ts, reference-names.ts); BulkUpload reads such a file back.
 */
import type { Readable } from 'node:stream';
import type { ResourceDef } from '@paydesk/contract';
import type { EnumLabelLanguage } from '@paydesk/domain';
import { primeRows } from '../platform/export-run.ts';
import type { Scope } from '../platform/scope.ts';
import { streamSheet } from '../platform/spreadsheet.ts';
import { orderOf, whereOf, type EngineContext, type SearchInput } from './crud.ts';
import { fromSql, Params, selectList } from './sql.ts';
import { toItem } from './rows.ts';
import { nameReferences } from './reference-names.ts';
import { headerOf, sheetCellOf, sheetColumns, xlsxFormatOf } from './sheet-columns.ts';

export { exportColumns } from './sheet-columns.ts';

const BATCH = 1000;

type ExportInput = Omit<SearchInput, 'PageIndex' | 'RowsPerPage'>;

/**
 * How many records of `def` the caller's scope and `input.SearchData` select, counting at most
 * `limit` (a bounded count: `SELECT count(*) FROM (SELECT 1 … LIMIT limit)`), for the export row cap.
 */
export async function countResourceRows(ctx: EngineContext, def: ResourceDef, scope: Scope, input: Pick<ExportInput, 'SearchData'>, limit: number): Promise<number> {
  const p = new Params();
  const where = whereOf(def, scope, input.SearchData, p);
  const [row] = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${fromSql(def, true)} WHERE ${where} LIMIT ${p.add(limit)}) bounded`, p.values);
  return Number(row?.n ?? 0);
}

/** Every selected record as an API item, batch by batch; stops when `signal` aborts (client gone). */
async function* rows(ctx: EngineContext, def: ResourceDef, scope: Scope, input: ExportInput, signal?: AbortSignal): AsyncGenerator<Record<string, unknown>> {
  for (let offset = 0; ; offset += BATCH) {
    if (signal?.aborted) return;
    const p = new Params();
    const where = whereOf(def, scope, input.SearchData, p);
    const batch = await ctx.database.query(`SELECT ${selectList(def, true)} FROM ${fromSql(def, true)} WHERE ${where} ORDER BY ${orderOf(def, input.Sort)} LIMIT ${BATCH} OFFSET ${p.add(offset)}`, p.values);
    yield* await nameReferences(ctx.database.query, def, batch.map((r) => toItem(def, r, ctx.fieldKey)));
    if (batch.length < BATCH) return;
  }
}

function sheetOf(def: ResourceDef, format: 'xlsx' | 'csv', lang: EnumLabelLanguage, source: AsyncIterable<Record<string, unknown>>, onDone: (n: number) => void): { stream: Readable; contentType: string } {
  const cols = sheetColumns(def);
  const headers = cols.map((c) => headerOf(c, lang));
  const numFmt = Object.fromEntries(cols.flatMap((c, i) => (xlsxFormatOf(c) ? [[headers[i]!, xlsxFormatOf(c)!]] : [])));
  return streamSheet({
    format,
    sheetName: def.name,
    headers,
    numFmt,
    rows: (async function* () {
      for await (const r of source) yield cols.map((c) => sheetCellOf(c, r[c.key], lang, format));
    })(),
    onDone,
  });
}

/**
 * Opens the export file of `def` under the caller's scope and filter: resolves once the first batch
 * has been read (a failing query rejects before any byte exists) with the file stream and its
 * content type; headers and texts in `input.Language` (default en). `onDone` receives the row count; `signal` stops the batch reads. Serve it through
 * platform/export-run.ts `sendExport` (limits, error shape before the first byte, audit).
 */
export async function openResourceExport(
  ctx: EngineContext,
  def: ResourceDef,
  scope: Scope,
  input: ExportInput & { Format: 'xlsx' | 'csv'; Language?: EnumLabelLanguage },
  onDone: (n: number) => void,
  signal?: AbortSignal,
): Promise<{ stream: Readable; contentType: string }> {
  return sheetOf(def, input.Format, input.Language ?? 'en', await primeRows(rows(ctx, def, scope, input, signal)), onDone);
}

/**
 * The filters of an export as the export history keeps them (issue 29 item 8): the request's
 * SearchData without any filter on a secret field of `def` (a credential must not rest in plain in
 * the history; the declarations filter on none today, this keeps it so for a later one).
 */
export function historySearchData(def: ResourceDef, searchData: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(searchData).filter(([key]) => !def.fields[key]?.secret));
}

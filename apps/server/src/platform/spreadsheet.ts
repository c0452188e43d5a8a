/**
 * Spreadsheet files in and out, shared by the transaction exports, the resource engine's Export
 * and BulkUpload, and the bulk MDR update. Out: XLSX and CSV written as text streams
 * (sheet-write-xlsx.ts, sheet-write-csv.ts), formula-like texts neutralised (sheet-formula.ts).
 * In: read as streams under limits (sheet-xlsx.ts over sheet-zip.ts, sheet-csv.ts; limits in
 * sheet-limits.ts).
 */
import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { ERROR_CODES } from '@paydesk/domain';
import { AppError } from './errors.ts';
import type { KeepDigits } from './sheet-cell-guard.ts';
import { readCsv } from './sheet-csv.ts';
import { DEFAULT_SHEET_LIMITS, unreadable, type SheetLimits, type SheetRows } from './sheet-limits.ts';
import { csvStream } from './sheet-write-csv.ts';
import type { SheetRowSource } from './sheet-write-cells.ts';
import { xlsxStream } from './sheet-write-xlsx.ts';
import { NoSheet, readXlsx } from './sheet-xlsx.ts';

export { csvSafeText, fromCsvSafeText, isFormulaLike } from './sheet-formula.ts';
export { DEFAULT_SHEET_LIMITS, type SheetLimits, type SheetRows } from './sheet-limits.ts';
export { SheetCellRefused, type KeepDigits } from './sheet-cell-guard.ts';
export type { SheetCell, SheetRowSource } from './sheet-write-cells.ts';

export type SheetFormat = 'xlsx' | 'csv';

export const CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Streams rows as a file: the header row, then each row as it comes from `rows`, so memory does
 * not grow with the row count (one ~256 K-character chunk; the goal: 1 M rows × 14 columns
 * in XLSX at ≥ 100,000 rows/s with peak RSS ≤ 300 MB, CSV at ≥ 40 % of PostgreSQL COPY).
 * CSV: sheet-write-csv.ts (BOM, `\n`, quoted only when needed). XLSX: sheet-write-xlsx.ts (inline
 * strings, header bold and frozen, `widths` in characters by header, default 20; `numFmt` formats
 * columns by header, e.g. '#,##0.00'; a cell given as a number stays a number cell). `onDone`
 * receives the data row count after the last row. Rows come as `rows` (one per step) or `batches`
 * (an array of rows per step: no await per row, for exports of a million rows). Destroying the returned stream (a download cut
 * off) stops reading `rows`, so a database cursor behind it is released; an error of `rows`
 * destroys the stream with that error.
 *
 * A string cell that `isFormulaLike` (begins with = + - @ tab CR, and is not a plain signed
 * decimal such as '-10.00') never opens as a formula: in CSV it is written prefixed with `'`; in
 * XLSX it is an inline string cell (never `<f>`) styled with the Text number format '@' and
 * quotePrefix, so editing it in Excel or LibreOffice keeps it text.
 */
export function streamSheet(
  opts: {
    format: SheetFormat;
    sheetName: string;
    headers: string[];
    widths?: Record<string, number>;
    numFmt?: Record<string, string>;
    onDone?: (rows: number) => void;
  } & SheetRowSource,
): { stream: Readable; contentType: string } {
  if (opts.format === 'csv') return { stream: csvStream(opts.headers, opts, opts.onDone), contentType: CONTENT_TYPES.csv };
  return { stream: xlsxStream(opts, opts, opts.onDone), contentType: CONTENT_TYPES.xlsx };
}

/**
 * The text of a cell: a date as 'YYYY-MM-DD' (exceljs gives sheet dates at UTC midnight) or ISO
 * 8601 when it has a time, a formula by its result, rich text joined, anything else its text.
 */
export function cellText(c: ExcelJS.Cell): string {
  const v = c.value as unknown;
  if (v === null || v === undefined) return '';
  const date = (d: Date) => {
    const iso = d.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  };
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : date(v);
  if (typeof v === 'object') {
    const o = v as { result?: unknown; richText?: { text: string }[]; text?: string };
    if (o.result instanceof Date) return date(o.result);
    if (o.result !== undefined) return String(o.result).trim();
    if (o.richText) return o.richText.map((r) => r.text).join('').trim();
    if (o.text !== undefined) return String(o.text).trim();
  }
  return String(c.text ?? v).trim();
}

/**
 * Reads an uploaded spreadsheet — the first sheet of an XLSX, or a CSV (chosen by the `.csv`
 * name) — into header-keyed rows: `headers` are the non-empty texts of row 1, `rows` every
 * non-empty row under it as `{row, values}` with `row` its number in the file (header = row 1)
 * and `values` the cell texts of the columns that have a header. XLSX texts follow `cellText`
 * (dates 'YYYY-MM-DD' or ISO 8601, formulas by their cached result, rich text joined, trimmed);
 * CSV cells stay as written (trimmed; a BOM is stripped, and `'=…` written by streamSheet reads
 * back as `=…`).
 *
 * Every kept cell goes through the byte and PAN guards (sheet-cell-guard.ts): a card number is
 * masked to first 6 + last 4, except in the columns `opts.keepDigits` holds for (bank account
 * numbers, sealed by the caller); a cell holding NUL or another character text cannot hold is
 * refused with SheetCellRefused (400, naming its row and column, `Errors` [{Row, Field, Message}]).
 *
 * The file is read as a stream and every limit is checked while it is inflated and parsed, so a
 * decompression bomb or an oversized sheet is refused after a bounded amount of work and memory
 * (see DEFAULT_SHEET_LIMITS for the defaults and why): zip entries, inflated bytes per entry and
 * in total, data rows (give the caller's own limit), columns, characters per cell, and for CSV
 * the characters of one row (columns × cell). Nothing is written to disk.
 *
 * Errors (AppError, VAL400 code): 413 'file: …' naming the limit passed; 400 'file: not a
 * readable XLSX or CSV file' for anything that is not one (corrupt zip, bad XML, bad UTF-8,
 * unterminated quote); 400 'file: the workbook has no sheet'.
 */
export async function readSheet(file: Buffer, filename: string, opts: { limits?: Partial<SheetLimits>; keepDigits?: KeepDigits } = {}): Promise<SheetRows> {
  const limits: SheetLimits = { ...DEFAULT_SHEET_LIMITS, ...opts.limits };
  try {
    return /\.csv$/i.test(filename) ? await readCsv(file, limits, opts.keepDigits) : await readXlsx(file, limits, opts.keepDigits);
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (e instanceof NoSheet) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: the workbook has no sheet');
    throw unreadable();
  }
}

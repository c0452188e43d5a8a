/**
 * Spreadsheet files in and out (XLSX with exceljs, CSV with csv-stringify / exceljs), shared by
 * the transaction exports, the resource engine's Export and BulkUpload, and the bulk MDR update.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify';
import { ERROR_CODES } from '@paydesk/domain';
import { AppError } from './errors.ts';

export type SheetFormat = 'xlsx' | 'csv';

export const CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Streams rows as a file: the header row, then each row as it comes from `rows`, so memory does
 * not grow with the row count. `numFmt` formats XLSX columns by header (e.g. '#,##0.00'); a cell
 * given as a number stays a number cell. `onDone` receives the row count.
 */
export function streamSheet(opts: {
  format: SheetFormat;
  sheetName: string;
  headers: string[];
  rows: AsyncIterable<(string | number | null)[]>;
  widths?: Record<string, number>;
  numFmt?: Record<string, string>;
  onDone?: (rows: number) => void;
}): { stream: Readable; contentType: string } {
  let n = 0;
  const counted = (async function* () {
    for await (const r of opts.rows) {
      n++;
      yield r;
    }
  })();
  if (opts.format === 'csv') {
    const source = Readable.from(
      (async function* () {
        for await (const r of counted) yield r.map((c) => (c === null ? '' : c));
        opts.onDone?.(n);
      })(),
    );
    const csv = stringify({ header: true, columns: opts.headers, bom: true });
    source.on('error', (e) => csv.destroy(e));
    return { stream: source.pipe(csv), contentType: CONTENT_TYPES.csv };
  }
  const out = new PassThrough();
  void (async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: Boolean(opts.numFmt), useSharedStrings: false });
    const ws = wb.addWorksheet(opts.sheetName.slice(0, 31));
    ws.columns = opts.headers.map((h) => ({ header: h, key: h, width: opts.widths?.[h] ?? 20 }));
    opts.headers.forEach((h, i) => {
      const fmt = opts.numFmt?.[h];
      if (fmt) ws.getColumn(i + 1).numFmt = fmt;
    });
    for await (const r of counted) {
      ws.addRow(r).commit();
      if (out.writableNeedDrain) await new Promise((res) => out.once('drain', res));
    }
    ws.commit();
    opts.onDone?.(n);
    await wb.commit();
  })().catch((e: unknown) => out.destroy(e as Error));
  return { stream: out, contentType: CONTENT_TYPES.xlsx };
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

export interface SheetRows {
  headers: string[];
  /** Data rows keyed by header, with their row numbers as in the file (header = row 1). */
  rows: { row: number; values: Record<string, string> }[];
}

/** Reads the first sheet of an XLSX, or a CSV (cells kept as written), into header-keyed rows. */
export async function readSheet(file: Buffer, filename: string): Promise<SheetRows> {
  const wb = new ExcelJS.Workbook();
  let ws: ExcelJS.Worksheet | undefined;
  try {
    // A CSV cell stays the text of the file: exceljs would otherwise guess numbers and dates
    // ('0742' → 742, '2032-04-01' → a Date at the server's local midnight).
    if (/\.csv$/i.test(filename)) ws = await wb.csv.read(Readable.from(file.toString('utf8').replace(/^\uFEFF/, '')), { map: (text: string) => text });
    else {
      await wb.xlsx.load(file as unknown as ArrayBuffer);
      ws = wb.worksheets[0];
    }
  } catch {
    throw new AppError(400, ERROR_CODES.VALIDATION, 'file: not a readable XLSX or CSV file');
  }
  if (!ws) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: the workbook has no sheet');
  const headers: string[] = [];
  ws.getRow(1).eachCell((c, i) => (headers[i] = cellText(c)));
  const rows: SheetRows['rows'] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const values: Record<string, string> = {};
    r.eachCell({ includeEmpty: false }, (c, i) => {
      const h = headers[i];
      if (h) values[h] = cellText(c);
    });
    if (Object.values(values).some((v) => v !== '')) rows.push({ row: n, values });
  });
  return { headers: headers.filter(Boolean), rows };
}

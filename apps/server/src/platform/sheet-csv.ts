/**
 * An uploaded CSV read as a stream under limits: csv-parse takes the bytes in
 * 64 KB slices and refuses a record longer than `columns × cellChars` characters while it is
 * still being read (the "one 10 MB line" file); each record is then checked for its columns and
 * cell lengths, and reading stops at the first data row past the row limit. Cells stay the text
 * of the file (no number or date guessing: '0742' stays '0742'), trimmed, with a UTF-8 BOM
 * stripped and `'=…` read back as `=…` (the form streamSheet exports), then through guardCell
 * (sheet-cell-guard.ts: NUL and the like refused with row and column, card numbers masked).
 *
 * One core, `csvBatches`, serves both readCsv (an upload in memory, one batch) and
 * streamSheetRecords (sheet-stream.ts: a file on disk, batches handed out as they fill).
 */
import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { columnName, guardCell, type KeepDigits } from './sheet-cell-guard.ts';
import { fromCsvSafeText } from './sheet-formula.ts';
import { refuse, tooLarge, type SheetLimits, type SheetRows } from './sheet-limits.ts';
import type { SheetReadHooks } from './sheet-stream.ts';

const CHUNK = 64 * 1024;

function* slices(data: Buffer): Generator<Buffer> {
  for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK);
}

/**
 * The core of both CSV readers: the CSV bytes of `source` (comma-separated, `"` quoting, any of
 * CRLF / LF / CR line ends) as header-keyed data rows in batches of `hooks.batchRows` (readCsv:
 * Infinity, one batch at the end). Record 1 is the header row, record n is row n (as the old
 * exceljs reader numbered them), empty rows are skipped. The records are pulled from the parser
 * one at a time, so while a full batch waits to be taken the parser stops and, through the pipe,
 * so does `source` (memory: one batch, the parser's small buffer and one slice of the source).
 *
 * Every kept cell (the header row's, and those under a header) goes through guardCell: masked
 * unless `hooks.keepDigits` holds for its header, refused (SheetCellRefused, 400 naming row and
 * column) when it holds a character text cannot hold.
 *
 * Yields at least one batch; only a sole batch is empty. `headers`: the non-empty texts of record
 * 1 in column order. `hooks.onHeaders` is called once, after record 1 (or at the end of an empty
 * file), before any data row is handed out. Throws 413 naming the limit passed (record size,
 * columns, cell length, rows); an error of `source` is thrown as it is; any other failure (e.g. an
 * unterminated quote) is left for the caller to answer as unreadable. Leaving the iteration
 * early destroys the parser and `source`.
 */
export async function* csvBatches(source: Readable, limits: SheetLimits, hooks: SheetReadHooks): AsyncGenerator<SheetRows> {
  const maxRecord = limits.columns * limits.cellChars;
  const parser = parse({ bom: true, relax_quotes: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'], max_record_size: maxRecord });
  // pipeline, not pipe: an error of the source (a file read failing) destroys the parser with it,
  // so it is thrown by the iteration below, and destroying the parser closes the source.
  pipeline(source, parser, () => {});
  const headers: string[] = [];
  let named: string[] = [];
  let pending: SheetRows['rows'] = [];
  let count = 0;
  let rowNo = 0;
  let yielded = false;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNo++;
      const values: Record<string, string> = {};
      record.forEach((raw, i) => {
        if (raw.length > limits.cellChars) throw refuse.cell(limits, rowNo);
        const text = fromCsvSafeText(raw.trim()).trim();
        if (text !== '' && i >= limits.columns) throw refuse.columns(limits);
        if (rowNo === 1) headers[i] = guardCell(text, rowNo, columnName(i + 1));
        else if (headers[i]) values[headers[i]!] = guardCell(text, rowNo, headers[i]!, hooks.keepDigits);
      });
      if (rowNo === 1) {
        named = headers.filter(Boolean);
        hooks.onHeaders?.(named);
      } else if (Object.values(values).some((v) => v !== '')) {
        pending.push({ row: rowNo, values });
        if (++count > limits.rows) throw refuse.rows(limits);
        hooks.onRecord?.(count);
        if (pending.length >= hooks.batchRows) {
          yielded = true;
          yield { headers: named, rows: pending };
          pending = [];
        }
      }
    }
    if (rowNo === 0) hooks.onHeaders?.(named);
    if (pending.length > 0 || !yielded) yield { headers: named, rows: pending };
  } catch (e) {
    if ((e as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw tooLarge(`a CSV row is longer than ${maxRecord} characters (${limits.columns} columns × ${limits.cellChars} characters)`);
    throw e;
  } finally {
    parser.destroy();
  }
}

/**
 * Reads a CSV (comma-separated, `"` quoting, any of CRLF / LF / CR line ends) into header-keyed
 * rows: record 1 is the header row, record n is row n (as the old exceljs reader numbered them),
 * empty rows are skipped; cells guarded as csvBatches says (`keepDigits`: the columns that keep
 * their digits). Throws 413 naming the limit passed (record size, columns, cell length, rows),
 * SheetCellRefused (400) for a cell text cannot hold; any other failure (e.g. an unterminated quote) is left for the caller to answer as
 * unreadable.
 */
export async function readCsv(file: Buffer, limits: SheetLimits, keepDigits?: KeepDigits): Promise<SheetRows> {
  const result: SheetRows = { headers: [], rows: [] };
  // batchRows Infinity: the core yields once, after the last record.
  for await (const batch of csvBatches(Readable.from(slices(file), { objectMode: false }), limits, { batchRows: Infinity, keepDigits })) {
    result.headers = batch.headers;
    for (const r of batch.rows) result.rows.push(r);
  }
  return result;
}

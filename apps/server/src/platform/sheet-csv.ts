/**
 * An uploaded CSV read as a stream under limits (issue 8 item 5): csv-parse takes the upload in
 * 64 KB slices and refuses a record longer than `columns × cellChars` characters while it is
 * still being read (the "one 10 MB line" file); each record is then checked for its columns and
 * cell lengths, and reading stops at the first data row past the row limit. Cells stay the text
 * of the file (no number or date guessing: '0742' stays '0742'), trimmed, with a UTF-8 BOM
 * stripped and `'=…` read back as `=…` (the form streamSheet exports).
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { fromCsvSafeText } from './sheet-formula.ts';
import { refuse, tooLarge, type SheetLimits, type SheetRows } from './sheet-limits.ts';

const CHUNK = 64 * 1024;

function* slices(data: Buffer): Generator<Buffer> {
  for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK);
}

/**
 * Reads a CSV (comma-separated, `"` quoting, any of CRLF / LF / CR line ends) into header-keyed
 * rows: record 1 is the header row, record n is row n (as the old exceljs reader numbered them),
 * empty rows are skipped. Throws 413 naming the limit passed (record size, columns, cell length,
 * rows); any other failure (e.g. an unterminated quote) is left for the caller to answer as
 * unreadable.
 */
export async function readCsv(file: Buffer, limits: SheetLimits): Promise<SheetRows> {
  const maxRecord = limits.columns * limits.cellChars;
  const parser = Readable.from(slices(file), { objectMode: false }).pipe(
    parse({ bom: true, relax_quotes: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'], max_record_size: maxRecord }),
  );
  const headers: string[] = [];
  const rows: SheetRows['rows'] = [];
  let rowNo = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNo++;
      const values: Record<string, string> = {};
      record.forEach((raw, i) => {
        if (raw.length > limits.cellChars) throw refuse.cell(limits, rowNo);
        const text = fromCsvSafeText(raw.trim()).trim();
        if (text !== '' && i >= limits.columns) throw refuse.columns(limits);
        if (rowNo === 1) headers[i] = text;
        else if (headers[i]) values[headers[i]!] = text;
      });
      if (rowNo > 1 && Object.values(values).some((v) => v !== '')) {
        rows.push({ row: rowNo, values });
        if (rows.length > limits.rows) throw refuse.rows(limits);
      }
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw tooLarge(`a CSV row is longer than ${maxRecord} characters (${limits.columns} columns × ${limits.cellChars} characters)`);
    throw e;
  } finally {
    parser.destroy();
  }
  return { headers: headers.filter(Boolean), rows };
}

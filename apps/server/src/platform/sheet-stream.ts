/**
 * A settlement file of up to a million rows (CSV or the first sheet of an XLSX) read from disk as
 * a stream of header-keyed record batches, never held whole. The cells read exactly as readSheet
 * reads them (spreadsheet.ts), because both formats go through the same cores: csvBatches
 * (sheet-csv.ts) and xlsxBatches (sheet-xlsx.ts), which pause while a batch waits to be taken.
 */
import type { Readable } from 'node:stream';
import { AppError, badInput } from './errors.ts';
import { openStoredFile, StoredFileError, type StoredRef } from './file-store.ts';
import type { KeepDigits } from './sheet-cell-guard.ts';
import { csvBatches } from './sheet-csv.ts';
import { inMb, tooLarge, unreadable, type SheetLimits, type SheetRows } from './sheet-limits.ts';
import { NoSheet, xlsxBatches } from './sheet-xlsx.ts';
import { SheetZip } from './sheet-zip.ts';

/** One batch of data rows, in file order; every batch of a file carries the same headers. */
export interface SheetRecordBatch {
  /** The non-empty texts of row 1 in column order, as in the file (trimmed); each names one column. */
  headers: string[];
  /** Data rows: `row` is the row's number in the file (header = 1), `values` its cell texts by header. */
  records: { row: number; values: Record<string, string> }[];
}

/** How a reader's core (csvBatches, xlsxBatches) hands out what it reads. */
export interface SheetReadHooks {
  /** Data rows per batch (Infinity: one batch at the end); the core reads no further while a full batch waits to be taken. */
  batchRows: number;
  /** Called once with the batch `headers` as soon as the header row is read, before any data row is handed out; may throw to refuse the file. */
  onHeaders?: (headers: string[]) => void;
  /** Called with the number of data rows read so far, as each one is read (before it is handed out). */
  onRecord?: (read: number) => void;
  /** The columns (by header) whose cells keep their digits: not PAN-masked (bank account numbers). */
  keepDigits?: KeepDigits;
}

/** Options of streamSheetRecords beside the limits. */
export interface SheetStreamOptions {
  /** Records per batch; default 2,000 (large enough that the await per batch costs nothing, small enough to insert as one statement). */
  batchRows?: number;
  /** Progress: the number of data rows read so far, called as each is read; must not throw. Tests use it to see how far reading runs ahead of the consumer. */
  onRecord?: (read: number) => void;
  /** The columns (by header) whose cells keep their digits: not PAN-masked (bank account numbers). */
  keepDigits?: KeepDigits;
}

const DEFAULT_BATCH_ROWS = 2000;

/** A header as named in a message: quoted, and cut short when long (a header may be 32,767 characters). */
const quoted = (h: string) => JSON.stringify(h.length > 80 ? `${h.slice(0, 80)}…` : h);

/**
 * The header row of a file read by records: values are keyed by header, so a header that names
 * two columns would leave one of them unreadable (readSheet keeps the last; a settlement import
 * must not guess) and no header at all leaves nothing to key by: both refused. An empty header
 * cell is allowed and its column ignored, as readSheet does: exported files often end their
 * header row with empty (styled or separator-only) cells.
 */
function checkHeaders(headers: string[]): void {
  if (headers.length === 0) throw badInput('file', 'row 1 names no column (the first row must hold the headers)');
  const seen = new Set<string>();
  for (const h of headers) {
    if (seen.has(h)) throw badInput('file', `more than one column is headed ${quoted(h)} (a header must name one column)`);
    seen.add(h);
  }
}

/**
 * The compressed XLSX in memory: SheetZip reads its directory from a Buffer. A file larger than
 * twice `totalBytes` is refused as soon as that much is read: it could not inflate within the
 * limit (deflate never grows data by more than a few bytes per 64 KB), so reading it would only
 * fill memory.
 */
async function xlsxFile(input: Readable, limits: SheetLimits): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of input) {
      size += (chunk as Buffer).length;
      if (size > 2 * limits.totalBytes) throw tooLarge(`the XLSX is larger than ${inMb(2 * limits.totalBytes)} (it could not inflate within the limit of ${inMb(limits.totalBytes)})`);
      chunks.push(chunk as Buffer);
    }
  } finally {
    input.destroy();
  }
  return Buffer.concat(chunks, size);
}

/** A failure as the AppError readSheet gives for it; an error of the disk itself (it has a syscall) or of the stored file's seal stays as it is. */
function refusalOf(e: unknown): unknown {
  if (e instanceof AppError || e instanceof StoredFileError) return e;
  if (e instanceof NoSheet) return badInput('file', 'the workbook has no sheet');
  if (typeof (e as { syscall?: unknown } | null)?.syscall === 'string') return e;
  return unreadable();
}

/**
 * Reads `file` — a plain file's path, or a stored file (file-store.ts, sealed: decrypted as it is
 * read) — a CSV, or the first sheet of an XLSX, as `format` says — as batches
 * of header-keyed records, for imports of up to a million rows: memory stays at about one batch
 * (plus, for an XLSX, the compressed file and its shared strings) whatever the row count, because
 * nothing more is read or parsed while the caller works on a batch.
 *
 * Cells read exactly as readSheet reads them: CSV cells trimmed as written (BOM stripped, `'=…`
 * read back as `=…`, no number or date guessing); XLSX cells as their text (shared and inline
 * strings, dates 'YYYY-MM-DD' or ISO 8601 by the cell's style, formulas by their cached result,
 * trimmed), each through guardCell (sheet-cell-guard.ts: card numbers masked unless
 * `opts.keepDigits` holds for the column; NUL and the like refused with row and column as
 * SheetCellRefused, 400). Row 1 is the header row; empty rows are skipped; `row` is the number in the file.
 * Batches hold `batchRows` records (default 2,000), the last fewer; a file without data rows
 * gives one batch with no records, so the headers are always seen.
 *
 * Every limit of `limits` is checked while reading: data rows, columns, characters per cell and
 * per CSV row, and for an XLSX zip entries and inflated bytes per entry and in total (raise
 * `entryBytes` and `totalBytes` for a million rows: six columns of them are ~300 MB of sheet
 * XML, read one 64 KB chunk at a time). A refusal can come after earlier batches were handed out, so an import
 * must treat the file as a whole (e.g. one transaction).
 *
 * Errors (AppError, VAL400 code), as readSheet's: 413 'file: …' naming the limit passed (e.g.
 * 'file: more than 1000000 data rows (the limit of one file)'), also for an XLSX larger than
 * twice `totalBytes`; 400 'file: not a readable XLSX or CSV file'; 400 'file: the workbook has
 * no sheet'; and, of its own, 400 when row 1 names no column or names one column twice (the
 * message quotes the header). A file that cannot be opened or read fails with the fs error
 * (ENOENT, EACCES, …) as it is. Leaving the iteration early closes the file.
 */
export async function* streamSheetRecords(file: string | StoredRef, format: 'csv' | 'xlsx', limits: SheetLimits, opts: SheetStreamOptions = {}): AsyncGenerator<SheetRecordBatch> {
  const batchRows = opts.batchRows ?? DEFAULT_BATCH_ROWS;
  if (!(batchRows >= 1)) throw new RangeError(`batchRows must be at least 1, not ${batchRows}`);
  const hooks: SheetReadHooks = { batchRows, onHeaders: checkHeaders, onRecord: opts.onRecord, keepDigits: opts.keepDigits };
  // Opened before reading, so a missing or unreadable file fails as the fs error it is.
  const input = typeof file === 'string' ? await openStoredFile(file) : await openStoredFile(file.path, file.key);
  let batches: AsyncGenerator<SheetRows>;
  try {
    // The CSV core owns the stream from here on: it is closed at the end or when destroyed.
    if (format === 'csv') batches = csvBatches(input, limits, hooks);
    else batches = xlsxBatches(await SheetZip.open(await xlsxFile(input, limits), limits), limits, hooks);
    for await (const b of batches) yield { headers: b.headers, records: b.rows };
  } catch (e) {
    throw refusalOf(e);
  }
}

/**
 * Limits of an uploaded spreadsheet and the refusals they give. Shared by the
 * XLSX reader (sheet-xlsx.ts, over sheet-zip.ts) and the CSV reader (sheet-csv.ts) behind
 * `readSheet` (spreadsheet.ts).
 */
import { ERROR_CODES } from '@paydesk/domain';
import { AppError } from './errors.ts';

/** What a file may hold before it is refused. Every limit is checked while the file is read. */
export interface SheetLimits {
  /** Data rows (non-empty rows under the header row). */
  rows: number;
  /** The last column (1-based) a non-empty cell may sit in. */
  columns: number;
  /** Characters of one cell. */
  cellChars: number;
  /** Inflated bytes of one zip entry of an XLSX. */
  entryBytes: number;
  /** Inflated bytes of every zip entry of an XLSX, together. */
  totalBytes: number;
  /** Entries in the zip directory of an XLSX. */
  entries: number;
}

const MB = 1024 * 1024;

/**
 * The defaults: 5,000 data rows (the bulk uploads' limit; callers pass their own), 200 columns
 * (the widest configuration list has about 30 fields), 32,767 characters per cell (Excel's own
 * maximum), 50 MB inflated per zip entry and 100 MB for the whole XLSX (a 5,000 × 200 sheet of
 * short values is about 40 MB of XML; a 10 MB upload of real data never inflates past that, a
 * decompression bomb does at once), 1,000 zip entries (a workbook has about 10).
 */
export const DEFAULT_SHEET_LIMITS: Readonly<SheetLimits> = Object.freeze({
  rows: 5000,
  columns: 200,
  cellChars: 32_767,
  entryBytes: 50 * MB,
  totalBytes: 100 * MB,
  entries: 1000,
});

/** Size in MB for messages (limits are whole MB in practice). */
export const inMb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** 413 (the content is larger than allowed) naming the limit, e.g. `file: a cell is longer than 32767 characters`. */
export const tooLarge = (what: string) => new AppError(413, ERROR_CODES.VALIDATION, `file: ${what}`);

/** 400: the file cannot be read as a spreadsheet (corrupt, not a zip or workbook, bad XML). */
export const unreadable = () => new AppError(400, ERROR_CODES.VALIDATION, 'file: not a readable XLSX or CSV file');

/** The refusals of the sheet's shape, shared by both formats so messages agree. */
export const refuse = {
  rows: (l: SheetLimits) => tooLarge(`more than ${l.rows} data rows (the limit of one file)`),
  columns: (l: SheetLimits) => tooLarge(`a value beyond column ${l.columns} (the limit is ${l.columns} columns)`),
  cell: (l: SheetLimits, row?: number) => tooLarge(`a cell${row === undefined ? '' : ` of row ${row}`} is longer than ${l.cellChars} characters (the limit of one cell)`),
};

/** What `readSheet` answers: the header row's texts and the data rows keyed by header. */
export interface SheetRows {
  headers: string[];
  /** Data rows keyed by header, with their row numbers as in the file (header = row 1). */
  rows: { row: number; values: Record<string, string> }[];
}

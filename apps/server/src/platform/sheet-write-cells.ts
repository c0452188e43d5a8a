/**
 * What the export writers (sheet-write-csv.ts, sheet-write-xlsx.ts) share: the cell type and a
 * first-character screen in front of the formula rule (sheet-formula.ts), which runs on every
 * string cell of exports of a million rows.
 */
import { isFormulaLike } from './sheet-formula.ts';

/** One cell: text, a number (written as a number cell in XLSX) or empty. */
export type SheetCell = string | number | null;

/** What a written sheet looks like, beside its rows (see streamSheet). */
export interface SheetLayout {
  sheetName: string;
  headers: string[];
  /** Column width in characters by header (XLSX); 20 when not given. */
  widths?: Record<string, number>;
  /** Number format by header (XLSX), e.g. '#,##0.00'. */
  numFmt?: Record<string, string>;
}

/**
 * Whether `text` could need the formula rule at all: its first character is one that starts a
 * formula (= + - @ tab CR, full-width = + - @) or a quote (csvSafeText looks past leading quotes).
 * False answers are final; true answers still go through isFormulaLike / csvSafeText.
 */
export function mayStartFormula(text: string): boolean {
  const c = text.charCodeAt(0);
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 || c === 39 || c === 0xff1d || c === 0xff0b || c === 0xff0d || c === 0xff20;
}

/** isFormulaLike behind the first-character screen: same answer, cheaper for ordinary text. */
export const formulaLike = (text: string): boolean => mayStartFormula(text) && isFormulaLike(text);

/** Characters gathered before a chunk is handed to the stream (fewer, larger writes). */
export const CHUNK_CHARS = 256 * 1024;

/** Rows to write: one row per step, or (cheaper per row: no await per row) a batch of rows per step. */
export type SheetRowSource = { rows: AsyncIterable<SheetCell[]> } | { batches: AsyncIterable<SheetCell[][]> };

/** The batches of a row source (a one-row batch per row when it gives rows). */
export async function* batchesOf(source: SheetRowSource): AsyncGenerator<SheetCell[][]> {
  if ('batches' in source) yield* source.batches;
  else for await (const r of source.rows) yield [r];
}

/**
 * The CSV export writer (exports at production speed): UTF-8 with a BOM (so Excel reads
 * it as UTF-8), a header line, `\n` line ends, a field quoted only when it holds `"`, `,`, CR or
 * LF (quotes doubled) — what csv-stringify wrote before, built directly as text in large chunks.
 */
import { Readable } from 'node:stream';
import { csvSafeText } from './sheet-formula.ts';
import { batchesOf, CHUNK_CHARS, mayStartFormula, type SheetCell, type SheetRowSource } from './sheet-write-cells.ts';

const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

/** A field as written: quoted when needed. */
const field = (text: string): string => (NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text);

/**
 * One data cell as CSV text: null → empty, a number as JS prints it, a string neutralised by
 * csvSafeText (formula-like → prefixed `'`) and quoted when needed.
 */
export function csvCell(c: SheetCell): string {
  if (c === null || c === undefined) return '';
  if (typeof c === 'number') return String(c);
  return field(mayStartFormula(c) ? csvSafeText(c) : c);
}

/**
 * The CSV file of `headers` and `rows` as a byte stream; `onDone(n)` with the data row count
 * after the last row. Memory is one chunk (~256 K characters), whatever the row count. An error
 * of `rows` destroys the stream with it; destroying the stream stops reading `rows` (its
 * iterator is returned, so a database cursor behind it is closed).
 */
export function csvStream(headers: string[], source: SheetRowSource, onDone?: (rows: number) => void): Readable {
  return Readable.from(
    (async function* () {
      // Lines gathered in an array and joined once per chunk (one flat string to encode, not a
      // rope of a million pieces).
      let parts: string[] = [`\uFEFF${headers.map(field).join(',')}\n`];
      let chars = 0;
      let n = 0;
      for await (const batch of batchesOf(source)) {
        for (const r of batch) {
          n++;
          let line = r.length > 0 ? csvCell(r[0] ?? null) : '';
          for (let i = 1; i < r.length; i++) line += `,${csvCell(r[i] ?? null)}`;
          parts.push(`${line}\n`);
          chars += line.length + 1;
        }
        if (chars >= CHUNK_CHARS) {
          yield Buffer.from(parts.join(''), 'utf8');
          parts = [];
          chars = 0;
        }
      }
      if (parts.length > 0) yield Buffer.from(parts.join(''), 'utf8');
      onDone?.(n);
    })(),
    { objectMode: false },
  );
}

/**
 * platform/sheet-stream.ts: streamSheetRecords reads a CSV or XLSX file from disk as batches of
 * header-keyed records that are exactly what readCsv / readXlsx read from the same bytes (random
 * tables written by the project's own streamSheet); 200,000-row files arrive in many batches
 * while the records read but not yet consumed stay under a small bound and the heap stays flat;
 * the limits refuse as readSheet's do, and duplicate or missing headers are refused by name.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/errors.ts';
import { SheetCellRefused } from '../../src/platform/sheet-cell-guard.ts';
import { readCsv } from '../../src/platform/sheet-csv.ts';
import { DEFAULT_SHEET_LIMITS, type SheetLimits, type SheetRows } from '../../src/platform/sheet-limits.ts';
import { streamSheetRecords, type SheetRecordBatch, type SheetStreamOptions } from '../../src/platform/sheet-stream.ts';
import { readXlsx } from '../../src/platform/sheet-xlsx.ts';
import { streamSheet, type SheetCell } from '../../src/platform/spreadsheet.ts';
import { deflatedPart, workbookParts, xlsxOf, zipOf } from '../sheet-fixtures.ts';

type Format = 'csv' | 'xlsx';

let dir: string;
let fileNo = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sheet-stream-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A fresh path in the temp dir. */
const tempPath = (format: Format) => join(dir, `f${++fileNo}.${format}`);

/** Writes a sheet with the project's writer (streamSheet) to a temp file; answers its path. */
async function writeSheet(format: Format, headers: string[], source: { rows: SheetCell[][] } | { batches: AsyncIterable<SheetCell[][]> }): Promise<string> {
  const path = tempPath(format);
  const rows = 'rows' in source ? { rows: Readable.from(source.rows) } : source;
  await pipeline(streamSheet({ format, sheetName: 'Settlement', headers, ...rows }).stream, createWriteStream(path));
  return path;
}

/** Bytes to a temp file; answers its path. */
async function writeBytes(format: Format, bytes: Buffer | string): Promise<string> {
  const path = tempPath(format);
  await writeFile(path, bytes);
  return path;
}

/** Every batch of a file. */
async function batchesOf(path: string, format: Format, limits: SheetLimits, opts?: SheetStreamOptions): Promise<SheetRecordBatch[]> {
  const out: SheetRecordBatch[] = [];
  for await (const b of streamSheetRecords(path, format, limits, opts)) out.push(b);
  return out;
}

/** The refusal a read ends with (fails the test when it succeeds). */
async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected the file to be refused');
}

const limits = (l: Partial<SheetLimits> = {}): SheetLimits => ({ ...DEFAULT_SHEET_LIMITS, ...l });

describe('streamSheetRecords reads what readCsv / readXlsx read', () => {
  // Texts that stress both formats: separators, quotes, line breaks, formula starts (and the
  // quote that protects them in CSV), padding, any Unicode (lone surrogates and C0 controls
  // included: both readers see the same bytes, whatever the writer made of them).
  const tricky = fc.constantFrom('a,b', 'say "hi"', '"', 'line\nbreak', 'cr\r\nlf', '=SUM(A1:A2)', "'=1+1", "''=x", '+60123', '-10.00', '@cmd', '  padded  ', 'Ünïcödé 結算 💳', '');
  const text = fc.oneof(
    tricky,
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.tuple(fc.constantFrom('=', '+', '-', '@', "'=", '\t'), fc.string({ maxLength: 10 })).map(([a, b]) => a + b),
  );
  const cell: fc.Arbitrary<SheetCell> = fc.oneof(text, fc.integer({ min: -1e9, max: 1e9 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constant(null));
  // Headers: mostly distinct names, sometimes empty (an ignored column) or repeated (refused).
  const table = fc
    .array(fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom('', 'Amount') }), { minLength: 1, maxLength: 6 })
    .chain((headers) => fc.tuple(fc.constant(headers), fc.array(fc.array(cell, { maxLength: headers.length + 1 }), { maxLength: 30 }), fc.integer({ min: 1, max: 7 })));

  for (const format of ['csv', 'xlsx'] as const)
    it(`${format}: random tables give the same headers and records, in batches of at most batchRows`, async () => {
      await fc.assert(
        fc.asyncProperty(table, async ([headers, rows, batchRows]) => {
          const path = await writeSheet(format, headers, { rows });
          const bytes = await readFile(path);
          const read = batchesOf(path, format, limits(), { batchRows });
          const ref: SheetRows | SheetCellRefused = await (format === 'csv' ? readCsv(bytes, limits()) : readXlsx(bytes, limits())).catch((e: unknown) => {
            if (e instanceof SheetCellRefused) return e;
            throw e;
          });
          if (ref instanceof SheetCellRefused) {
            // A cell text cannot hold (NUL, a lone surrogate): refused by both, the same way unless
            // the stream's own header check (duplicate or no header) comes first.
            const e = await refusal(read);
            expect(e.status).toBe(400);
            if (e instanceof SheetCellRefused) expect([e.row, e.column, e.message]).toEqual([ref.row, ref.column, ref.message]);
            return;
          }
          const repeated = ref.headers.find((h, i) => ref.headers.indexOf(h) !== i);
          if (ref.headers.length === 0) {
            expect((await refusal(read)).message).toBe('file: row 1 names no column (the first row must hold the headers)');
          } else if (repeated !== undefined) {
            const e = await refusal(read);
            expect([e.status, e.message]).toEqual([400, `file: more than one column is headed ${JSON.stringify(repeated.length > 80 ? `${repeated.slice(0, 80)}…` : repeated)} (a header must name one column)`]);
          } else {
            const batches = await read;
            for (const b of batches) expect(b.headers).toEqual(ref.headers);
            expect(batches.flatMap((b) => b.records)).toEqual(ref.rows);
            // Full batches, the last one shorter; a file without data rows still gives one (empty) batch.
            expect(batches.map((b) => b.records.length)).toEqual(ref.rows.length === 0 ? [0] : Array.from({ length: Math.ceil(ref.rows.length / batchRows) }, (_, i) => Math.min(batchRows, ref.rows.length - i * batchRows)));
          }
        }),
        { numRuns: 80 },
      );
    });
});

describe('streamSheetRecords keeps memory flat on 200,000 rows', () => {
  const ROWS = 200_000;
  const BATCH = 2000;
  const HEADERS = ['TransactionId', 'Merchant', 'Amount', 'Currency', 'SettledAt', 'Note'];
  async function* generated(): AsyncGenerator<SheetCell[][]> {
    for (let at = 0; at < ROWS; at += 5000) {
      const batch: SheetCell[][] = [];
      for (let i = at; i < Math.min(ROWS, at + 5000); i++) batch.push([`TX${String(i).padStart(10, '0')}`, `Merchant, ${i % 977}`, (i % 100_000) / 100, 'MYR', `2032-04-${String((i % 28) + 1).padStart(2, '0')}`, i % 13 === 0 ? 'said "refund"' : null]);
      yield batch;
    }
  }
  // A million rows of six columns are ~300 MB of sheet XML: limits an import of that size passes.
  const big = limits({ rows: 1_000_000, entryBytes: 1024 * 1024 * 1024, totalBytes: 1024 * 1024 * 1024 });

  // The heap after a full collection, when the collector can be reached (a V8 flag set at run
  // time); heap growth is then measured on live objects only, not on garbage not yet collected.
  const gc = (() => {
    try {
      v8.setFlagsFromString('--expose-gc');
      return runInNewContext('gc') as () => void;
    } catch {
      return undefined;
    }
  })();
  const liveHeap = () => {
    gc?.();
    return process.memoryUsage().heapUsed;
  };

  for (const format of ['csv', 'xlsx'] as const)
    it(`${format}: many batches, at most ~2 batches read ahead of the consumer, heap growth well under what the rows take`, { timeout: 120_000 }, async () => {
      const path = await writeSheet(format, HEADERS, { batches: generated() });
      let consumed = 0;
      let aheadMax = 0;
      let batches = 0;
      let nextRow = 2;
      let heapMax = 0;
      const base = liveHeap();
      const opts: SheetStreamOptions = {
        batchRows: BATCH,
        // Called as each record is read: what was read and not yet consumed is held in memory.
        onRecord: (read) => (aheadMax = Math.max(aheadMax, read - consumed)),
      };
      for await (const b of streamSheetRecords(path, format, big, opts)) {
        batches++;
        expect(b.headers).toEqual(HEADERS);
        for (const r of b.records) expect(r.row).toBe(nextRow++);
        if (batches % 20 === 0) heapMax = Math.max(heapMax, liveHeap() - base);
        consumed += b.records.length;
      }
      expect(consumed).toBe(ROWS);
      expect(batches).toBe(ROWS / BATCH);
      // The batch being filled plus what one 64 KB chunk completes (XLSX) — never the file.
      expect(aheadMax).toBeLessThanOrEqual(2 * BATCH);
      expect(aheadMax).toBeGreaterThanOrEqual(BATCH);
      // Live heap: readCsv / readXlsx holding these 200,000 records grow it by ~55 MB; streaming
      // by ~2 MB (a batch or two; the compressed XLSX is a Buffer, outside the heap).
      if (gc) expect(heapMax).toBeLessThan(16 * 1024 * 1024);
    });

  it('the same records as readCsv on the 200,000-row CSV, and a consumer that stops early stops the reading', { timeout: 120_000 }, async () => {
    const path = await writeSheet('csv', HEADERS, { batches: generated() });
    const ref = await readCsv(await readFile(path), big);
    let at = 0;
    for await (const b of streamSheetRecords(path, 'csv', big)) {
      expect(b.records).toEqual(ref.rows.slice(at, at + b.records.length));
      at += b.records.length;
    }
    expect(at).toBe(ROWS);
    let read = 0;
    for await (const _ of streamSheetRecords(path, 'csv', big, { onRecord: (n) => (read = n) })) break;
    expect(read).toBeLessThan(3 * 2000);
  });
});

describe('streamSheetRecords limits and refusals', () => {
  const header = ['BankName', 'BankCode'];
  const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => [`Bank ${i}`, `B${i}`]);
  const csvOf = (rows: string[][]) => rows.map((r) => r.join(',')).join('\n');

  it('rows: the limit passes; one more data row is refused naming the limit, after the batches before it were handed out', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const ok = await writeSheet(format, header, { rows: rowsOf(10) });
      expect((await batchesOf(ok, format, limits({ rows: 10 }), { batchRows: 4 })).map((b) => b.records.length)).toEqual([4, 4, 2]);
      const over = await writeSheet(format, header, { rows: rowsOf(11) });
      const seen: number[] = [];
      const e = await refusal(
        (async () => {
          for await (const b of streamSheetRecords(over, format, limits({ rows: 10 }), { batchRows: 4 })) seen.push(b.records.length);
        })(),
      );
      expect([e.status, e.code, e.message]).toEqual([413, 'VAL400', 'file: more than 10 data rows (the limit of one file)']);
      // CSV hands out each batch as it fills; an XLSX after each 64 KB chunk of sheet XML (this
      // small sheet is one chunk, so the refusal comes first). Either way only full batches.
      if (format === 'csv') expect(seen).toEqual([4, 4]);
      else expect(seen.every((n) => n === 4)).toBe(true);
    }
  });

  it('columns, cell length and CSV row length are refused as readSheet refuses them', async () => {
    const wide = Array.from({ length: 201 }, (_, i) => `H${i}`);
    const long = 'x'.repeat(32_768);
    const cases: [Format, Buffer | string, string][] = [
      ['csv', csvOf([wide]), 'file: a value beyond column 200 (the limit is 200 columns)'],
      ['xlsx', xlsxOf([wide]), 'file: a value beyond column 200 (the limit is 200 columns)'],
      ['csv', csvOf([header, [long, 'B']]), 'file: a cell of row 2 is longer than 32767 characters (the limit of one cell)'],
      ['xlsx', xlsxOf([header, [long, 'B']]), 'file: a cell of row 2 is longer than 32767 characters (the limit of one cell)'],
      ['csv', `BankName,BankCode\n${'y'.repeat(7_000_000)}`, 'file: a CSV row is longer than 6553400 characters (200 columns × 32767 characters)'],
    ];
    for (const [format, bytes, message] of cases) {
      const e = await refusal(batchesOf(await writeBytes(format, bytes), format, limits()));
      expect([e.status, e.message]).toEqual([413, message]);
    }
  });

  it('XLSX: inflated sizes are checked on the real output, and a file too large to inflate within the limit is not read', async () => {
    const file = await writeBytes('xlsx', xlsxOf([header, ...rowsOf(2000)]));
    expect((await refusal(batchesOf(file, 'xlsx', limits({ entryBytes: 64 * 1024 })))).message).toBe('file: xl/worksheets/sheet1.xml inflates to more than 0.1 MB (the limit of one zip entry)');
    const e = await refusal(batchesOf(file, 'xlsx', limits({ totalBytes: 1024 })));
    expect([e.status, e.message]).toEqual([413, expect.stringMatching(/^file: the XLSX is larger than [\d.]+ MB \(it could not inflate within the limit of [\d.]+ MB\)$/)]);
  });

  it('headers: one named twice or none at all is a 400 naming it; empty header cells only leave their column out', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const twice = await writeSheet(format, ['Amount', 'Fee', ' Amount '], { rows: [['1', '2', '3']] });
      const e = await refusal(batchesOf(twice, format, limits()));
      expect([e.status, e.code, e.message]).toEqual([400, 'VAL400', 'file: more than one column is headed "Amount" (a header must name one column)']);
      const none = await writeSheet(format, ['', ''], { rows: [['1', '2']] });
      expect((await refusal(batchesOf(none, format, limits()))).message).toBe('file: row 1 names no column (the first row must hold the headers)');
      const gap = await writeSheet(format, ['Amount', '', 'Fee'], { rows: [['1', 'lost', '3']] });
      expect(await batchesOf(gap, format, limits())).toEqual([{ headers: ['Amount', 'Fee'], records: [{ row: 2, values: { Amount: '1', Fee: '3' } }] }]);
      const headerOnly = await writeSheet(format, ['Amount'], { rows: [] });
      expect(await batchesOf(headerOnly, format, limits())).toEqual([{ headers: ['Amount'], records: [] }]);
    }
    expect((await refusal(batchesOf(await writeBytes('csv', ''), 'csv', limits()))).message).toBe('file: row 1 names no column (the first row must hold the headers)');
  });

  it('broken files are "not a readable XLSX or CSV file", a workbook without sheets says so, a missing file is the fs error', async () => {
    for (const [format, bytes] of [
      ['xlsx', 'not a zip at all'],
      ['xlsx', zipOf([...workbookParts(), deflatedPart('xl/worksheets/sheet1.xml', '<worksheet><sheetData><row>')])],
      ['csv', 'a,"b\n1,2'],
    ] as const) {
      const e = await refusal(batchesOf(await writeBytes(format, bytes), format, limits()));
      expect([e.status, e.message]).toEqual([400, 'file: not a readable XLSX or CSV file']);
    }
    const noSheet = zipOf([deflatedPart('xl/workbook.xml', '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>')]);
    const e = await refusal(batchesOf(await writeBytes('xlsx', noSheet), 'xlsx', limits()));
    expect([e.status, e.message]).toEqual([400, 'file: the workbook has no sheet']);
    await expect(batchesOf(join(dir, 'missing.csv'), 'csv', limits())).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

/**
 * Upload limits through the real server: a ~10 MB XLSX decompression bomb
 * (≈10 GB inflated) sent to a resource BulkUpload and to BulkUpdateMdr/Preview answers a 4xx
 * `{ErrorCode, ErrorMessage}` while the memory of this test's own JavaScript isolate (the server
 * runs in it: V8 heap plus the buffers outside it, `heapUsed + external`), sampled every 2 ms,
 * grows by less than 256 MB over the request (the bomb inflates to ≈10 GB; the growth is bounded,
 * not the whole: its resting size depends on the Node version and on what the earlier tests left
 * for the collector). Not the process RSS: the test tiers run in worker threads, and another
 * thread's file (a database dump loaded, a seed) grows the same process at the same time. The
 * server answers normally afterwards; too many rows,
 * columns, a too-long cell and a CSV with one huge line are refused naming the limit; small XLSX
 * and CSV files still apply. Time is printed, not asserted.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@paydesk/contract';
import { errorOf, startTestServer, type TestServer } from './harness.ts';
import { xlsxBomb, xlsxOf } from '../sheet-fixtures.ts';

const BANK_UPLOAD = '/api/portal/Bank/BulkUpload';
const MDR_PREVIEW = '/api/portal/BulkUpdateMdr/Preview';
const MB = 1024 * 1024;
/** Most this isolate's memory may grow while one bomb is refused (measured: 26–53 MB on Node 20; as process RSS, in a process of its own, at most 86 MB on Node 20 and 24). */
const MAX_GROWTH = 256 * MB;

const BANK_HEADER = ['BankName', 'BankCode', 'SwiftCode', 'Country', 'Channels', 'SortOrder'];
const MDR_HEADER = ['ProductCode', 'CategoryCode', 'FeeMode', 'MdrPercent', 'FlatAmount', 'MinFee', 'MaxFee', 'EffectiveDate'];
const letters = (i: number) => String.fromCharCode(65 + (Math.floor(i / 26) % 26), 65 + (i % 26));
const bankRow = (i: number) => [`Limit bank ${i}`, `LIM${String(i).padStart(4, '0')}`, `LIMBMY${letters(i)}`, 'MALAYSIA', 'B2C', String(600 + (i % 300))];
const mdrRow = (i: number) => ['EC-VISA-CR', 'CREDIT_DOMESTIC', '1', '1.5', '', '', '', `2099-01-${String((i % 28) + 1).padStart(2, '0')}`];

/** This isolate's memory, bytes: the V8 heap in use plus the memory of buffers outside it (per thread in a worker, unlike rss). */
const isolateBytes = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/** Runs `call` while sampling this isolate's memory every 2 ms; answers the peak and the elapsed time. */
async function measured<T>(call: () => Promise<T>): Promise<{ result: T; peak: number; base: number; ms: number }> {
  const base = isolateBytes();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, isolateBytes())), 2);
  const started = performance.now();
  try {
    const result = await call();
    return { result, peak: Math.max(peak, isolateBytes()), base, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

describe('upload limits (PGlite)', () => {
  let s: TestServer;
  let admin: PortalClient;

  const form = (file: Uint8Array | string, filename: string) => {
    const f = new FormData();
    f.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), filename);
    return f;
  };
  const send = (path: string, file: Uint8Array | string, filename: string) => admin.callPath<Record<string, unknown>>('POST', path, form(file, filename));
  /** A normal call after a refusal: the server is alive and answers. */
  const alive = async () => expect((await admin.callPath<{ Items: unknown[] }>('POST', '/api/portal/Bank/Search', { RowsPerPage: 5 })).Items.length).toBeGreaterThan(0);

  beforeAll(async () => {
    s = await startTestServer({ transactions: 50 });
    admin = await s.signIn('admin@paydesk.my');
  });
  afterAll(async () => s.close());

  // Three bombs of ~9.5 MB (≈10 GB inflated): one endless cell (stopped as a too-long cell after a
  // few hundred KB), and endless empty elements claiming 40 MB (under the 50 MB entry limit, so
  // the server really inflates and parses 40 MB before the lie shows) or 4 GB (refused from the
  // zip directory alone).
  const bombs = [
    { what: 'of one endless cell', fill: 'cell', declared: 40 * MB, message: /^file: a cell is longer than 32767 characters/ },
    { what: 'of endless elements claiming 40 MB', fill: 'tags', declared: 40 * MB, message: /^file: xl\/worksheets\/sheet1\.xml inflates past its declared size/ },
    { what: 'of endless elements claiming 4 GB', fill: 'tags', declared: 0xffffffff, message: /^file: xl\/worksheets\/sheet1\.xml inflates to more than 50 MB/ },
  ] as const;
  for (const path of [BANK_UPLOAD, MDR_PREVIEW])
    for (const bomb of bombs)
      it(`${path}: a 10 MB XLSX bomb ${bomb.what} answers 413 with the memory growing by less than 256 MB, and the server answers afterwards`, async () => {
        const file = xlsxBomb({ compressedBytes: 9.5 * MB, declared: bomb.declared, fill: bomb.fill });
        expect(file.length).toBeGreaterThan(9 * MB);
        expect(file.length).toBeLessThan(10 * MB);
        const { result: e, peak, base, ms } = await measured(() => errorOf(send(path, file, 'bomb.xlsx')));
        console.log(`[upload-limits] ${path} bomb ${bomb.what}: ${e.status} in ${ms.toFixed(0)} ms, isolate memory ${(base / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB`);
        expect(e.status).toBe(413);
        expect(e.errorCode).toBe('VAL400');
        expect(e.body?.ErrorMessage).toMatch(bomb.message);
        expect(peak - base).toBeLessThan(MAX_GROWTH);
        await alive();
      });

  const cases: { what: string; file: () => Promise<Uint8Array | string>; name: string; message: string }[] = [
    {
      what: 'too many rows (XLSX)',
      file: async () => xlsxOf([BANK_HEADER, ...Array.from({ length: 5001 }, (_, i) => bankRow(i))]),
      name: 'rows.xlsx',
      message: 'file: more than 5000 data rows (the limit of one file)',
    },
    {
      what: 'too many rows (CSV)',
      file: async () => [BANK_HEADER, ...Array.from({ length: 5001 }, (_, i) => bankRow(i))].map((r) => r.join(',')).join('\n'),
      name: 'rows.csv',
      message: 'file: more than 5000 data rows (the limit of one file)',
    },
    {
      what: 'too many columns',
      file: async () => xlsxOf([[...BANK_HEADER, ...Array.from({ length: 200 }, (_, i) => `Extra${i}`)]]),
      name: 'wide.xlsx',
      message: 'file: a value beyond column 200 (the limit is 200 columns)',
    },
    {
      what: 'a too-long cell (shared string written by exceljs)',
      file: async () => {
        const wb = new ExcelJS.Workbook();
        wb.addWorksheet('S').addRows([BANK_HEADER, ['x'.repeat(40_000), 'LONG0001']]);
        return new Uint8Array(await wb.xlsx.writeBuffer());
      },
      name: 'long.xlsx',
      message: 'file: a cell is longer than 32767 characters (the limit of one cell)',
    },
    {
      what: 'a CSV with one 9 MB line',
      file: async () => `${BANK_HEADER.join(',')}\n${'x'.repeat(9 * MB)}`,
      name: 'line.csv',
      message: 'file: a CSV row is longer than 6553400 characters (200 columns × 32767 characters)',
    },
  ];
  for (const c of cases)
    it(`refuses ${c.what} with a 413 naming the limit, on both upload routes`, async () => {
      const file = await c.file();
      for (const path of [BANK_UPLOAD, MDR_PREVIEW]) {
        const e = await errorOf(send(path, file, c.name));
        expect([e.status, e.errorCode, e.body?.ErrorMessage]).toEqual([413, 'VAL400', c.message]);
      }
      await alive();
    });

  it('still applies small XLSX and CSV files (generated rows), and previews an MDR file of the row limit', async () => {
    let next = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), fc.constantFrom('xlsx', 'csv'), async (n, format) => {
        const rows = Array.from({ length: n }, () => bankRow(next++));
        const file = format === 'xlsx' ? xlsxOf([BANK_HEADER, ...rows]) : [BANK_HEADER, ...rows].map((r) => r.join(',')).join('\r\n');
        expect(await send(BANK_UPLOAD, file, `banks.${format}`)).toEqual({ Applied: n, Created: n, Updated: 0 });
      }),
      { numRuns: 8 },
    );
    const [bank] = await s.database.query<{ bank_name: string; sort_order: number }>(`SELECT bank_name, sort_order FROM banks WHERE bank_code = 'LIM0000'`);
    expect(bank).toEqual({ bank_name: 'Limit bank 0', sort_order: 600 });

    // Exactly 5,000 data rows is within the limit (the MDR preview then checks the rows themselves).
    const full = await send(MDR_PREVIEW, xlsxOf([MDR_HEADER, ...Array.from({ length: 5000 }, (_, i) => mdrRow(i))]), 'rates.xlsx');
    expect((full.Changes as unknown[]).length + (full.Errors as unknown[]).length).toBeGreaterThan(0);
  });
});

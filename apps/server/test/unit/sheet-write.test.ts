/**
 * The export writers (sheet-write-xlsx.ts, sheet-write-csv.ts behind streamSheet;
 * exports at production speed): what they write opens as the same sheet in exceljs and in our
 * reader readSheet — cells, number formats, widths, frozen bold header, formula-like cells as
 * Text — for random texts (XML specials, quotes, separators, line breaks, any Unicode); CSV is
 * what csv-stringify wrote; rows given in batches write the same bytes; and a stream closed early
 * or a failing row source ends the reading.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { csvSafeText, isFormulaLike, readSheet, streamSheet, type SheetCell } from '../../src/platform/spreadsheet.ts';
import { csvCell } from '../../src/platform/sheet-write-csv.ts';
import { columnLetters, safeSheetName } from '../../src/platform/sheet-write-xlsx.ts';

const HEADERS = ['Reference no.', 'Merchant', 'Amount', 'Customer'];
const layout = { sheetName: 'Transactions', headers: HEADERS, widths: { Merchant: 32, Customer: 40 }, numFmt: { Amount: '#,##0.00' } };

async function file(format: 'csv' | 'xlsx', rows: SheetCell[][], opts: Partial<typeof layout> = {}): Promise<{ bytes: Buffer; rows: number }> {
  let count = -1;
  const { stream } = streamSheet({ format, ...layout, ...opts, rows: Readable.from(rows), onDone: (n) => (count = n) });
  const bytes = Buffer.concat((await stream.toArray()) as Buffer[]);
  return { bytes, rows: count };
}

async function exceljsSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

/** Every entry of a zip as text. */
async function unzipped(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((res, rej) => yauzl.fromBuffer(bytes, { lazyEntries: true }, (e, z) => (e ? rej(e) : res(z))));
  const out = new Map<string, string>();
  await new Promise<void>((res, rej) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (e, s) => {
        if (e) return rej(e);
        void s.toArray().then((c) => {
          out.set(entry.fileName, Buffer.concat(c as Buffer[]).toString('utf8'));
          zip.readEntry();
        }, rej);
      }),
    );
    zip.on('end', () => res());
    zip.on('error', rej);
    zip.readEntry();
  });
  return out;
}

/** What XML 1.0 can carry of a text: C0 controls other than tab, LF, CR and U+FFFE/U+FFFF are dropped. */
const xmlCarried = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

/** Texts that stress the writers: XML specials, quotes, separators, line breaks, formula starts, spaces, any code point. */
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '&', '<', '>', '"', "'", ',', '\n', '\r', '\t', '=', '+', '-', '@', '9', '.', '中', 'é', '😀', '\u0001') }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);
const row = fc.tuple(text, text, fc.option(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { nil: null }), fc.option(text, { nil: null }));

describe('XLSX export read back by exceljs', () => {
  it('has the layout: sheet name, bold frozen header, widths, number format, Text for formula-like cells', async () => {
    const rows: SheetCell[][] = [
      ['PD0001', 'Kedai Runcit Ahmad', 12.5, 'Tan Ah Kow'],
      ['PD0002', '=HYPERLINK("http://x")', -3, '@SUM(A1)'],
      ['PD0003', null, null, ''],
    ];
    const { bytes, rows: count } = await file('xlsx', rows);
    expect(count).toBe(3);
    const ws = await exceljsSheet(bytes);
    expect(ws.name).toBe('Transactions');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getColumn(1).width).toBe(20);
    expect(ws.getColumn(2).width).toBe(32);
    expect(ws.getColumn(4).width).toBe(40);
    expect(ws.getColumn(3).numFmt).toBe('#,##0.00');
    HEADERS.forEach((h, i) => {
      expect(ws.getRow(1).getCell(i + 1).value).toBe(h);
      expect(ws.getRow(1).getCell(i + 1).font?.bold).toBe(true);
    });
    expect(ws.getRow(2).values).toEqual([undefined, 'PD0001', 'Kedai Runcit Ahmad', 12.5, 'Tan Ah Kow']);
    expect(ws.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(ws.getRow(2).getCell(3).numFmt).toBe('#,##0.00');
    expect(ws.getRow(2).getCell(2).numFmt).toBeUndefined();
    for (const col of [2, 4]) {
      const c = ws.getRow(3).getCell(col);
      expect(c.type).toBe(ExcelJS.ValueType.String);
      expect(c.formula).toBeUndefined();
      expect(c.numFmt).toBe('@');
    }
    expect(ws.getRow(3).getCell(2).value).toBe('=HYPERLINK("http://x")');
    expect(ws.getRow(3).getCell(3).value).toBe(-3);
    expect(ws.getRow(4).getCell(1).value).toBe('PD0003');
    expect(ws.getRow(4).getCell(2).value).toBeNull();
    expect(ws.getRow(4).getCell(3).value).toBeNull();
    expect(ws.rowCount).toBe(4);
  });

  it('the package holds no formula element and declares every part it has', async () => {
    const { bytes } = await file('xlsx', [['=1+1', '+A1', 1, '-x']]);
    const parts = await unzipped(bytes);
    expect([...parts.keys()].sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    const types = parts.get('[Content_Types].xml')!;
    for (const part of ['/xl/workbook.xml', '/xl/worksheets/sheet1.xml', '/xl/styles.xml']) expect(types).toContain(`PartName="${part}"`);
    const sheet = parts.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).not.toMatch(/<f[ >]/);
    expect(sheet).toContain('<t>=1+1</t>');
    const read = await readSheet(bytes, 'x.xlsx');
    expect(read.rows[0]?.values).toEqual({ 'Reference no.': '=1+1', Merchant: '+A1', Amount: '1', Customer: '-x' });
  });

  it('random rows come back cell for cell, in exceljs and in readSheet', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 25 }), async (rows) => {
        const { bytes, rows: count } = await file('xlsx', rows);
        expect(count).toBe(rows.length);
        const ws = await exceljsSheet(bytes);
        rows.forEach((r, i) => {
          r.forEach((v, col) => {
            const c = ws.getRow(i + 2).getCell(col + 1);
            // No cell for null or ''; a text of controls only reads as empty too.
            // -0 is written as 0 (a sheet has no negative zero).
            expect(c.value).toEqual(typeof v === 'string' ? xmlCarried(v) || null : v === 0 ? 0 : v);
            if (typeof v === 'string' && xmlCarried(v) !== '') {
              expect(c.type).toBe(ExcelJS.ValueType.String);
              if (isFormulaLike(v)) expect(c.numFmt).toBe('@');
            }
            if (typeof v === 'number') expect(c.numFmt).toBe('#,##0.00');
          });
        });
        const read = await readSheet(bytes, 'export.xlsx');
        expect(read.headers).toEqual(HEADERS);
        const expectedRows = rows
          .map((r, i) => ({
            row: i + 2,
            values: Object.fromEntries(
              r.flatMap((v, col) => {
                const t = v === null ? '' : typeof v === 'number' ? String(v) : xmlCarried(v).trim();
                return t === '' ? [] : [[HEADERS[col]!, t]];
              }),
            ),
          }))
          .filter((r) => Object.keys(r.values).length > 0);
        expect(read.rows.map((r) => ({ row: r.row, values: Object.fromEntries(Object.entries(r.values).filter(([, t]) => t !== '')) }))).toEqual(expectedRows);
      }),
      { numRuns: 40 },
    );
  });

  it('5,000 rows span many chunks and all arrive in order', async () => {
    const rows: SheetCell[][] = Array.from({ length: 5_000 }, (_, i) => [`PD${i}`, `Merchant ${i % 17}`, i / 100, `Customer ${i}`]);
    const { bytes, rows: count } = await file('xlsx', rows);
    expect(count).toBe(5_000);
    const read = await readSheet(bytes, 'x.xlsx', { limits: { rows: 10_000 } });
    expect(read.rows).toHaveLength(5_000);
    expect(read.rows[4_999]).toEqual({ row: 5_001, values: { 'Reference no.': 'PD4999', Merchant: 'Merchant 1', Amount: '49.99', Customer: 'Customer 4999' } });
  });

  it('texts longer than a chunk, escapes that grow a text, and integer cells arrive whole', async () => {
    const long = `${'&'.repeat(300_000)}${'中'.repeat(100_000)}😀`;
    const rows: SheetCell[][] = [[long, 'x', 123_456_789, '<>'.repeat(50_000)], ['a', 'b', 0, null], ['c', 'd', -5, 'e'], ['f', 'g', 2 ** 53 + 2, 'h']];
    const { bytes, rows: count } = await file('xlsx', rows);
    expect(count).toBe(4);
    const ws = await exceljsSheet(bytes);
    expect(ws.getRow(2).getCell(1).value).toBe(long);
    expect(ws.getRow(2).getCell(3).value).toBe(123_456_789);
    expect(ws.getRow(2).getCell(4).value).toBe('<>'.repeat(50_000));
    expect([ws.getRow(3).getCell(3).value, ws.getRow(4).getCell(3).value, ws.getRow(5).getCell(3).value]).toEqual([0, -5, 2 ** 53 + 2]);
  });

  it('sheet names and column letters are what Excel expects', () => {
    expect(safeSheetName('a/b:c?d*e[f]g\\h')).toBe('a_b_c_d_e_f_g_h');
    expect(safeSheetName('x'.repeat(40))).toHaveLength(31);
    expect(safeSheetName('')).toBe('Sheet1');
    expect([0, 25, 26, 51, 52, 701, 702, 16_383].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });
});

describe('CSV export', () => {
  it('writes what csv-stringify wrote before (BOM, header, quoting, formula prefix)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 25 }), async (rows) => {
        const { bytes, rows: count } = await file('csv', rows);
        expect(count).toBe(rows.length);
        const cells = rows.map((r) => r.map((c) => (c === null ? '' : typeof c === 'string' ? csvSafeText(c) : c)));
        expect(bytes.toString('utf8')).toBe(stringify(cells, { header: true, columns: HEADERS, bom: true }));
        const parsed = parse(bytes, { bom: true, relax_column_count: true }) as string[][];
        expect(parsed[0]).toEqual(HEADERS);
        expect(parsed.slice(1)).toEqual(cells.map((r) => r.map(String)));
      }),
      { numRuns: 60 },
    );
  });

  it('quotes only what needs quotes', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-10.00')).toBe('-10.00');
    expect(csvCell(-10.5)).toBe('-10.5');
    expect(csvCell(null)).toBe('');
  });
});

describe.each(['csv', 'xlsx'] as const)('%s from batches', (format) => {
  it('random rows given as random batches write the same bytes as given one by one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(row, { maxLength: 40 }), { maxLength: 8 }), async (groups) => {
        const byRow = await file(format, groups.flat());
        let count = -1;
        const { stream } = streamSheet({ format, ...layout, batches: Readable.from(groups, { objectMode: true }), onDone: (n) => (count = n) });
        const bytes = Buffer.concat((await stream.toArray()) as Buffer[]);
        expect(count).toBe(byRow.rows);
        expect(bytes.equals(byRow.bytes)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });
});

describe.each(['csv', 'xlsx'] as const)('%s stream lifecycle', (format) => {
  it('destroying the file stops reading the rows (the source is returned)', async () => {
    let returned = false;
    let produced = 0;
    const rows = (async function* () {
      try {
        for (let i = 0; ; i++) {
          produced++;
          yield [`PD${i}`, 'x'.repeat(200), i, 'y'.repeat(200)] as SheetCell[];
        }
      } finally {
        returned = true;
      }
    })();
    const { stream } = streamSheet({ format, ...layout, rows });
    let bytes = 0;
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      if (bytes > 300_000) break; // for-await over a stream destroys it on break
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(returned).toBe(true);
    const at = produced;
    await new Promise((r) => setTimeout(r, 50));
    expect(produced).toBe(at);
  });

  it('a failing row source fails the file with its error', async () => {
    const rows = (async function* () {
      yield ['PD1', 'a', 1, 'b'] as SheetCell[];
      throw new Error('database went away');
    })();
    const { stream } = streamSheet({ format, ...layout, rows });
    await expect(stream.toArray()).rejects.toThrow('database went away');
  });
});

/**
 * platform/spreadsheet.ts: formula-like texts are neutralised in CSV and
 * XLSX exports (read back with csv-parse and exceljs); readSheet reads what streamSheet writes
 * and what exceljs writes exactly as the former whole-file exceljs reader did; every upload limit
 * (rows, columns, cell length, CSV row size, zip entries, inflated sizes, a lying bomb) is refused
 * with a 413 naming it, and broken files stay 'not a readable XLSX or CSV file'.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/errors.ts';
import { cellText, csvSafeText, fromCsvSafeText, isFormulaLike, readSheet, streamSheet, type SheetRows } from '../../src/platform/spreadsheet.ts';
import { deflatedPart, sheetXml, workbookParts, xlsxBomb, xlsxOf, zipOf } from '../sheet-fixtures.ts';

type Cell = string | number | null;

async function written(format: 'csv' | 'xlsx', headers: string[], rows: Cell[][], numFmt?: Record<string, string>): Promise<Buffer> {
  const { stream } = streamSheet({ format, sheetName: 'T', headers, rows: Readable.from(rows), numFmt });
  return Buffer.concat((await stream.toArray()) as Buffer[]);
}

async function firstSheet(file: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
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

/** The reader readSheet replaced (whole workbook through exceljs), the reference for XLSX texts. */
async function formerReadSheet(file: Buffer): Promise<SheetRows> {
  const ws = await firstSheet(file);
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

const DANGEROUS = ['=', '+', '-', '@', '\t', '\r'];
/** Printable ASCII text after a dangerous first character, formula-like by construction unless it reads as a signed decimal. */
const hostile = fc.tuple(fc.constantFrom(...DANGEROUS), fc.string({ maxLength: 20 })).map(([c, s]) => c + s);

describe('isFormulaLike / csvSafeText (OWASP CSV injection)', () => {
  it('flags texts starting with = + - @ tab CR (and full-width forms), but not plain signed decimals', () => {
    for (const t of ['=HYPERLINK("http://x","y")', '=1+1', '+A1', '-A1', '@SUM(A1)', '\tx', '\rx', '-', '+', '-1e5', '-1+1', '＝1+1', '＠x']) expect(isFormulaLike(t), t).toBe(true);
    for (const t of ['-10.00', '+60123456789', '-1,234.50', '+0.5', 'abc', '', ' =1', "'=1", '10-2', 'a@b.my']) expect(isFormulaLike(t), t).toBe(false);
  });

  it('prefixes a quote that fromCsvSafeText removes again, for any text', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string(), fc.string().map((s) => `'${s}`), hostile.map((s) => `''${s}`)), (t) => {
        expect(fromCsvSafeText(csvSafeText(t))).toBe(t);
        if (isFormulaLike(t)) expect(csvSafeText(t)).toBe(`'${t}`);
      }),
      { numRuns: 500 },
    );
  });
});

describe('streamSheet neutralises formula-like cells', () => {
  it('CSV: each hostile cell is written prefixed with a quote; plain and numeric cells are untouched', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { minLength: 1, maxLength: 30 }), async (texts) => {
        const file = await written('csv', ['Name', 'Plain', 'Amount', 'Num'], texts.map((t) => [t, 'Bank Islam', '-10.00', -5]));
        const records = parseCsv(file, { bom: true }) as string[][];
        expect(records[0]).toEqual(['Name', 'Plain', 'Amount', 'Num']);
        texts.forEach((t, i) => {
          const [name, plain, amount, num] = records[i + 1]!;
          expect(name).toBe(isFormulaLike(t) ? `'${t}` : t);
          if (isFormulaLike(t)) expect(name!.startsWith("'")).toBe(true);
          expect([plain, amount, num]).toEqual(['Bank Islam', '-10.00', '-5']);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('XLSX: each hostile cell is a string cell (never a formula) formatted as Text; others keep their type and format', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { minLength: 1, maxLength: 30 }), async (texts) => {
        const file = await written('xlsx', ['Name', 'Plain', 'Amount'], texts.map((t) => [t, 'Bank Islam', -12.5]), { Amount: '#,##0.00' });
        const ws = await firstSheet(file);
        texts.forEach((t, i) => {
          const row = ws.getRow(i + 2);
          const name = row.getCell(1);
          // The text exactly, a CR included (written as &#13;, which XML parsers keep).
          expect(name.value).toBe(t);
          expect(name.type).toBe(ExcelJS.ValueType.String);
          expect(name.formula).toBeUndefined();
          if (isFormulaLike(t)) expect(name.numFmt).toBe('@');
          expect(row.getCell(2).numFmt).not.toBe('@');
          expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Number);
          expect(row.getCell(3).numFmt).toBe('#,##0.00');
        });
      }),
      { numRuns: 30 },
    );
  });

  it('XLSX: the sheet XML holds no formula element for a hostile cell', async () => {
    const file = await written('xlsx', ['Name'], [['=HYPERLINK("http://evil.example","click")'], ['@SUM(1+1)*cmd|/C calc!A0']]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A2').value).toBe('=HYPERLINK("http://evil.example","click")');
    expect(ws.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('A3').type).toBe(ExcelJS.ValueType.String);
    // And the reader of uploads sees the same texts.
    expect((await readSheet(file, 'x.xlsx')).rows.map((r) => r.values.Name)).toEqual(['=HYPERLINK("http://evil.example","click")', '@SUM(1+1)*cmd|/C calc!A0']);
  });
});

/** Data rows as readSheet should see them: empty cells dropped, numbers as their text, empty rows skipped. */
function expected(headers: string[], rows: Cell[][]) {
  return rows
    .map((r, i) => ({ row: i + 2, values: Object.fromEntries(headers.map((h, c) => [h, r[c] === null || r[c] === undefined ? '' : String(r[c])]).filter(([, v]) => v !== '')) }))
    .filter((r) => Object.keys(r.values).length > 0);
}
const nonEmpty = (s: SheetRows) => s.rows.map((r) => ({ row: r.row, values: Object.fromEntries(Object.entries(r.values).filter(([, v]) => v !== '')) }));

describe('readSheet reads back what streamSheet writes', () => {
  const headersArb = fc.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,8}$/), { minLength: 1, maxLength: 6 });
  const cellArb: fc.Arbitrary<Cell> = fc.oneof(
    fc.string({ maxLength: 30 }).map((s) => s.trim()),
    hostile.map((s) => s.trim()).filter((s) => !s.startsWith('\r')),
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100),
    fc.constant(null),
  );
  const sheetArb = headersArb.chain((headers) => fc.tuple(fc.constant(headers), fc.array(fc.array(cellArb, { minLength: headers.length, maxLength: headers.length }), { maxLength: 25 })));

  for (const format of ['csv', 'xlsx'] as const)
    it(`${format}: random small sheets round-trip`, async () => {
      await fc.assert(
        fc.asyncProperty(sheetArb, async ([headers, rows]) => {
          const got = await readSheet(await written(format, headers, rows), `t.${format}`);
          expect(got.headers).toEqual(headers);
          expect(nonEmpty(got)).toEqual(expected(headers, rows));
        }),
        { numRuns: format === 'csv' ? 60 : 40 },
      );
    });
});

describe('readSheet reads XLSX like the former exceljs reader', () => {
  const value = fc.oneof(
    fc.string({ maxLength: 15 }),
    fc.integer({ min: -1e9, max: 1e9 }),
    fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }),
    fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2080-12-31T00:00:00Z'), noInvalidDate: true }),
    fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2080-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => new Date(Math.floor(d.getTime() / 86_400_000) * 86_400_000)),
    fc.boolean(),
    // Results from 1: exceljs dropped a cached result of 0 (it read as ''); readSheet reads '0' (tested below).
    fc.integer({ min: 1, max: 1000 }).map((n) => ({ formula: 'ROW()*2', result: n })),
    fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 })).map(([a, b]) => ({ richText: [{ text: a }, { text: b, font: { bold: true } }] })),
    fc.string({ maxLength: 8 }).map((t) => ({ text: t, hyperlink: 'https://example.com/' })),
    fc.constant(null),
  );

  it('on random workbooks written by exceljs (shared strings, styles, dates, formulas, rich text)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(value, { minLength: 4, maxLength: 4 }), { maxLength: 15 }), fc.boolean(), async (rows, date1904) => {
        const wb = new ExcelJS.Workbook();
        wb.properties.date1904 = date1904;
        const ws = wb.addWorksheet('S');
        ws.addRow(['A', 'B', 'C', 'D']);
        for (const r of rows) ws.addRow(r as ExcelJS.CellValue[]);
        const file = Buffer.from(await wb.xlsx.writeBuffer());
        expect(await readSheet(file, 't.xlsx')).toEqual(await formerReadSheet(file));
      }),
      { numRuns: 60 },
    );
  });

  it('reads a formula by its cached result, 0 included, never by the formula', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('S').addRows([['A', 'B', 'C'], [{ formula: 'ROW()*0', result: 0 }, { formula: 'A2&"x"', result: '0x' }, { formula: 'ROW()', result: undefined }]]);
    const got = await readSheet(Buffer.from(await wb.xlsx.writeBuffer()), 'a.xlsx');
    expect(got.rows).toEqual([{ row: 2, values: { A: '0', B: '0x', C: '' } }]);
  });

  it('keeps CSV cells as written: no number or date guessing, BOM stripped, empty rows skipped', async () => {
    const csv = '\uFEFFCode,Date,Amount\r\n0742,2032-04-01, 1.50 \r\n,,\r\n"A, B",01/02/2030,-3\r\n';
    expect(await readSheet(Buffer.from(csv), 'x.CSV')).toEqual({
      headers: ['Code', 'Date', 'Amount'],
      rows: [
        { row: 2, values: { Code: '0742', Date: '2032-04-01', Amount: '1.50' } },
        { row: 4, values: { Code: 'A, B', Date: '01/02/2030', Amount: '-3' } },
      ],
    });
  });
});

describe('readSheet limits', () => {
  const header = ['BankName', 'BankCode'];
  const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => [`Bank ${i}`, `B${i}`]);
  const csvOf = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\n'));

  it('rows: the limit passes, one more data row is refused (XLSX and CSV); empty rows do not count', async () => {
    expect((await readSheet(xlsxOf([header, ...rowsOf(10), ['', ''], ['', '']]), 'a.xlsx', { limits: { rows: 10 } })).rows).toHaveLength(10);
    expect((await readSheet(csvOf([header, ...rowsOf(10), [',']]), 'a.csv', { limits: { rows: 10 } })).rows).toHaveLength(10);
    for (const [file, name] of [
      [xlsxOf([header, ...rowsOf(11)]), 'a.xlsx'],
      [csvOf([header, ...rowsOf(11)]), 'a.csv'],
    ] as const) {
      const e = await refusal(readSheet(file, name, { limits: { rows: 10 } }));
      expect([e.status, e.code, e.message]).toEqual([413, 'VAL400', 'file: more than 10 data rows (the limit of one file)']);
    }
  });

  it('rows: a sheet of 200,000 rows stops at the limit (default 5,000)', { timeout: 30_000 }, async () => {
    const row = (r: number) => `<row r="${r}"><c r="A${r}"><v>${r}</v></c></row>`;
    const xml = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>N</t></is></c></row>${Array.from({ length: 200_000 }, (_, i) => row(i + 2)).join('')}</sheetData></worksheet>`;
    const file = zipOf([...workbookParts(), deflatedPart('xl/worksheets/sheet1.xml', xml)]);
    expect((await refusal(readSheet(file, 'a.xlsx'))).message).toBe('file: more than 5000 data rows (the limit of one file)');
  });

  it('columns: a value beyond column 200 is refused; empty cells beyond it are not', async () => {
    const wide = Array.from({ length: 201 }, (_, i) => `H${i}`);
    for (const [file, name] of [
      [xlsxOf([wide]), 'a.xlsx'],
      [csvOf([wide]), 'a.csv'],
      [xlsxOf([header, [...rowsOf(1)[0]!, ...Array.from({ length: 199 }, () => 'x')]]), 'a.xlsx'],
    ] as const) {
      const e = await refusal(readSheet(file, name));
      expect([e.status, e.message]).toEqual([413, 'file: a value beyond column 200 (the limit is 200 columns)']);
    }
    expect((await readSheet(csvOf([header, ['a', 'b', ...Array.from({ length: 300 }, () => '')]]), 'a.csv')).rows).toEqual([{ row: 2, values: { BankName: 'a', BankCode: 'b' } }]);
  });

  it('cell: 32,767 characters pass, one more is refused (inline string, shared string, CSV)', async () => {
    const ok = 'x'.repeat(32_767);
    expect((await readSheet(xlsxOf([header, [ok, 'B']]), 'a.xlsx')).rows[0]!.values.BankName).toHaveLength(32_767);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('S').addRows([header, [`${ok}y`, 'B']]);
    const shared = Buffer.from(await wb.xlsx.writeBuffer());
    for (const [file, name, msg] of [
      [xlsxOf([header, [`${ok}y`, 'B']]), 'a.xlsx', 'file: a cell of row 2 is longer than 32767 characters (the limit of one cell)'],
      [shared, 'a.xlsx', 'file: a cell is longer than 32767 characters (the limit of one cell)'],
      [csvOf([header, [`${ok}y`, 'B']]), 'a.csv', 'file: a cell of row 2 is longer than 32767 characters (the limit of one cell)'],
    ] as const) {
      const e = await refusal(readSheet(file, name));
      expect([e.status, e.message]).toEqual([413, msg]);
    }
  });

  it('CSV: one 10 MB line is refused while it is read', async () => {
    const e = await refusal(readSheet(Buffer.concat([Buffer.from('BankName,BankCode\n'), Buffer.alloc(10 * 1024 * 1024, 'x')]), 'a.csv'));
    expect([e.status, e.message]).toEqual([413, 'file: a CSV row is longer than 6553400 characters (200 columns × 32767 characters)']);
  });

  it('zip entries: more than 1,000 are refused', async () => {
    const parts = [...workbookParts(), deflatedPart('xl/worksheets/sheet1.xml', sheetXml([header])), ...Array.from({ length: 1000 }, (_, i) => deflatedPart(`xl/media/p${i}.txt`, 'x'))];
    const e = await refusal(readSheet(zipOf(parts), 'a.xlsx'));
    expect([e.status, e.message]).toEqual([413, 'file: the XLSX holds more than 1000 zip entries (the limit of one file)']);
  });

  it('inflated size: an entry declaring more than 50 MB, or entries declaring more than 100 MB together, are refused before inflating', async () => {
    const honest = xlsxBomb({ compressedBytes: 1024 * 1024, declared: 0xffffffff });
    expect((await refusal(readSheet(honest, 'a.xlsx'))).message).toBe('file: xl/worksheets/sheet1.xml inflates to more than 50 MB (the limit of one zip entry)');
    const parts = [...workbookParts(), deflatedPart('xl/worksheets/sheet1.xml', sheetXml([header]))];
    const big = (name: string) => ({ ...deflatedPart(name, 'x'), uncompressedSize: 40 * 1024 * 1024 });
    const e = await refusal(readSheet(zipOf([...parts, big('xl/a.bin'), big('xl/b.bin'), big('xl/c.bin')]), 'a.xlsx'));
    expect([e.status, e.message]).toEqual([413, 'file: the XLSX inflates to more than 100 MB (the limit of one file)']);
  });

  it('a bomb whose one cell never ends is stopped within a few hundred KB, whatever it declares', async () => {
    const e = await refusal(readSheet(xlsxBomb({ compressedBytes: 2 * 1024 * 1024, declared: 40 * 1024 * 1024, fill: 'cell' }), 'a.xlsx'));
    expect([e.status, e.message]).toEqual([413, 'file: a cell is longer than 32767 characters (the limit of one cell)']);
  });

  it('a bomb lying about its size is stopped once it inflates past what it declared', async () => {
    const liar = xlsxBomb({ compressedBytes: 2 * 1024 * 1024, declared: 1024 * 1024, fill: 'tags' });
    const e = await refusal(readSheet(liar, 'a.xlsx'));
    expect([e.status, e.message]).toEqual([413, 'file: xl/worksheets/sheet1.xml inflates past its declared size of 1048576 bytes (a corrupt file or a decompression bomb)']);
  });

  it('a smaller entry limit is enforced on the real output too', async () => {
    const file = xlsxOf([header, ...rowsOf(2000)]);
    const e = await refusal(readSheet(file, 'a.xlsx', { limits: { entryBytes: 64 * 1024 } }));
    expect([e.status, e.message]).toEqual([413, 'file: xl/worksheets/sheet1.xml inflates to more than 0.1 MB (the limit of one zip entry)']);
  });

  it('broken files stay "not a readable XLSX or CSV file"; a workbook without sheets says so', async () => {
    const unreadable = [
      Buffer.from('not a zip at all'),
      Buffer.alloc(0),
      zipOf([deflatedPart('hello.txt', 'hi')]),
      zipOf([...workbookParts(), deflatedPart('xl/worksheets/sheet1.xml', '<worksheet><sheetData><row>')]),
      zipOf([...workbookParts(), { ...deflatedPart('xl/worksheets/sheet1.xml', sheetXml([header])), data: Buffer.from([0xff, 0xff, 0xff]) }]),
      xlsxOf([header]).subarray(0, 200),
    ];
    for (const file of unreadable) {
      const e = await refusal(readSheet(file, 'a.xlsx'));
      expect([e.status, e.message]).toEqual([400, 'file: not a readable XLSX or CSV file']);
    }
    expect((await refusal(readSheet(Buffer.from('a,"b\n1,2'), 'a.csv'))).message).toBe('file: not a readable XLSX or CSV file');
    const noSheet = zipOf([deflatedPart('xl/workbook.xml', '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>')]);
    expect([(await refusal(readSheet(noSheet, 'a.xlsx'))).status, (await refusal(readSheet(noSheet, 'a.xlsx'))).message]).toEqual([400, 'file: the workbook has no sheet']);
  });
});

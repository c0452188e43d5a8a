/**
 * BulkUpload of the resource engine with the Bank resource, through the real server on
 * PGlite and (when DATABASE_URL is set) PostgreSQL: an XLSX file of 100 rows with one bad row
 * changes nothing and the 400 answer names that row (as numbered in the file) and the field; the
 * corrected file applies all 100 rows in one transaction with one BULK_UPLOAD audit record; a CSV
 * file works the same; a file re-sending existing natural keys (BankCode) updates those banks.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@paydesk/contract';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

const HEADER = ['BankName', 'BankCode', 'SwiftCode', 'Country', 'Channels', 'SortOrder'];
/** Letters AA…ZZ for a SWIFT BIC's location part. */
const letters = (i: number) => String.fromCharCode(65 + (Math.floor(i / 26) % 26), 65 + (i % 26));
/** Data row i (1-based) of the files: file row i + 1, under the header. */
const rowOf = (i: number, name = `Bulk bank ${i}`): (string | number)[] => [name, `BLK${String(i).padStart(4, '0')}`, `BLKBMY${letters(i)}`, 'MALAYSIA', i % 2 ? 'B2C|B2B' : 'B2C', 500 + (i % 400)];
const ROWS = Array.from({ length: 100 }, (_, k) => rowOf(k + 1));

async function xlsx(rows: (string | number)[][]): Promise<ExcelJS.Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Bank');
  ws.addRow(HEADER);
  for (const r of rows) ws.addRow(r);
  return wb.xlsx.writeBuffer();
}

const csv = (rows: (string | number)[][]) => [HEADER, ...rows].map((r) => r.join(',')).join('\r\n');

interface BulkAnswer {
  Applied: number;
  Created: number;
  Updated: number;
}

describe.each(DATABASES)('BulkUpload (Bank) on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;

  const upload = (file: ExcelJS.Buffer | string, filename: string) => {
    const form = new FormData();
    form.append('file', new Blob([file]), filename);
    return admin.callPath<BulkAnswer>('POST', '/api/portal/Bank/BulkUpload', form);
  };
  const bankCount = async () => (await s.database.query<{ n: number }>('SELECT count(*)::int AS n FROM banks'))[0]!.n;
  const bulkAudits = () => s.database.query<{ detail: Record<string, unknown> }>(`SELECT detail FROM audit_log WHERE action = 'BULK_UPLOAD' AND target_type = 'Bank' ORDER BY id`);

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 50 });
    admin = await s.signIn('admin@paydesk.my');
  });
  afterAll(async () => s.close());

  it('refuses a file with one bad row: nothing changes, and Errors names the row as in the file and the field', async () => {
    const rows = ROWS.map((r) => [...r]);
    rows[56]![2] = 'MBB-MY'; // data row 57 = file row 58: not a SWIFT BIC
    const before = await bankCount();
    const e = await errorOf(upload(await xlsx(rows), 'banks.xlsx'));
    expect(e.status).toBe(400);
    expect(e.errorCode).toBe('VAL400');
    expect(e.message).toMatch(/1 row\(s\) have errors; nothing was applied/);
    expect(e.body?.Errors).toEqual([{ Row: 58, Field: 'SwiftCode', Message: expect.stringMatching(/SWIFT BIC/) }]);
    expect(await bankCount()).toBe(before);
    expect(await s.database.query(`SELECT id FROM banks WHERE bank_code LIKE 'BLK%'`)).toEqual([]);
    expect(await bulkAudits()).toEqual([]);
  });

  it('applies the corrected file: all 100 rows in one transaction, one BULK_UPLOAD audit record', async () => {
    const before = await bankCount();
    expect(await upload(await xlsx(ROWS), 'banks.xlsx')).toEqual({ Applied: 100, Created: 100, Updated: 0 });
    expect(await bankCount()).toBe(before + 100);
    const [first] = await s.database.query(`SELECT bank_name, swift_code, country, channels, sort_order, is_active, version FROM banks WHERE bank_code = 'BLK0001'`);
    expect(first).toEqual({ bank_name: 'Bulk bank 1', swift_code: 'BLKBMYAB', country: 'MALAYSIA', channels: ['B2C', 'B2B'], sort_order: 501, is_active: 1, version: 1 });
    expect((await bulkAudits()).map((a) => a.detail)).toEqual([{ filename: 'banks.xlsx', rows: 100, created: 100, updated: 0 }]);
  });

  it('rolls back every row when the database refuses one of them (one transaction)', async () => {
    // A trigger refusing one bank name stands for any refusal the database makes mid-file.
    await s.database.query(`CREATE FUNCTION refuse_bank() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END; $$ LANGUAGE plpgsql`);
    await s.database.query(`CREATE TRIGGER refuse_bank BEFORE INSERT ON banks FOR EACH ROW WHEN (NEW.bank_name = 'Refused bank') EXECUTE FUNCTION refuse_bank()`);
    try {
      const rows = Array.from({ length: 100 }, (_, k) => rowOf(200 + k, k === 99 ? 'Refused bank' : undefined));
      const before = await bankCount();
      const e = await errorOf(upload(await xlsx(rows), 'banks.xlsx'));
      expect(e.status).toBe(400);
      expect(e.body?.Errors).toEqual([{ Row: 101, Field: '-', Message: 'could not be applied' }]);
      expect(await bankCount()).toBe(before);
      expect(await bulkAudits()).toHaveLength(1);
    } finally {
      await s.database.query('DROP TRIGGER refuse_bank ON banks');
      await s.database.query('DROP FUNCTION refuse_bank()');
    }
  });

  it('takes a CSV file as well', async () => {
    const before = await bankCount();
    const file = csv([rowOf(301), rowOf(302), [...rowOf(303).slice(0, 2), '', 'MALAYSIA', '', '']]);
    expect(await upload(file, 'banks.csv')).toEqual({ Applied: 3, Created: 3, Updated: 0 });
    expect(await bankCount()).toBe(before + 3);
    const [third] = await s.database.query(`SELECT swift_code, channels, sort_order FROM banks WHERE bank_code = 'BLK0303'`);
    // Empty optional cells take the database defaults.
    expect(third).toEqual({ swift_code: null, channels: [], sort_order: 0 });
    const bad = await errorOf(upload(csv([rowOf(304), ['x', 'bad code', '', 'MALAYSIA', '', '']]), 'banks.csv'));
    expect(bad.body?.Errors).toEqual([{ Row: 3, Field: 'BankCode', Message: expect.any(String) }]);
  });

  it('updates instead of inserting when the file re-sends existing natural keys (BankCode)', async () => {
    const before = await bankCount();
    const renamed = ROWS.map((r, k) => [`Renamed bulk bank ${k + 1}`, ...r.slice(1)]);
    const mixed = [...renamed, rowOf(401)];
    expect(await upload(await xlsx(mixed), 'banks-again.xlsx')).toEqual({ Applied: 101, Created: 1, Updated: 100 });
    expect(await bankCount()).toBe(before + 1);
    const rows = await s.database.query<{ bank_name: string; version: number }>(`SELECT bank_name, version FROM banks WHERE bank_code BETWEEN 'BLK0001' AND 'BLK0100' ORDER BY bank_code`);
    expect(rows).toHaveLength(100);
    expect(rows.every((r, k) => r.bank_name === `Renamed bulk bank ${k + 1}` && r.version === 2)).toBe(true);
    expect((await bulkAudits()).at(-1)!.detail).toEqual({ filename: 'banks-again.xlsx', rows: 101, created: 1, updated: 100 });
  });
});

/**
 * Figures that mean what they say: the header currency governs the transaction list, its
 * export and every dashboard figure (pending refunds included); exports carry the screen's
 * labels, enumeration texts and Malaysian times in the caller's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { ENUM_LABEL_LANGUAGES, enumLabeller, formatDateTime, type EnumLabelLanguage } from '@paydesk/domain';
import { REPORT_LABELS, columnIn, ecommerceTransactions, reportApi, type PortalClient, type ReportRow } from '@paydesk/contract';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';
import { saleRowSql } from '../../src/summaries/sales.ts';

/** The export's columns: the declaration's columns shown in a file, in order. */
const EXPORT_COLUMNS = ecommerceTransactions.columns.filter((c) => columnIn(c, 'export'));
/** The file position of an export column, by its API key. */
const col = (key: string) => EXPORT_COLUMNS.findIndex((c) => c.key === key);
/** The header row a file in `language` must carry: the screen's column titles; instants say their clock. */
const headersIn = (language: EnumLabelLanguage) => EXPORT_COLUMNS.map((c) => REPORT_LABELS[language][c.labelKey]! + (c.kind === 'datetime' ? ' (MYT)' : ''));

const search = (c: PortalClient, body: Parameters<ReturnType<typeof reportApi>['search']>[0]) => reportApi(c, ecommerceTransactions).search(body);
const exportFile = (c: PortalClient, body: Parameters<ReturnType<typeof reportApi>['export']>[0]) => reportApi(c, ecommerceTransactions).export(body);

async function allItems(c: PortalClient, SearchData: Record<string, unknown>): Promise<ReportRow[]> {
  const items: ReportRow[] = [];
  let Cursor: string | undefined;
  for (;;) {
    const page = await search(c, { RowsPerPage: 200, Cursor, SearchData });
    items.push(...page.Items);
    if (!page.NextCursor) return items;
    Cursor = page.NextCursor;
  }
}

describe.each(DATABASES)('figures in the header currency on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let merchant: PortalClient;
  let currencies: string[];

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 3000 });
    admin = await s.signIn('admin@paydesk.my');
    merchant = await s.signIn('merchant@paydesk.my');
    const rows = await s.database.query<{ currency: string }>(`SELECT DISTINCT currency FROM transactions WHERE service_type = 1 ORDER BY 1`);
    currencies = rows.map((r) => r.currency);
  });
  afterAll(async () => s.close());

  it('has e-commerce rows in more than one currency (else the filter proves nothing)', () => {
    expect(currencies).toContain('MYR');
    expect(currencies.length).toBeGreaterThan(1);
  });

  it('lists only the header currency, and the currencies together make the unfiltered list', async () => {
    const all = await search(admin, {});
    let sum = 0;
    for (const Currency of currencies) {
      const res = await search(admin, { RowsPerPage: 200, SearchData: { Currency } });
      const [row] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions WHERE service_type = 1 AND currency = $1`, [Currency]);
      expect(res.TotalRecords, Currency).toBe(row!.n);
      expect(res.Items.every((i) => i.Currency === Currency), Currency).toBe(true);
      sum += res.TotalRecords;
    }
    expect(sum).toBe(all.TotalRecords);
    const none = await search(admin, { SearchData: { Currency: 'EUR' } });
    expect(none.TotalRecords).toBe(0);
  });

  it('refuses a currency that is not a 3-letter code, naming the field', async () => {
    for (const Currency of ['MY', 'myr', 'MYRR', '12A']) {
      const e = await errorOf(search(admin, { SearchData: { Currency } }));
      expect(e.status, Currency).toBe(400);
      expect(e.message, Currency).toContain('SearchData.Currency');
    }
  });

  it('exports only the header currency, row for row the list, with the screen labels, enum texts and MYT times (CSV, every language)', async () => {
    const Currency = currencies.find((c) => c !== 'MYR')!;
    const SearchData = { Currency };
    const items = await allItems(admin, SearchData);
    expect(items.length).toBeGreaterThan(0);
    for (const Language of ENUM_LABEL_LANGUAGES) {
      const csv = await (await exportFile(admin, { SearchData, Format: 'csv', Language })).text();
      const [header, ...rows] = parse(csv, { bom: true }) as string[][];
      expect(header, Language).toEqual(headersIn(Language));
      expect(rows.length, Language).toBe(items.length);
      const label = enumLabeller(Language);
      rows.forEach((r, i) => {
        const item = items[i]!;
        expect(r[col('TxnRefNo')]).toBe(item.TxnRefNo);
        // The screen's date: §9 DD-MM-YYYY HH:mm:ss in Malaysian time.
        expect(r[col('CreatedAt')]).toBe(formatDateTime(item.CreatedAt as string));
        expect(r[col('Currency')]).toBe(Currency);
        expect(r[col('TxnAmount')]).toBe(item.TxnAmount);
        expect(r[col('Status')]).toBe(label('status', item.Status as string));
        expect(r[col('PaymentMethod')]).toBe(label('paymentMethod', item.PaymentMethod as string));
        expect(r[col('TxnType')]).toBe(label('transactionType', item.TxnType as string));
        expect(r[col('CardScheme')]).toBe(label('cardScheme', item.CardScheme as string | null));
      });
      // No raw codes where the screen shows labels; e-commerce rows say so in the file's language.
      expect(rows.some((r) => r[col('Status')] === 'SUCCESS' || r[col('PaymentMethod')] === 'HOSTED_CARD'), Language).toBe(false);
      expect(new Set(rows.map((r) => r[col('ServiceType')])), Language).toEqual(new Set([label('serviceType', 1)]));
    }
  });

  it('writes the same headers and labels in XLSX, and a merchant exports only its own rows in that currency', async () => {
    const language: EnumLabelLanguage = 'zh';
    const res = await exportFile(merchant, { SearchData: { Currency: 'MYR' }, Format: 'xlsx', Language: language });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(headersIn(language));
    const items = await allItems(merchant, { Currency: 'MYR' });
    expect(ws.actualRowCount - 1).toBe(items.length);
    const statusCol = col('Status') + 1;
    const dateCol = col('CreatedAt') + 1;
    const first = ws.getRow(2);
    expect(first.getCell(statusCol).value).toBe(enumLabeller(language)('status', items[0]!.Status as string));
    // A real date-time cell holding the Malaysian wall clock (Excel keeps no zone), shown as §9 text.
    const wallClock = new Date(Math.floor((Date.parse(items[0]!.CreatedAt as string) + 8 * 3_600_000) / 1000) * 1000);
    expect(first.getCell(dateCol).value).toEqual(wallClock);
    expect(first.getCell(dateCol).numFmt).toBe('dd-mm-yyyy hh:mm:ss');
    expect(wallClock.toISOString().replace(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2}).*$/, '$3-$2-$1 $4')).toBe(formatDateTime(items[0]!.CreatedAt as string));
  });

  it('answers every dashboard figure in the asked currency: sales, counts, pending refunds and latest rows', async () => {
    const answers = new Map<string, Awaited<ReturnType<typeof admin.call<'dashboard'>>>>();
    for (const Currency of currencies) {
      const d = await admin.call('dashboard', { body: { Currency } });
      answers.set(Currency, d);
      expect(d.Currency).toBe(Currency);
      // Risk alerts count alerts, in any currency: the PENDING and OPEN ones of the platform.
      const [alerts] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM risk_alerts WHERE status IN ('PENDING', 'OPEN')`);
      expect(alerts!.n).toBeGreaterThan(0);
      expect(d.OpenRiskAlerts, Currency).toBe(alerts!.n);
      const [refunds] = await s.database.query<{ n: number; amount: string }>(
        `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::numeric(20,2)::text AS amount FROM refund_requests WHERE status = 'PENDING' AND currency = $1`,
        [Currency],
      );
      expect(d.PendingRefunds.Count, Currency).toBe(refunds!.n);
      expect(Number(d.PendingRefunds.Amount), Currency).toBeCloseTo(Number(refunds!.amount), 2);
      const [mtd] = await s.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM transactions WHERE currency = $1 AND status = 'SUCCESS' AND ${saleRowSql()}
           AND (created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date >= date_trunc('month', $2::timestamptz AT TIME ZONE 'Asia/Kuala_Lumpur')::date
           AND (created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date <= ($2::timestamptz AT TIME ZONE 'Asia/Kuala_Lumpur')::date`,
        [Currency, s.now().toISOString()],
      );
      expect(d.MonthToDate.Count, Currency).toBe(mtd!.n);
      expect(d.Latest.every((l) => l.Currency === Currency), Currency).toBe(true);
    }
    // The currency changes the figures: MYR and another currency do not answer the same totals.
    const myr = answers.get('MYR')!;
    const other = answers.get(currencies.find((c) => c !== 'MYR')!)!;
    expect([myr.MonthToDate.Count, myr.PendingRefunds.Count, myr.Latest[0]?.Id]).not.toEqual([other.MonthToDate.Count, other.PendingRefunds.Count, other.Latest[0]?.Id]);
  });
});

/**
 * Terminal settlement batches on the report engine (card-settlement and the
 * batch-grouped card view v2). Over the API, as the platform and as a merchant HQ:
 * - every batch's detail carries its declared lines (`detailLines`) equal to its rows of
 *   terminal_settlement_batch_lines, in card scheme × card type order;
 * - every batch's totals (sale/void counts and amounts, net) equal the sums of its lines;
 * - a batch expands (the v2 declaration's `expand`) to exactly its card transactions: the
 *   TerminalCardTransaction list filtered by its TID and batch number holds only that batch's rows,
 *   and its sale rows seen by the host (sale kinds, SUCCESS or VOID) are the batch's sale count;
 * - card-settlement lists only closed batches, v2 every batch; Totals sums the net amount.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_TXN_TYPES } from '@paydesk/domain';
import { expandSearchData, reportApi, reportDetailLines, terminalCardSettlement, terminalCardTransactions, terminalCardTransactionsV2, type ListReportDef, type PortalClient, type ReportRow } from '@paydesk/contract';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

async function walk(c: PortalClient, def: ListReportDef, SearchData: Record<string, unknown> = {}): Promise<ReportRow[]> {
  const api = reportApi(c, def);
  const rows: ReportRow[] = [];
  let Cursor: string | undefined;
  for (let i = 0; i < 200; i++) {
    const page = await api.search({ RowsPerPage: 200, SearchData, ...(Cursor ? { Cursor } : {}) });
    rows.push(...page.Items);
    if (!page.NextCursor) return rows;
    Cursor = page.NextCursor;
  }
  throw new Error('more than 200 pages');
}

/** Sum of decimal strings in sen (BigInt, no float rounding), back as a 2-decimal string. */
const sumMoney = (values: (string | number | null)[]): string => {
  const sen = values.reduce<bigint>((acc, v) => {
    const [i = '0', f = ''] = String(v ?? '0').split('.');
    return acc + BigInt(i) * 100n + BigInt((f + '00').slice(0, 2));
  }, 0n);
  return `${sen / 100n}.${String(sen % 100n).padStart(2, '0')}`;
};
const sumCount = (values: (string | number | null)[]) => values.reduce<number>((a, v) => a + Number(v ?? 0), 0);

describe.each(DATABASES)('settlement batches on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let merchant: PortalClient;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 1500 });
    admin = await s.signIn('admin@paydesk.my');
    merchant = await s.signIn('merchant@paydesk.my');
  }, 300_000);
  afterAll(async () => s?.close());

  it("every batch's detail lines are its line rows, and its totals the sums of its lines", async () => {
    const batches = await walk(admin, terminalCardTransactionsV2);
    const [{ n }] = (await s.database.query<{ n: number }>('SELECT count(*)::int AS n FROM terminal_settlement_batches')) as [{ n: number }];
    expect(batches.length).toBe(Number(n));
    expect(batches.length).toBeGreaterThan(0);
    const api = reportApi(admin, terminalCardTransactionsV2);
    for (const b of batches) {
      const detail = await api.get(b.Id);
      const lines = reportDetailLines(terminalCardTransactionsV2, detail);
      const want = await s.database.query<Record<string, unknown>>(
        `SELECT card_scheme, card_type, sale_count, sale_amount::text AS sale_amount, void_count, void_amount::text AS void_amount, net_amount::text AS net_amount
           FROM terminal_settlement_batch_lines WHERE batch_id = $1 ORDER BY card_scheme, card_type`,
        [b.Id],
      );
      expect(lines, `batch ${b.Id}`).toEqual(
        want.map((w) => ({
          CardScheme: w.card_scheme, CardType: w.card_type, SaleCount: Number(w.sale_count), SaleAmount: w.sale_amount,
          VoidCount: Number(w.void_count), VoidAmount: w.void_amount, NetAmount: w.net_amount,
        })),
      );
      expect({ SaleCount: detail.SaleCount, SaleAmount: detail.SaleAmount, VoidCount: detail.VoidCount, VoidAmount: detail.VoidAmount, NetAmount: detail.NetAmount }, `batch ${b.Id}`).toEqual({
        SaleCount: sumCount(lines.map((l) => l.SaleCount!)),
        SaleAmount: sumMoney(lines.map((l) => l.SaleAmount!)),
        VoidCount: sumCount(lines.map((l) => l.VoidCount!)),
        VoidAmount: sumMoney(lines.map((l) => l.VoidAmount!)),
        NetAmount: sumMoney(lines.map((l) => l.NetAmount!)),
      });
    }
  }, 300_000);

  it('card-settlement lists the closed batches only; v2 every batch, OPEN ones included; Totals sum the net amount', async () => {
    const closed = await walk(admin, terminalCardSettlement);
    const all = await walk(admin, terminalCardTransactionsV2);
    expect(closed.every((b) => b.Status === 'SETTLED' || b.Status === 'UPLOADED')).toBe(true);
    expect(closed.map((b) => b.Id).sort((a, b) => a - b)).toEqual(all.filter((b) => b.Status !== 'OPEN').map((b) => b.Id).sort((a, b) => a - b));
    expect(all.some((b) => b.Status === 'OPEN')).toBe(true);
    const totals = await reportApi(admin, terminalCardSettlement).totals({});
    expect(totals.Available).toBe(true);
    expect(totals.Count).toBe(closed.length);
    expect(totals.Amount).toBe(sumMoney(closed.map((b) => b.NetAmount!)));
    expect(totals.Currency).toBe('MYR');
  }, 300_000);

  it("a batch expands to exactly its card transactions, whose host-seen sales are the batch's sale count", async () => {
    const { expand } = terminalCardTransactionsV2;
    expect(expand?.report).toBe(terminalCardTransactions.name);
    // The merchant HQ's batches: the expansion runs as the caller, inside its scope.
    const batches = await walk(merchant, terminalCardTransactionsV2);
    expect(batches.length).toBeGreaterThan(0);
    for (const b of batches.slice(0, 25)) {
      const SearchData = expandSearchData(terminalCardTransactionsV2, b);
      const rows = await walk(merchant, terminalCardTransactions, SearchData);
      expect(rows.every((r) => r.TID === b.TID && r.BatchNo === b.BatchNo), `batch ${b.Id}`).toBe(true);
      const sales = rows.filter((r) => (SALE_TXN_TYPES as readonly string[]).includes(String(r.TxnType)) && (r.Status === 'SUCCESS' || r.Status === 'VOID'));
      expect(sales.length, `batch ${b.Id}`).toBe(b.SaleCount);
      const [{ n }] = (await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions WHERE tid = $1 AND batch_no = $2 AND terminal_kind = 'CARD'`, [b.TID, b.BatchNo])) as [{ n: number }];
      expect(rows.length, `batch ${b.Id}`).toBe(Number(n));
    }
  }, 300_000);
});

/**
 * Every list total equals the list it sums (issue 29: "every list or report total equals the
 * count and sum of the list its link opens, at three scopes, on both databases"). Generated over
 * every list report that answers Totals, at three scopes (SUPERADMIN, a merchant HQ, one of its
 * branches; each only where its group holds the report's permission), on the header currency
 * (MYR): the Totals line's Count and Amount equal the count and the sum of the amount column over
 * every row the same caller pages through with the same SearchData, and its Successful part equals
 * the SUCCESS rows among them (reports with a status filter). A small seed keeps every set under
 * the count cap, so each total is exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_REPORTS, REPORT_COUNT_CAP, hasTotals, reportApi, type ListReportDef, type PortalClient, type ReportRow } from '@paydesk/contract';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const USERS = ['admin@paydesk.my', 'merchant@paydesk.my', 'branch@paydesk.my'] as const;
const cents = (s: string) => BigInt(Math.round(Number(s) * 100));
const money = (c: bigint) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;

/** The column Totals sums: the declared amount key, else the first money column (executor `totalsQuery`). */
const amountColumn = (def: ListReportDef) => def.columns.find((c) => c.kind === 'money' && (!def.amountKey || c.key === def.amountKey))!;

describe.each(DATABASES)('list totals against their rows on %s', (kind) => {
  let s: TestServer;
  const clients = new Map<string, { client: PortalClient; permissions: Set<string> }>();
  const pairs: string[] = [];

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 600 });
    for (const email of USERS) {
      const client = await s.signIn(email);
      clients.set(email, { client, permissions: new Set((await client.call('profile')).Permissions) });
    }
  }, 180_000);
  afterAll(async () => {
    console.log(`list totals on ${kind}: ${pairs.length} report × scope pairs checked against their rows`);
    await s?.close();
  });

  /** Every row the caller reads with `SearchData`, page after page. */
  async function allRows(c: PortalClient, def: ListReportDef, SearchData: Record<string, unknown>): Promise<ReportRow[]> {
    const api = reportApi(c, def);
    const rows: ReportRow[] = [];
    let Cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const page = await api.search({ RowsPerPage: 100, SearchData, ...(Cursor ? { Cursor } : {}) });
      expect(page.TotalCapped, `${def.name}: the seed stays under the cap`).toBe(false);
      rows.push(...page.Items);
      if (!page.NextCursor) return rows;
      Cursor = page.NextCursor;
    }
    throw new Error(`${def.name}: more than 100 pages`);
  }

  const withTotals = LIST_REPORTS.filter(hasTotals);

  it('has list reports with totals to check', () => {
    expect(withTotals.length).toBeGreaterThan(10);
  });

  it.each(withTotals.map((d) => [d.name, d] as const))('%s: Totals equal the rows at every scope', async (_name, def) => {
    const amount = amountColumn(def);
    const hasStatus = def.filters.some((f) => f.kind === 'enum' && f.key === 'Status' && f.values.includes('SUCCESS'));
    let checked = 0;
    for (const email of USERS) {
      const { client, permissions } = clients.get(email)!;
      if (!permissions.has(def.permission)) continue;
      const SearchData = { Currency: 'MYR' };
      const rows = await allRows(client, def, SearchData);
      expect(rows.length).toBeLessThanOrEqual(REPORT_COUNT_CAP);
      const totals = await reportApi(client, def).totals({ SearchData });
      const sum = (xs: ReportRow[]) => money(xs.reduce((n, r) => n + cents(String(r[amount.key] ?? '0')), 0n));
      expect(rows.every((r) => amount.key in r), `${def.name}: the rows carry ${amount.key}`).toBe(true);
      expect({ Count: totals.Count, Amount: totals.Amount }, `${def.name} as ${email}`).toEqual({ Count: rows.length, Amount: sum(rows) });
      if (hasStatus) {
        const ok = rows.filter((r) => r.Status === 'SUCCESS');
        expect(totals.Successful, `${def.name} as ${email}: the successful part`).toEqual({ Count: ok.length, Amount: sum(ok) });
      }
      checked++;
      pairs.push(`${def.name} ${email}`);
    }
    // The platform holds every report's permission: at least its scope is checked.
    expect(checked).toBeGreaterThan(0);
  });
});

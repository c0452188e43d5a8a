/**
 * The dashboard read from the summaries at every scope (platform, master
 * merchant, agency, agent, merchant HQ, branch) answers exactly what raw SQL over transactions
 * answers: today, month to date, yesterday and the same days of the previous month, success rate,
 * the 30-day trend, the method mix and the latest 10
 * (one LIMIT 10 read per service type, merged) — through the API, as each demo user. And every
 * figure leads to itself: its channel lines (contract dashboardLines, what the cards link) add up
 * to it, and each line's list answers the line's count and amount (TotalRecords and Totals), at
 * three scopes in two currencies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_REPORTS, dashboardLines, reportApi, transactionViewPath, type DashboardFigure } from '@paydesk/contract';
import { sumMoney } from '@paydesk/domain';
import { DEMO_SIGN_INS } from '../../src/seed/generate.ts';
import { saleRowSql } from '../../src/summaries/sales.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const DAY = `(created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date`;
const COLUMN: Record<string, string> = {
  MASTER_MERCHANT: 'master_merchant_id', AGENCY: 'agency_id', AGENT: 'agent_id', MERCHANT_HQ: 'merchant_id', MERCHANT_BRANCH: 'branch_id',
};
const money = (v: string | number) => Number(v).toFixed(2);

describe.each(DATABASES)('dashboard at every scope on %s', (kind) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 3000 });
  });
  afterAll(async () => s.close());

  it('equals the raw aggregate over transactions for each demo user, in MYR and in another currency', async () => {
    expect(DEMO_SIGN_INS.length).toBe(6);
    for (const user of DEMO_SIGN_INS) {
      const [m] = await s.database.query<{ org_id: number | null; level: string | null }>(
        `SELECT m.org_id, o.level FROM memberships m JOIN users u ON u.id = m.user_id LEFT JOIN organizations o ON o.id = m.org_id
         WHERE lower(u.email) = $1 AND m.is_default`,
        [user.email],
      );
      const where = m!.org_id === null ? 'true' : `${COLUMN[m!.level!]} = ${Number(m!.org_id)}`;
      const client = await s.signIn(user.email);
      for (const currency of ['MYR', 'SGD']) {
        const d = await client.call('dashboard', { body: { Currency: currency } });
        const label = `${user.email} ${currency}`;
        const now = d.BusinessDay;
        const q = async <T,>(text: string) => s.database.query<T>(text, [currency, now]);
        // The figures count sale rows only (saleRowSql); the latest 10 list every row.
        const all = `FROM transactions WHERE ${where} AND currency = $1`;
        const base = `${all} AND ${saleRowSql()}`;
        const [today] = await q<{ n: number; a: string }>(`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS a ${base} AND status = 'SUCCESS' AND ${DAY} = $2::date`);
        expect({ n: d.Today.Count, a: money(d.Today.Amount) }, label).toEqual({ n: today!.n, a: money(today!.a) });
        const [mtd] = await q<{ n: number; a: string; f: number }>(
          `SELECT count(*) FILTER (WHERE status = 'SUCCESS')::int AS n, coalesce(sum(amount) FILTER (WHERE status = 'SUCCESS'), 0)::text AS a,
                  count(*) FILTER (WHERE status = 'FAILED')::int AS f
           ${base} AND ${DAY} BETWEEN date_trunc('month', $2::date)::date AND $2::date`,
        );
        expect({ n: d.MonthToDate.Count, a: money(d.MonthToDate.Amount) }, label).toEqual({ n: mtd!.n, a: money(mtd!.a) });
        // The comparison windows: yesterday, and the same days of the previous month (cut at its end), in raw SQL.
        const [prev] = await q<{ yn: number; ya: string; mn: number; ma: string; mfrom: string; mto: string }>(
          `SELECT count(*) FILTER (WHERE ${DAY} = $2::date - 1)::int AS yn, coalesce(sum(amount) FILTER (WHERE ${DAY} = $2::date - 1), 0)::text AS ya,
                  count(*) FILTER (WHERE ${DAY} BETWEEN p.f AND p.t)::int AS mn, coalesce(sum(amount) FILTER (WHERE ${DAY} BETWEEN p.f AND p.t), 0)::text AS ma,
                  to_char(min(p.f), 'YYYY-MM-DD') AS mfrom, to_char(min(p.t), 'YYYY-MM-DD') AS mto
           FROM (SELECT (date_trunc('month', $2::date) - interval '1 month')::date AS f,
                        least((date_trunc('month', $2::date) - interval '1 month' + (extract(day FROM $2::date)::int - 1) * interval '1 day')::date, (date_trunc('month', $2::date) - interval '1 day')::date) AS t) p
           LEFT JOIN transactions ON ${where} AND currency = $1 AND ${saleRowSql()} AND status = 'SUCCESS' AND ${DAY} BETWEEN p.f AND $2::date - 1`,
        );
        expect({ n: d.Previous.Yesterday.Count, a: money(d.Previous.Yesterday.Amount) }, `${label} yesterday`).toEqual({ n: prev!.yn, a: money(prev!.ya) });
        expect({ n: d.Previous.Month.Count, a: money(d.Previous.Month.Amount), from: d.Previous.Month.From, to: d.Previous.Month.To }, `${label} previous month`).toEqual({ n: prev!.mn, a: money(prev!.ma), from: prev!.mfrom, to: prev!.mto });
        const attempts = mtd!.n + mtd!.f;
        expect(d.SuccessRate, label).toBe(attempts === 0 ? 0 : Math.round((mtd!.n / attempts) * 1000) / 10);
        const trend = await q<{ day: string; st: number; n: number; a: string }>(
          `SELECT to_char(${DAY}, 'YYYY-MM-DD') AS day, service_type AS st, count(*)::int AS n, sum(amount)::text AS a
           ${base} AND status = 'SUCCESS' AND ${DAY} BETWEEN $2::date - 29 AND $2::date GROUP BY 1, 2 ORDER BY 1, 2`,
        );
        expect(d.Trend.map((t) => [t.Day, t.ServiceType, t.Count, money(t.Amount)]), label).toEqual(trend.map((t) => [t.day, Number(t.st), t.n, money(t.a)]));
        const mix = await q<{ pm: string; n: number; a: string }>(
          `SELECT payment_method AS pm, count(*)::int AS n, sum(amount)::text AS a
           ${base} AND status = 'SUCCESS' AND ${DAY} BETWEEN $2::date - 29 AND $2::date GROUP BY 1`,
        );
        const sortMix = <T extends [string, number, string]>(xs: T[]) => xs.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
        expect(sortMix(d.PaymentMethodMix.map((x) => [x.PaymentMethod, x.Count, money(x.Amount)] as [string, number, string])), label).toEqual(
          sortMix(mix.map((x) => [x.pm, x.n, money(x.a)] as [string, number, string])),
        );
        const latest = await q<{ id: string }>(`SELECT id::text ${all} AND $2::text IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 10`);
        expect(d.Latest.map((l) => String(l.Id)), label).toEqual(latest.map((l) => l.id));
        // Ten when the scope has ten rows: a branch of a small seed may have fewer (the seed follows the clock).
        const [rows] = await q<{ n: number }>(`SELECT count(*)::int AS n ${all} AND $2::text IS NOT NULL`);
        expect(d.Latest.length, label).toBe(Math.min(10, Number(rows!.n)));
        if (currency === 'MYR') expect(d.Latest.length, `${label}: the demo user's scope sells`).toBeGreaterThan(0);
      }
    }
  });

  it('drills every sales figure to channel lists that reproduce it exactly, at three scopes', async () => {
    // Factory: today's sales whatever the hour (just after MYT midnight the seeded day holds none
    // yet): a copy, dated now, of one sale of each service type, method, status and currency of
    // merchant@'s HQ, which all three callers see.
    const hq = Number((await (await s.signIn('merchant@paydesk.my')).call('profile')).Current.CompanyId);
    await s.database.query(
      `INSERT INTO transactions
       SELECT (jsonb_populate_record(NULL::transactions, to_jsonb(t) || jsonb_build_object(
         'id', nextval(pg_get_serial_sequence('transactions', 'id')), 'txn_ref_no', 'DRILL' || t.id::text, 'created_at', $2::text,
         'payment_creation_date', $2::text, 'refunded_amount', 0, 'refund_status', NULL))).*
       FROM (SELECT DISTINCT ON (service_type, payment_method, status, currency) * FROM transactions
             WHERE merchant_id = $1 AND status IN ('SUCCESS', 'FAILED') AND ${saleRowSql()}
             ORDER BY service_type, payment_method, status, currency, id) t`,
      [hq, new Date(s.now().getTime() - 1000).toISOString()],
    );
    let lines = 0;
    for (const email of ['admin@paydesk.my', 'mm@paydesk.my', 'merchant@paydesk.my']) {
      const client = await s.signIn(email);
      for (const currency of ['MYR', 'SGD']) {
        const d = await client.call('dashboard', { body: { Currency: currency } });
        const figures: [DashboardFigure, number, string | null][] = [
          ['today', d.Today.Count, d.Today.Amount],
          ['monthToDate', d.MonthToDate.Count, d.MonthToDate.Amount],
          ['attempts', d.Breakdown.filter((r) => r.Window === 'MONTH').reduce((n, r) => n + r.Count, 0), null],
          ['yesterday', d.Previous.Yesterday.Count, d.Previous.Yesterday.Amount],
          ['previousMonth', d.Previous.Month.Count, d.Previous.Month.Amount],
        ];
        for (const [figure, count, amount] of figures) {
          const label = `${email} ${currency} ${figure}`;
          const drilled = dashboardLines(d, figure);
          expect(drilled.reduce((n, l) => n + l.count, 0), label).toBe(count);
          if (amount !== null) expect(money(sumMoney(drilled.map((l) => l.amount))), label).toBe(money(amount));
          for (const l of drilled) {
            expect(l.exact, `${label} ${l.path}`).toBe(true);
            const api = reportApi(client, l.report!);
            const [list, totals] = await Promise.all([api.search({ RowsPerPage: 1, SearchData: l.searchData } as never), api.totals({ SearchData: l.searchData })]);
            const where = `${label} → ${l.path} ${JSON.stringify(l.searchData)}`;
            expect(list.TotalRecords, where).toBe(l.count);
            expect({ n: totals.Count, a: money(totals.Amount) }, where).toEqual({ n: l.count, a: money(l.amount) });
            // The totals line says what it counts: its successful part is the month's successful line of that list.
            const ok = figure === 'attempts' ? dashboardLines(d, 'monthToDate').find((x) => x.path === l.path) : l;
            expect(totals.Successful && { n: totals.Successful.Count, a: money(totals.Successful.Amount) }, where).toEqual({ n: ok?.count ?? 0, a: money(ok?.amount ?? '0') });
            lines++;
          }
        }
        // A latest transaction opens in its channel's view, which holds it.
        for (const row of d.Latest.slice(0, 3)) {
          const view = transactionViewPath(row.ServiceType, row.PaymentMethod);
          const def = LIST_REPORTS.find((r) => r.path === view)!;
          expect((await reportApi(client, def).get(row.Id)).Id, `${email} latest ${row.Id} in ${view}`).toBe(row.Id);
        }
      }
    }
    expect(lines).toBeGreaterThan(10);
  }, 300_000);
});

/**
 * Payouts (modules/payout): built from the demo's sales and refunds over the last
 * 35 business days, every payout equals its raw SQL oracle (gross, MDR, sales, refunds and fraud
 * refunds as chargebacks, by merchant HQ, channel, currency and MYT day) and no day with activity
 * lacks one; net = gross − refunds − MDR − chargebacks, payable and carry follow the merchant's
 * previous payout; every payout date is the domain calendar's T+X for the merchant's state, never
 * a weekend or holiday; a second build adds nothing; a merchant with an open risk alert is held
 * with the alert's rule; a negative day is CARRIED into the next; hold and release over the API
 * with four eyes and the state rules. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPayoutDay, payoutDate, type PayoutHoliday } from '@paydesk/domain';
import { buildDuePayouts, PAYOUT_CATCH_UP_DAYS } from '../../src/modules/payout/jobs.ts';
import { buildPayoutDays, TPA_CHANNELS } from '../../src/modules/payout/build.ts';
import { decidePayout } from '../../src/modules/payout/hold.ts';
import { PORTAL_PAYMENT } from '../../src/summaries/sales.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const DAY_MS = 86_400_000;
const mytDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const CHANNEL = `CASE WHEN t.provider IN (${TPA_CHANNELS.map((c) => `'${c}'`).join(', ')}) THEN t.provider ELSE 'DIRECT' END`;
const MYT_DAY = (col: string) => `(${col} AT TIME ZONE 'Asia/Kuala_Lumpur')::date::text`;

interface PayoutRow {
  id: number;
  channel: string;
  day: string;
  currency: string;
  merchant_id: number;
  sales_count: number;
  refund_count: number;
  gross: string;
  refunds: string;
  mdr: string;
  chargebacks: string;
  net: string;
  carry_in: string;
  payable: string;
  carry_out: string;
  settlement_days: number;
  payout_date: string;
  state: string;
  violation: string | null;
  state_code: string | null;
}

describe.each(DATABASES)('payouts on %s', (kind) => {
  let s: TestServer;
  let from: string;
  let to: string;
  const sen = (v: string) => Math.round(Number(v) * 100);

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 4000 });
    const now = Date.now();
    to = mytDay(now - DAY_MS);
    from = mytDay(now - PAYOUT_CATCH_UP_DAYS * DAY_MS);
    // A negative day: a refund above a merchant's sales, on a day it sold and before another day it sold.
    // Whole MYT days only: a day cut at now() − 30 days would sum part of its sales, and a refund above
    // that part can stay below the whole day's (it did, when the tests ran at 19:00 MYT).
    const [m] = await s.database.query<{ merchant_id: number; d1: string; gross: string; txn: number; currency: string }>(
      `WITH days AS (
         SELECT t.merchant_id, ${MYT_DAY('t.created_at')} AS d, t.currency, sum(t.amount)::text AS gross, min(t.id) AS txn
         FROM transactions t WHERE ${PORTAL_PAYMENT} AND t.provider NOT IN ('RM', 'PAYDEE', 'BSN') AND ${MYT_DAY('t.created_at')} BETWEEN $1 AND $2
         GROUP BY 1, 2, 3
       )
       SELECT a.merchant_id, a.d AS d1, a.gross, a.txn, a.currency FROM days a
       WHERE EXISTS (SELECT 1 FROM days b WHERE b.merchant_id = a.merchant_id AND b.currency = a.currency AND b.d > a.d)
       ORDER BY a.d, a.merchant_id LIMIT 1`,
      [mytDay(now - 30 * DAY_MS), mytDay(now - 3 * DAY_MS)],
    );
    await s.database.query(
      `INSERT INTO refund_requests (transaction_id, txn_ref_no, service_type, amount, currency, reason_code, status, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, refunded_at)
       SELECT t.id, t.txn_ref_no, t.service_type, $2::numeric + 500, t.currency, 'RC', 'COMPLETED', t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id,
              ($3::date::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur') + interval '12 hours'
       FROM transactions t WHERE t.id = $1`,
      [m!.txn, m!.gross, m!.d1],
    );
    await buildDuePayouts(s.database, new Date(now));
  }, 300_000);
  afterAll(async () => s?.close());

  const payouts = () =>
    s.database.query<PayoutRow>(
      `SELECT p.id, p.channel, p.business_day::text AS day, p.currency, p.merchant_id, p.sales_count, p.refund_count, p.gross::text, p.refunds::text, p.mdr::text,
              p.chargebacks::text, p.net::text, p.carry_in::text, p.payable::text, p.carry_out::text, p.settlement_days, p.payout_date::text, p.state, p.violation, o.state AS state_code
       FROM payouts p JOIN organizations o ON o.id = p.merchant_id ORDER BY p.merchant_id, p.channel, p.currency, p.business_day`,
    );

  it('equals the raw sales and refunds of each merchant HQ, channel, currency and day, and misses no day with activity', async () => {
    const built = await payouts();
    expect(built.length).toBeGreaterThan(50);
    const oracle = await s.database.query<{ merchant_id: number; channel: string; currency: string; day: string; n: number; r: number; gross: string; mdr: string; refunds: string; chargebacks: string }>(
      `WITH sales AS (
         SELECT t.merchant_id, ${CHANNEL} AS channel, t.currency, ${MYT_DAY('t.created_at')} AS day, count(*)::int AS n, sum(t.amount) AS gross, sum(sp.mdr_fee) AS mdr
         -- Each payment's settled MDR (settlement-mdr.test.ts checks it against the rates).
         FROM transactions t LEFT JOIN settled_payments sp ON sp.transaction_id = t.id WHERE ${PORTAL_PAYMENT} GROUP BY 1, 2, 3, 4
       ), refunds AS (
         SELECT r.merchant_id, ${CHANNEL} AS channel, r.currency, ${MYT_DAY('r.refunded_at')} AS day, count(*)::int AS r,
                sum(CASE WHEN r.reason_code = 'FR' THEN 0 ELSE r.amount END) AS refunds, sum(CASE WHEN r.reason_code = 'FR' THEN r.amount ELSE 0 END) AS chargebacks
         FROM refund_requests r JOIN transactions t ON t.id = r.transaction_id
         WHERE r.status IN ('REFUNDED', 'COMPLETED', 'REFUNDED_ACK_FAIL') GROUP BY 1, 2, 3, 4
       )
       SELECT coalesce(s.merchant_id, f.merchant_id) AS merchant_id, coalesce(s.channel, f.channel) AS channel, coalesce(s.currency, f.currency) AS currency,
              coalesce(s.day, f.day) AS day, coalesce(s.n, 0) AS n, coalesce(f.r, 0) AS r, coalesce(s.gross, 0)::text AS gross, coalesce(s.mdr, 0)::text AS mdr,
              coalesce(f.refunds, 0)::text AS refunds, coalesce(f.chargebacks, 0)::text AS chargebacks
       FROM sales s FULL JOIN refunds f ON f.merchant_id = s.merchant_id AND f.channel = s.channel AND f.currency = s.currency AND f.day = s.day
       WHERE coalesce(s.day, f.day) BETWEEN $1 AND $2`,
      [from, to],
    );
    const key = (r: { merchant_id: number; channel: string; currency: string; day: string }) => `${r.merchant_id}|${r.channel}|${r.currency}|${r.day}`;
    const byKey = new Map(built.map((p) => [key(p), p]));
    expect(built.length).toBe(oracle.length);
    for (const o of oracle) {
      const p = byKey.get(key(o));
      expect(p, key(o)).toBeDefined();
      expect([p!.sales_count, p!.refund_count, sen(p!.gross), sen(p!.mdr), sen(p!.refunds), sen(p!.chargebacks)], key(o)).toEqual([
        Number(o.n), Number(o.r), sen(o.gross), sen(o.mdr), sen(o.refunds), sen(o.chargebacks),
      ]);
    }
  });

  it('nets each payout, carries a negative balance into the next one, and pays out on T+X payout days only', async () => {
    const built = await payouts();
    const holidays: PayoutHoliday[] = (await s.database.query<{ day: string; states: string[] }>(`SELECT holiday_date::text AS day, states FROM payout_holidays WHERE is_active = 1`)).map(
      (h) => ({ date: h.day, states: h.states }),
    );
    let carried = 0;
    let previous: PayoutRow | undefined;
    for (const p of built) {
      const net = sen(p.gross) - sen(p.refunds) - sen(p.mdr) - sen(p.chargebacks);
      expect(sen(p.net), `payout ${p.id}`).toBe(net);
      const same = previous && previous.merchant_id === p.merchant_id && previous.channel === p.channel && previous.currency === p.currency;
      expect(sen(p.carry_in), `carry into ${p.id}`).toBe(same ? sen(previous!.carry_out) : 0);
      expect(sen(p.payable)).toBe(Math.max(net + sen(p.carry_in), 0));
      expect(sen(p.carry_out)).toBe(Math.min(net + sen(p.carry_in), 0));
      if (sen(p.payable) === 0) expect(p.state).toBe('CARRIED');
      if (sen(p.carry_out) < 0) carried++;
      expect(p.payout_date, `payout ${p.id}`).toBe(payoutDate(p.day, Number(p.settlement_days), holidays, { state: p.state_code }));
      expect(isPayoutDay(p.payout_date, holidays, { state: p.state_code }), `${p.payout_date} is a payout day`).toBe(true);
      previous = p;
    }
    expect(carried, 'the planted negative day').toBeGreaterThan(0);
  });

  it('builds a day once: a second build adds nothing', async () => {
    const before = (await payouts()).length;
    const again = await buildPayoutDays(s.database, from, to, new Date());
    expect(Object.values(again).reduce((a, b) => a + b, 0)).toBe(0);
    expect((await payouts()).length).toBe(before);
  });

  it("holds the payouts of a merchant with a risk alert not closed, naming the alert's rule", async () => {
    const open = await s.database.query<{ merchant_id: number; rule_code: string }>(
      `SELECT DISTINCT ON (merchant_id) merchant_id, rule_code FROM risk_alerts WHERE status <> 'CLOSE' AND merchant_id IS NOT NULL ORDER BY merchant_id, created_at, id`,
    );
    const rule = new Map(open.map((a) => [Number(a.merchant_id), a.rule_code]));
    const built = await payouts();
    for (const p of built.filter((x) => x.state !== 'CARRIED')) {
      const r = rule.get(Number(p.merchant_id));
      expect(p.state, `payout ${p.id}`).toBe(r ? 'HELD' : 'SCHEDULED');
      expect(p.violation).toBe(r ?? null);
    }
  });

  it('holds and releases over the API: four eyes, only allowed states, every failure a 4xx naming why', async () => {
    const admin = await s.signIn('admin@paydesk.my');
    const [p] = await s.database.query<{ id: number }>(`SELECT id FROM payouts WHERE state = 'SCHEDULED' AND channel IN ('RM', 'PAYDEE', 'BSN') ORDER BY id LIMIT 1`);
    expect(p).toBeDefined();
    const res = await admin.send('payoutHold', { body: { Id: Number(p!.id), Violation: 'SINGLE_LARGE_TXN', Note: 'Large ticket under review' } });
    const held = await admin.readJson(res, true, '/api/portal/Payout/Hold');
    expect(held).toMatchObject({ Id: Number(p!.id), State: 'HELD', Violation: 'SINGLE_LARGE_TXN' });
    // The hold leaves exactly one audit row, found by the request id the call answered.
    const [adminUser] = await s.database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@paydesk.my'`);
    const trail = await s.database.query<{ action: string; target_type: string; target_id: string; actor_user_id: number }>(
      `SELECT action, target_type, target_id, actor_user_id FROM audit_log WHERE request_id = $1`,
      [res.headers.get('x-request-id') ?? ''],
    );
    expect(trail.map((r) => ({ ...r, actor_user_id: Number(r.actor_user_id) }))).toEqual([{ action: 'HOLD', target_type: 'Payout', target_id: String(p!.id), actor_user_id: Number(adminUser!.id) }]);
    // Holding again, or releasing one's own hold, is refused.
    await expect(admin.call('payoutHold', { body: { Id: Number(p!.id), Violation: 'SINGLE_LARGE_TXN', Note: 'again' } })).rejects.toMatchObject({ status: 409 });
    await expect(admin.call('payoutRelease', { body: { Id: Number(p!.id), Note: 'cleared' } })).rejects.toMatchObject({ status: 403 });
    // Another user releases it; a released payout can be held again.
    const [other] = await s.database.query<{ id: number }>(`SELECT id FROM users WHERE lower(email) <> 'admin@paydesk.my' ORDER BY id LIMIT 1`);
    const released = await s.database.transaction((q) => decidePayout(q, { id: Number(p!.id), action: 'release', note: 'Merchant documents received', userId: Number(other!.id), at: new Date() }));
    expect(released.state).toBe('RELEASED');
    await expect(admin.call('payoutHold', { body: { Id: Number(p!.id), Violation: 'FOREIGN_IP_DAILY', Note: 'new alert' } })).resolves.toMatchObject({ State: 'HELD' });
    // A carried payout cannot be held; an unknown payout is 404; a violation outside the options is 400.
    const [c] = await s.database.query<{ id: number }>(`SELECT id FROM payouts WHERE state = 'CARRIED' ORDER BY id LIMIT 1`);
    await expect(admin.call('payoutHold', { body: { Id: Number(c!.id), Violation: 'SINGLE_LARGE_TXN', Note: 'x' } })).rejects.toMatchObject({ status: 409 });
    await expect(admin.call('payoutHold', { body: { Id: 999_999_999, Violation: 'SINGLE_LARGE_TXN', Note: 'x' } })).rejects.toMatchObject({ status: 404 });
    await expect(admin.call('payoutHold', { body: { Id: Number(p!.id), Violation: 'NOT_A_RULE' as 'SINGLE_LARGE_TXN', Note: 'x' } })).rejects.toMatchObject({ status: 400 });
  });
});

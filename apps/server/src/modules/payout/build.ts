/**
 * Builds the payouts of one MYT business day (table `payouts`, db/schema/payout.ts says
 * what each figure means), set-based: one INSERT … SELECT over the day's sales and refunds, never
 * a loop per merchant, inside the caller's transaction.
 *  - Sales: the portal payments of the day (summaries/sales.ts PORTAL_PAYMENT: successful sales and
 *    captures), summed per merchant HQ, channel and currency into gross, MDR and count; the MDR
 *    of each is settled first from the /mdr-products rate in force that day (settlement-mdr.ts,
 *    table settled_payments).
 *  - Refunds: refund requests whose money left that day (`refunded_at`), by the same
 *    key through their transaction; reason FR (fraudulent) goes to chargebacks (db/schema/payout.ts).
 *  - Carry: a merchant's negative balance on the channel and currency (the `carry_out` of its
 *    latest earlier payout) is netted into this one, once: the next payout starts from this
 *    one's carry_out. Days must therefore be built in order (buildPayoutDays does).
 *  - Payout date: the merchant's T+X (organization_configs.settlement_days, default 1; a
 *    CUSTOM timing keeps its T+X and is flagged `custom_schedule` for the desk, because its
 *    description is free text) through the payout calendar of the merchant's state
 *    (payout_holidays, domain payout-calendar.ts), computed for the few (days, state) pairs
 *    in TypeScript and joined in.
 *  - State: CARRIED when nothing is payable; HELD when the merchant has a risk alert not yet
 *    closed (violation = the alert's §9 rule, note naming the alert); SCHEDULED otherwise.
 * Idempotent: a day already built for a merchant, channel and currency is left as it is
 * (payouts_day_uq), so building a day twice adds nothing. Answers the payouts created.
 */
import { payoutDate, type PayoutHoliday } from '@paydesk/domain';
import type { Database, Query } from '../../db/client.ts';
import { PORTAL_PAYMENT } from '../../summaries/sales.ts';
import { settleMdrSql } from './settlement-mdr.ts';

/** The acquirers whose settlement funds the platform's own payouts (the TPA channels). */
export const TPA_CHANNELS = ['RM', 'PAYDEE', 'BSN'] as const;

/** Refund request statuses in which the money has left (refund-flow.ts). */
const MONEY_LEFT = `('REFUNDED', 'COMPLETED', 'REFUNDED_ACK_FAIL')`;

const CHANNEL = (provider: string) => `CASE WHEN ${provider} IN (${TPA_CHANNELS.map((c) => `'${c}'`).join(', ')}) THEN ${provider} ELSE 'DIRECT' END`;

/** MYT day [start, next start) as UTC instants, for index-friendly range conditions. */
const DAY_START = (p: string) => `(${p}::date::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur')`;
const DAY_END = (p: string) => `((${p}::date + 1)::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur')`;

/** Active payout holidays, for the calendar. */
async function holidays(q: Query): Promise<PayoutHoliday[]> {
  const rows = await q<{ day: string; states: string[] | null }>(`SELECT holiday_date::text AS day, states FROM payout_holidays WHERE is_active = 1`);
  return rows.map((r) => ({ date: r.day, states: r.states ?? [] }));
}

/**
 * Builds business day `day` ('YYYY-MM-DD', MYT), stamping rows with `at` (UTC). Returns the
 * number of payouts created (0 when the day was built before or had no activity).
 */
export async function buildPayoutDay(q: Query, day: string, at: Date): Promise<number> {
  const calendar = await holidays(q);
  // Every (T+X, state) pair of a merchant HQ: few, so the payout dates are computed here.
  const pairs = await q<{ days: number; state: string | null }>(
    `SELECT DISTINCT coalesce(c.settlement_days, 1)::int AS days, o.state
     FROM organizations o LEFT JOIN organization_configs c ON c.org_id = o.id AND c.is_active = 1
     WHERE o.level = 'MERCHANT_HQ'`,
  );
  const dates = pairs.map((p) => payoutDate(day, Number(p.days), calendar, { state: p.state }));
  // The MDR of each payment of the day, from the rates in force that day (settlement-mdr.ts).
  await q(settleMdrSql(`${PORTAL_PAYMENT} AND t.created_at >= ${DAY_START('$1')} AND t.created_at < ${DAY_END('$1')}`), [day]);
  const rows = await q<{ n: number }>(
    `WITH sales AS (
       SELECT t.merchant_id, ${CHANNEL('t.provider')} AS channel, t.currency, t.master_merchant_id, t.agency_id, t.agent_id,
              count(*)::int AS n, sum(t.amount) AS gross, sum(sp.mdr_fee) AS mdr
       FROM transactions t JOIN settled_payments sp ON sp.transaction_id = t.id
       WHERE ${PORTAL_PAYMENT} AND t.created_at >= ${DAY_START('$1')} AND t.created_at < ${DAY_END('$1')}
       GROUP BY 1, 2, 3, 4, 5, 6
     ),
     refunds AS (
       SELECT r.merchant_id, ${CHANNEL('t.provider')} AS channel, r.currency, r.master_merchant_id, r.agency_id, r.agent_id, count(*)::int AS n,
              coalesce(sum(r.amount) FILTER (WHERE r.reason_code <> 'FR'), 0) AS refunds,
              coalesce(sum(r.amount) FILTER (WHERE r.reason_code = 'FR'), 0) AS chargebacks
       FROM refund_requests r JOIN transactions t ON t.id = r.transaction_id
       WHERE r.status IN ${MONEY_LEFT} AND r.refunded_at >= ${DAY_START('$1')} AND r.refunded_at < ${DAY_END('$1')}
       GROUP BY 1, 2, 3, 4, 5, 6
     ),
     day AS (
       SELECT coalesce(s.merchant_id, f.merchant_id) AS merchant_id, coalesce(s.channel, f.channel) AS channel, coalesce(s.currency, f.currency) AS currency,
              coalesce(s.master_merchant_id, f.master_merchant_id) AS master_merchant_id, coalesce(s.agency_id, f.agency_id) AS agency_id,
              coalesce(s.agent_id, f.agent_id) AS agent_id,
              coalesce(s.n, 0) AS sales_count, coalesce(f.n, 0) AS refund_count,
              coalesce(s.gross, 0) AS gross, coalesce(f.refunds, 0) AS refunds, coalesce(s.mdr, 0) AS mdr, coalesce(f.chargebacks, 0) AS chargebacks
       FROM sales s FULL JOIN refunds f ON f.merchant_id = s.merchant_id AND f.channel = s.channel AND f.currency = s.currency
     ),
     dated AS (SELECT * FROM unnest($2::int[], $3::text[], $4::date[]) AS d(days, state, payout_date)),
     built AS (
       SELECT d.*, coalesce(c.settlement_days, 1) AS settlement_days,
              coalesce(c.settlement_timing = 'CUSTOM', false) AS custom_schedule, pd.payout_date,
              coalesce(prev.carry_out, 0) AS carry_in, alert.id AS alert_id, alert.rule_code
       FROM day d
       JOIN organizations o ON o.id = d.merchant_id
       LEFT JOIN organization_configs c ON c.org_id = o.id AND c.is_active = 1
       JOIN dated pd ON pd.days = coalesce(c.settlement_days, 1) AND pd.state IS NOT DISTINCT FROM o.state
       LEFT JOIN LATERAL (
         SELECT p.carry_out FROM payouts p
         WHERE p.merchant_id = d.merchant_id AND p.channel = d.channel AND p.currency = d.currency AND p.business_day < $1::date
         ORDER BY p.business_day DESC LIMIT 1
       ) prev ON true
       LEFT JOIN LATERAL (
         SELECT a.id, a.rule_code FROM risk_alerts a
         WHERE a.merchant_id = d.merchant_id AND a.status <> 'CLOSE'
         ORDER BY a.created_at, a.id LIMIT 1
       ) alert ON true
     ),
     ins AS (
       INSERT INTO payouts (channel, business_day, business_day_at, currency, sales_count, refund_count, gross, refunds, mdr, chargebacks, carry_in,
          settlement_days, custom_schedule, payout_date, state, violation, hold_note, held_at,
          master_merchant_id, agency_id, agent_id, merchant_id, created_at, updated_at)
       SELECT b.channel, $1::date, ${DAY_START('$1')}, b.currency, b.sales_count, b.refund_count, b.gross, b.refunds, b.mdr, b.chargebacks, b.carry_in,
          b.settlement_days, b.custom_schedule, b.payout_date,
          CASE WHEN b.gross - b.refunds - b.mdr - b.chargebacks + b.carry_in <= 0 THEN 'CARRIED' WHEN b.alert_id IS NOT NULL THEN 'HELD' ELSE 'SCHEDULED' END,
          CASE WHEN b.gross - b.refunds - b.mdr - b.chargebacks + b.carry_in > 0 AND b.alert_id IS NOT NULL THEN b.rule_code END,
          CASE WHEN b.gross - b.refunds - b.mdr - b.chargebacks + b.carry_in > 0 AND b.alert_id IS NOT NULL THEN 'Risk alert #' || b.alert_id || ' is not closed' END,
          CASE WHEN b.gross - b.refunds - b.mdr - b.chargebacks + b.carry_in > 0 AND b.alert_id IS NOT NULL THEN $5::timestamptz END,
          b.master_merchant_id, b.agency_id, b.agent_id, b.merchant_id, $5, $5
       FROM built b
       ON CONFLICT (merchant_id, channel, currency, business_day) DO NOTHING
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM ins`,
    [day, pairs.map((p) => Number(p.days)), pairs.map((p) => p.state), dates, at],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Builds the business days `from`..`to` ('YYYY-MM-DD', inclusive, MYT) in order, each in its own
 * transaction under one advisory lock (two builders never interleave a merchant's carry).
 * Answers the payouts created per day.
 */
export async function buildPayoutDays(database: Database, from: string, to: string, at: Date): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (let day = from; day <= to; day = nextDay(day)) {
    out[day] = await database.transaction(async (q) => {
      await q(`SELECT pg_advisory_xact_lock(hashtext('payout-build'))`);
      return buildPayoutDay(q, day, at);
    });
  }
  return out;
}

/** The calendar day after `day` ('YYYY-MM-DD'). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The §9 risk rules over a batch of new transactions, pure: given the running
 * state of each subject (merchant HQ, card, client IP; rule-state.ts) and the active thresholds,
 * each transaction is applied in time order and every rule whose observed value REACHES its
 * threshold (≥) for the first time in its window raises one alert, with its evidence. Nothing is
 * read from `transactions`: the state holds every figure a rule needs (incremental).
 *
 * Rules, what they count and their windows (MYT days and months; sliding windows in ms):
 *  - LIMIT_TXN_DAILY / _MONTHLY: successful sales' amount per merchant HQ and currency (sen;
 *    threshold in that currency's major unit — no FX table exists yet), per day / month;
 *  - FOREIGN_CARD_RATIO_DAILY / _MONTHLY: % of the merchant's card transactions whose card is
 *    foreign (BIN table, else the issuer country), checked from RISK_RATIO_MIN_TXNS card
 *    transactions in the window on (1 foreign card of 1 is not a ratio);
 *  - CONSECUTIVE_FAILED_DAILY: FAILED transactions in a row per merchant (a SUCCESS ends the run;
 *    other statuses leave it), per day;
 *  - SAME_CARD_* / SAME_IP_*: transactions (any status: attempts are what velocity checks count) of
 *    one masked PAN / one client IP in the last hour, the last 24 hours (sliding: once fired, a rule
 *    fires again for the subject only a whole window later) and the MYT day;
 *  - SINGLE_LARGE_TXN: one sale's amount (any status), per transaction;
 *  - FOREIGN_IP_DAILY: the merchant's transactions from IPs outside Malaysia, per day;
 *  - INACTIVE_TXN_DAYS: days since the merchant's last transaction — a scheduled check over the
 *    state (inactive.ts), not a per-transaction rule.
 */
import { SALE_TXN_TYPES, type RiskAlertRule } from '@paydesk/domain';
import { cardState, merchantState, type CardState, type MerchantState, type OwnerIds } from './rule-state.ts';

/** A ratio rule looks at a window only from this many card transactions on. */
export const RISK_RATIO_MIN_TXNS = 20;
/** Transactions an alert keeps as evidence (the latest counted, the crossing one included). */
export const RISK_EVIDENCE_MAX = 20;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MYT_OFFSET_MS = 8 * HOUR_MS;

/** A transaction as the rules read it. Money in sen (integer). */
export interface RiskTxn extends OwnerIds {
  id: number;
  at: number;
  status: string;
  txnType: string;
  preauthOp: string | null;
  amountSen: number;
  currency: string;
  maskedPan: string | null;
  clientIp: string | null;
  /** Whether the card is foreign (null: no card). */
  foreignCard: boolean | null;
  /** Whether the client IP is outside Malaysia (null: no IP or unknown). */
  foreignIp: boolean | null;
}

/** Thresholds of the active rules: amounts in sen, percentages as numbers, counts and days as integers. */
export type RiskThresholds = ReadonlyMap<RiskAlertRule, number>;

export interface RaisedAlert extends OwnerIds {
  rule: RiskAlertRule;
  subjectKind: 'MERCHANT' | 'CARD' | 'IP' | 'TRANSACTION';
  subject: string;
  windowStart: number;
  /** The threshold and the observed value as decimal text (ringgit for amounts). */
  threshold: string;
  observed: string;
  currency: string | null;
  txnIds: number[];
}

/** The MYT calendar day (YYYY-MM-DD) of an instant (ms) and the instant it starts. */
export const mytDay = (at: number): string => new Date(at + MYT_OFFSET_MS).toISOString().slice(0, 10);
const mytDayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`) - MYT_OFFSET_MS;
const mytMonthStart = (day: string): number => Date.parse(`${day.slice(0, 7)}-01T00:00:00Z`) - MYT_OFFSET_MS;

const isSale = (t: RiskTxn) => (SALE_TXN_TYPES as readonly string[]).includes(t.txnType) && !t.txnType.startsWith('VOID') && (t.preauthOp === null || t.preauthOp === 'CAPTURE');
const ringgit = (sen: number) => (sen / 100).toFixed(2);
const lastIds = (ids: number[], id: number) => [...ids.slice(-(RISK_EVIDENCE_MAX - 1)), id];

/**
 * Applies `batch` (any order; sorted here by time, then id) to the states (mutated in place;
 * missing ones are created in `states`) and answers the alerts raised. `thresholds` holds only
 * the active rules. Pure apart from mutating `states`.
 */
export function evaluateBatch(batch: readonly RiskTxn[], states: Map<string, MerchantState | CardState>, thresholds: RiskThresholds): RaisedAlert[] {
  const alerts: RaisedAlert[] = [];
  const sorted = [...batch].sort((a, b) => a.at - b.at || a.id - b.id);
  const get = <S,>(key: string, make: () => S): S => {
    let s = states.get(key) as S | undefined;
    if (!s) states.set(key, (s = make()) as never);
    return s;
  };
  for (const t of sorted) {
    const day = mytDay(t.at);
    const owner: OwnerIds = { masterMerchantId: t.masterMerchantId, agencyId: t.agencyId, agentId: t.agentId, merchantId: t.merchantId, branchId: t.branchId };
    const raise = (rule: RiskAlertRule, subjectKind: RaisedAlert['subjectKind'], subject: string, windowStart: number, threshold: string, observed: string, txnIds: number[], currency: string | null = null) =>
      alerts.push({ rule, subjectKind, subject, windowStart, threshold, observed, currency, txnIds, ...owner });

    // The merchant HQ's windows.
    const m = get(`MERCHANT:${t.merchantId}`, () => merchantState(owner));
    m.owner = { ...owner, branchId: null };
    if (m.day !== day) Object.assign(m, { day, dayAmount: {}, dayCards: 0, dayForeignCards: 0, dayForeignIp: 0, streak: 0, dayIds: [] });
    if (m.month !== day.slice(0, 7)) Object.assign(m, { month: day.slice(0, 7), monthAmount: {}, monthCards: 0, monthForeignCards: 0, monthIds: [] });
    m.lastTxnAt = Math.max(m.lastTxnAt, t.at);
    m.dayIds = lastIds(m.dayIds, t.id);
    m.monthIds = lastIds(m.monthIds, t.id);
    const once = (rule: RiskAlertRule, window: string, fire: () => void) => {
      if (m.fired[rule] === window) return;
      m.fired[rule] = window;
      fire();
    };
    const limit = (rule: RiskAlertRule) => thresholds.get(rule);

    if (isSale(t) && t.status === 'SUCCESS') {
      m.dayAmount[t.currency] = (m.dayAmount[t.currency] ?? 0) + t.amountSen;
      m.monthAmount[t.currency] = (m.monthAmount[t.currency] ?? 0) + t.amountSen;
      const subject = `${t.merchantId}/${t.currency}`;
      const d = limit('LIMIT_TXN_DAILY');
      if (d !== undefined && m.dayAmount[t.currency]! >= d && m.fired[`LIMIT_TXN_DAILY/${t.currency}`] !== day) {
        m.fired[`LIMIT_TXN_DAILY/${t.currency}`] = day;
        raise('LIMIT_TXN_DAILY', 'MERCHANT', subject, mytDayStart(day), ringgit(d), ringgit(m.dayAmount[t.currency]!), m.dayIds, t.currency);
      }
      const mo = limit('LIMIT_TXN_MONTHLY');
      if (mo !== undefined && m.monthAmount[t.currency]! >= mo && m.fired[`LIMIT_TXN_MONTHLY/${t.currency}`] !== m.month) {
        m.fired[`LIMIT_TXN_MONTHLY/${t.currency}`] = m.month;
        raise('LIMIT_TXN_MONTHLY', 'MERCHANT', subject, mytMonthStart(day), ringgit(mo), ringgit(m.monthAmount[t.currency]!), m.monthIds, t.currency);
      }
    }
    if (t.foreignCard !== null) {
      m.dayCards++;
      m.monthCards++;
      if (t.foreignCard) {
        m.dayForeignCards++;
        m.monthForeignCards++;
      }
      for (const [rule, cards, foreign, window, start, ids] of [
        ['FOREIGN_CARD_RATIO_DAILY', m.dayCards, m.dayForeignCards, day, mytDayStart(day), m.dayIds],
        ['FOREIGN_CARD_RATIO_MONTHLY', m.monthCards, m.monthForeignCards, m.month, mytMonthStart(day), m.monthIds],
      ] as const) {
        const thr = limit(rule);
        if (thr === undefined || cards < RISK_RATIO_MIN_TXNS || (foreign * 100) / cards < thr) continue;
        once(rule, window, () => raise(rule, 'MERCHANT', String(t.merchantId), start, thr.toFixed(2), ((foreign * 100) / cards).toFixed(2), ids));
      }
    }
    if (t.status === 'FAILED') m.streak++;
    else if (t.status === 'SUCCESS') m.streak = 0;
    const streakThr = limit('CONSECUTIVE_FAILED_DAILY');
    if (streakThr !== undefined && m.streak >= streakThr) once('CONSECUTIVE_FAILED_DAILY', day, () => raise('CONSECUTIVE_FAILED_DAILY', 'MERCHANT', String(t.merchantId), mytDayStart(day), String(streakThr), String(m.streak), m.dayIds.slice(-m.streak)));
    if (t.foreignIp) {
      m.dayForeignIp++;
      const thr = limit('FOREIGN_IP_DAILY');
      if (thr !== undefined && m.dayForeignIp >= thr) once('FOREIGN_IP_DAILY', day, () => raise('FOREIGN_IP_DAILY', 'MERCHANT', String(t.merchantId), mytDayStart(day), String(thr), String(m.dayForeignIp), m.dayIds));
    }
    const large = limit('SINGLE_LARGE_TXN');
    if (large !== undefined && isSale(t) && t.amountSen >= large) raise('SINGLE_LARGE_TXN', 'TRANSACTION', String(t.id), t.at, ringgit(large), ringgit(t.amountSen), [t.id], t.currency);

    // Velocity of one card and of one IP address.
    for (const [kind, subject, rules] of [
      ['CARD', t.maskedPan, ['SAME_CARD_LAST_HOUR', 'SAME_CARD_LAST_24H', 'SAME_CARD_DAILY']],
      ['IP', t.clientIp, ['SAME_IP_LAST_HOUR', 'SAME_IP_LAST_24H', 'SAME_IP_DAILY']],
    ] as const) {
      if (!subject) continue;
      const s = get(`${kind}:${subject}`, cardState);
      // Keep the last 24 hours (bounded: a subject past every threshold needs no more times).
      while (s.times.length && (s.times[0]! <= t.at - DAY_MS || s.times.length >= 1000)) {
        s.times.shift();
        s.ids.shift();
      }
      s.times.push(t.at);
      s.ids.push(t.id);
      if (s.day !== day) Object.assign(s, { day, dayCount: 0, dayIds: [] });
      s.dayCount++;
      s.dayIds = lastIds(s.dayIds, t.id);
      const [hourRule, dayRule, dailyRule] = rules;
      for (const [rule, span] of [[hourRule, HOUR_MS], [dayRule, DAY_MS]] as const) {
        const thr = limit(rule);
        if (thr === undefined) continue;
        const from = s.times.findIndex((at) => at > t.at - span);
        const count = s.times.length - from;
        const last = s.fired[rule];
        if (count >= thr && (typeof last !== 'number' || t.at - last >= span)) {
          s.fired[rule] = t.at;
          raise(rule, kind, subject, t.at, String(thr), String(count), s.ids.slice(from).slice(-RISK_EVIDENCE_MAX));
        }
      }
      const thr = limit(dailyRule);
      if (thr !== undefined && s.dayCount >= thr && s.fired[dailyRule] !== day) {
        s.fired[dailyRule] = day;
        raise(dailyRule, kind, subject, mytDayStart(day), String(thr), String(s.dayCount), s.dayIds);
      }
    }
  }
  return alerts;
}

/**
 * The traffic the simulator posts (issue 31 item 5): rows for the ingest API shaped like the
 * demo's own (docs/transaction-model.md) — online payments by MID from the payment gateway,
 * terminal payments by TID from the terminal host — at a rate following the MYT day (quiet
 * before dawn, peaks at lunch and in the evening). A few online payments start PENDING and
 * settle by a SUCCESS or FAILED event a few seconds later; a few card sales are voided. Pure but
 * for `Math.random` (traffic, not a test fixture). Amounts in ringgit, times UTC.
 */
import type { TxnEventRow, TxnIngestRow } from '@paydesk/contract';

/** The roster SQL: VERIFIED merchants (and branches under a VERIFIED HQ) with a MID, their HQ's enabled service types, their active terminals. */
export const ROSTER_SQL = `
  SELECT o.mid, coalesce((SELECT c.service_types FROM organization_configs c WHERE c.org_id = CASE WHEN o.level = 'MERCHANT_BRANCH' THEN o.parent_id ELSE o.id END), '{}') AS types,
         coalesce((SELECT array_agg(t.tid ORDER BY t.tid) FROM terminals t WHERE t.org_id = o.id AND t.is_active = 1), '{}') AS tids
  FROM organizations o LEFT JOIN organizations p ON p.id = o.parent_id AND o.level = 'MERCHANT_BRANCH'
  WHERE o.level IN ('MERCHANT_HQ', 'MERCHANT_BRANCH') AND o.mid IS NOT NULL AND o.onboarding_status = 'VERIFIED' AND coalesce(p.onboarding_status, 'VERIFIED') = 'VERIFIED'
  ORDER BY o.id LIMIT 400`;

/** A roster row as ROSTER_SQL answers it. */
export const rosterOf = (rows: { mid: string; types: string[]; tids: string[] }[]): RosterMerchant[] =>
  rows.map((r) => ({ mid: r.mid, serviceTypes: r.types.map(Number), tids: r.tids }));

/** A merchant the simulator may post for: its MID, the service types its configuration enables (empty: any) and its terminals. */
export interface RosterMerchant {
  mid: string;
  serviceTypes: number[];
  tids: string[];
}

/**
 * Share of the day's transactions in each MYT hour (sums to 1): a Malaysian retail curve — near
 * nothing 02:00–06:00, a lunch peak 12:00–13:00, the evening peak 19:00–21:00.
 */
export const MYT_HOUR_SHARE: readonly number[] = (() => {
  const w = [1.2, 0.7, 0.4, 0.3, 0.3, 0.5, 1.2, 2.6, 3.8, 4.6, 5.2, 6.0, 7.4, 7.0, 5.6, 5.0, 5.2, 5.8, 6.6, 7.6, 7.8, 6.4, 4.2, 2.5];
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / sum);
})();

/** The rate at `at` (rows/s) for a day averaging `tps`: tps × 24 × the hour's share. */
export function rateAt(tps: number, at: Date): number {
  const hour = (at.getUTCHours() + 8) % 24;
  return tps * 24 * MYT_HOUR_SHARE[hour]!;
}

const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const weighted = <T,>(table: readonly [T, number][]): T => {
  let r = Math.random() * table.reduce((a, [, w]) => a + w, 0);
  for (const [v, w] of table) if ((r -= w) <= 0) return v;
  return table[table.length - 1]![0];
};

/** A ticket in ringgit: log-normal around RM 45, at least RM 1, two decimals. */
function amount(): string {
  const z = Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
  return Math.max(1, Math.exp(Math.log(45) + 0.9 * z)).toFixed(2);
}

const BINS = ['411111', '453201', '524000', '552211', '377382', '621483'];
const maskedPan = () => `${pick(BINS)}******${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
let counter = Math.floor(Math.random() * 1_000_000);
/** A reference unique to this process: SIM, the time in base 36 and a counter. */
export const simRef = (): string => `SIM${Date.now().toString(36).toUpperCase()}${(counter++ % 1_000_000).toString().padStart(6, '0')}`;

/** One online payment of `m` at `at` (PENDING one time in 25). */
export function onlineRow(m: RosterMerchant, at: Date): TxnIngestRow {
  const types = m.serviceTypes.filter((t) => t !== 2 && t !== 4);
  const method = weighted<TxnIngestRow['PaymentMethod']>([['CC', 40], ['FPX_B2C', 25], ['EW', 20], ['HOSTED_CARD', 10], ['BNPL', 5]]);
  const card = method === 'CC' || method === 'HOSTED_CARD';
  return {
    TxnRefNo: simRef(), ServiceType: (types.length ? pick(types) : 1) as TxnIngestRow['ServiceType'], PaymentMethod: method,
    Status: Math.random() < 0.04 ? 'PENDING' : Math.random() < 0.03 ? 'FAILED' : 'SUCCESS', Mid: m.mid, Amount: amount(), Currency: 'MYR', CreatedAt: at.toISOString(),
    ...(card ? { MaskedPan: maskedPan() } : {}), ClientIp: `203.106.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
}

/** One terminal payment at a terminal of `m` at `at`. */
export function terminalRow(m: RosterMerchant, at: Date): TxnIngestRow {
  const method = weighted<TxnIngestRow['PaymentMethod']>([['CC', 70], ['EW', 20], ['BNPL', 10]]);
  return {
    TxnRefNo: simRef(), ServiceType: 2, PaymentMethod: method, Status: Math.random() < 0.02 ? 'FAILED' : 'SUCCESS', Tid: pick(m.tids), Amount: amount(), Currency: 'MYR',
    CreatedAt: at.toISOString(), ...(method === 'CC' ? { MaskedPan: maskedPan(), EntryMode: weighted([['CONTACTLESS', 58], ['CHIP', 33], ['SWIPE', 5], ['FALLBACK', 4]] as const) } : {}),
    Stan: String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0'),
  };
}

/** The follow-up events of posted rows: PENDING ones settle, one card sale in 80 is voided. */
export function followUps(rows: readonly TxnIngestRow[], at: Date): TxnEventRow[] {
  const out: TxnEventRow[] = [];
  for (const r of rows) {
    if (r.Status === 'PENDING') out.push({ EventId: `${r.TxnRefNo}-S`, TxnRefNo: r.TxnRefNo, Type: Math.random() < 0.85 ? 'SUCCESS' : 'FAILED', At: at.toISOString() });
    else if (r.Status === 'SUCCESS' && r.PaymentMethod === 'CC' && Math.random() < 1 / 80) out.push({ EventId: `${r.TxnRefNo}-V`, TxnRefNo: r.TxnRefNo, Type: 'VOID', At: at.toISOString() });
  }
  return out;
}

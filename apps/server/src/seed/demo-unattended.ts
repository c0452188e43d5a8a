/**
 * The demo's unattended terminals: cash events for a handful of terminals of
 * terminal-service sales the seed already made, so /unattended-history/Denomination and
 * /unattended-report/Denomination have figures at every demo sign-in's scope.
 *
 * Which terminals: the two busiest TIDs (successful terminal sales among the merchant's latest
 * SAMPLE_SALES) of the demo merchant HQ, of up to three other HQs of the demo agent and of one HQ
 * under the last master merchant (another tenant). Each read is one range of the
 * `(merchant_id, service_type, created_at, id)` index, so the step costs the same at any size.
 *
 * What happens at each: a share of its sales are paid in cash — the due amount rounded to 5 sen
 * (Malaysia's cash rounding), tendered in the fewest notes above it (CASH_IN, linked to the sale)
 * and the change paid back (CASH_OUT, 2 s later); one in 25 paid vends fails and the cash goes
 * back (REFUND_OUT); every MYT day with sales opens with a float REFILL of small notes and coins at
 * 07:00; every third such day ends with a COLLECTION at 22:00 of the RM10 and larger notes taken
 * in since the last one (the cash box); one ADJUSTMENT per terminal (a jammed RM1 note found).
 * Counts only: the table derives the amounts, so counts × face value = amounts by construction.
 */
import { CASH_DENOMINATIONS, CASH_EVENT_DIRECTIONS, cashCountColumn, cashPieces, type CashEventKind } from '@paydesk/domain';
import { pgArray } from '../db/pg-array.ts';
import { Rng } from './random.ts';

type Exec = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** The latest terminal sales read per merchant; the busiest TIDs among them get cash events. */
const SAMPLE_SALES = 400;
/** TIDs per merchant, and the most cash sales one terminal gets. */
const TIDS_PER_MERCHANT = 2;
const MAX_CASH_SALES = 80;
const MYT_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

interface Sale {
  id: number;
  txn_ref_no: string;
  tid: string;
  mid: string | null;
  amount: string;
  created_at: Date;
  master_merchant_id: number;
  agency_id: number;
  agent_id: number;
  merchant_id: number;
  branch_id: number | null;
}

/** One event to insert: owner and terminal from its sale, kind, instant, link and counts by column. */
export interface GenCashEvent {
  sale: Sale;
  kind: CashEventKind;
  at: Date;
  linked: boolean;
  counts: Record<string, number>;
}

/** Sen of a decimal ringgit string ("12.34" → 1234). */
const sen = (amount: string): number => {
  const [i = '0', f = ''] = amount.split('.');
  return Number(i) * 100 + Number((f + '00').slice(0, 2));
};

/** Malaysian cash rounding: to the nearest 5 sen (1–2 down, 3–4 up, 6–7 down, 8–9 up). */
export const roundCash = (s: number): number => Math.round(s / 5) * 5;

/** The MYT midnight (as a UTC instant, ms) of an instant. */
const mytDayStart = (ms: number) => Math.floor((ms + MYT_MS) / DAY_MS) * DAY_MS - MYT_MS;

/** The events of one terminal from its cash sales, oldest first (see the file comment). */
export function terminalEvents(rng: Rng, sales: readonly Sale[]): GenCashEvent[] {
  const events: GenCashEvent[] = [];
  const days = new Map<number, Sale>();
  for (const sale of sales) {
    const due = roundCash(sen(sale.amount));
    if (due <= 0) continue;
    const day = mytDayStart(sale.created_at.getTime());
    if (!days.has(day)) days.set(day, sale);
    // Tendered: the due amount rounded up to a whole RM1, RM5, RM10 or RM50 (how people pay a machine).
    const step = rng.pick([100, 500, 1000, 5000]);
    const tendered = Math.ceil(due / step) * step;
    const at = sale.created_at.getTime();
    events.push({ sale, kind: 'CASH_IN', at: new Date(at), linked: true, counts: cashPieces(tendered, 'in') });
    if (tendered > due) events.push({ sale, kind: 'CASH_OUT', at: new Date(at + 2000), linked: true, counts: cashPieces(tendered - due, 'out') });
    if (rng.int(1, 25) === 1) events.push({ sale, kind: 'REFUND_OUT', at: new Date(at + 30_000), linked: true, counts: cashPieces(due, 'out') });
  }
  const dayList = [...days.entries()].sort((a, b) => a[0] - b[0]);
  dayList.forEach(([day, sale], i) => {
    const refill = { note_5_in: rng.int(5, 20), note_1_in: rng.int(20, 60), coin_50_in: rng.int(20, 80), coin_20_in: rng.int(20, 80), coin_10_in: rng.int(20, 80), coin_5_in: rng.int(0, 40) };
    events.push({ sale, kind: 'REFILL', at: new Date(day + 7 * 3600_000), linked: false, counts: refill });
    if (i % 3 === 2 || i === dayList.length - 1) events.push({ sale, kind: 'COLLECTION', at: new Date(day + 22 * 3600_000), linked: false, counts: {} });
  });
  if (dayList.length) {
    const [day, sale] = dayList[Math.floor(dayList.length / 2)]!;
    events.push({ sale, kind: 'ADJUSTMENT', at: new Date(day + 21 * 3600_000), linked: false, counts: { note_1_in: 1 } });
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime() || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  // A collection takes the cash box: the RM10-and-larger notes taken in since the previous one.
  const box = CASH_DENOMINATIONS.filter((d) => d.kind === 'note' && d.sen >= 1000);
  const held: Record<string, number> = {};
  for (const e of events) {
    if (e.kind === 'COLLECTION') {
      for (const d of box) {
        const n = held[cashCountColumn(d, 'in')] ?? 0;
        if (n > 0) e.counts[cashCountColumn(d, 'out')] = n;
        held[cashCountColumn(d, 'in')] = 0;
      }
    } else if (CASH_EVENT_DIRECTIONS[e.kind].includes('in')) {
      for (const d of box) held[cashCountColumn(d, 'in')] = (held[cashCountColumn(d, 'in')] ?? 0) + (e.counts[cashCountColumn(d, 'in')] ?? 0);
    }
  }
  return events.filter((e) => e.kind !== 'COLLECTION' || Object.keys(e.counts).length > 0);
}

const KIND_ORDER: Readonly<Record<CashEventKind, number>> = { REFILL: 0, CASH_IN: 1, CASH_OUT: 2, REFUND_OUT: 3, ADJUSTMENT: 4, COLLECTION: 5 };

/** The count columns in table order. */
const COUNT_COLUMNS = (['in', 'out'] as const).flatMap((dir) => CASH_DENOMINATIONS.map((d) => cashCountColumn(d, dir)));

/**
 * Inserts events with one unnest statement; returns how many. Each is received (created_at) seconds
 * after it occurred, never after `now` (UTC; default: no bound).
 */
export async function insertCashEvents(exec: Exec, events: readonly GenCashEvent[], now?: Date): Promise<number> {
  const bound = now?.getTime() ?? Number.POSITIVE_INFINITY;
  if (!events.length) return 0;
  const cols: [string, string, (e: GenCashEvent) => string | number | Date | null][] = [
    ['master_merchant_id', 'int4', (e) => e.sale.master_merchant_id],
    ['agency_id', 'int4', (e) => e.sale.agency_id],
    ['agent_id', 'int4', (e) => e.sale.agent_id],
    ['merchant_id', 'int4', (e) => e.sale.merchant_id],
    ['branch_id', 'int4', (e) => e.sale.branch_id],
    ['tid', 'text', (e) => e.sale.tid],
    ['mid', 'text', (e) => e.sale.mid],
    ['event_kind', 'text', (e) => e.kind],
    ['occurred_at', 'timestamptz', (e) => e.at],
    // Received when the terminal uploaded its cash log: seconds to a minute after the event (from
    // the sale's id, no draw, so every other value stays as it was).
    ['created_at', 'timestamptz', (e) => new Date(Math.max(e.at.getTime(), Math.min(bound, e.at.getTime() + 3_000 + ((e.sale.id * 7_919 + KIND_ORDER[e.kind] * 104_729) % 57_000))))],
    ['transaction_id', 'int8', (e) => (e.linked ? e.sale.id : null)],
    ['txn_ref_no', 'text', (e) => (e.linked ? e.sale.txn_ref_no : null)],
    ...COUNT_COLUMNS.map((c): [string, string, (e: GenCashEvent) => number] => [c, 'int4', (e) => e.counts[c] ?? 0]),
  ];
  await exec(
    `INSERT INTO unattended_cash_events (${cols.map(([n]) => n).join(', ')}) SELECT * FROM unnest(${cols.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})`,
    cols.map(([, , get]) => pgArray(events.map(get))),
  );
  return events.length;
}

/**
 * Seeds the cash events of the demo's unattended terminals (see the file comment) for the
 * merchant HQs `merchantIds`, from the PRNG `seed`; given `now` (UTC), none that is still to come
 * and none received after it. Returns the number of events written.
 */
export async function seedUnattendedCash(exec: Exec, merchantIds: readonly number[], seed: number, now?: Date): Promise<number> {
  const rng = new Rng((seed ^ 0xca5b_0c5) >>> 0);
  const events: GenCashEvent[] = [];
  for (const merchantId of merchantIds) {
    const sales = (
      await exec<Sale & { status: string; txn_type: string }>(
        `SELECT id, txn_ref_no, tid, mid, amount::text AS amount, created_at, status, txn_type, master_merchant_id, agency_id, agent_id, merchant_id, branch_id
         FROM transactions WHERE merchant_id = $1 AND service_type = 2 ORDER BY created_at DESC, id DESC LIMIT ${SAMPLE_SALES}`,
        [merchantId],
      )
    ).filter((s) => s.status === 'SUCCESS' && s.txn_type === 'SALE' && s.tid !== null);
    const byTid = new Map<string, Sale[]>();
    for (const s of sales) byTid.set(s.tid, [...(byTid.get(s.tid) ?? []), { ...s, id: Number(s.id), created_at: new Date(s.created_at) }]);
    const busiest = [...byTid.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0])).slice(0, TIDS_PER_MERCHANT);
    for (const [, list] of busiest) {
      const cash = list.filter(() => rng.chance(0.6)).slice(0, MAX_CASH_SALES).reverse();
      events.push(...terminalEvents(rng, cash));
    }
  }
  // A day's float and collection are at fixed hours (07:00, 22:00 MYT): today's may be still to come.
  return insertCashEvents(exec, now ? events.filter((e) => e.at.getTime() <= now.getTime()) : events, now);
}

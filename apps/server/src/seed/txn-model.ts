/**
 * Pieces of the per-kind transaction model the demo generator uses (docs/transaction-model.md): exact unique references, MDR fees, a small min-heap for scheduled
 * follow-ups (pre-auth captures, recurring cycles), and the shapes of the side tables (payment
 * links, recurring schedules, terminal settlement batches and their lines). Pure, no database.
 */
import type { BnplProvider, EntryMode, WalletProvider } from '@paydesk/domain';
import { WeightedTable } from './random.ts';

// ---------------------------------------------------------------------------------------------
// References

/** References carry 10 scrambled digits: the scramble is a bijection of [0, REF_SPACE). */
export const REF_SPACE = 10_000_000_000;
/** The multiplier of the scramble; odd and not a multiple of 5, so coprime with 10^10 (hence invertible). */
export const REF_MULTIPLIER = 7_777_777_777;
const SPLIT = 100_000;
const MUL_HI = Math.floor(REF_MULTIPLIER / SPLIT);
const MUL_LO = REF_MULTIPLIER % SPLIT;

/**
 * The 10-digit scramble of counter `i` (0 ≤ i < 10^10, an integer): (i × 7,777,777,777 + offset)
 * mod 10^10, computed exactly in doubles by splitting the multiplier in 10^5 halves (every
 * intermediate stays below 2^53), so it is a bijection of [0, 10^10) for any offset — the old
 * `(i * 7_777_777_777 + offset) % 1e10` lost digits beyond 2^53 (≈ 1.16 M rows) and collided.
 * Throws RangeError outside the domain.
 */
export function scrambleRef(i: number, offset: number): number {
  if (!Number.isInteger(i) || i < 0 || i >= REF_SPACE) throw new RangeError(`scrambleRef: counter out of range: ${i}`);
  if (!Number.isInteger(offset) || offset < 0 || offset >= REF_SPACE) throw new RangeError(`scrambleRef: offset out of range: ${offset}`);
  // i × M = i × (hi × 10^5 + lo); (i × hi mod 10^5) × 10^5 is i × hi × 10^5 mod 10^10.
  const high = ((i * MUL_HI) % SPLIT) * SPLIT; // i * MUL_HI < 10^10 * 77,778 < 2^53
  const low = (i * MUL_LO) % REF_SPACE; // i * MUL_LO < 10^10 * 10^5 = 10^15 < 2^53
  return (((high + low) % REF_SPACE) + offset) % REF_SPACE;
}

/** `n` as a zero-padded 10-digit string. */
export function tenDigits(n: number): string {
  return String(n).padStart(10, '0');
}

// ---------------------------------------------------------------------------------------------
// MDR: the default rates and money text helpers live with the write path (the ingest API prices rows too).

export { DEFAULT_MDR, mdrFeeSen, senToText, textToSen } from '../transactions/default-mdr.ts';

// ---------------------------------------------------------------------------------------------
// Provider and entry-mode mixes

export const ENTRY_MODE_MIX = new WeightedTable<EntryMode>([['CONTACTLESS', 58], ['CHIP', 33], ['SWIPE', 5], ['FALLBACK', 4]]);
/** Malaysia's contactless no-PIN limit (RM 250): above it a card is dipped. */
export const CONTACTLESS_LIMIT_RM = 250;
export const WALLET_MIX = new WeightedTable<WalletProvider>([['TNG', 40], ['GRABPAY', 25], ['SHOPEEPAY', 20], ['BOOST', 15]]);
export const BNPL_MIX = new WeightedTable<BnplProvider>([['ATOME', 40], ['GRAB_PAYLATER', 25], ['SPAYLATER', 15], ['SHOPBACK_PAYLATER', 12], ['BOOST_PAYFLEX', 8]]);

// ---------------------------------------------------------------------------------------------
// Side tables

/** A payment link row (table payment_links). */
export interface GenLink {
  id: number;
  masterMerchantId: number;
  agencyId: number;
  agentId: number;
  merchantId: number;
  branchId: number | null;
  linkRef: string;
  amount: string;
  currency: string;
  description: string | null;
  status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'CANCELLED';
  expiresAt: Date;
  createdAt: Date;
}

/** A recurring schedule row (table recurring_schedules); `customerIndex` and `periodMs` are generator state. */
export interface GenSchedule {
  id: number;
  masterMerchantId: number;
  agencyId: number;
  agentId: number;
  merchantId: number;
  branchId: number | null;
  custName: string;
  custEmail: string | null;
  custRef: string | null;
  amount: string;
  currency: string;
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  startDate: string;
  cyclesTotal: number | null;
  cyclesDone: number;
  nextRunAt: Date | null;
  status: 'ACTIVE' | 'COMPLETED' | 'CANCELLED' | 'SUSPENDED';
  createdAt: Date;
  customerIndex: number;
  periodMs: number;
}

/** A terminal settlement batch (table terminal_settlement_batches). */
export interface GenBatch {
  id: number;
  masterMerchantId: number;
  agencyId: number;
  agentId: number;
  merchantId: number;
  branchId: number | null;
  tid: string;
  mid: string;
  batchNo: string;
  openedAt: Date;
  settledAt: Date | null;
  status: 'OPEN' | 'SETTLED' | 'UPLOADED';
  /** The host's answer to the SETTLE: '00' settled, '95' reconcile error (then upload); null while OPEN. */
  hostResponseCode: string | null;
  /** Batch totals in sen: the sums of its lines when it is written (`batchTotals`). */
  saleCount: number;
  saleSen: number;
  voidCount: number;
  voidSen: number;
}

/** Totals of a batch per card scheme and type, in sen (table terminal_settlement_batch_lines). */
export interface GenBatchLine {
  batchId: number;
  cardScheme: string;
  cardType: string;
  saleCount: number;
  saleSen: number;
  voidCount: number;
  voidSen: number;
}

/** A batch's totals: the sums of its lines (the card-settlement list reads them from the batch row). */
export function batchTotals(lines: Iterable<GenBatchLine>): Pick<GenBatch, 'saleCount' | 'saleSen' | 'voidCount' | 'voidSen'> {
  const t = { saleCount: 0, saleSen: 0, voidCount: 0, voidSen: 0 };
  for (const l of lines) {
    t.saleCount += l.saleCount;
    t.saleSen += l.saleSen;
    t.voidCount += l.voidCount;
    t.voidSen += l.voidSen;
  }
  return t;
}

/** Frequencies of recurring schedules (§9) with their mix and period. */
export const FREQUENCY_MIX = new WeightedTable<GenSchedule['frequency']>([['MONTHLY', 70], ['WEEKLY', 15], ['YEARLY', 8], ['DAILY', 7]]);
export const PERIOD_MS: Record<GenSchedule['frequency'], number> = {
  DAILY: 86_400_000,
  WEEKLY: 7 * 86_400_000,
  MONTHLY: 30 * 86_400_000,
  YEARLY: 365 * 86_400_000,
};

// ---------------------------------------------------------------------------------------------
// A min-heap by a numeric key

/** A binary min-heap of items keyed by `key` (ms); ties leave in no particular order. */
export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly key: (item: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.key(a[p]!) <= this.key(a[i]!)) break;
      [a[p], a[i]] = [a[i]!, a[p]!];
      i = p;
    }
  }

  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.key(a[l]!) < this.key(a[m]!)) m = l;
        if (r < a.length && this.key(a[r]!) < this.key(a[m]!)) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i]!, a[m]!];
        i = m;
      }
    }
    return top;
  }
}

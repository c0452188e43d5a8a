/**
 * Cash at unattended terminals (§2 "Unattended terminal"): vending kiosks and
 * self-service machines take notes and coins and pay change out of recyclers and hoppers. Every
 * movement of cash is one cash event of one terminal (TID), counted per MYR denomination and
 * direction: `in` is cash entering the machine, `out` cash leaving it. The amounts are the counts
 * × face value (the database derives them, so they cannot disagree with the counts).
 */
import { enumLabelKey, type EnumEntry } from './enums.ts';

/** A Malaysian ringgit denomination a machine counts: its kind, face value in sen, and its column stem. */
export interface CashDenomination {
  kind: 'note' | 'coin';
  /** Face value in sen (RM100 = 10,000; 5 sen = 5). */
  sen: number;
  /** The stem of its count columns and fields: `note_100` → `note_100_in` / `Note100In`. */
  stem: string;
}

/**
 * The MYR denominations in circulation that cash machines take, largest first: notes RM100, 50,
 * 20, 10, 5, 1 and coins 50, 20, 10, 5 sen (1 sen coins are no longer issued: cash totals are
 * rounded to 5 sen since 2008, so a machine never counts them).
 */
export const CASH_DENOMINATIONS: readonly CashDenomination[] = Object.freeze(
  [
    ...[100, 50, 20, 10, 5, 1].map((rm) => ({ kind: 'note' as const, sen: rm * 100, stem: `note_${rm}` })),
    ...[50, 20, 10, 5].map((sen) => ({ kind: 'coin' as const, sen, stem: `coin_${sen}` })),
  ].map((d) => Object.freeze(d)),
);

/** The two directions of a count: into the machine, out of it. */
export const CASH_DIRECTIONS = ['in', 'out'] as const;
export type CashDirection = (typeof CASH_DIRECTIONS)[number];

/** The table column of a denomination's count in one direction, e.g. `note_100_in` (snake_case). */
export const cashCountColumn = (d: CashDenomination, dir: CashDirection): string => `${d.stem}_${dir}`;

/** The API field of the same count, e.g. `Note100In`, `Coin5Out` (PascalCase). */
export const cashCountKey = (d: CashDenomination, dir: CashDirection): string =>
  `${d.kind === 'note' ? 'Note' : 'Coin'}${d.stem.split('_')[1]}${dir === 'in' ? 'In' : 'Out'}`;

/**
 * The kinds of cash event, as a payments back office needs them to reconcile a machine's cash:
 * - CASH_IN: a customer inserts cash to pay for a sale (linked to the sale's transaction);
 * - CASH_OUT: change dispensed for a sale (linked to the same transaction);
 * - REFUND_OUT: cash paid back when a paid vend fails or a sale is voided at the machine (linked);
 * - REFILL: an operator loads float into the recyclers and hoppers so change can be paid;
 * - COLLECTION: the cash-in-transit crew empties the cash box and cassettes (the cash that goes
 *   to the bank: the figure reconciled against the CIT deposit);
 * - ADJUSTMENT: a count correction after a physical count (a jammed note found, a short
 *   dispense): counts in either direction, never linked.
 * Which direction each kind counts is CASH_EVENT_DIRECTIONS.
 */
export const CASH_EVENT_KINDS = ['CASH_IN', 'CASH_OUT', 'REFUND_OUT', 'REFILL', 'COLLECTION', 'ADJUSTMENT'] as const;
export type CashEventKind = (typeof CASH_EVENT_KINDS)[number];
/** Labelled as `enum.cashEventKind.<KIND>`. */
export const CASH_EVENT_KIND_ENTRIES: readonly EnumEntry<CashEventKind>[] = Object.freeze(
  CASH_EVENT_KINDS.map((code) => Object.freeze({ code, labelKey: enumLabelKey('cashEventKind', code) })),
);

/** The directions an event kind may count (the seed and the tests' generators keep to them). */
export const CASH_EVENT_DIRECTIONS: Readonly<Record<CashEventKind, readonly CashDirection[]>> = Object.freeze({
  CASH_IN: ['in'],
  CASH_OUT: ['out'],
  REFUND_OUT: ['out'],
  REFILL: ['in'],
  COLLECTION: ['out'],
  ADJUSTMENT: ['in', 'out'],
});

/** The event kinds tied to a sale (their `transaction_id` names it); the others never are. */
export const CASH_EVENT_LINKED: ReadonlySet<CashEventKind> = new Set(['CASH_IN', 'CASH_OUT', 'REFUND_OUT']);

/** Counts of one event by column name (`note_100_in` …); a missing column counts 0. */
export type CashCounts = Readonly<Record<string, number>>;

/** The amount in sen of one direction's counts: Σ count × face value (integers, no rounding). */
export function cashAmountSen(counts: CashCounts, dir: CashDirection): number {
  return CASH_DENOMINATIONS.reduce((sum, d) => sum + (counts[cashCountColumn(d, dir)] ?? 0) * d.sen, 0);
}

/**
 * Makes up `sen` (a non-negative multiple of 5) from the fewest pieces, largest first: counts by
 * column name of direction `dir`. Throws for an amount no set of MYR pieces makes.
 */
export function cashPieces(sen: number, dir: CashDirection): Record<string, number> {
  if (!Number.isSafeInteger(sen) || sen < 0 || sen % 5 !== 0) throw new Error(`cashPieces: ${sen} sen is not a non-negative multiple of 5`);
  const out: Record<string, number> = {};
  let left = sen;
  for (const d of CASH_DENOMINATIONS) {
    const n = Math.floor(left / d.sen);
    if (n > 0) out[cashCountColumn(d, dir)] = n;
    left -= n * d.sen;
  }
  return out;
}

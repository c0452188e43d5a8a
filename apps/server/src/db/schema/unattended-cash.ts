/**
 * Unattended terminals' cash: /unattended-history/Denomination and
 * /unattended-report/Denomination.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, check, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, owner } from './columns.ts';

/**
 * The count columns' stems, largest first: notes RM100 … RM1, coins 50 … 5 sen (the domain's
 * CASH_DENOMINATIONS; `unattended-cash-schema.test.ts` keeps the two equal), each with its face
 * value in ringgit for the derived amounts.
 */
const CASH_STEMS = [
  ['note_100', '100.00'], ['note_50', '50.00'], ['note_20', '20.00'], ['note_10', '10.00'], ['note_5', '5.00'], ['note_1', '1.00'],
  ['coin_50', '0.50'], ['coin_20', '0.20'], ['coin_10', '0.10'], ['coin_5', '0.05'],
] as const;

/** `note_100_in integer NOT NULL DEFAULT 0` … for every stem and direction (a count of pieces). */
const cashCounts = () =>
  Object.fromEntries(
    CASH_STEMS.flatMap(([stem]) => (['in', 'out'] as const).map((dir) => [`${stem}_${dir}`, integer(`${stem}_${dir}`).notNull().default(0)])),
  ) as Record<`${(typeof CASH_STEMS)[number][0]}_${'in' | 'out'}`, ReturnType<typeof integer>>;

/** Σ count × face value of one direction, exact numeric (the text of a generated column). */
const cashSum = (dir: 'in' | 'out') => CASH_STEMS.map(([stem, face]) => `${stem}_${dir} * ${face}`).join(' + ');

/**
 * One movement of cash at an unattended terminal: the terminal (TID, MID), its outlet's owner
 * columns (as `transactions`, so the caller's scope is one indexed equality), the event kind
 * (domain CASH_EVENT_KINDS: CASH_IN, CASH_OUT, REFUND_OUT, REFILL, COLLECTION, ADJUSTMENT), the
 * instant (UTC; the business day is its MYT date), the sale it belongs to where there is one
 * (`transaction_id` and its reference; no foreign key, as for refund requests: the seed's bulk load drops and
 * rebuilds the keys of `transactions`), and the pieces counted per denomination and direction.
 * The amounts (ringgit, MYR) are generated from the counts, so an amount never disagrees with its
 * pieces. Indexes: (scope column, occurred_at, id) per level and (occurred_at, id) for the
 * platform serve the history's keyset pages and the report's day ranges; (tid, occurred_at, id)
 * the TID filter at any scope.
 */
export const unattendedCashEvents = pgTable(
  'unattended_cash_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...owner(),
    tid: text('tid').notNull(),
    mid: text('mid'),
    eventKind: text('event_kind').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    /** The sale's reference, copied with its id (as refund requests do), so the list shows it without a join. */
    txnRefNo: text('txn_ref_no'),
    currency: char('currency', { length: 3 }).notNull().default('MYR'),
    ...cashCounts(),
    cashInAmount: numeric('cash_in_amount', { precision: 18, scale: 2 }).generatedAlwaysAs(sql.raw(cashSum('in'))),
    cashOutAmount: numeric('cash_out_amount', { precision: 18, scale: 2 }).generatedAlwaysAs(sql.raw(cashSum('out'))),
    netAmount: numeric('net_amount', { precision: 18, scale: 2 }).generatedAlwaysAs(sql.raw(`(${cashSum('in')}) - (${cashSum('out')})`)),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('uce_occurred_idx').on(t.occurredAt, t.id),
    index('uce_mm_occurred_idx').on(t.masterMerchantId, t.occurredAt, t.id),
    index('uce_agency_occurred_idx').on(t.agencyId, t.occurredAt, t.id),
    index('uce_agent_occurred_idx').on(t.agentId, t.occurredAt, t.id),
    index('uce_merchant_occurred_idx').on(t.merchantId, t.occurredAt, t.id),
    index('uce_branch_occurred_idx').on(t.branchId, t.occurredAt, t.id),
    index('uce_tid_occurred_idx').on(t.tid, t.occurredAt, t.id),
    index('uce_transaction_idx').on(t.transactionId).where(sql`${t.transactionId} IS NOT NULL`),
    check('uce_event_kind_ck', sql`${t.eventKind} IN ('CASH_IN', 'CASH_OUT', 'REFUND_OUT', 'REFILL', 'COLLECTION', 'ADJUSTMENT')`),
    check('uce_counts_ck', sql.raw(CASH_STEMS.flatMap(([stem]) => [`${stem}_in >= 0`, `${stem}_out >= 0`]).join(' AND '))),
    // Only a sale's legs name a transaction; float, collections and corrections never do.
    check('uce_link_ck', sql`${t.transactionId} IS NULL OR ${t.eventKind} IN ('CASH_IN', 'CASH_OUT', 'REFUND_OUT')`),
  ],
);

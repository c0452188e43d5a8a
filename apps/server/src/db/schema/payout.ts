/** Payouts to merchant HQs, the MDR of settled payments, bank payout batches and the holidays payout dates skip. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, char, check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, managed, workflowEvent } from './columns.ts';

/**
 * Payouts: what the platform pays a merchant HQ for one MYT business day, per
 * channel and currency. `channel` is the acquirer whose settlement funds it for the platform's
 * own acquiring (TPA: RM, PAYDEE, BSN — /tpa-payout-report) or DIRECT for every other provider.
 * Figures in ringgit (2 places): `gross` the day's successful sales, `refunds` the refunds whose
 * money left that day (fraud refunds, reason FR, are counted as `chargebacks`: the disputes the
 * pre-chargeback desk settled before the scheme charged back), `mdr` the sales' MDR fees;
 * `net` = gross − refunds − mdr − chargebacks (generated, so it cannot drift); `carry_in` (≤ 0) a
 * negative balance of the merchant's previous payout on the channel, netted here; `payable` what
 * is transferred (never negative), `carry_out` what is carried on (≤ 0). `payout_date` is the
 * `settlement_days`-th payout day after the business day (domain payout-calendar.ts, the
 * merchant's state's holidays). States: SCHEDULED → HELD (a risk violation, with a note) →
 * RELEASED; CARRIED when nothing is payable; PAID / FAILED come from a bank batch.
 * Owner columns are the merchant HQ's (branch_id null: a branch is paid through its HQ).
 * `business_day_at` is the day's first instant (00:00 MYT) for the date filter and sort.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    businessDayAt: ts('business_day_at').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    salesCount: integer('sales_count').notNull(),
    refundCount: integer('refund_count').notNull(),
    gross: numeric('gross', { precision: 18, scale: 2 }).notNull(),
    refunds: numeric('refunds', { precision: 18, scale: 2 }).notNull(),
    mdr: numeric('mdr', { precision: 18, scale: 2 }).notNull(),
    chargebacks: numeric('chargebacks', { precision: 18, scale: 2 }).notNull(),
    net: numeric('net', { precision: 18, scale: 2 }).generatedAlwaysAs(sql`gross - refunds - mdr - chargebacks`),
    carryIn: numeric('carry_in', { precision: 18, scale: 2 }).notNull().default('0'),
    payable: numeric('payable', { precision: 18, scale: 2 }).generatedAlwaysAs(sql`greatest(gross - refunds - mdr - chargebacks + carry_in, 0)`),
    carryOut: numeric('carry_out', { precision: 18, scale: 2 }).generatedAlwaysAs(sql`least(gross - refunds - mdr - chargebacks + carry_in, 0)`),
    settlementDays: smallint('settlement_days').notNull(),
    customSchedule: boolean('custom_schedule').notNull().default(false),
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    state: text('state').notNull(),
    violation: text('violation'),
    holdNote: text('hold_note'),
    heldByUserId: integer('held_by_user_id'),
    heldAt: ts('held_at'),
    releaseNote: text('release_note'),
    releasedByUserId: integer('released_by_user_id'),
    releasedAt: ts('released_at'),
    /** The latest bank batch that carried the payout (payout_batches); its line has the result. */
    batchId: bigint('batch_id', { mode: 'number' }),
    paidAt: ts('paid_at'),
    failureReason: text('failure_reason'),
    masterMerchantId: integer('master_merchant_id').notNull(),
    agencyId: integer('agency_id').notNull(),
    agentId: integer('agent_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    branchId: integer('branch_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A merchant's day on a channel is paid once, whoever builds it twice.
    uniqueIndex('payouts_day_uq').on(t.merchantId, t.channel, t.currency, t.businessDay),
    // The reports' keyset order (business day, id), at the platform and per scope level.
    index('payouts_day_idx').on(t.businessDay, t.id),
    index('payouts_mm_day_idx').on(t.masterMerchantId, t.businessDay, t.id),
    index('payouts_agency_day_idx').on(t.agencyId, t.businessDay, t.id),
    index('payouts_agent_day_idx').on(t.agentId, t.businessDay, t.id),
    index('payouts_merchant_day_idx').on(t.merchantId, t.businessDay, t.id),
    index('payouts_payout_date_idx').on(t.payoutDate, t.id),
    check('payouts_state_ck', sql`${t.state} IN ('SCHEDULED', 'HELD', 'RELEASED', 'CARRIED', 'BATCHED', 'PAID', 'FAILED')`),
    // A payout with the bank, paid or failed came through a batch.
    check('payouts_batch_ck', sql`${t.state} NOT IN ('BATCHED', 'PAID', 'FAILED') OR ${t.batchId} IS NOT NULL`),
    // The payouts a new batch may take: due by payout date, per channel and currency.
    index('payouts_due_idx').on(t.channel, t.currency, t.payoutDate).where(sql`${t.state} IN ('SCHEDULED', 'RELEASED', 'FAILED')`),
    index('payouts_batch_idx').on(t.batchId).where(sql`${t.batchId} IS NOT NULL`),
    check('payouts_carry_in_ck', sql`${t.carryIn} <= 0`),
    check('payouts_held_ck', sql`${t.state} <> 'HELD' OR (${t.violation} IS NOT NULL AND ${t.holdNote} IS NOT NULL)`),
  ],
);

/**
 * The MDR of every settled payment (modules/payout/settlement-mdr.ts), written by
 * the payout build of its MYT business day: the payment product the transaction was sold under,
 * the /mdr-products rate in force that day for the product and the merchant's MDR category (else
 * the product's own category) and the fee it gives (§9 fee modes, half-up to the sen, minimum and
 * maximum). `mdr_rate_id` null: no rate covers the payment, and the fee recorded with the
 * transaction at authorization stands. The payout's `mdr` is the sum of its day's rows; a rate
 * changed later (a bulk MDR update) never rewrites a settled day.
 */
export const settledPayments = pgTable(
  'settled_payments',
  {
    transactionId: bigint('transaction_id', { mode: 'number' }).primaryKey(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    paymentProductId: integer('payment_product_id'),
    mdrRateId: integer('mdr_rate_id'),
    mdrFee: numeric('mdr_fee', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [index('settled_payments_day_idx').on(t.businessDay, t.merchantId)],
);

/**
 * Bank payout batches (modules/payout/batch.ts): the payouts of one channel and
 * currency due by `payout_date`, sent to the bank as one bulk-credit file
 * (docs/payout-bulk-credit.md). `reference` (PDB + 8-digit id) heads the file; `file_sha256` is
 * the file's hash as made at creation (the download is the same bytes). Totals in ringgit.
 * AWAITING_RESULT until the bank's result file is recorded (`result_*`), then COMPLETED.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    state: text('state').notNull(),
    lineCount: integer('line_count').notNull(),
    total: numeric('total', { precision: 18, scale: 2 }).notNull(),
    paidCount: integer('paid_count').notNull().default(0),
    paidTotal: numeric('paid_total', { precision: 18, scale: 2 }).notNull().default('0'),
    failedCount: integer('failed_count').notNull().default(0),
    failedTotal: numeric('failed_total', { precision: 18, scale: 2 }).notNull().default('0'),
    fileSha256: text('file_sha256').notNull(),
    /** The originator name written in the file's header (PRODUCT_NAME at creation), so a later rename keeps the file's bytes. */
    originator: text('originator').notNull().default(''),
    createdByUserId: integer('created_by_user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    resultByUserId: integer('result_by_user_id'),
    resultAt: ts('result_at'),
    resultFileSha256: text('result_file_sha256'),
  },
  (t) => [
    index('payout_batches_created_idx').on(t.createdAt, t.id),
    check('payout_batches_state_ck', sql`${t.state} IN ('AWAITING_RESULT', 'COMPLETED')`),
    check('payout_batches_counts_ck', sql`${t.state} <> 'COMPLETED' OR ${t.paidCount} + ${t.failedCount} = ${t.lineCount}`),
  ],
);

/**
 * The log of a bank payout batch (the workflow engine's event table): its creation, each download
 * of its bulk-credit file and the bank's result, with the actor (null: the system), time (UTC),
 * action, the state before and after and a summary (counts and totals). Append-only.
 */
export const payoutBatchEvents = pgTable(
  'payout_batch_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull().references(() => payoutBatches.id, { onDelete: 'cascade' }),
    ...workflowEvent(),
  },
  (t) => [index('payout_batch_events_batch_idx').on(t.batchId, t.at)],
);

/**
 * The lines of a bank batch, one per payout, as written in its bulk-credit file: a snapshot of
 * the beneficiary (bank code, account name, the account number sealed as the merchant
 * configuration stores it, AES-256-GCM, never opened except to write the file), so the file
 * stays the same bytes whatever changes later. `reference` (PD + payout id + B + batch id) is the
 * payment reference the bank answers with. `result` PAID / FAILED (with `reason`) once recorded.
 */
export const payoutBatchLines = pgTable(
  'payout_batch_lines',
  {
    batchId: bigint('batch_id', { mode: 'number' }).notNull().references(() => payoutBatches.id),
    lineNo: integer('line_no').notNull(),
    payoutId: bigint('payout_id', { mode: 'number' }).notNull().references(() => payouts.id),
    reference: text('reference').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    bankCode: text('bank_code').notNull(),
    accountName: text('account_name').notNull(),
    accountNoSealed: text('account_no_sealed').notNull(),
    accountLast4: text('account_last4').notNull(),
    description: text('description').notNull(),
    result: text('result'),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.lineNo] }),
    uniqueIndex('payout_batch_lines_reference_uq').on(t.reference),
    // A payout is in at most one batch per attempt: never twice in the same batch.
    uniqueIndex('payout_batch_lines_payout_uq').on(t.batchId, t.payoutId),
    check('payout_batch_lines_result_ck', sql`${t.result} IS NULL OR ${t.result} = 'PAID' OR (${t.result} = 'FAILED' AND ${t.reason} IS NOT NULL)`),
  ],
);

/** Malaysian public holidays; payout dates skip them (empty states = nationwide). */
export const payoutHolidays = pgTable(
  'payout_holidays',
  {
    id: serial('id').primaryKey(),
    holidayDate: date('holiday_date', { mode: 'string' }).notNull(),
    holidayName: text('holiday_name').notNull(),
    states: text('states').array().notNull().default(sql`'{}'::text[]`),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  (t) => [uniqueIndex('payout_holidays_uq').on(t.holidayDate, t.holidayName)],
);

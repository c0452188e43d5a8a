/**
 * The summary tables the reports read instead of `transactions`: sales (with and without method
 * and scheme), settled terminal batches and refunds, per MYT day, week or month at every hierarchy
 * level (docs/ARCHITECTURE.md "Summaries").
 */
import { char, date, index, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The columns shared by the sales summaries (docs/ARCHITECTURE.md "Summaries"):
 * one row per hierarchy `level` (0 platform, 1 master merchant, 2 agency, 3 agent, 4 merchant HQ,
 * 5 outlet) and the organization at that level, written with all its ancestors: the id columns
 * deeper than `level` are 0, and at level 5 `branchId` 0 is the HQ's own (branchless) sales. So
 * every transaction is counted once per level, and a caller's figures are one primary-key range:
 * (level, ancestors…, day). Money is ringgit-style decimal (numeric, 2 places).
 */
const summaryOrgColumns = () => ({
  level: smallint('level').notNull(),
  masterMerchantId: integer('master_merchant_id').notNull(),
  agencyId: integer('agency_id').notNull(),
  agentId: integer('agent_id').notNull(),
  merchantId: integer('merchant_id').notNull(),
  branchId: integer('branch_id').notNull(),
});

/**
 * The status is pivoted into the measures: one key row holds the
 * count, amount and MDR fee of each TRANSACTION_STATUSES value, so a key row is not repeated per
 * status (the summaries held 1.77 M daily rows per 1 M transactions with status in the key).
 */
const statusMeasures = () => ({
  pendingCount: integer('pending_count').notNull().default(0),
  pendingAmount: numeric('pending_amount', { precision: 20, scale: 2 }).notNull().default('0'),
  pendingMdrFee: numeric('pending_mdr_fee', { precision: 20, scale: 2 }).notNull().default('0'),
  successCount: integer('success_count').notNull().default(0),
  successAmount: numeric('success_amount', { precision: 20, scale: 2 }).notNull().default('0'),
  successMdrFee: numeric('success_mdr_fee', { precision: 20, scale: 2 }).notNull().default('0'),
  failedCount: integer('failed_count').notNull().default(0),
  failedAmount: numeric('failed_amount', { precision: 20, scale: 2 }).notNull().default('0'),
  failedMdrFee: numeric('failed_mdr_fee', { precision: 20, scale: 2 }).notNull().default('0'),
  voidCount: integer('void_count').notNull().default(0),
  voidAmount: numeric('void_amount', { precision: 20, scale: 2 }).notNull().default('0'),
  voidMdrFee: numeric('void_mdr_fee', { precision: 20, scale: 2 }).notNull().default('0'),
});

const salesSummaryColumns = () => ({
  ...summaryOrgColumns(),
  serviceType: smallint('service_type').notNull(),
  paymentMethod: text('payment_method').notNull(),
  /**
   * '' when the transaction has no card scheme (a key column cannot be null); '*' in the daily
   * rows of the levels that do not keep the scheme (all schemes together, see salesSummaryDaily).
   */
  cardScheme: text('card_scheme').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  ...statusMeasures(),
});

/**
 * Transactions per MYT business day at all six hierarchy levels (the card scheme kept at levels
 * 0-1, '*' below: summaries/rebuild.ts DAILY_MAX_LEVEL, DAILY_SCHEME_MAX_LEVEL), kept current by
 * statement-level triggers on `transactions` (migrations summaries_triggers,
 * daily_summary_every_level) and rebuilt in bulk by `summaries/rebuild.ts`. A scheme question
 * below level 1 reads whole months from salesSummaryMonthly and the other days from
 * `transactions`. `businessDay` is the MYT date of `created_at`.
 */
export const salesSummaryDaily = pgTable(
  'sales_summary_daily',
  { businessDay: date('business_day', { mode: 'string' }).notNull(), ...salesSummaryColumns() },
  (t) => [
    primaryKey({
      name: 'sales_summary_daily_pk',
      columns: [t.level, t.masterMerchantId, t.agencyId, t.agentId, t.merchantId, t.branchId, t.businessDay,
        t.serviceType, t.paymentMethod, t.cardScheme, t.currency],
    }),
  ],
);

/** The same figures per MYT calendar month (`month` is its first day) at all six levels, card scheme kept. */
export const salesSummaryMonthly = pgTable(
  'sales_summary_monthly',
  { month: date('month', { mode: 'string' }).notNull(), ...salesSummaryColumns() },
  (t) => [
    primaryKey({
      name: 'sales_summary_monthly_pk',
      columns: [t.level, t.masterMerchantId, t.agencyId, t.agentId, t.merchantId, t.branchId, t.month,
        t.serviceType, t.paymentMethod, t.cardScheme, t.currency],
    }),
  ],
);

/**
 * The sales summaries without payment method and card scheme (migration
 * sales_summary_org): per level, organization, period, service type and currency, the same pivoted
 * status measures. readSummary reads them for questions that neither filter nor group by method
 * or scheme — the organization sales reports' first answers: at 10 M transactions a platform-wide
 * merchant × service type month over the last 30 days read 281 k level-4 daily rows, 75 k here.
 * Kept by the same trigger statement as the sales summaries (sales_summary_sql); rebuilt in bulk
 * from them. The (level, period) index serves a platform-wide read of one level, which no
 * ancestor equality narrows; the (level, master merchant, period) one a master merchant's read of
 * a level two or more below its own (agents, merchants, outlets), where the primary key fixes
 * only (level, master merchant) and would scan that prefix's whole history for any period: at
 * 10 M its merchant report for one day read 1,073 index pages for 780 rows (9.2 ms), with this
 * index 7 pages (3.6 ms), and the prefix grows with every day kept.
 */
const salesSummaryOrgColumns = () => ({
  ...summaryOrgColumns(),
  serviceType: smallint('service_type').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  ...statusMeasures(),
});

/** Sales per MYT business day without method and scheme (see salesSummaryOrgColumns). */
export const salesSummaryOrgDaily = pgTable(
  'sales_summary_org_daily',
  { businessDay: date('business_day', { mode: 'string' }).notNull(), ...salesSummaryOrgColumns() },
  (t) => [
    primaryKey({
      name: 'sales_summary_org_daily_pk',
      columns: [t.level, t.masterMerchantId, t.agencyId, t.agentId, t.merchantId, t.branchId, t.businessDay, t.serviceType, t.currency],
    }),
    index('sales_summary_org_daily_level_day_idx').on(t.level, t.businessDay),
    index('sales_summary_org_daily_master_day_idx').on(t.level, t.masterMerchantId, t.businessDay),
  ],
);

/** Sales per MYT calendar month without method and scheme (see salesSummaryOrgColumns). */
export const salesSummaryOrgMonthly = pgTable(
  'sales_summary_org_monthly',
  { month: date('month', { mode: 'string' }).notNull(), ...salesSummaryOrgColumns() },
  (t) => [
    primaryKey({
      name: 'sales_summary_org_monthly_pk',
      columns: [t.level, t.masterMerchantId, t.agencyId, t.agentId, t.merchantId, t.branchId, t.month, t.serviceType, t.currency],
    }),
    index('sales_summary_org_monthly_level_month_idx').on(t.level, t.month),
    index('sales_summary_org_monthly_master_month_idx').on(t.level, t.masterMerchantId, t.month),
  ],
);

/**
 * Sales per month-clipped week without method and scheme (see salesSummaryOrgColumns):
 * `week_start` is the first day of the days a week (Monday to Sunday, MYT) shares with one
 * calendar month — its Monday, or the 1st of the month when the week began in the month before —
 * so every row lies inside one ISO week AND one month. readSummary reads the whole clipped weeks
 * of a month's edge days from it (summaries/month-split.ts weekSplit): at 10 M transactions the
 * six edge days of a platform-wide 30-day merchant report were ~12,000 daily rows, here one row
 * per merchant × service type. Kept by sales_summary_sql (migration sales_summary_org_weekly),
 * rebuilt in bulk from the daily organization rollup.
 */
export const salesSummaryOrgWeekly = pgTable(
  'sales_summary_org_weekly',
  { weekStart: date('week_start', { mode: 'string' }).notNull(), ...salesSummaryOrgColumns() },
  (t) => [
    primaryKey({
      name: 'sales_summary_org_weekly_pk',
      columns: [t.level, t.masterMerchantId, t.agencyId, t.agentId, t.merchantId, t.branchId, t.weekStart, t.serviceType, t.currency],
    }),
    index('sales_summary_org_weekly_level_week_idx').on(t.level, t.weekStart),
    index('sales_summary_org_weekly_master_week_idx').on(t.level, t.masterMerchantId, t.weekStart),
  ],
);

/**
 * The figures of settled terminal batches (/sales-report/terminal-settlement)
 * per MYT day of `settled_at` (or month) at every hierarchy level, kept current by statement-level
 * triggers on terminal_settlement_batches and terminal_settlement_batch_lines and rebuilt in bulk
 * (migration settlement_summary, summaries/rebuild.ts). Each batch counts once in each of four row
 * kinds per level: (scheme, type) per line, (scheme, '*') per scheme it has lines of, ('*', type)
 * per card type, and ('*', '*') — so `batchCount` stays a count of DISTINCT batches whichever kind
 * a question reads. A batch without lines counts under scheme '' and type '' (none), as the raw
 * LEFT JOIN shows it. Sums are of the lines (MYR, 2 places); OPEN batches (no settled_at) are absent.
 */
const settlementSummaryColumns = () => ({
  ...summaryOrgColumns(),
  status: text('status').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  cardScheme: text('card_scheme').notNull(),
  cardType: text('card_type').notNull(),
  batchCount: integer('batch_count').notNull().default(0),
  saleCount: integer('sale_count').notNull().default(0),
  saleAmount: numeric('sale_amount', { precision: 20, scale: 2 }).notNull().default('0'),
  voidCount: integer('void_count').notNull().default(0),
  voidAmount: numeric('void_amount', { precision: 20, scale: 2 }).notNull().default('0'),
  netAmount: numeric('net_amount', { precision: 20, scale: 2 }).notNull().default('0'),
});

/** Settled batches per MYT day of settled_at (see settlementSummaryColumns). */
export const settlementSummaryDaily = pgTable(
  'settlement_summary_daily',
  { settledDay: date('settled_day', { mode: 'string' }).notNull(), ...settlementSummaryColumns() },
  (t) => [
    primaryKey({
      name: 'settlement_summary_daily_pk',
      columns: [t.level, t.masterMerchantId, t.agencyId, t.agentId, t.merchantId, t.branchId, t.settledDay,
        t.status, t.currency, t.cardScheme, t.cardType],
    }),
  ],
);

/** Settled batches per MYT calendar month of settled_at (`month` is its first day). */
export const settlementSummaryMonthly = pgTable(
  'settlement_summary_monthly',
  { month: date('month', { mode: 'string' }).notNull(), ...settlementSummaryColumns() },
  (t) => [
    primaryKey({
      name: 'settlement_summary_monthly_pk',
      columns: [t.level, t.masterMerchantId, t.agencyId, t.agentId, t.merchantId, t.branchId, t.month,
        t.status, t.currency, t.cardScheme, t.cardType],
    }),
  ],
);

/**
 * Refunds done (refund_requests with `refunded_at`: REFUNDED, REFUNDED_ACK_FAIL, COMPLETED) per MYT
 * day of `refunded_at` (the day the money left) at every hierarchy level; payment method and card scheme are the
 * refunded transaction's. Kept current by statement-level triggers on `refund_requests`.
 */
export const refundSummaryDaily = pgTable(
  'refund_summary_daily',
  {
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    ...summaryOrgColumns(),
    serviceType: smallint('service_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    cardScheme: text('card_scheme').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    refundCount: integer('refund_count').notNull(),
    refundAmount: numeric('refund_amount', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'refund_summary_daily_pk',
      columns: [t.level, t.masterMerchantId, t.agencyId, t.agentId, t.merchantId, t.branchId, t.businessDay,
        t.serviceType, t.paymentMethod, t.cardScheme, t.currency],
    }),
  ],
);

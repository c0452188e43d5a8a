/** The §9 risk engine: rule thresholds, running state per subject, alerts as tickets with evidence and history. */
import { bigint, bigserial, char, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, managed, owner } from './columns.ts';

/** Thresholds of the §9 risk alert rules. */
export const riskParameters = pgTable('risk_parameters', {
  id: serial('id').primaryKey(),
  ruleCode: text('rule_code').notNull().unique(),
  threshold: numeric('threshold', { precision: 18, scale: 2 }).notNull(),
  timeUnit: text('time_unit'),
  windowLength: integer('window_length'),
  action: text('action').notNull().default('ALERT'),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/**
 * The risk engine's running state: one row per subject — a merchant HQ
 * (`MERCHANT`, key its id), a card (`CARD`, key its masked PAN: first 6 + last 4, all the portal
 * keeps), a client IP address (`IP`) — holding the counters of its current windows as JSON
 * (modules/risk/rule-state.ts): the MYT day's and month's totals, the failure streak, the recent
 * transaction times of the sliding windows, when each rule last fired. Ingest reads the rows of a
 * batch's subjects, evaluates every transaction in time order and writes them back: evaluation is
 * incremental, never a rescan of `transactions`.
 */
export const riskState = pgTable(
  'risk_state',
  {
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    state: jsonb('state').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'risk_state_pk', columns: [t.kind, t.subject] })],
);

/**
 * Risk alerts as tickets (§4 ticket status PENDING → OPEN → CLOSE): one per
 * rule, subject and window (`window_start`: the MYT day or month, the transaction for a single
 * large one, the crossing for a sliding window) — the unique key makes a crossing raise exactly one
 * alert whoever races. Evidence: the rule, its threshold then, the observed value, and the
 * transactions (risk_alert_transactions). Owned by the merchant whose transaction raised it.
 */
export const riskAlerts = pgTable(
  'risk_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ruleCode: text('rule_code').notNull(),
    subjectKind: text('subject_kind').notNull(),
    subject: text('subject').notNull(),
    // The subject as a person reads it, fixed when raised: the merchant's name (MERCHANT: `subject`
    // is its id), the masked card, the IP address. A later rename does not rewrite the case.
    subjectLabel: text('subject_label').notNull(),
    windowStart: ts('window_start').notNull(),
    threshold: numeric('threshold', { precision: 18, scale: 2 }).notNull(),
    observed: numeric('observed', { precision: 20, scale: 2 }).notNull(),
    currency: char('currency', { length: 3 }),
    status: text('status').notNull().default('PENDING'),
    assigneeUserId: integer('assignee_user_id'),
    resolution: text('resolution'),
    ...owner(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('risk_alerts_crossing_uq').on(t.ruleCode, t.subject, t.windowStart),
    index('risk_alerts_status_idx').on(t.status, t.createdAt),
    index('risk_alerts_created_idx').on(t.createdAt, t.id),
    index('risk_alerts_mm_created_idx').on(t.masterMerchantId, t.createdAt, t.id),
    index('risk_alerts_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    // "My queue" on the risk desk: the caller's alerts, newest first (the Assignee filter's ME).
    index('risk_alerts_assignee_created_idx').on(t.assigneeUserId, t.createdAt, t.id),
  ],
);

/**
 * The transactions an alert counted (its evidence; at most RISK_EVIDENCE_MAX per alert), with the
 * fields /risk-transaction lists copied from the transaction and the alert when the alert is
 * raised (reference, amount, status, times, rule, owner columns): that list is one indexed range
 * of this table in the caller's scope, like every report source.
 */
export const riskAlertTransactions = pgTable(
  'risk_alert_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: bigint('alert_id', { mode: 'number' }).notNull().references(() => riskAlerts.id, { onDelete: 'cascade' }),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    ruleCode: text('rule_code').notNull(),
    alertedAt: ts('alerted_at').notNull(),
    txnRefNo: text('txn_ref_no').notNull(),
    txnCreatedAt: ts('txn_created_at').notNull(),
    serviceType: smallint('service_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    maskedPan: text('masked_pan'),
    clientIp: text('client_ip'),
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    ...owner(),
  },
  (t) => [
    uniqueIndex('risk_alert_transactions_uq').on(t.alertId, t.transactionId),
    index('risk_alert_transactions_txn_idx').on(t.transactionId),
    index('risk_alert_transactions_alerted_idx').on(t.alertedAt, t.id),
    index('risk_alert_transactions_mm_idx').on(t.masterMerchantId, t.alertedAt, t.id),
    index('risk_alert_transactions_merchant_idx').on(t.merchantId, t.alertedAt, t.id),
  ],
);

/** A ticket's history: opened, assigned, commented, closed with a resolution — actor and time. */
export const riskAlertEvents = pgTable(
  'risk_alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: bigint('alert_id', { mode: 'number' }).notNull().references(() => riskAlerts.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
  },
  (t) => [index('risk_alert_events_alert_idx').on(t.alertId, t.at)],
);

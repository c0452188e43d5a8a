/**
 * Transactions of every service type and the records some kinds point at: payment links (service
 * type 3) and recurring schedules (6). Money is `numeric(18,2)` read as a decimal string of ringgit.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, check, date, index, integer, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { managed, ts, owner } from './columns.ts';
import { organizations } from './hierarchy.ts';
import { currencies } from './reference.ts';

/**
 * Transactions of every service type (§3 transaction detail and customer panels, §4, §9).
 * Only the masked PAN (first 6 + last 4) is stored; `panLast4` serves the last-4 filter.
 * The ancestor ids are denormalized so scope is one indexed equality on tens of millions of rows,
 * and lists page with a keyset on (created_at, id).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txnRefNo: text('txn_ref_no').notNull(),
    merchantOrderNo: text('merchant_order_no'),
    orderDescription: text('order_description'),
    serviceType: smallint('service_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    cardScheme: text('card_scheme'),
    cardType: text('card_type'),
    maskedPan: text('masked_pan'),
    panLast4: char('pan_last4', { length: 4 }),
    issuerCountry: char('issuer_country', { length: 3 }),
    bankCode: text('bank_code'),
    txnType: text('txn_type').notNull(),
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    mid: text('mid'),
    tid: text('tid'),
    acquirerId: integer('acquirer_id'),
    acquirerName: text('acquirer_name'),
    provider: text('provider'),
    authCode: text('auth_code'),
    responseCode: text('response_code'),
    responseMessage: text('response_message'),
    masterMerchantId: integer('master_merchant_id').notNull(),
    agencyId: integer('agency_id').notNull(),
    agentId: integer('agent_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    branchId: integer('branch_id'),
    custName: text('cust_name'),
    custPhoneNo: text('cust_phone_no'),
    custEmail: text('cust_email'),
    custRef: text('cust_ref'),
    custAddress1: text('cust_address1'),
    custAddress2: text('cust_address2'),
    custState: text('cust_state'),
    custCity: text('cust_city'),
    custCountry: text('cust_country'),
    clientIp: text('client_ip'),
    paymentCreationDate: ts('payment_creation_date'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    // --- The per-kind model (docs/transaction-model.md). Null where a kind has none.
    /** Merchant discount fee in ringgit of the row's currency, computed at ingest from the merchant's MDR (0 unless SUCCESS). */
    mdrFee: numeric('mdr_fee', { precision: 18, scale: 2 }).notNull().default('0'),
    /**
     * Refunded so far (ringgit): the amounts of its refund requests that reached
     * REFUND, written under the transaction's row lock in the same database transaction as the
     * request's REFUND; never more than `amount` (CHECK transactions_refund_within_amount).
     */
    refundedAmount: numeric('refunded_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    /** The status (§4 refund request status) of its latest refund request; null when none was asked. */
    refundStatus: text('refund_status'),
    /** Pre-auth (service type 4): PREAUTH, PREAUTH_VOID, CAPTURE or CAPTURE_VOID (§4 pre-auth operations). */
    preauthOp: text('preauth_op'),
    /** The PREAUTH an operation belongs to (every PREAUTH_VOID, CAPTURE and CAPTURE_VOID points at its PREAUTH, not at the previous step). */
    originalTxnId: bigint('original_txn_id', { mode: 'number' }),
    /** Payment link (3): the link paid. */
    paymentLinkId: bigint('payment_link_id', { mode: 'number' }),
    /** Recurring (6): the schedule charged, and which cycle of it (1-based). */
    recurringScheduleId: bigint('recurring_schedule_id', { mode: 'number' }),
    recurringCycle: integer('recurring_cycle'),
    /** How the card was read: CHIP, CONTACTLESS, SWIPE, FALLBACK (terminal) or KEYED (pay-by-card, MOTO). */
    entryMode: text('entry_mode'),
    /** Pay-by-card (5): the staff user who keyed the card in. */
    keyedByUserId: integer('keyed_by_user_id'),
    /** Terminal (2): CARD, EWALLET or BNPL — which terminal view the row belongs to. */
    terminalKind: text('terminal_kind'),
    /** Terminal card rows: the terminal's batch, system trace audit number and retrieval reference number. */
    batchNo: text('batch_no'),
    stan: text('stan'),
    rrn: text('rrn'),
    /** E-wallet rows: DUITNOW_QR, TNG, GRABPAY, BOOST, SHOPEEPAY. */
    walletProvider: text('wallet_provider'),
    /** BNPL rows: ATOME, GRAB_PAYLATER, SPAYLATER, SHOPBACK_PAYLATER, BOOST_PAYFLEX. */
    bnplProvider: text('bnpl_provider'),
    /** The machine client that posted it (domain TXN_INGEST_SOURCES; modules/txn-ingest); null for the seed's and the portal's own rows. */
    ingestSource: text('ingest_source'),
  },
  (t) => [
    // Money moves once: whatever a handler does, no transaction is refunded beyond its amount.
    // (Nothing refunded is always within: reversal-like rows may carry a negative amount.)
    check('transactions_refund_within_amount', sql`${t.refundedAmount} = 0 OR (${t.refundedAmount} > 0 AND ${t.refundedAmount} <= ${t.amount})`),
    // TxnRefNo: unique, looked up by equality and by prefix (LIKE 'p%'). Under C.UTF-8 a prefix LIKE
    // needs text_pattern_ops; its opclass has = too, so ONE index serves all three (TxnRefNo is not
    // sortable). A second, default-opclass index was another 387 MB btree at 10 M rows to build in
    // the seed (~16 s) and to update on every insert (migration ref_index_merged).
    uniqueIndex('transactions_ref_uq').on(t.txnRefNo.op('text_pattern_ops')),
    // Terminal views: TID filter, settlement drill-down (tid, batch) and the batch-grouped card view.
    index('transactions_tid_batch_idx').on(t.tid, t.batchNo, t.createdAt).where(sql`${t.tid} IS NOT NULL`),
    // E-wallet and BNPL terminal views are minorities of service type 2: their own small keyset index.
    // service_type = 2 in the predicate lets the planner drop that condition instead of checking it
    // on the heap row by row (it did: a platform e-wallet count read 10,001 heap rows, p95 59 ms at 10 M).
    // The resource engine's delete of a currency, bank or acquirer probes its transactions with one
    // EXISTS: without these it scanned the whole table under the record's row lock.
    // Partial where the column is often empty (bank code: FPX rows only).
    index('transactions_currency_idx').on(t.currency),
    index('transactions_bank_code_idx').on(t.bankCode).where(sql`${t.bankCode} IS NOT NULL`),
    index('transactions_acquirer_idx').on(t.acquirerId).where(sql`${t.acquirerId} IS NOT NULL`),
    index('transactions_term_kind_idx').on(t.terminalKind, t.createdAt, t.id).where(sql`${t.serviceType} = 2 AND ${t.terminalKind} IN ('EWALLET', 'BNPL')`),
    // The pre-auth detail: every operation of a chain from its PREAUTH.
    index('transactions_original_idx').on(t.originalTxnId).where(sql`${t.originalTxnId} IS NOT NULL`),
    // The keyset order of every view per scope level. terminal_kind trails the key (ordering nothing)
    // so a terminal view's CARD / EWALLET / BNPL condition is checked in the index: its capped
    // count is an index-only scan instead of 10,001 heap reads (busiest merchant HQ card view p95 142 → 6.3 ms at 10 M).
    index('transactions_st_created_idx').on(t.serviceType, t.createdAt, t.id, t.terminalKind),
    index('transactions_mm_idx').on(t.masterMerchantId, t.serviceType, t.createdAt, t.id, t.terminalKind),
    index('transactions_agency_idx').on(t.agencyId, t.serviceType, t.createdAt, t.id, t.terminalKind),
    index('transactions_agent_idx').on(t.agentId, t.serviceType, t.createdAt, t.id, t.terminalKind),
    index('transactions_merchant_idx').on(t.merchantId, t.serviceType, t.createdAt, t.id, t.terminalKind),
    index('transactions_branch_idx').on(t.branchId, t.serviceType, t.createdAt, t.id, t.terminalKind),
    // Report engine: the TxnAmount sort, one index per scope level so every caller's
    // amount-ordered keyset page is an index range.
    index('transactions_st_amount_idx').on(t.serviceType, t.amount, t.id),
    index('transactions_mm_amount_idx').on(t.masterMerchantId, t.serviceType, t.amount, t.id),
    index('transactions_agency_amount_idx').on(t.agencyId, t.serviceType, t.amount, t.id),
    index('transactions_agent_amount_idx').on(t.agentId, t.serviceType, t.amount, t.id),
    index('transactions_merchant_amount_idx').on(t.merchantId, t.serviceType, t.amount, t.id),
    index('transactions_branch_amount_idx').on(t.branchId, t.serviceType, t.amount, t.id),
    // The Last4 filter: ONE index, not one per scope level (migration last4_index says why).
    index('transactions_last4_idx').on(t.panLast4, t.serviceType, t.createdAt, t.id).where(sql`${t.panLast4} IS NOT NULL`),
    // The global search (modules/search): a reference by its tail (`reverse(txn_ref_no) LIKE 'rev%'`,
    // its head being transactions_ref_uq) and a customer by e-mail, each one index range at 10 M rows.
    index('transactions_ref_reverse_idx').using('btree', sql`reverse(${t.txnRefNo}) text_pattern_ops`),
    index('transactions_cust_email_idx').using('btree', sql`lower(${t.custEmail})`).where(sql`${t.custEmail} IS NOT NULL`),
  ],
);

/**
 * Payment links (service type 3; /payment-link, contract resources/defs/payment-link.ts): a priced
 * request a merchant sends; a paid link has one transaction carrying its id. `status` moves only
 * by the lifecycle's commands (domain PAYMENT_LINK_MACHINE; history in resource_events). The owner
 * is `org_id` (the merchant HQ or branch: the resource engine's scope) with its ancestors beside
 * it (as on transactions: profile moves re-key them). `link_ref` is the merchant's own reference,
 * unique per merchant; FIXED links carry their amount, OPEN ones none (the customer enters it).
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id').notNull().references(() => organizations.id),
    ...owner(),
    linkRef: text('link_ref').notNull(),
    amountType: text('amount_type').notNull().default('FIXED'),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    currency: char('currency', { length: 3 }).notNull().references(() => currencies.currencyCode),
    description: text('description'),
    status: text('status').notNull().default('ACTIVE'),
    expiresAt: ts('expires_at').notNull(),
    maxUses: integer('max_uses').notNull().default(1),
    useCount: integer('use_count').notNull().default(0),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  (t) => [
    uniqueIndex('payment_links_org_ref_uq').on(t.orgId, t.linkRef),
    // The list's default page (newest first, docs/queries/workflows/PaymentLink.sql): in the
    // engine's exact order (DESC NULLS LAST), for a platform or master merchant caller across
    // merchants, and per owner for a merchant's own links (the engine scopes by org_id).
    index('payment_links_created_idx').on(t.createdAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('payment_links_org_created_idx').on(t.orgId, t.createdAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    check('payment_links_amount_ck', sql`(${t.amountType} = 'FIXED') = (${t.amount} IS NOT NULL AND ${t.amount} > 0)`),
    check('payment_links_uses_ck', sql`${t.maxUses} >= 1 AND ${t.useCount} BETWEEN 0 AND ${t.maxUses}`),
  ],
);

/**
 * Recurring schedules (service type 6): a customer's standing charge at a §9 frequency (DAILY,
 * WEEKLY, MONTHLY, YEARLY); each charge is a transaction with the schedule id and its cycle.
 * Status ACTIVE, COMPLETED, CANCELLED or SUSPENDED (RECURRING_STATUSES). `cyclesTotal` null = until cancelled.
 */
export const recurringSchedules = pgTable(
  'recurring_schedules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...owner(),
    custName: text('cust_name').notNull(),
    custEmail: text('cust_email'),
    custRef: text('cust_ref'),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    frequency: text('frequency').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    cyclesTotal: integer('cycles_total'),
    cyclesDone: integer('cycles_done').notNull().default(0),
    nextRunAt: ts('next_run_at'),
    status: text('status').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('recurring_schedules_merchant_idx').on(t.merchantId, t.createdAt)],
);

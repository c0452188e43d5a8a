/**
 * The database schema (Drizzle). Money is `numeric(18,2)` (read as a decimal string of ringgit),
 * times are `timestamptz` in UTC, business days are MYT calendar dates. Migrations are generated
 * from this file by drizzle-kit (`npm run db:generate`) and committed under ./migrations; a CI
 * gate fails when they disagree (`npm run db:check`).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, bigserial, boolean, char, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, unique, uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Columns every table served by the resource engine carries besides id and is_active: an
 * optimistic-lock version (a stale Update is refused) and change times (UTC).
 */
const managed = () => ({
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The hierarchy MASTER_MERCHANT → AGENCY → AGENT → MERCHANT_HQ → MERCHANT_BRANCH (§1).
 * `path` is a materialized path of ids ("/1/4/17/"), so a subtree is `path LIKE '/1/4/%'`.
 * The ancestor id columns let transaction-sized tables scope with one indexed equality.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    level: text('level').notNull(),
    parentId: integer('parent_id'),
    path: text('path').notNull(),
    name: text('name').notNull(),
    regNo: text('reg_no'),
    mid: text('mid'),
    businessCategory: text('business_category'),
    address1: text('address1'),
    city: text('city'),
    state: text('state'),
    postcode: text('postcode'),
    phone: text('phone'),
    email: text('email'),
    isActive: smallint('is_active').notNull().default(1),
    onboardingStatus: text('onboarding_status').notNull().default('VERIFIED'),
    // Profile: the old-format SSM number beside the 12-digit one in reg_no, company
    // type (§3), second address line, country (§9: MALAYSIA only), the reason of the last KYC
    // decision, who submitted the profile for review (maker-checker: never its reviewer), and an
    // optimistic-lock version (a stale Update is refused).
    regNoOld: text('reg_no_old'),
    companyType: text('company_type'),
    address2: text('address2'),
    country: text('country').notNull().default('MALAYSIA'),
    website: text('website'),
    statusReason: text('status_reason'),
    submittedByUserId: integer('submitted_by_user_id'),
    submittedAt: ts('submitted_at'),
    verifiedAt: ts('verified_at'),
    createdByUserId: integer('created_by_user_id'),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('organizations_path_idx').using('btree', sql`${t.path} text_pattern_ops`),
    index('organizations_parent_idx').on(t.parentId),
    // A nature of business's delete probes the organizations of that category (resource engine dependents).
    index('organizations_business_category_idx').on(t.businessCategory),
    index('organizations_level_idx').on(t.level, t.name),
    uniqueIndex('organizations_mid_uq').on(t.mid),
  ],
);

/** Portal users. Passwords are argon2id hashes; ten failures lock the account for 30 minutes. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    nickName: text('nick_name').notNull(),
    // Null until an invited user sets a password through the invite link.
    passwordHash: text('password_hash'),
    phone: text('phone'),
    // TOTP: the secret sealed under the field key (engine/secret-fields.ts), set when
    // enrolment is confirmed with a first code; the pending secret waits for that code.
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaEnabledAt: ts('mfa_enabled_at'),
    // The last TOTP time step accepted, so a code is never accepted twice.
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    passwordChangedAt: ts('password_changed_at'),
    invitedByUserId: integer('invited_by_user_id'),
    version: integer('version').notNull().default(1),
    isActive: smallint('is_active').notNull().default(1),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastLoginAt: ts('last_login_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(sql`lower(${t.email})`)],
);

/** Portal user groups (§6): a named permission set of one group type. */
export const userGroups = pgTable('user_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  groupType: text('group_type').notNull(),
  description: text('description'),
  isActive: smallint('is_active').notNull().default(1),
  isDefault: boolean('is_default').notNull().default(false),
  // Members must sign in with a TOTP code; always on for SUPERADMIN groups.
  /** 1: members must enrol two-factor sign-in (SUPERADMIN groups always do); a switch of /user-group. */
  mfaRequired: smallint('mfa_required').notNull().default(0),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The `module:action` permissions of a portal user group. */
export const userGroupPermissions = pgTable(
  'user_group_permissions',
  {
    groupId: integer('group_id').notNull().references(() => userGroups.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.permission] })],
);

/**
 * A user's membership: user × company × group. `orgId` is null for platform (SUPERADMIN)
 * memberships. The selected membership decides permissions and data scope.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').references(() => organizations.id),
    groupId: integer('group_id').notNull().references(() => userGroups.id),
    isDefault: boolean('is_default').notNull().default(false),
  },
  // group_id: a user group's delete probes its memberships (resource engine dependents).
  (t) => [uniqueIndex('memberships_uq').on(t.userId, t.orgId, t.groupId), index('memberships_user_idx').on(t.userId), index('memberships_group_idx').on(t.groupId)],
);

/** Server-side sessions behind the JWTs; sign-out sets `revokedAt`. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    membershipId: integer('membership_id').notNull().references(() => memberships.id),
    channelId: text('channel_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    clientIp: text('client_ip'),
    socketIp: text('socket_ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Secure-channel keys agreed by the ECDH handshake (§7). `keyMaterial` holds the AES and HMAC
 * keys wrapped (AES-256-GCM) with the server's key-encryption key, never in plain.
 */
export const secureChannels = pgTable('secure_channels', {
  id: text('id').primaryKey(),
  keyMaterial: text('key_material').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at').notNull().defaultNow(),
});

/** Nonces seen per channel within the 5-minute window; a second use is a replay. */
export const channelNonces = pgTable(
  'channel_nonces',
  {
    channelId: text('channel_id').notNull(),
    nonce: text('nonce').notNull(),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.nonce] }), index('channel_nonces_seen_idx').on(t.seenAt)],
);

/** Append-only audit log (a trigger refuses UPDATE and DELETE). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email'),
    /** The membership (user group and company) the actor acted in; null for sign-in and jobs. */
    actorMembershipId: integer('actor_membership_id'),
    /** The request's id (pino `reqId`, the X-Request-Id answered), so a row leads to its log lines. */
    requestId: text('request_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    result: text('result').notNull(),
    clientIp: text('client_ip'),
    socketIp: text('socket_ip'),
    before: jsonb('before'),
    after: jsonb('after'),
    detail: jsonb('detail'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_actor_idx').on(t.actorUserId, t.at)],
);

/** Currencies (§3 lookup entity Currency). Only active ones are offered. */
export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  currencyCode: char('currency_code', { length: 3 }).notNull().unique(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  isActive: smallint('is_active').notNull().default(1),
  sortOrder: integer('sort_order').notNull().default(0),
  ...managed(),
});

/**
 * Acquirers (§3 lookup entity Acquirer). `services` lists what the acquirer serves as
 * "serviceType:terminalCategory" codes ('2:1' = terminal service on Android smart POS; service
 * types other than terminal (2) only with category 0, e.g. '1:0'); the terminal categories are
 * `TERMINAL_CATEGORIES` in seed/reference-data.ts. It is the source of GetAcquirerByServiceType
 * (§7) and is edited on the Acquirer resource (/acquirer).
 */
export const acquirers = pgTable('acquirers', {
  id: serial('id').primaryKey(),
  acqName: text('acq_name').notNull(),
  code: text('code').notNull().unique(),
  description: text('description'),
  services: text('services').array().notNull().default(sql`'{}'::text[]`),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

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
  ],
);

/** Owner columns of every transaction-sized table: the denormalized ancestors, as on `transactions`. */
const owner = () => ({
  masterMerchantId: integer('master_merchant_id').notNull(),
  agencyId: integer('agency_id').notNull(),
  agentId: integer('agent_id').notNull(),
  merchantId: integer('merchant_id').notNull(),
  branchId: integer('branch_id'),
});

/**
 * Payment links (service type 3): a priced request a merchant sends; a paid link has one
 * transaction carrying its id. Status ACTIVE, PAID, EXPIRED or CANCELLED (PAYMENT_LINK_STATUSES).
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...owner(),
    linkRef: text('link_ref').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    description: text('description'),
    status: text('status').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_links_ref_uq').on(t.linkRef), index('payment_links_merchant_idx').on(t.merchantId, t.createdAt)],
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

/**
 * A terminal's settlement batch (card rows only): opened by its first transaction, closed by a
 * SETTLE (OPEN, SETTLED, or UPLOADED when the host asked for a batch upload before the trailer).
 * The batch totals (sale/void counts and amounts, net) are the sums of its lines, as the SETTLE
 * message reports them to the host; `host_response_code` is the host's answer to the SETTLE
 * ('00' settled, '95' reconcile error → batch upload; null while OPEN). The
 * card-settlement list reads them without aggregating the lines.
 */
export const terminalSettlementBatches = pgTable(
  'terminal_settlement_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...owner(),
    tid: text('tid').notNull(),
    mid: text('mid').notNull(),
    batchNo: text('batch_no').notNull(),
    openedAt: ts('opened_at').notNull(),
    settledAt: ts('settled_at'),
    status: text('status').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('MYR'),
    hostResponseCode: text('host_response_code'),
    saleCount: integer('sale_count').notNull().default(0),
    saleAmount: numeric('sale_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    voidCount: integer('void_count').notNull().default(0),
    voidAmount: numeric('void_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    netAmount: numeric('net_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    uniqueIndex('terminal_settlement_batches_uq').on(t.tid, t.batchNo),
    // The card-settlement list (settled_at) and the batch-grouped card view (opened_at)
    // keyset-page by date inside the caller's scope: one index per scope level and sort key.
    index('terminal_settlement_batches_merchant_idx').on(t.merchantId, t.openedAt, t.id),
    index('tsb_opened_idx').on(t.openedAt, t.id),
    index('tsb_mm_opened_idx').on(t.masterMerchantId, t.openedAt, t.id),
    index('tsb_agency_opened_idx').on(t.agencyId, t.openedAt, t.id),
    index('tsb_agent_opened_idx').on(t.agentId, t.openedAt, t.id),
    index('tsb_branch_opened_idx').on(t.branchId, t.openedAt, t.id),
    index('tsb_settled_idx').on(t.settledAt, t.id),
    index('tsb_mm_settled_idx').on(t.masterMerchantId, t.settledAt, t.id),
    index('tsb_agency_settled_idx').on(t.agencyId, t.settledAt, t.id),
    index('tsb_agent_settled_idx').on(t.agentId, t.settledAt, t.id),
    index('tsb_merchant_settled_idx').on(t.merchantId, t.settledAt, t.id),
    index('tsb_branch_settled_idx').on(t.branchId, t.settledAt, t.id),
  ],
);

/**
 * Totals of a batch per card scheme and type, in the batch currency (MYR): sales are every debit
 * of the batch (voided ones included, as the host saw them), voids those later voided, net = sales − voids.
 */
export const terminalSettlementBatchLines = pgTable(
  'terminal_settlement_batch_lines',
  {
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    cardScheme: text('card_scheme').notNull(),
    cardType: text('card_type').notNull(),
    saleCount: integer('sale_count').notNull(),
    saleAmount: numeric('sale_amount', { precision: 18, scale: 2 }).notNull(),
    voidCount: integer('void_count').notNull(),
    voidAmount: numeric('void_amount', { precision: 18, scale: 2 }).notNull(),
    netAmount: numeric('net_amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.cardScheme, t.cardType] })],
);

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

/** Refund requests (§3 refund form, §4 refund status); the dashboard counts the pending ones. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id').notNull(),
    txnRefNo: text('txn_ref_no').notNull(),
    serviceType: smallint('service_type').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    reasonCode: text('reason_code').notNull(),
    status: text('status').notNull(),
    description: text('description'),
    masterMerchantId: integer('master_merchant_id').notNull(),
    agencyId: integer('agency_id').notNull(),
    agentId: integer('agent_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    branchId: integer('branch_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * When the money left (the REFUND action), set once: the sales reports count the refund on
     * this MYT day whatever the acknowledgement does afterwards. Null until then.
     */
    refundedAt: ts('refunded_at'),
    /** The user who asked for it (null for imported or demo requests). */
    requestedByUserId: integer('requested_by_user_id'),
  },
  (t) => [
    index('refund_requests_status_idx').on(t.status, t.merchantId),
    // One open request per transaction: a second request while one is PENDING is refused, whoever races.
    uniqueIndex('refund_requests_one_pending_uq').on(t.transactionId).where(sql`${t.status} = 'PENDING'`),
    // The desk's queue, newest first, per scope level (the report engine's keyset order).
    index('refund_requests_created_idx').on(t.createdAt, t.id),
    index('refund_requests_mm_created_idx').on(t.masterMerchantId, t.createdAt, t.id),
    index('refund_requests_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    // A transaction's detail reads its refund requests for the timeline (reports/related): one index range, not a scan.
    index('refund_requests_transaction_idx').on(t.transactionId),
  ],
);

/**
 * The log of a refund request ("view log"): every event with its actor, time
 * (UTC), action (refund-flow.ts REFUND_ACTIONS, or ACK_ATTEMPT for one delivery attempt of an
 * acknowledgement, status unchanged) and summary — the desk's
 * actions, the scheduler's expiry, each acknowledgement delivery attempt. Append-only; the actor
 * is null for the system (scheduler, delivery). Deleted with its request.
 */
export const refundRequestEvents = pgTable(
  'refund_request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundRequestId: integer('refund_request_id').notNull().references(() => refundRequests.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    summary: text('summary').notNull(),
  },
  (t) => [index('refund_request_events_request_idx').on(t.refundRequestId, t.at)],
);

/**
 * Banks (§3 lookup entity Bank: Id, BankName, IsActive, Country). Seeded from the domain's
 * `MALAYSIAN_BANKS`; `bankCode` is the FPX bank code and the natural key of the seed. `channels`
 * are the FPX channels the bank takes part in (e.g. B2C, B2B). Only active banks are offered (§9).
 */
export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    bankName: text('bank_name').notNull(),
    bankCode: text('bank_code').notNull(),
    swiftCode: text('swift_code'),
    /** §9: the only country is MALAYSIA. */
    country: text('country').notNull().default('MALAYSIA'),
    channels: text('channels').array().notNull().default(sql`'{}'::text[]`),
    isActive: smallint('is_active').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    ...managed(),
  },
  (t) => [uniqueIndex('banks_code_uq').on(t.bankCode), index('banks_active_idx').on(t.isActive, t.sortOrder, t.bankName)],
);

/** Countries of ISO 3166-1 (§3 lookup entity Country: CountryName, Alpha3). */
export const countries = pgTable(
  'countries',
  {
    alpha2: char('alpha2', { length: 2 }).primaryKey(),
    alpha3: char('alpha3', { length: 3 }).notNull(),
    countryName: text('country_name').notNull(),
  },
  (t) => [uniqueIndex('countries_alpha3_uq').on(t.alpha3)],
);

/**
 * MDR categories (§3 MDR category search; §9 MDR fee modes apply per category): the pricing
 * bucket of a payment product within one service type (1–6), e.g. CREDIT_DOMESTIC or FPX.
 */
export const mdrCategories = pgTable(
  'mdr_categories',
  {
    id: serial('id').primaryKey(),
    categoryCode: text('category_code').notNull(),
    categoryName: text('category_name').notNull(),
    serviceType: smallint('service_type').notNull(),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  // A constraint, not just an index: payment_products references the pair.
  (t) => [unique('mdr_categories_st_code_uq').on(t.serviceType, t.categoryCode)],
);

/**
 * Payment products (§3 lookup entity Payment product: PaymentProductId, ProductName, ServiceType,
 * CategoryCode, ProductCode): what a merchant can be configured to accept on one service type.
 * (serviceType, categoryCode) names the product's MDR category. Only active products are offered.
 */
export const paymentProducts = pgTable(
  'payment_products',
  {
    id: serial('id').primaryKey(),
    productName: text('product_name').notNull(),
    productCode: text('product_code').notNull(),
    serviceType: smallint('service_type').notNull(),
    categoryCode: text('category_code').notNull(),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  (t) => [
    uniqueIndex('payment_products_code_uq').on(t.productCode),
    index('payment_products_st_idx').on(t.serviceType),
    foreignKey({ name: 'payment_products_mdr_category_fk', columns: [t.serviceType, t.categoryCode], foreignColumns: [mdrCategories.serviceType, mdrCategories.categoryCode] }),
  ],
);

/** Terminal models (§3 lookup entity Terminal model list: Models). Only active ones are offered. */
export const terminalModels = pgTable(
  'terminal_models',
  {
    id: serial('id').primaryKey(),
    model: text('model').notNull(),
    manufacturer: text('manufacturer'),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  (t) => [uniqueIndex('terminal_models_model_uq').on(t.model)],
);

/** Keys of the message templates (e-mail/SMS/push bodies) with the placeholders a body may use. */
export const messageTemplateKeys = pgTable('message_template_keys', {
  templateKey: text('template_key').primaryKey(),
  description: text('description').notNull(),
  placeholders: text('placeholders').array().notNull().default(sql`'{}'::text[]`),
});

// ---------------------------------------------------------------------------------------------
// Configuration tables served by the resource engine. Each carries id, is_active and
// managed() columns; owned tables carry org_id. Field choices are documented on the resource
// declarations in packages/contract/src/resources/defs/.

/** The merchant mobile app's user groups and the mobile permissions each holds. */
export const mobileUserGroups = pgTable('mobile_user_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  userType: text('user_type').notNull(),
  description: text('description'),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** The mobile app's global permission catalogue (usergroupmobileglobal). */
export const mobileGlobalPermissions = pgTable('mobile_global_permissions', {
  id: serial('id').primaryKey(),
  permissionKey: text('permission_key').notNull().unique(),
  module: text('module').notNull(),
  description: text('description').notNull(),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** MDR rates per payment product and MDR category (§9 fee modes 1 MDR %, 2 flat, 3 higher, 4 both). */
export const mdrRates = pgTable(
  'mdr_rates',
  {
    id: serial('id').primaryKey(),
    paymentProductId: integer('payment_product_id').notNull().references(() => paymentProducts.id),
    mdrCategoryId: integer('mdr_category_id').notNull().references(() => mdrCategories.id),
    feeMode: smallint('fee_mode').notNull(),
    mdrPercent: numeric('mdr_percent', { precision: 7, scale: 4 }).notNull().default('0'),
    flatAmount: numeric('flat_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    minFee: numeric('min_fee', { precision: 18, scale: 2 }),
    maxFee: numeric('max_fee', { precision: 18, scale: 2 }),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  (t) => [uniqueIndex('mdr_rates_uq').on(t.paymentProductId, t.mdrCategoryId, t.effectiveDate), index('mdr_rates_category_idx').on(t.mdrCategoryId)],
);

/** Which provider (TPA) serves which payment product, by priority (1 first). */
export const tpaProductConfigs = pgTable(
  'tpa_product_configs',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    paymentProductId: integer('payment_product_id').notNull().references(() => paymentProducts.id),
    priority: integer('priority').notNull().default(1),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  (t) => [uniqueIndex('tpa_product_configs_uq').on(t.paymentProductId, t.provider)],
);

/** Subscription plans a merchant can hold. */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: serial('id').primaryKey(),
  planCode: text('plan_code').notNull().unique(),
  planName: text('plan_name').notNull(),
  monthlyFee: numeric('monthly_fee', { precision: 18, scale: 2 }).notNull(),
  txnQuota: integer('txn_quota'),
  description: text('description'),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** Natures of business by ISO 18245 MCC, with the risk level onboarding applies. */
export const businessCategories = pgTable('business_categories', {
  id: serial('id').primaryKey(),
  mcc: char('mcc', { length: 4 }).notNull().unique(),
  categoryName: text('category_name').notNull(),
  riskLevel: text('risk_level').notNull().default('LOW'),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/**
 * Card BIN ranges: scheme, type, issuer and whether domestic (risk rules read it). The issuer
 * country is an ISO 3166-1 alpha-3 code of `countries`.
 */
export const cardBins = pgTable('card_bins', {
  id: serial('id').primaryKey(),
  binPrefix: text('bin_prefix').notNull().unique(),
  cardScheme: text('card_scheme').notNull(),
  cardType: text('card_type').notNull(),
  issuerName: text('issuer_name').notNull(),
  issuerCountry: char('issuer_country', { length: 3 })
    .notNull()
    .references(() => countries.alpha3),
  isDomestic: smallint('is_domestic').notNull().default(1),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** Message templates: one body per language for a key and channel, with {{Placeholders}}. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    templateKey: text('template_key').notNull().references(() => messageTemplateKeys.templateKey),
    channel: text('channel').notNull(),
    subject: text('subject'),
    bodyEn: text('body_en').notNull(),
    bodyMs: text('body_ms').notNull(),
    bodyZh: text('body_zh').notNull(),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  (t) => [uniqueIndex('message_templates_uq').on(t.templateKey, t.channel)],
);

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

/** Typed system settings (idle limit, lockout, password policy, product name, URLs ...). */
export const systemSettings = pgTable('system_settings', {
  id: serial('id').primaryKey(),
  settingKey: text('setting_key').notNull().unique(),
  settingValue: text('setting_value').notNull(),
  valueType: text('value_type').notNull(),
  description: text('description').notNull(),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/**
 * Per-organization configuration (Configuration §2: master merchant, agency/agent, merchant):
 * enabled service types and payment products, MDR profile, settlement timing, payout account,
 * callback URL and secret, risk profile. One row per organization.
 */
export const organizationConfigs = pgTable('organization_configs', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().unique().references(() => organizations.id),
  serviceTypes: text('service_types').array().notNull().default(sql`'{}'::text[]`),
  paymentProducts: text('payment_products').array().notNull().default(sql`'{}'::text[]`),
  mdrCategoryId: integer('mdr_category_id').references(() => mdrCategories.id),
  settlementTiming: text('settlement_timing').notNull().default('T_PLUS_X'),
  settlementDays: integer('settlement_days').notNull().default(1),
  settlementCustom: text('settlement_custom'),
  payoutBankId: integer('payout_bank_id').references(() => banks.id),
  payoutAccountNo: text('payout_account_no'),
  payoutAccountName: text('payout_account_name'),
  callbackUrl: text('callback_url'),
  callbackSecret: text('callback_secret'),
  riskProfile: text('risk_profile').notNull().default('STANDARD'),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
}, (t) => [
  // A bank's or an MDR category's delete probes the configurations naming it (resource engine dependents).
  index('organization_configs_bank_idx').on(t.payoutBankId),
  index('organization_configs_category_idx').on(t.mdrCategoryId),
]);

/**
 * Sign-in failures and lockouts per account key: the lower-cased e-mail, whether or not
 * a user has it, so an unknown e-mail locks exactly like a known one and the lockout does not tell
 * which accounts exist. `failures` counts inside the current lockout window; the counter and the
 * lockout change in one atomic statement (auth/login-throttle.ts). Times UTC.
 */
export const loginThrottle = pgTable('login_throttle', {
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One-time data maintenance run at start-up after the migrations (main.ts), e.g. masking card
 * numbers that imports stored before the readers masked cells: a step whose name has a row here is
 * done and is not run again, so its scan is paid once, not at every start. Times UTC.
 */
export const maintenanceRuns = pgTable('maintenance_runs', {
  name: text('name').primaryKey(),
  finishedAt: ts('finished_at').notNull(),
});

/**
 * Fixed-window request counters shared by every server on the database: sign-in per
 * client address and per account. One row per key and window start (UTC); old windows are swept.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_windows_start_idx').on(t.windowStart)],
);

/**
 * Exports as governed work: one row per export from start to its end, so the per-user
 * concurrency limit holds across servers and the lifecycle (RUNNING → COMPLETED | CANCELLED |
 * FAILED) is audited. A RUNNING row older than the stale limit no longer counts (a crashed server).
 */
export const exportRuns = pgTable(
  'export_runs',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    target: text('target').notNull(),
    format: text('format').notNull(),
    status: text('status').notNull().default('RUNNING'),
    rows: integer('rows'),
    startedAt: ts('started_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [index('export_runs_user_status_idx').on(t.userId, t.status, t.startedAt)],
);

/**
 * Idempotency keys of the money-moving POSTs (as Stripe's): per caller, the key
 * sent in `Idempotency-Key`, the route, a SHA-256 of the request body and the first answer. A
 * replay within 24 h answers the stored answer; the same key with another body or route is
 * refused (IDEM422). Written in the same database transaction as the work it guards, so the work
 * and its answer commit together or not at all. Older rows are replaced on reuse and purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

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

/**
 * Provider settlement files: one row per upload of a format (`format_key` 'RM',
 * 'RM_TPA' …, modules/settlement/formats). The file itself is kept on disk under its SHA-256
 * (`file_sha256`); the partial unique index makes the same file of the same format importable
 * once (a FAILED import may be tried again). Status QUEUED → READING (rows staged, `rows_read`
 * grows: the progress) → MATCHING → DONE, or FAILED with the row, field and message that stopped
 * it (its staged rows deleted: a failed import changes nothing). Reports read DONE files only.
 * `settlement_date_from/to`: the MYT settlement days the file's rows carry; `txn_day_from/to`:
 * the MYT days of the payments it settles (the portal side of the matching).
 */
export const settlementFiles = pgTable(
  'settlement_files',
  {
    id: serial('id').primaryKey(),
    formatKey: text('format_key').notNull(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    fileSha256: char('file_sha256', { length: 64 }).notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('QUEUED'),
    rowsRead: integer('rows_read').notNull().default(0),
    errorLine: integer('error_line'),
    errorField: text('error_field'),
    errorMessage: text('error_message'),
    settlementDateFrom: date('settlement_date_from', { mode: 'string' }),
    settlementDateTo: date('settlement_date_to', { mode: 'string' }),
    txnDayFrom: date('txn_day_from', { mode: 'string' }),
    txnDayTo: date('txn_day_to', { mode: 'string' }),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('settlement_files_once_uq').on(t.formatKey, t.fileSha256).where(sql`${t.status} <> 'FAILED'`),
    index('settlement_files_format_idx').on(t.formatKey, t.createdAt),
    check('settlement_files_status_ck', sql`${t.status} IN ('QUEUED', 'READING', 'MATCHING', 'DONE', 'FAILED')`),
  ],
);

/**
 * The lines of a settlement file as the provider stated them (formats/types.ts ProviderRow), in
 * ringgit with 2 places; `line_no` is the row in the file (header = 1). Rows of a file that did
 * not reach DONE are staging and never reported.
 */
export const settlementRows = pgTable(
  'settlement_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key: a checked key costs a lookup per staged row (a 1 M-row file spent seconds on
    // it); the import alone writes these rows and removes them with a failed file (import.ts).
    fileId: integer('file_id').notNull(),
    provider: text('provider').notNull(),
    lineNo: integer('line_no').notNull(),
    reference: text('reference').notNull(),
    providerTxnId: text('provider_txn_id'),
    txnType: text('txn_type').notNull(),
    txnAt: ts('txn_at').notNull(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    fee: numeric('fee', { precision: 18, scale: 2 }).notNull(),
    net: numeric('net', { precision: 18, scale: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    method: text('method'),
    mid: text('mid'),
    tid: text('tid'),
  },
  (t) => [index('settlement_rows_file_idx').on(t.fileId, t.lineNo), index('settlement_rows_ref_idx').on(t.provider, t.reference)],
);

/**
 * Reconciliation items (§4 results): one per provider line and one per portal
 * payment the provider's files should have settled. `result` 1 TALLY, 2 NOT TALLY (`differences`
 * says which field and by how much), 3 EXIST IN provider, 4 EXIST IN portal, 5 VERIFIED, 6
 * UNVERIFY, 7 DUPLICATE; `matched_result` keeps what the matching found when a user verifies.
 * Owner columns are the transaction's (null for a provider line with no portal transaction: only
 * the platform sees it). `kind` is the file's (RECON or TPA), `txn_type` the line's (PAYMENT or
 * REFUND; portal-only items are PAYMENT). A portal transaction has at most one item per provider,
 * kind and type besides DUPLICATEs (its EXIST IN portal item turns into the match when a later
 * file settles it).
 */
/**
 * Reconciliation per settlement day (/bsn-settlement-summary-report): for a
 * provider, file kind, MYT settlement day and currency, the items and their amount per §4 result
 * (the provider's amount, the portal's for EXIST IN portal). Kept by the matching (the days a file
 * touched) and by verify / unverify (the item's day), upserted so a row keeps its id.
 * `settlement_day_at` is the day's first instant (00:00 MYT) for the date filter and sort. Owner
 * columns are always null: a day belongs to the platform (the report engine's scope excludes it
 * for every other caller).
 */
export const reconSettlementDays = pgTable(
  'recon_settlement_days',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    settlementDayAt: ts('settlement_day_at').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    itemCount: integer('item_count').notNull(),
    tallyCount: integer('tally_count').notNull(),
    tallyAmount: numeric('tally_amount', { precision: 18, scale: 2 }).notNull(),
    notTallyCount: integer('not_tally_count').notNull(),
    notTallyAmount: numeric('not_tally_amount', { precision: 18, scale: 2 }).notNull(),
    providerOnlyCount: integer('provider_only_count').notNull(),
    providerOnlyAmount: numeric('provider_only_amount', { precision: 18, scale: 2 }).notNull(),
    portalOnlyCount: integer('portal_only_count').notNull(),
    portalOnlyAmount: numeric('portal_only_amount', { precision: 18, scale: 2 }).notNull(),
    verifiedCount: integer('verified_count').notNull(),
    verifiedAmount: numeric('verified_amount', { precision: 18, scale: 2 }).notNull(),
    unverifyCount: integer('unverify_count').notNull(),
    unverifyAmount: numeric('unverify_amount', { precision: 18, scale: 2 }).notNull(),
    duplicateCount: integer('duplicate_count').notNull(),
    duplicateAmount: numeric('duplicate_amount', { precision: 18, scale: 2 }).notNull(),
    providerAmount: numeric('provider_amount', { precision: 18, scale: 2 }).notNull(),
    providerFee: numeric('provider_fee', { precision: 18, scale: 2 }).notNull(),
    portalAmount: numeric('portal_amount', { precision: 18, scale: 2 }).notNull(),
    masterMerchantId: integer('master_merchant_id'),
    agencyId: integer('agency_id'),
    agentId: integer('agent_id'),
    merchantId: integer('merchant_id'),
    branchId: integer('branch_id'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recon_settlement_days_uq').on(t.provider, t.kind, t.settlementDate, t.currency),
    index('recon_settlement_days_report_idx').on(t.provider, t.kind, t.settlementDate, t.id),
  ],
);

export const reconItems = pgTable(
  'recon_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    txnType: text('txn_type').notNull(),
    // No foreign keys, as settlement_rows.file_id: the matching writes a million items in one statement.
    fileId: integer('file_id').notNull(),
    settlementRowId: bigint('settlement_row_id', { mode: 'number' }),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    reference: text('reference').notNull(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    txnDay: date('txn_day', { mode: 'string' }).notNull(),
    result: smallint('result').notNull(),
    matchedResult: smallint('matched_result').notNull(),
    differences: text('differences'),
    amountDiff: numeric('amount_diff', { precision: 18, scale: 2 }),
    feeDiff: numeric('fee_diff', { precision: 18, scale: 2 }),
    duplicateOfRowId: bigint('duplicate_of_row_id', { mode: 'number' }),
    verifiedByUserId: integer('verified_by_user_id').references(() => users.id),
    verifiedAt: ts('verified_at'),
    note: text('note'),
    // The two sides as each stated them, side by side in the reports: the
    // instant (the portal's when found, else the provider's), the currency, the provider's
    // amount, fee and own id (null on a portal-only item), the portal's amount and MDR fee (null
    // when no portal transaction matched). Copied at matching so a report reads one table.
    txnAt: ts('txn_at').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    providerTxnId: text('provider_txn_id'),
    providerAmount: numeric('provider_amount', { precision: 18, scale: 2 }),
    providerFee: numeric('provider_fee', { precision: 18, scale: 2 }),
    portalAmount: numeric('portal_amount', { precision: 18, scale: 2 }),
    portalFee: numeric('portal_fee', { precision: 18, scale: 2 }),
    // The money each side moves, signed (a REFUND line takes its amount back) and after its fee
    // (the acquirer reports): on a TPA item the provider's net is what the
    // acquirer settles to the platform, the portal's what the platform owes its merchant (after
    // the merchant's MDR), and their difference the platform's margin (negative: the acquirer
    // charged more than the merchant pays). Generated, so no writer can let them drift; null
    // when the side is missing.
    providerNet: numeric('provider_net', { precision: 18, scale: 2 }).generatedAlwaysAs(
      sql`CASE WHEN txn_type = 'REFUND' THEN -provider_amount ELSE provider_amount END - coalesce(provider_fee, 0)`,
    ),
    portalNet: numeric('portal_net', { precision: 18, scale: 2 }).generatedAlwaysAs(
      sql`CASE WHEN txn_type = 'REFUND' THEN -portal_amount ELSE portal_amount END - coalesce(portal_fee, 0)`,
    ),
    netDiff: numeric('net_diff', { precision: 18, scale: 2 }).generatedAlwaysAs(
      sql`(CASE WHEN txn_type = 'REFUND' THEN -provider_amount ELSE provider_amount END - coalesce(provider_fee, 0)) - (CASE WHEN txn_type = 'REFUND' THEN -portal_amount ELSE portal_amount END - coalesce(portal_fee, 0))`,
    ),
    masterMerchantId: integer('master_merchant_id'),
    agencyId: integer('agency_id'),
    agentId: integer('agent_id'),
    merchantId: integer('merchant_id'),
    branchId: integer('branch_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The settlement reports' two sorts (one report per provider and kind): keyset on (sort, id).
    // The day index also serves the per-day summary's recount (days.ts); the first index on
    // (provider, settlement_date, result) was dropped for it (migration 0029): every index is
    // written once per item, a million times by a large file.
    index('recon_items_report_txn_at_idx').on(t.provider, t.kind, t.txnAt, t.id),
    index('recon_items_report_day_idx').on(t.provider, t.kind, t.settlementDate, t.id),
    // The EXIST IN portal items a new file may settle, found by reference (match.ts): few rows,
    // so a file's lines need not be joined with transactions a second time to find them.
    index('recon_items_portal_only_idx').on(t.provider, t.kind, t.reference).where(sql`${t.matchedResult} = 4`),
    uniqueIndex('recon_items_txn_uq').on(t.provider, t.kind, t.txnType, t.transactionId).where(sql`${t.transactionId} IS NOT NULL AND ${t.matchedResult} <> 7`),
    // One index per file's items serves both the "one item per line" guarantee and the lookups by
    // file (status counts, a failed file's delete): an item's file is its line's file (match.ts
    // copies it), so (file_id, settlement_row_id) is unique exactly when settlement_row_id is. It
    // replaced recon_items_row_uq (settlement_row_id) and recon_items_file_idx (file_id, result):
    // every index is written once per item, and each of the two cost 3-6 s of a 1 M-line file's
    // matching (bench/settlement-import.bench.ts, docs/ARCHITECTURE.md "Throughput").
    uniqueIndex('recon_items_file_row_uq').on(t.fileId, t.settlementRowId),
    check('recon_items_result_ck', sql`${t.result} BETWEEN 1 AND 7 AND ${t.matchedResult} BETWEEN 1 AND 7`),
  ],
);

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

/**
 * A person of an organization's profile: role (§3 PERSON_ROLES) and identity
 * document (§3 ID_TYPES; an NRIC is checked as YYMMDD-PB-###G). Phone and e-mail follow §5.
 */
export const orgPersons = pgTable(
  'org_persons',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role').notNull(),
    idType: text('id_type').notNull(),
    idNo: text('id_no').notNull(),
    gender: text('gender'),
    nationality: text('nationality'),
    phone: text('phone'),
    email: text('email'),
    ...managed(),
  },
  (t) => [index('org_persons_org_idx').on(t.orgId)],
);

/**
 * A bank account of an organization's profile: the account number sealed
 * (AES-256-GCM, engine/secret-fields.ts) and answered masked with its last 4 digits.
 */
export const orgBankAccounts = pgTable(
  'org_bank_accounts',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    bankId: integer('bank_id').notNull().references(() => banks.id),
    accountType: text('account_type').notNull(),
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    accountLast4: text('account_last4').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    ...managed(),
  },
  (t) => [index('org_bank_accounts_org_idx').on(t.orgId)],
);

/**
 * A KYC document of an organization: PDF, JPEG or PNG as told by its magic
 * bytes, stored under DATA_DIR or in S3-compatible storage (`storage`, `storageKey`); the SHA-256
 * and size are of the stored bytes. A removed document keeps its row (`deletedAt`) for the audit.
 */
export const orgDocuments = pgTable(
  'org_documents',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    docType: text('doc_type').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storage: text('storage').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id'),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('org_documents_org_idx').on(t.orgId)],
);

/** Every onboarding status change of an organization, with actor, time and reason. */
export const orgStatusHistory = pgTable(
  'org_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email'),
    reason: text('reason'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('org_status_history_org_idx').on(t.orgId, t.at)],
);

/**
 * Single-use links: an invitation or a password reset. Only the SHA-256 of the
 * token is kept; the token itself travels in the e-mail alone.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdByUserId: integer('created_by_user_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_uq').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId)],
);

/** MFA recovery codes: hashed, each usable once. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Outgoing e-mail: written in the transaction of the change that sends it and
 * delivered by the job queue (a real SMTP transport when configured). The body is sealed at rest:
 * an invitation carries a live link.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    template: text('template').notNull(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);

/**
 * A merchant's TPA application to Revenue Monster: DRAFT → SUBMITTED →
 * APPROVED or REJECTED; the form is kept as submitted (jsonb).
 */
export const rmApplications = pgTable(
  'rm_applications',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('DRAFT'),
    form: jsonb('form').notNull(),
    submittedByUserId: integer('submitted_by_user_id'),
    submittedAt: ts('submitted_at'),
    decidedByUserId: integer('decided_by_user_id'),
    decidedAt: ts('decided_at'),
    reason: text('reason'),
    // RM's answer on approval.
    rmMerchantId: text('rm_merchant_id'),
    rmStoreId: text('rm_store_id'),
    ...managed(),
  },
  // One application per merchant: a rejected one is edited and sent again.
  (t) => [uniqueIndex('rm_applications_org_uq').on(t.orgId)],
);

/**
 * A merchant's configuration at a TPA provider (created when Revenue Monster
 * approves the merchant's application): the provider's merchant and store ids, service mode and
 * QR mode (§9), and the e-wallets enabled. One per provider and merchant.
 */
export const tpaMerchantConfigs = pgTable(
  'tpa_merchant_configs',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    orgId: integer('org_id').notNull().references(() => organizations.id),
    providerMerchantId: text('provider_merchant_id').notNull(),
    providerStoreId: text('provider_store_id'),
    serviceMode: text('service_mode').notNull(),
    qrMode: text('qr_mode').notNull(),
    walletProducts: text('wallet_products').array().notNull().default(sql`'{}'::text[]`),
    applicationId: integer('application_id').references(() => rmApplications.id),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  (t) => [uniqueIndex('tpa_merchant_configs_uq').on(t.provider, t.orgId)],
);

/**
 * A /merchant-bulk-upload run: the file is validated row by row and applied all
 * or nothing by the job queue; progress and the error report are read from here.
 */
export const merchantUploads = pgTable(
  'merchant_uploads',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').references(() => organizations.id),
    uploadedByUserId: integer('uploaded_by_user_id').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').notNull().default('QUEUED'),
    totalRows: integer('total_rows').notNull().default(0),
    doneRows: integer('done_rows').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors'),
    createdCount: integer('created_count').notNull().default(0),
    /** The organizations created, in row order (DONE). */
    createdIds: jsonb('created_ids'),
    uploadedByEmail: text('uploaded_by_email').notNull().default(''),
    /** The stored file: SHA-256 (hex) under DATA_DIR/merchant-uploads, and 'xlsx' or 'csv'. */
    fileSha256: text('file_sha256'),
    fileFormat: text('file_format'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('merchant_uploads_user_idx').on(t.uploadedByUserId, t.createdAt)],
);

// ---- Terminals and devices, mobile and content (resource engine v2 declarations). ----

/** The terminal hardware inventory (/master-devices): one row per device, by its serial. */
export const masterDevices = pgTable('master_devices', {
  id: serial('id').primaryKey(),
  serialNo: text('serial_no').notNull().unique(),
  // A model of the terminal models list (GetTerminalModel): an unknown one is refused naming Model.
  model: text('model').notNull().references(() => terminalModels.model),
  imei: text('imei'),
  simIccid: text('sim_iccid'),
  simMsisdn: text('sim_msisdn'),
  status: text('status').notNull().default('IN_STOCK'),
  notes: text('notes'),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/**
 * Payment terminals at merchants (/terminal-management), owned by a merchant HQ or branch. The
 * device serial refers to the inventory (a device carries one terminal at a time).
 */
export const terminals = pgTable(
  'terminals',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => organizations.id),
    tid: text('tid').notNull().unique(),
    serialNo: text('serial_no').unique().references(() => masterDevices.serialNo, { onUpdate: 'cascade' }),
    model: text('model').notNull().references(() => terminalModels.model),
    acquirerId: integer('acquirer_id').notNull().references(() => acquirers.id),
    mid: text('mid').notNull(),
    status: text('status').notNull().default('PENDING'),
    lastSeenAt: ts('last_seen_at'),
    firmwareVersion: text('firmware_version'),
    /**
     * The firmware a rollout offers this terminal (modules/firmware): set when its stage
     * starts, cleared when it reports that version or the offer is withdrawn. The terminal
     * management host reads it to deliver the image; nothing in the portal pushes to a terminal.
     */
    pendingFirmwareId: integer('pending_firmware_id').references((): AnyPgColumn => firmwareFiles.id),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  // org_id: the owner scope of every read; acquirer_id: an acquirer's delete probes its terminals.
  // (tid, org_id): the key a provider mapping refers to, so a mapping's terminal is its own organization's.
  (t) => [
    index('terminals_org_idx').on(t.orgId),
    index('terminals_acquirer_idx').on(t.acquirerId),
    uniqueIndex('terminals_tid_org_uq').on(t.tid, t.orgId),
  ],
);

/** Pictures on terminals' idle screens (/terminal-advertisement), by target and MYT days. */
export const terminalAdvertisements = pgTable('terminal_advertisements', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  target: text('target').notNull(),
  model: text('model').references(() => terminalModels.model),
  merchantId: integer('merchant_id').references(() => organizations.id),
  imageUrl: text('image_url').notNull(),
  displaySeconds: integer('display_seconds').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** Merchant app banners (/mobile-advertisement), by placement and MYT days. */
export const mobileAdvertisements = pgTable('mobile_advertisements', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  placement: text('placement').notNull(),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url'),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** Push topics of the merchant app (/mobile-topic-management). */
export const mobileTopics = pgTable('mobile_topics', {
  id: serial('id').primaryKey(),
  topicCode: text('topic_code').notNull().unique(),
  topicName: text('topic_name').notNull(),
  description: text('description'),
  autoSubscribe: smallint('auto_subscribe').notNull().default(0),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** Push notification texts per language (/mobile-notification-content). */
export const mobileNotificationContents = pgTable('mobile_notification_contents', {
  id: serial('id').primaryKey(),
  contentCode: text('content_code').notNull().unique(),
  target: text('target').notNull(),
  titleEn: text('title_en').notNull(),
  titleMs: text('title_ms'),
  titleZh: text('title_zh'),
  bodyEn: text('body_en').notNull(),
  bodyMs: text('body_ms'),
  bodyZh: text('body_zh'),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

// ---------------------------------------------------------------------------------------------
// Zone master keys under dual control (/zmk-config; modules/zmk). Key material
// is only ever stored sealed under the field key (engine/secret-fields.ts): a component while its
// ceremony runs (wiped when the key is completed or the ceremony cancelled), the combined key
// while it is ACTIVE (wiped when it is retired). Check values are kept for the record.
// ---------------------------------------------------------------------------------------------

/** A zone master key shared with an acquirer's host; `status` AWAITING_COMPONENTS → ACTIVE → RETIRED, or CANCELLED. */
export const zmkKeys = pgTable(
  'zmk_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    purpose: text('purpose').notNull(),
    acquirerId: integer('acquirer_id').notNull().references(() => acquirers.id),
    scheme: text('scheme').notNull(),
    componentCount: smallint('component_count').notNull(),
    status: text('status').notNull().default('AWAITING_COMPONENTS'),
    /** The combined key, sealed; set on activation, wiped on retirement. */
    keySealed: text('key_sealed'),
    kcv: text('kcv'),
    /** TDES only: every byte of the combined key has odd parity. */
    oddParity: boolean('odd_parity'),
    createdByUserId: integer('created_by_user_id').notNull(),
    activatedAt: ts('activated_at'),
    closedByUserId: integer('closed_by_user_id'),
    closedAt: ts('closed_at'),
    closeReason: text('close_reason'),
    ...managed(),
  },
  (t) => [
    uniqueIndex('zmk_keys_name_uq').on(t.name),
    check('zmk_keys_component_count_ck', sql`${t.componentCount} IN (2, 3)`),
    // An active key always has its sealed key and KCV; nothing else holds a key.
    check('zmk_keys_active_ck', sql`(${t.status} = 'ACTIVE') = (${t.keySealed} IS NOT NULL)`),
  ],
);

/**
 * One custodian's component of a key: who entered it and its KCV, and the component itself
 * sealed until the ceremony ends. One row per slot, and one per user: a user never enters two
 * components of the same key, whatever custodian permissions it holds.
 */
export const zmkComponents = pgTable(
  'zmk_components',
  {
    id: serial('id').primaryKey(),
    keyId: integer('key_id').notNull().references(() => zmkKeys.id),
    seq: smallint('seq').notNull(),
    userId: integer('user_id').notNull(),
    /** The component, sealed; NULL once the ceremony has ended (wiped). */
    componentSealed: text('component_sealed'),
    kcv: text('kcv').notNull(),
    enteredAt: ts('entered_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('zmk_components_slot_uq').on(t.keyId, t.seq),
    uniqueIndex('zmk_components_user_uq').on(t.keyId, t.userId),
    check('zmk_components_seq_ck', sql`${t.seq} BETWEEN 1 AND 3`),
  ],
);

/** A key's history: CREATED, COMPONENT_ENTERED (slot, KCV), ACTIVATED (KCV), CANCELLED, RETIRED (reason). */
export const zmkEvents = pgTable(
  'zmk_events',
  {
    id: serial('id').primaryKey(),
    keyId: integer('key_id').notNull().references(() => zmkKeys.id),
    event: text('event').notNull(),
    seq: smallint('seq'),
    kcv: text('kcv'),
    reason: text('reason'),
    userId: integer('user_id'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('zmk_events_key_idx').on(t.keyId, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Terminal firmware and staged rollouts (/terminal-firmware-management; modules/firmware).
// The image bytes live in the object storage of KYC documents (platform/object-storage.ts, disk
// under DATA_DIR or S3), under `firmware/<uuid>`; the rows keep their SHA-256, size and storage.
// ---------------------------------------------------------------------------------------------

/** A firmware image; `status` ACTIVE → RETIRED. */
export const firmwareFiles = pgTable(
  'firmware_files',
  {
    id: serial('id').primaryKey(),
    // Not `version`: that is managed()'s optimistic-lock counter.
    firmwareVersion: text('firmware_version').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    storage: text('storage').notNull(),
    storageKey: text('storage_key').notNull(),
    releaseNotes: text('release_notes').notNull().default(''),
    status: text('status').notNull().default('ACTIVE'),
    uploadedByUserId: integer('uploaded_by_user_id').notNull(),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    retiredByUserId: integer('retired_by_user_id'),
    retiredAt: ts('retired_at'),
    retireReason: text('retire_reason'),
    ...managed(),
  },
  (t) => [index('firmware_files_uploaded_idx').on(t.uploadedAt), check('firmware_files_status_ck', sql`${t.status} IN ('ACTIVE', 'RETIRED')`)],
);

/**
 * The models an image supports, with its version copied so that one model has at most one image
 * of a version (retired images included): "terminal T of model M reports V" names one image.
 */
export const firmwareFileModels = pgTable(
  'firmware_file_models',
  {
    firmwareId: integer('firmware_id').notNull().references(() => firmwareFiles.id),
    model: text('model').notNull().references(() => terminalModels.model),
    firmwareVersion: text('firmware_version').notNull(),
  },
  (t) => [primaryKey({ columns: [t.firmwareId, t.model] }), uniqueIndex('firmware_file_models_version_uq').on(t.model, t.firmwareVersion)],
);

/** A staged rollout of an image; `status` RUNNING ⇄ PAUSED → COMPLETED or CANCELLED. */
export const firmwareRollouts = pgTable(
  'firmware_rollouts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    firmwareId: integer('firmware_id').notNull().references(() => firmwareFiles.id),
    status: text('status').notNull().default('RUNNING'),
    /** Cumulative percentages, e.g. [10, 50, 100]. */
    stages: jsonb('stages').$type<number[]>().notNull(),
    /** The models and merchant the plan chose (for the record; the targets are the truth). */
    models: jsonb('models').$type<string[]>().notNull(),
    merchantId: integer('merchant_id'),
    /** The stage started last, 1-based; 0 before the first. */
    currentStage: smallint('current_stage').notNull().default(0),
    stageWaitMinutes: integer('stage_wait_minutes').notNull(),
    /** Hours the last stage's terminals have to report before the rollout completes without them. */
    finalWaitHours: integer('final_wait_hours').notNull().default(72),
    stageStartedAt: ts('stage_started_at'),
    total: integer('total').notNull(),
    createdByUserId: integer('created_by_user_id').notNull(),
    finishedAt: ts('finished_at'),
    ...managed(),
  },
  (t) => [index('firmware_rollouts_firmware_idx').on(t.firmwareId), check('firmware_rollouts_status_ck', sql`${t.status} IN ('RUNNING', 'PAUSED', 'COMPLETED', 'CANCELLED')`)],
);

/**
 * One terminal of a rollout, in its stage. A terminal is in at most one open target (WAITING or
 * OFFERED) — that is, in at most one rollout that still holds it — by the partial unique index.
 */
export const firmwareRolloutTargets = pgTable(
  'firmware_rollout_targets',
  {
    id: serial('id').primaryKey(),
    rolloutId: integer('rollout_id').notNull().references(() => firmwareRollouts.id),
    terminalId: integer('terminal_id').notNull().references(() => terminals.id),
    stage: smallint('stage').notNull(),
    state: text('state').notNull().default('WAITING'),
    offeredAt: ts('offered_at'),
    installedAt: ts('installed_at'),
  },
  (t) => [
    uniqueIndex('firmware_rollout_targets_open_uq').on(t.terminalId).where(sql`${t.state} IN ('WAITING', 'OFFERED')`),
    uniqueIndex('firmware_rollout_targets_rollout_uq').on(t.rolloutId, t.terminalId),
    index('firmware_rollout_targets_stage_idx').on(t.rolloutId, t.stage, t.state),
    check('firmware_rollout_targets_state_ck', sql`${t.state} IN ('WAITING', 'OFFERED', 'INSTALLED', 'NOT_REPORTED', 'CANCELLED')`),
  ],
);

/** A rollout's history: CREATED, STAGE_STARTED (stage), PAUSED, RESUMED, CANCELLED (reason), COMPLETED. */
export const firmwareRolloutEvents = pgTable(
  'firmware_rollout_events',
  {
    id: serial('id').primaryKey(),
    rolloutId: integer('rollout_id').notNull().references(() => firmwareRollouts.id),
    event: text('event').notNull(),
    stage: smallint('stage'),
    reason: text('reason'),
    userId: integer('user_id'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('firmware_rollout_events_rollout_idx').on(t.rolloutId, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Unattended terminals' cash: /unattended-history/Denomination and
// /unattended-report/Denomination. Self-contained: nothing above refers to it.

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

/** Receipt templates of tap payments (/content-management/nfc-receipt, §9 receipt types). */
export const nfcReceiptTemplates = pgTable('nfc_receipt_templates', {
  id: serial('id').primaryKey(),
  templateName: text('template_name').notNull(),
  receiptType: text('receipt_type').notNull(),
  masterMerchantId: integer('master_merchant_id').references(() => organizations.id),
  headerText: text('header_text'),
  footerText: text('footer_text'),
  logoUrl: text('logo_url'),
  showMerchantAddress: smallint('show_merchant_address').notNull().default(1),
  showQr: smallint('show_qr').notNull().default(0),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** Banners on tap-payment receipts (/content-management/nfc-receipt-banner), by receipt type and MYT days. */
export const nfcReceiptBanners = pgTable('nfc_receipt_banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  receiptType: text('receipt_type').notNull(),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url'),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/**
 * Provider (TPA) configurations (the 23 /{provider}-config pages and the bulk terminal mapping):
 * one row per provider and merchant HQ or branch, or per provider and terminal. Credentials are
 * sealed under the field key (the engine's secret fields). A terminal maps to a provider once, and
 * only for the organization that owns it.
 */
export const tpaProviderConfigs = pgTable(
  'tpa_provider_configs',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    orgId: integer('org_id').notNull().references(() => organizations.id),
    terminalTid: text('terminal_tid'),
    providerMid: text('provider_mid').notNull(),
    providerTid: text('provider_tid'),
    serviceMode: text('service_mode').notNull(),
    qrMode: text('qr_mode'),
    products: text('products').array(),
    endpointUrl: text('endpoint_url'),
    apiKey: text('api_key'),
    secretKey: text('secret_key'),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  // A provider's page reads its rows in an owner's subtree; a terminal's delete probes its mappings.
  // The mapped terminal is one of the row's own organization (the page's TID picker lists only
  // those, and the database holds every writer to it: page, bulk upload, seed): the foreign key
  // is (terminal_tid, org_id); a terminal moved to another outlet takes its mappings along.
  (t) => [
    foreignKey({ name: 'tpa_provider_configs_terminal_fk', columns: [t.terminalTid, t.orgId], foreignColumns: [terminals.tid, terminals.orgId] }).onUpdate('cascade'),
    uniqueIndex('tpa_provider_configs_terminal_uq').on(t.provider, t.terminalTid),
    index('tpa_provider_configs_provider_org_idx').on(t.provider, t.orgId),
    index('tpa_provider_configs_tid_idx').on(t.terminalTid),
  ],
);

/** Provider settlement files, their staged lines, and the reconciliation (items and per-day figures). */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, check, date, index, integer, numeric, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { users } from './identity.ts';

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

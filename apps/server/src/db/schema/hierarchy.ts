/**
 * The organization hierarchy and each organization's own records: the profile's persons, bank
 * accounts and KYC documents, its onboarding status history, its configuration, and the merchant
 * bulk uploads that create organizations.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, managed } from './columns.ts';
import { mdrCategories } from './pricing.ts';
import { banks } from './reference.ts';

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

/**
 * Third-party acquirers (TPA providers): which provider serves which payment product, merchants'
 * applications to Revenue Monster, merchants' provider configurations and the provider
 * configurations per organization or terminal.
 */
import { sql } from 'drizzle-orm';
import { bigserial, foreignKey, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, managed, workflowEvent } from './columns.ts';
import { organizations } from './hierarchy.ts';
import { paymentProducts } from './pricing.ts';
import { terminals } from './terminals.ts';

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
 * The log of an RM application (the workflow engine's event table): every save, submission and
 * decision with its actor (null: the system), time (UTC), action, the state before and after
 * and a summary (the rejection's reason, RM's merchant id). Append-only; deleted with the application.
 */
export const rmApplicationEvents = pgTable(
  'rm_application_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: integer('application_id').notNull().references(() => rmApplications.id, { onDelete: 'cascade' }),
    ...workflowEvent(),
  },
  (t) => [index('rm_application_events_application_idx').on(t.applicationId, t.at)],
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

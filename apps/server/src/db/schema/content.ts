/** Content shown on terminals and tap-payment receipts: idle-screen advertisements, receipt templates and banners. */
import { date, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { managed } from './columns.ts';
import { organizations } from './hierarchy.ts';
import { terminalModels } from './reference.ts';

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

/**
 * What a merchant can sell and what it costs: MDR categories, payment products, MDR rates and
 * subscription plans (resource engine tables: id, is_active and managed() columns).
 */
import { date, foreignKey, index, integer, numeric, pgTable, serial, smallint, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { managed } from './columns.ts';

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

/**
 * Reference (lookup) entities of §3: currencies, acquirers, banks, countries, card BINs, natures
 * of business and terminal models. Tables served by the resource engine carry id, is_active and
 * managed() columns; field choices are documented on the resource declarations in
 * packages/contract/src/resources/defs/.
 */
import { sql } from 'drizzle-orm';
import { char, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { managed } from './columns.ts';

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

/** Natures of business by ISO 18245 MCC, with the risk level onboarding applies. */
export const businessCategories = pgTable('business_categories', {
  id: serial('id').primaryKey(),
  mcc: char('mcc', { length: 4 }).notNull().unique(),
  categoryName: text('category_name').notNull(),
  riskLevel: text('risk_level').notNull().default('LOW'),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

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

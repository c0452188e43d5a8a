/**
 * Reference data every Paydesk database needs, demo or not: currencies, acquirers, the six
 * default portal user groups with their default permissions, and the lookup lists of §3/§7
 * (banks, ISO 3166-1 countries, MDR categories, payment products, the acquirers' services,
 * terminal models, message template keys). `ensureReferenceData` is idempotent and cheap, so the
 * server calls it on every start (after migrations).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import isoCountries from 'i18n-iso-countries/index.js';
import isoCountriesEn from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import {
  FPX_TEST_BANKS, GROUP_TYPES, MALAYSIAN_BANKS, MESSAGE_TEMPLATE_KEYS, TERMINAL_MODELS, defaultPermissions, type GroupType, type ServiceTypeCode,
} from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import {
  acquirers, banks, countries, currencies, mdrCategories, messageTemplateKeys, paymentProducts, terminalModels, userGroupPermissions, userGroups,
} from '../db/schema/index.ts';
import { ensureConfigDataA } from './config-data-a.ts';
import { ensureConfigDataB } from './config-data-b.ts';

/** Currencies (§3). MYR first; only active ones are offered (§9), the first active one is the default (§4). */
export const REFERENCE_CURRENCIES = [
  { currencyCode: 'MYR', name: 'Malaysian Ringgit', symbol: 'RM', isActive: 1, sortOrder: 0 },
  { currencyCode: 'USD', name: 'US Dollar', symbol: 'US$', isActive: 1, sortOrder: 1 },
  { currencyCode: 'SGD', name: 'Singapore Dollar', symbol: 'S$', isActive: 1, sortOrder: 2 },
  { currencyCode: 'CNY', name: 'Chinese Yuan Renminbi', symbol: 'CN¥', isActive: 0, sortOrder: 3 },
  { currencyCode: 'EUR', name: 'Euro', symbol: '€', isActive: 0, sortOrder: 4 },
] as const;

/** Malaysian acquiring banks (§3 Acquirer: AcquirerId, AcqName). */
export const REFERENCE_ACQUIRERS = [
  { code: 'MBB', acqName: 'Maybank (Malayan Banking Berhad)' },
  { code: 'CIMB', acqName: 'CIMB Bank Berhad' },
  { code: 'PBB', acqName: 'Public Bank Berhad' },
  { code: 'RHB', acqName: 'RHB Bank Berhad' },
  { code: 'HLB', acqName: 'Hong Leong Bank Berhad' },
  { code: 'AMB', acqName: 'AmBank (M) Berhad' },
  { code: 'BSN', acqName: 'Bank Simpanan Nasional' },
  { code: 'AFFIN', acqName: 'Affin Bank Berhad' },
] as const;

/** The default portal user group of each group type (§1, §6). */
export const DEFAULT_GROUP_NAMES: Record<GroupType, string> = {
  SUPERADMIN: 'Super Admin',
  MASTER_MERCHANT: 'Master Merchant',
  AGENCY: 'Agency',
  AGENT: 'Agent',
  MERCHANT_HQ: 'Merchant HQ',
  MERCHANT_BRANCH: 'Merchant Branch',
};

/**
 * Banks: the domain's MALAYSIAN_BANKS (about 42: FPX participants and licensed banks outside FPX),
 * active, plus PayNet's FPX test banks (SBI Bank A, B and C), which answer only on the FPX UAT
 * environment: seeded inactive, so production never offers them, a UAT deployment can switch them
 * on, and the "only active banks are offered" rule (§9) is visible. The flag applies when a bank
 * is first inserted only: an administrator's later change of `is_active` is never overwritten.
 */
export const REFERENCE_BANKS = [
  ...MALAYSIAN_BANKS.map((b) => ({ bank: b, isActive: 1 })),
  ...FPX_TEST_BANKS.map((b) => ({ bank: b, isActive: 0 })),
].map(({ bank, isActive }) => ({ bankCode: bank.bankCode, bankName: bank.bankName, swiftCode: bank.swiftCode, channels: [...bank.channels], isActive }));
/** Codes of the banks seeded inactive. */
export const INACTIVE_BANK_CODES: readonly string[] = FPX_TEST_BANKS.map((b) => b.bankCode);

/**
 * Countries of ISO 3166-1 (alpha-2, alpha-3, English short name) from the i18n-iso-countries
 * package, which follows the ISO 3166 maintenance agency. Kosovo (XK/XKX) is left out: it is a
 * user-assigned code, not part of ISO 3166-1.
 */
export function iso3166Countries(): { alpha2: string; alpha3: string; countryName: string }[] {
  isoCountries.registerLocale(isoCountriesEn);
  const names = isoCountries.getNames('en', { select: 'official' });
  return Object.entries(isoCountries.getAlpha2Codes())
    .filter(([alpha2]) => alpha2 !== 'XK')
    .map(([alpha2, alpha3]) => ({ alpha2, alpha3, countryName: names[alpha2] ?? alpha3 }));
}

/**
 * Terminal categories of the "serviceType:terminalCategory" codes of acquirers.services and of the
 * TxnCategory field of GetAcquirerByServiceType (§7, §9 default 0). In a code, a category says on
 * which kind of terminal the acquirer serves the service type; service types other than terminal
 * (2) take 0. As a filter, 0 means every category. The Acquirer resource's Services options
 * (packages/contract) are built from the same codes; a lookups test keeps them equal.
 */
export const TERMINAL_CATEGORIES = [
  { code: 0, name: 'Standard card terminal (as a filter: every category)' },
  { code: 1, name: 'Android smart POS' },
  { code: 2, name: 'Unattended terminal / kiosk' },
  { code: 3, name: 'mPOS (card reader paired with a phone)' },
] as const;
export type TerminalCategory = (typeof TERMINAL_CATEGORIES)[number]['code'];

/** MDR category codes with their names (§3 MDR category search). */
const MDR_CATEGORY_NAMES = {
  CREDIT_DOMESTIC: 'Credit card, Malaysian-issued',
  CREDIT_FOREIGN: 'Credit card, foreign-issued',
  DEBIT: 'Debit card',
  EWALLET: 'E-wallet',
  FPX: 'FPX online banking',
  BNPL: 'Buy now, pay later',
  QR: 'DuitNow QR',
  INSTALMENT: 'Instalment (easy payment plan)',
  CRYPTO: 'Cryptocurrency',
} as const;
export type MdrCategoryCode = keyof typeof MDR_CATEGORY_NAMES;

/**
 * MDR categories per service type: cards everywhere; e-wallets, FPX, BNPL and QR where the
 * customer pays online or by QR; instalments on e-commerce and terminals. CRYPTO (the §9 payment
 * method) is seeded inactive: defined, not yet offered.
 */
const MDR_CATEGORIES_BY_SERVICE_TYPE: Record<ServiceTypeCode, readonly MdrCategoryCode[]> = {
  1: ['CREDIT_DOMESTIC', 'CREDIT_FOREIGN', 'DEBIT', 'EWALLET', 'FPX', 'BNPL', 'QR', 'INSTALMENT', 'CRYPTO'],
  2: ['CREDIT_DOMESTIC', 'CREDIT_FOREIGN', 'DEBIT', 'EWALLET', 'QR', 'INSTALMENT'],
  3: ['CREDIT_DOMESTIC', 'CREDIT_FOREIGN', 'DEBIT', 'EWALLET', 'FPX', 'BNPL', 'QR'],
  4: ['CREDIT_DOMESTIC', 'CREDIT_FOREIGN', 'DEBIT'],
  5: ['CREDIT_DOMESTIC', 'CREDIT_FOREIGN', 'DEBIT'],
  6: ['CREDIT_DOMESTIC', 'CREDIT_FOREIGN', 'DEBIT'],
};
const INACTIVE_MDR_CATEGORIES: readonly MdrCategoryCode[] = ['CRYPTO'];

export const REFERENCE_MDR_CATEGORIES = Object.entries(MDR_CATEGORIES_BY_SERVICE_TYPE).flatMap(([st, codes]) =>
  codes.map((categoryCode) => ({
    serviceType: Number(st),
    categoryCode,
    categoryName: MDR_CATEGORY_NAMES[categoryCode],
    isActive: INACTIVE_MDR_CATEGORIES.includes(categoryCode) ? 0 : 1,
  })),
);

/** Payment products (§3): [product code, name, MDR category, active]. The code's prefix names the service type. */
type ProductRow = readonly [code: string, name: string, category: MdrCategoryCode, active?: 0];
const PRODUCTS_BY_SERVICE_TYPE: Record<ServiceTypeCode, readonly ProductRow[]> = {
  1: [
    ['EC-VISA-CR', 'Visa credit', 'CREDIT_DOMESTIC'],
    ['EC-VISA-DR', 'Visa debit', 'DEBIT'],
    ['EC-MC-CR', 'Mastercard credit', 'CREDIT_DOMESTIC'],
    ['EC-MC-DR', 'Mastercard debit', 'DEBIT'],
    ['EC-INTL-CR', 'Foreign-issued Visa / Mastercard credit', 'CREDIT_FOREIGN'],
    ['EC-AMEX', 'American Express', 'CREDIT_DOMESTIC'],
    ['EC-UPI', 'UnionPay', 'CREDIT_FOREIGN'],
    ['EC-MYDEBIT', 'MyDebit (MEPS debit)', 'DEBIT'],
    ['EC-FPX-B2C', 'FPX B2C (retail internet banking)', 'FPX'],
    ['EC-FPX-B2B', 'FPX B2B (corporate internet banking)', 'FPX'],
    ['EC-DUITNOW-QR', 'DuitNow QR', 'QR'],
    ['EC-TNG', "Touch 'n Go eWallet", 'EWALLET'],
    ['EC-GRABPAY', 'GrabPay', 'EWALLET'],
    ['EC-BOOST', 'Boost', 'EWALLET'],
    ['EC-SHOPEEPAY', 'ShopeePay', 'EWALLET'],
    ['EC-ATOME', 'Atome', 'BNPL'],
    ['EC-GRAB-PAYLATER', 'Grab PayLater', 'BNPL'],
    ['EC-EPP', 'Instalment (easy payment plan)', 'INSTALMENT'],
    ['EC-CRYPTO', 'Cryptocurrency (pilot, not offered)', 'CRYPTO', 0],
  ],
  2: [
    ['POS-VISA-CR', 'Visa credit', 'CREDIT_DOMESTIC'],
    ['POS-VISA-DR', 'Visa debit', 'DEBIT'],
    ['POS-MC-CR', 'Mastercard credit', 'CREDIT_DOMESTIC'],
    ['POS-MC-DR', 'Mastercard debit', 'DEBIT'],
    ['POS-INTL-CR', 'Foreign-issued Visa / Mastercard credit', 'CREDIT_FOREIGN'],
    ['POS-AMEX', 'American Express', 'CREDIT_DOMESTIC'],
    ['POS-UPI', 'UnionPay', 'CREDIT_FOREIGN'],
    ['POS-MYDEBIT', 'MyDebit (MEPS debit)', 'DEBIT'],
    ['POS-DUITNOW-QR', 'DuitNow QR', 'QR'],
    ['POS-TNG', "Touch 'n Go eWallet", 'EWALLET'],
    ['POS-EPP', 'Instalment (easy payment plan)', 'INSTALMENT'],
  ],
  3: [
    ['PL-CARD-CR', 'Visa / Mastercard credit', 'CREDIT_DOMESTIC'],
    ['PL-CARD-DR', 'Visa / Mastercard debit', 'DEBIT'],
    ['PL-INTL-CR', 'Foreign-issued Visa / Mastercard credit', 'CREDIT_FOREIGN'],
    ['PL-FPX-B2C', 'FPX B2C (retail internet banking)', 'FPX'],
    ['PL-DUITNOW-QR', 'DuitNow QR', 'QR'],
    ['PL-TNG', "Touch 'n Go eWallet", 'EWALLET'],
    ['PL-ATOME', 'Atome', 'BNPL'],
  ],
  4: [
    ['PA-VISA', 'Visa pre-authorisation', 'CREDIT_DOMESTIC'],
    ['PA-MC', 'Mastercard pre-authorisation', 'CREDIT_DOMESTIC'],
    ['PA-INTL-CR', 'Foreign-issued card pre-authorisation', 'CREDIT_FOREIGN'],
  ],
  5: [
    ['PBC-CARD-CR', 'Visa / Mastercard credit (mail and telephone order)', 'CREDIT_DOMESTIC'],
    ['PBC-CARD-DR', 'Visa / Mastercard debit (mail and telephone order)', 'DEBIT'],
    ['PBC-INTL-CR', 'Foreign-issued credit (mail and telephone order)', 'CREDIT_FOREIGN'],
  ],
  6: [
    ['RC-CARD-CR', 'Visa / Mastercard credit (recurring)', 'CREDIT_DOMESTIC'],
    ['RC-CARD-DR', 'Visa / Mastercard debit (recurring)', 'DEBIT'],
  ],
};

export const REFERENCE_PAYMENT_PRODUCTS = Object.entries(PRODUCTS_BY_SERVICE_TYPE).flatMap(([st, rows]) =>
  rows.map(([productCode, productName, categoryCode, active]) => ({ serviceType: Number(st), productCode, productName, categoryCode, isActive: active ?? 1 })),
);

/**
 * Which acquirer (by code, REFERENCE_ACQUIRERS) serves which service type on which terminal
 * category, seeded into acquirers.services as "serviceType:terminalCategory" codes. Every
 * acquirer takes standard card terminals; smart POS, kiosks and mPOS and the online service types
 * are served by fewer.
 */
const ALL_ACQUIRERS = REFERENCE_ACQUIRERS.map((a) => a.code);
export const REFERENCE_ACQUIRER_SERVICES: { serviceType: ServiceTypeCode; terminalCategory: TerminalCategory; codes: readonly string[] }[] = [
  { serviceType: 1, terminalCategory: 0, codes: ['MBB', 'CIMB', 'PBB', 'RHB', 'HLB', 'AMB'] },
  { serviceType: 2, terminalCategory: 0, codes: ALL_ACQUIRERS },
  { serviceType: 2, terminalCategory: 1, codes: ['MBB', 'CIMB', 'PBB', 'HLB'] },
  { serviceType: 2, terminalCategory: 2, codes: ['MBB', 'CIMB'] },
  { serviceType: 2, terminalCategory: 3, codes: ['MBB', 'CIMB', 'RHB', 'AMB'] },
  { serviceType: 3, terminalCategory: 0, codes: ['MBB', 'CIMB', 'HLB'] },
  { serviceType: 4, terminalCategory: 0, codes: ['MBB', 'CIMB', 'PBB'] },
  { serviceType: 5, terminalCategory: 0, codes: ['MBB', 'PBB', 'RHB'] },
  { serviceType: 6, terminalCategory: 0, codes: ['MBB', 'CIMB'] },
];

/** Advisory-lock key so two processes starting at once do not both create the default groups. */
const REFERENCE_LOCK_KEY = 7_302_026_001;

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/** The "serviceType:terminalCategory" codes REFERENCE_ACQUIRER_SERVICES gives an acquirer, in order. */
function referenceServicesOf(code: string): string[] {
  return REFERENCE_ACQUIRER_SERVICES.filter((l) => l.codes.includes(code)).map((l) => `${l.serviceType}:${l.terminalCategory}`);
}

/**
 * Seeds REFERENCE_ACQUIRER_SERVICES into acquirers.services when no acquirer serves anything yet
 * (a new database; see ensureReferenceData).
 */
async function seedAcquirerServices(tx: Tx): Promise<void> {
  const [any] = await tx.select({ id: acquirers.id }).from(acquirers).where(sql`cardinality(${acquirers.services}) > 0`).limit(1);
  if (any) return;
  for (const { code } of REFERENCE_ACQUIRERS) {
    const services = referenceServicesOf(code);
    if (services.length > 0) await tx.update(acquirers).set({ services }).where(eq(acquirers.code, code));
  }
}

/**
 * Makes sure the reference rows exist. Safe to run on every start, on PGlite and PostgreSQL:
 * - currencies, acquirers, banks, countries, MDR categories, payment products, terminal models
 *   and message template keys are inserted when their natural key (code, alpha-2, service type +
 *   category code, model, template key) is missing; existing rows, which an administrator may
 *   have edited, are left alone. Inactive flags of the lists (the UAT-only FPX test banks, CRYPTO) apply
 *   only to rows inserted here;
 * - the acquirers' services (service type × terminal category codes) are seeded once, while no
 *   acquirer serves anything: after that they are the administrators' to change (/acquirer), and a
 *   service removed on purpose must not come back at the next start;
 * - each group type gets one default group (`isDefault` true) when it has none;
 * - each default group gains any permission `defaultPermissions` now gives it and it lacks, so
 *   permissions added to the catalogue reach old databases; none is ever removed. When a group
 *   gains permissions its `version` is bumped so cached permission sets are refreshed.
 * - the group A configuration data (natures of business, card BINs, subscription plans, MDR
 *   rates, TPA product configurations) is seeded by ensureConfigDataA (seed/config-data-a.ts).
 * Runs in one transaction under an advisory lock.
 */
export async function ensureReferenceData(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK_KEY})`);
    await tx.insert(currencies).values([...REFERENCE_CURRENCIES]).onConflictDoNothing({ target: currencies.currencyCode });
    await tx.insert(acquirers).values([...REFERENCE_ACQUIRERS]).onConflictDoNothing({ target: acquirers.code });
    await tx.insert(banks).values(REFERENCE_BANKS).onConflictDoNothing({ target: banks.bankCode });
    await tx.insert(countries).values(iso3166Countries()).onConflictDoNothing();
    await tx.insert(mdrCategories).values(REFERENCE_MDR_CATEGORIES).onConflictDoNothing({ target: [mdrCategories.serviceType, mdrCategories.categoryCode] });
    await tx.insert(paymentProducts).values(REFERENCE_PAYMENT_PRODUCTS).onConflictDoNothing({ target: paymentProducts.productCode });
    await tx
      .insert(terminalModels)
      .values(TERMINAL_MODELS.map((m) => ({ model: m.model, manufacturer: m.manufacturer })))
      .onConflictDoNothing({ target: terminalModels.model });
    await tx
      .insert(messageTemplateKeys)
      .values(MESSAGE_TEMPLATE_KEYS.map((k) => ({ templateKey: k.key, description: k.description, placeholders: [...k.placeholders] })))
      .onConflictDoNothing({ target: messageTemplateKeys.templateKey });
    await seedAcquirerServices(tx);

    for (const groupType of GROUP_TYPES) {
      const [existing] = await tx
        .select({ id: userGroups.id })
        .from(userGroups)
        .where(and(eq(userGroups.groupType, groupType), eq(userGroups.isDefault, true)))
        .orderBy(asc(userGroups.id))
        .limit(1);
      let groupId = existing?.id;
      if (groupId === undefined) {
        const [created] = await tx
          .insert(userGroups)
          .values({
            name: DEFAULT_GROUP_NAMES[groupType],
            groupType,
            description: `Default ${DEFAULT_GROUP_NAMES[groupType]} group`,
            isDefault: true,
          })
          .returning({ id: userGroups.id });
        groupId = created!.id;
      }
      const permissions = defaultPermissions(groupType);
      if (permissions.length === 0) continue;
      const added = await tx
        .insert(userGroupPermissions)
        .values(permissions.map((permission) => ({ groupId: groupId!, permission })))
        .onConflictDoNothing()
        .returning({ permission: userGroupPermissions.permission });
      if (existing && added.length > 0) {
        await tx
          .update(userGroups)
          .set({ version: sql`${userGroups.version} + 1`, updatedAt: new Date() })
          .where(eq(userGroups.id, groupId));
      }
    }
    await ensureConfigDataA(tx, REFERENCE_PAYMENT_PRODUCTS);
    await ensureConfigDataB(tx);
  });
}

/** Ids of the default group of each group type. Call after ensureReferenceData. */
export async function defaultGroupIds(database: Database): Promise<Record<GroupType, number>> {
  const rows = await database.db
    .select({ id: userGroups.id, groupType: userGroups.groupType })
    .from(userGroups)
    .where(eq(userGroups.isDefault, true))
    .orderBy(asc(userGroups.id));
  const out: Partial<Record<GroupType, number>> = {};
  for (const r of rows) out[r.groupType as GroupType] ??= r.id;
  for (const t of GROUP_TYPES) if (out[t] === undefined) throw new Error(`No default user group of type ${t}; run ensureReferenceData first`);
  return out as Record<GroupType, number>;
}

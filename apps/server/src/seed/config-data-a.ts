/**
 * Group A configuration data every Paydesk database starts with (the resources of
 * packages/contract/src/resources/defs/group-a.ts): natures of business with their onboarding
 * risk, Malaysian card BINs, subscription plans, the MDR rates of the reference payment products
 * and which TPA provider processes the non-card products. Called at the end of
 * ensureReferenceData (same transaction, same advisory lock), so it runs at every start on PGlite
 * and PostgreSQL: every insert is `ON CONFLICT DO NOTHING` on the table's natural key, so a row an
 * administrator changed is left alone; a reference row deleted on purpose comes back at the next
 * start (deactivate it instead), as for the other reference lists.
 */
import { inArray } from 'drizzle-orm';
import { BUSINESS_CATEGORIES, type CardScheme, type CardType } from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import { businessCategories, cardBins, mdrCategories, mdrRates, paymentProducts, subscriptionPlans, tpaProductConfigs } from '../db/schema/index.ts';
import type { MdrCategoryCode } from './reference-data.ts';

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

// ---------------------------------------------------------------------------------------------
// Natures of business (/nature-business)
// ---------------------------------------------------------------------------------------------

/**
 * Onboarding risk by MCC, the acquirer's choice (§3 is silent): HIGH for card-not-present trades
 * with high chargeback and fraud rates (direct marketing; in-game credits, a favourite of stolen
 * cards), and for the schemes' "high-brand-risk" codes 4829 money transfer, 5967 inbound
 * teleservices, 7995 betting and 5993 tobacco should they be added; MEDIUM for goods delivered
 * long after payment (travel, airlines, hotels), high-value goods that resell easily (jewellery,
 * electronics), alcohol (licensed trade), card-not-present digital goods and services,
 * pharmacies and charities (card testing with small donations); LOW for the rest.
 */
const RISK_BY_MCC: Readonly<Record<string, 'MEDIUM' | 'HIGH'>> = {
  '4829': 'HIGH', '5967': 'HIGH', '7995': 'HIGH', '5993': 'HIGH', '5969': 'HIGH', '5816': 'HIGH',
  '4511': 'MEDIUM', '4722': 'MEDIUM', '7011': 'MEDIUM', '5944': 'MEDIUM', '5732': 'MEDIUM', '5813': 'MEDIUM', '5921': 'MEDIUM',
  '5815': 'MEDIUM', '5817': 'MEDIUM', '4816': 'MEDIUM', '5912': 'MEDIUM', '8398': 'MEDIUM',
};

/** The domain's BUSINESS_CATEGORIES with their risk level. */
export const REFERENCE_BUSINESS_CATEGORIES = BUSINESS_CATEGORIES.map((c) => ({ mcc: c.mcc, categoryName: c.name, riskLevel: RISK_BY_MCC[c.mcc] ?? 'LOW' }));

// ---------------------------------------------------------------------------------------------
// Card BINs (/cardBIN-maintenance)
// ---------------------------------------------------------------------------------------------

const MAYBANK = 'Malayan Banking Berhad (Maybank)';
const CIMB = 'CIMB Bank Berhad';
const PUBLIC_BANK = 'Public Bank Berhad';
const RHB = 'RHB Bank Berhad';
const HONG_LEONG = 'Hong Leong Bank Berhad';
const AMBANK = 'AmBank (M) Berhad';
const BSN = 'Bank Simpanan Nasional';
const BANK_ISLAM = 'Bank Islam Malaysia Berhad';

const bin = (binPrefix: string, cardScheme: CardScheme, cardType: CardType, issuerName: string) => ({ binPrefix, cardScheme, cardType, issuerName, issuerCountry: 'MYS', isDomestic: 1 });

/**
 * Malaysian issuer BINs (6-digit prefixes only, never card numbers), taken from the public
 * binlist/data dataset (ranges.csv: scheme, type, country MY and issuer as listed there), main
 * retail banks only. It is a community-maintained list, not the schemes' BIN tables: issuers
 * re-assign ranges, so an operator should check the list against its scheme BIN files.
 */
export const REFERENCE_CARD_BINS = [
  bin('428332', 'VISA', 'DEBIT', MAYBANK),
  bin('446031', 'VISA', 'CREDIT', MAYBANK),
  bin('450618', 'VISA', 'CREDIT', MAYBANK),
  bin('540067', 'MASTER', 'CREDIT', MAYBANK),
  bin('542124', 'MASTER', 'CREDIT', MAYBANK),
  bin('549186', 'MASTER', 'DEBIT', MAYBANK),
  bin('437599', 'VISA', 'CREDIT', CIMB),
  bin('492138', 'VISA', 'CREDIT', CIMB),
  bin('540007', 'MASTER', 'CREDIT', CIMB),
  bin('552115', 'MASTER', 'CREDIT', CIMB),
  bin('519603', 'MASTER', 'DEBIT', CIMB),
  bin('455357', 'VISA', 'CREDIT', PUBLIC_BANK),
  bin('447764', 'VISA', 'DEBIT', PUBLIC_BANK),
  bin('484810', 'VISA', 'DEBIT', PUBLIC_BANK),
  bin('547231', 'MASTER', 'CREDIT', PUBLIC_BANK),
  bin('542634', 'MASTER', 'CREDIT', PUBLIC_BANK),
  bin('457066', 'VISA', 'CREDIT', RHB),
  bin('428474', 'VISA', 'DEBIT', RHB),
  bin('540069', 'MASTER', 'CREDIT', RHB),
  bin('549782', 'MASTER', 'DEBIT', RHB),
  bin('429319', 'VISA', 'CREDIT', HONG_LEONG),
  bin('407284', 'VISA', 'DEBIT', HONG_LEONG),
  bin('548787', 'MASTER', 'CREDIT', HONG_LEONG),
  bin('539974', 'MASTER', 'DEBIT', HONG_LEONG),
  bin('429312', 'VISA', 'CREDIT', AMBANK),
  bin('541228', 'MASTER', 'CREDIT', AMBANK),
  bin('420709', 'VISA', 'DEBIT', BSN),
  bin('453229', 'VISA', 'CREDIT', BSN),
  bin('436542', 'VISA', 'DEBIT', BANK_ISLAM),
  bin('541415', 'MASTER', 'CREDIT', BANK_ISLAM),
  bin('465886', 'VISA', 'CREDIT', 'Affin Bank Berhad'),
  bin('451421', 'VISA', 'CREDIT', 'Alliance Bank Malaysia Berhad'),
  bin('522242', 'MASTER', 'CREDIT', 'Bank Kerjasama Rakyat Malaysia Berhad'),
];

// ---------------------------------------------------------------------------------------------
// Subscription plans (/subscription-config)
// ---------------------------------------------------------------------------------------------

/** Plans of a payment facilitator for small Malaysian merchants: ringgit a month, transactions a month (null = unlimited). */
export const REFERENCE_SUBSCRIPTION_PLANS = [
  { planCode: 'BASIC', planName: 'Basic', monthlyFee: '0.00', txnQuota: 100, description: 'Free plan for new merchants: up to 100 transactions a month.' },
  { planCode: 'STARTER', planName: 'Starter', monthlyFee: '49.00', txnQuota: 1000, description: 'Up to 1,000 transactions a month, payment links included.' },
  { planCode: 'GROWTH', planName: 'Growth', monthlyFee: '149.00', txnQuota: 10000, description: 'Up to 10,000 transactions a month, recurring payments and reports.' },
  { planCode: 'ENTERPRISE', planName: 'Enterprise', monthlyFee: '499.00', txnQuota: null, description: 'Unlimited transactions, dedicated account manager.' },
];

// ---------------------------------------------------------------------------------------------
// MDR rates (/mdr-products)
// ---------------------------------------------------------------------------------------------

interface Rate {
  feeMode: 1 | 2 | 3 | 4;
  mdrPercent: string;
  flatAmount: string;
  minFee?: string;
}

/**
 * The rate of each MDR category (§9 fee modes 1 MDR, 2 flat, 3 higher, 4 both), applied to every
 * reference payment product of the category from MDR_EFFECTIVE_DATE. Typical of a Malaysian
 * payment facilitator: cards 1.5 %–2.5 % (foreign cards 2.5 % plus RM 0.50), FPX a flat RM 1.00,
 * e-wallets 1.5 %, DuitNow QR 0.5 %, BNPL 4 %, instalments the higher of 2.5 % and RM 5.00. CRYPTO
 * is not offered, so it has no rate.
 */
const RATE_BY_CATEGORY: Readonly<Record<MdrCategoryCode, Rate | null>> = {
  CREDIT_DOMESTIC: { feeMode: 1, mdrPercent: '1.8000', flatAmount: '0.00' },
  CREDIT_FOREIGN: { feeMode: 4, mdrPercent: '2.5000', flatAmount: '0.50' },
  DEBIT: { feeMode: 1, mdrPercent: '1.5000', flatAmount: '0.00', minFee: '0.30' },
  EWALLET: { feeMode: 1, mdrPercent: '1.5000', flatAmount: '0.00' },
  FPX: { feeMode: 2, mdrPercent: '0.0000', flatAmount: '1.00' },
  BNPL: { feeMode: 1, mdrPercent: '4.0000', flatAmount: '0.00' },
  QR: { feeMode: 1, mdrPercent: '0.5000', flatAmount: '0.00' },
  INSTALMENT: { feeMode: 3, mdrPercent: '2.5000', flatAmount: '5.00' },
  CRYPTO: null,
};
export const MDR_EFFECTIVE_DATE = '2025-01-01';

// ---------------------------------------------------------------------------------------------
// TPA product configurations (/tpa-product-config)
// ---------------------------------------------------------------------------------------------

/**
 * Which provider processes which non-card product first (priority 1) and which one is the
 * fallback: a starting routing for FPX, e-wallets, DuitNow QR and BNPL (card products go to the
 * acquirers). An operator's own routing replaces it on /tpa-product-config.
 */
export const REFERENCE_TPA_PRODUCT_CONFIGS: readonly (readonly [productCode: string, provider: string, priority: number])[] = [
  ['EC-FPX-B2C', 'PAYEX', 1], ['EC-FPX-B2C', 'RAZERPAY', 2], ['EC-FPX-B2C', 'IPAY88', 3],
  ['EC-FPX-B2B', 'PAYEX', 1], ['EC-FPX-B2B', 'RAZERPAY', 2],
  ['EC-DUITNOW-QR', 'PAYDEE', 1], ['EC-DUITNOW-QR', 'REVENUE_MONSTER', 2],
  ['EC-TNG', 'REVENUE_MONSTER', 1], ['EC-TNG', 'IPAY88', 2],
  ['EC-GRABPAY', 'RAZERPAY', 1], ['EC-BOOST', 'REVENUE_MONSTER', 1], ['EC-SHOPEEPAY', 'RAZERPAY', 1],
  ['EC-ATOME', 'IPAY88', 1], ['EC-GRAB-PAYLATER', 'RAZERPAY', 1],
  ['POS-DUITNOW-QR', 'REVENUE_MONSTER', 1], ['POS-TNG', 'REVENUE_MONSTER', 1],
  ['PL-FPX-B2C', 'PAYEX', 1], ['PL-DUITNOW-QR', 'PAYDEE', 1], ['PL-TNG', 'REVENUE_MONSTER', 1], ['PL-ATOME', 'IPAY88', 1],
];

/**
 * Inserts the group A configuration rows that are missing (by natural key) inside the caller's
 * transaction. `products` are the reference payment products (REFERENCE_PAYMENT_PRODUCTS): only
 * they get seeded MDR rates, never a product an administrator added.
 */
export async function ensureConfigDataA(tx: Tx, products: readonly { productCode: string }[]): Promise<void> {
  await tx.insert(businessCategories).values(REFERENCE_BUSINESS_CATEGORIES).onConflictDoNothing({ target: businessCategories.mcc });
  await tx.insert(cardBins).values(REFERENCE_CARD_BINS).onConflictDoNothing({ target: cardBins.binPrefix });
  await tx.insert(subscriptionPlans).values(REFERENCE_SUBSCRIPTION_PLANS).onConflictDoNothing({ target: subscriptionPlans.planCode });

  const codes = [...new Set([...products.map((p) => p.productCode), ...REFERENCE_TPA_PRODUCT_CONFIGS.map(([code]) => code)])];
  const found = await tx
    .select({ id: paymentProducts.id, productCode: paymentProducts.productCode, serviceType: paymentProducts.serviceType, categoryCode: paymentProducts.categoryCode })
    .from(paymentProducts)
    .where(inArray(paymentProducts.productCode, codes));
  const categories = await tx.select({ id: mdrCategories.id, serviceType: mdrCategories.serviceType, categoryCode: mdrCategories.categoryCode }).from(mdrCategories);
  const categoryId = new Map(categories.map((c) => [`${c.serviceType}:${c.categoryCode}`, c.id]));
  const seeded = new Set(products.map((p) => p.productCode));

  const rates = found.flatMap((p) => {
    const rate = RATE_BY_CATEGORY[p.categoryCode as MdrCategoryCode];
    const mdrCategoryId = categoryId.get(`${p.serviceType}:${p.categoryCode}`);
    if (!seeded.has(p.productCode) || !rate || mdrCategoryId === undefined) return [];
    return [{ paymentProductId: p.id, mdrCategoryId, feeMode: rate.feeMode, mdrPercent: rate.mdrPercent, flatAmount: rate.flatAmount, minFee: rate.minFee ?? null, effectiveDate: MDR_EFFECTIVE_DATE }];
  });
  if (rates.length > 0) await tx.insert(mdrRates).values(rates).onConflictDoNothing({ target: [mdrRates.paymentProductId, mdrRates.mdrCategoryId, mdrRates.effectiveDate] });

  const productId = new Map(found.map((p) => [p.productCode, p.id]));
  const routes = REFERENCE_TPA_PRODUCT_CONFIGS.flatMap(([code, provider, priority]) => {
    const paymentProductId = productId.get(code);
    return paymentProductId === undefined ? [] : [{ paymentProductId, provider, priority }];
  });
  if (routes.length > 0) await tx.insert(tpaProductConfigs).values(routes).onConflictDoNothing({ target: [tpaProductConfigs.paymentProductId, tpaProductConfigs.provider] });
}

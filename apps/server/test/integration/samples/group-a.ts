import type { ResourceSamples } from '../resource-samples.ts';

/*
 * The contract suite searches with the first "contains" field of create(i) and exports with it after
 * `update`, so an update sample never changes that field (the name, for most resources).
 */

/** Two capital letters unique for i < 676. */
export const letters = (i: number) => String.fromCharCode(65 + (Math.floor(i / 26) % 26), 65 + (i % 26));
/** A calendar day unique for each i, far from the seeded MDR rates (2025-01-01). */
const dayOf = (i: number) => new Date(Date.UTC(2031, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
/** The first seeded payment product (EC-VISA-CR, id 1) and MDR category ((1, CREDIT_DOMESTIC), id 1): ids of a fresh database. */
const PRODUCT_ID = 1;
const CATEGORY_ID = 1;
/** Providers of TpaProductConfig samples: the seed routes none of them for product 1 (a card product). */
const PROVIDERS = ['M1', 'GOBIZ', 'IOUPAY', 'REVPAY', 'ENMOS', 'SAFEPAY168', 'COIN2PAY', 'PAYDIBS', 'PAYDOLLAR', 'TAZAPAY', 'FINEXUS', 'FISERV', 'MCASH'];

export const SAMPLES_A: Record<string, ResourceSamples> = {
  Currency: {
    create: (i) => ({ CurrencyCode: `Q${letters(i)}`, Name: `Test currency ${i}`, Symbol: `Q${i}`, SortOrder: 50 + (i % 900) }),
    update: { Name: 'Renamed test currency' },
    bad: { input: { CurrencyCode: 'usd', Name: 'x', Symbol: '$' }, field: 'CurrencyCode' },
  },
  Bank: {
    create: (i) => ({
      BankName: `Test bank ${i}`, BankCode: `TST${String(i).padStart(4, '0')}`, SwiftCode: `TSTBMY${letters(i)}`, Country: 'MALAYSIA', Channels: ['B2C'], SortOrder: 500 + (i % 400),
    }),
    update: { SwiftCode: 'TSTBMYKL', Channels: ['B2C', 'B2B'], SortOrder: 321 },
    bad: { input: { BankName: 'Bad bank', BankCode: 'maybank 2u', Country: 'MALAYSIA' }, field: 'BankCode' },
  },
  MdrCategory: {
    create: (i) => ({ CategoryCode: `TEST_${letters(i)}`, CategoryName: `Test category ${i}`, ServiceType: 1 + (i % 6) }),
    update: { CategoryName: 'Renamed test category' },
    bad: { input: { CategoryCode: 'TEST_X', CategoryName: 'x', ServiceType: 7 }, field: 'ServiceType' },
  },
  PaymentCategory: {
    create: (i) => ({ ProductName: `Test product ${i}`, ProductCode: `TEST-${letters(i)}`, ServiceType: 1, CategoryCode: 'FPX' }),
    update: { CategoryCode: 'EWALLET' },
    bad: { input: { ProductName: 'x', ProductCode: 'test product', ServiceType: 1, CategoryCode: 'FPX' }, field: 'ProductCode' },
  },
  Acquirer: {
    create: (i) => ({ AcqName: `Test acquirer ${i}`, Code: `TEST_${letters(i)}`, Description: 'Test acquirer', Services: ['1:0', '2:0', '2:1'] }),
    update: { Description: 'Serves terminals and recurring', Services: ['2:0', '2:3', '6:0'] },
    bad: { input: { AcqName: 'x', Code: 'TEST_BAD', Services: ['2:9'] }, field: 'Services' },
  },
  MdrProduct: {
    create: (i) => ({
      PaymentProductId: PRODUCT_ID, MdrCategoryId: CATEGORY_ID, FeeMode: 1, MdrPercent: '1.8000', FlatAmount: '0.00', MinFee: '0.50', MaxFee: null, EffectiveDate: dayOf(i),
    }),
    update: { FeeMode: 4, FlatAmount: '0.30' },
    bad: { input: { PaymentProductId: PRODUCT_ID, MdrCategoryId: CATEGORY_ID, FeeMode: 1, MdrPercent: '0', FlatAmount: '0.00', EffectiveDate: dayOf(900) }, field: 'MdrPercent' },
  },
  TpaProductConfig: {
    create: (i) => ({ Provider: PROVIDERS[i % PROVIDERS.length], PaymentProductId: PRODUCT_ID, Priority: 10 + i }),
    update: { Priority: 2 },
    bad: { input: { Provider: 'NOT_A_PROVIDER', PaymentProductId: PRODUCT_ID, Priority: 1 }, field: 'Provider' },
  },
  Subscription: {
    create: (i) => ({ PlanCode: `TEST_${letters(i)}`, PlanName: `Test plan ${i}`, MonthlyFee: '99.00', TxnQuota: 1000 + i, Description: 'Test plan' }),
    update: { MonthlyFee: '120.50', TxnQuota: null },
    bad: { input: { PlanCode: 'TEST_BAD', PlanName: 'x', MonthlyFee: '-1' }, field: 'MonthlyFee' },
  },
  NatureBusiness: {
    create: (i) => ({ Mcc: `99${String(i % 90).padStart(2, '0')}`, CategoryName: `Test nature of business ${i}`, RiskLevel: 'MEDIUM' }),
    update: { RiskLevel: 'HIGH' },
    bad: { input: { Mcc: '12A4', CategoryName: 'x' }, field: 'Mcc' },
  },
  CardBin: {
    create: (i) => ({
      BinPrefix: `4999${String(i).padStart(4, '0')}`, CardScheme: 'VISA', CardType: 'CREDIT', IssuerName: `Test issuer ${i}`, IssuerCountry: 'SGP', IsDomestic: 0,
    }),
    update: { IssuerName: 'Renamed test issuer', CardType: 'DEBIT' },
    bad: { input: { BinPrefix: '49990999', CardScheme: 'MASTER', CardType: 'CREDIT', IssuerName: 'x', IssuerCountry: 'MYS', IsDomestic: 1 }, field: 'CardScheme' },
  },
};

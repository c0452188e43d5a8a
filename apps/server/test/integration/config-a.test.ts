/**
 * Group A configuration resources beyond the generic contract suite (resources.test.ts): the seed
 * (counts, idempotence, realistic values), the cross-field rules (MDR fee modes, card BIN scheme
 * and domestic flag) on Create, Update and BulkUpload, and the database refusals answered by name
 * (an MDR category still used by payment products, unknown references, composite keys). Through the
 * real server on PGlite and (when DATABASE_URL is set) PostgreSQL.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@paydesk/contract';
import { BUSINESS_CATEGORIES, detectCardScheme } from '@paydesk/domain';
import { ensureReferenceData } from '../../src/seed/index.ts';
import {
  MDR_EFFECTIVE_DATE, REFERENCE_BUSINESS_CATEGORIES, REFERENCE_CARD_BINS, REFERENCE_SUBSCRIPTION_PLANS, REFERENCE_TPA_PRODUCT_CONFIGS,
} from '../../src/seed/config-data-a.ts';
import { REFERENCE_PAYMENT_PRODUCTS } from '../../src/seed/reference-data.ts';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

type Item = Record<string, unknown> & { Id: number; Version: number };
const api = (name: string, op: string) => `/api/portal/${name}/${op}`;

describe.each(DATABASES)('group A configuration on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  const count = async (sql: string, params: unknown[] = []) => (await s.database.query<{ n: number }>(sql, params))[0]!.n;
  const idOf = async (sql: string, params: unknown[] = []) => (await s.database.query<{ id: number }>(sql, params))[0]!.id;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 50 });
    admin = await s.signIn('admin@paydesk.my');
  });
  afterAll(async () => s.close());

  it('seeds natures of business, card BINs, plans, MDR rates and TPA routes, idempotently', async () => {
    const COUNTS = `SELECT (SELECT count(*) FROM business_categories)::int AS natures, (SELECT count(*) FROM card_bins)::int AS bins,
      (SELECT count(*) FROM subscription_plans)::int AS plans, (SELECT count(*) FROM mdr_rates)::int AS rates, (SELECT count(*) FROM tpa_product_configs)::int AS routes`;
    const rated = REFERENCE_PAYMENT_PRODUCTS.filter((p) => p.categoryCode !== 'CRYPTO').length;
    const seeded = { natures: BUSINESS_CATEGORIES.length, bins: REFERENCE_CARD_BINS.length, plans: REFERENCE_SUBSCRIPTION_PLANS.length, rates: rated, routes: REFERENCE_TPA_PRODUCT_CONFIGS.length };
    expect((await s.database.query(COUNTS))[0]).toEqual(seeded);
    expect(seeded.bins).toBeGreaterThanOrEqual(30);

    // An administrator's change survives the next start; nothing is inserted twice.
    await s.database.query(`UPDATE business_categories SET risk_level = 'HIGH' WHERE mcc = '5411'`);
    await s.database.query(`UPDATE mdr_rates SET mdr_percent = 1.6 WHERE fee_mode = 1 AND mdr_percent = 1.8`);
    await ensureReferenceData(s.database);
    await ensureReferenceData(s.database);
    expect((await s.database.query(COUNTS))[0]).toEqual(seeded);
    expect(await count(`SELECT count(*)::int AS n FROM business_categories WHERE mcc = '5411' AND risk_level = 'HIGH'`)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM mdr_rates WHERE mdr_percent = 1.8`)).toBe(0);
    await s.database.query(`UPDATE business_categories SET risk_level = 'LOW' WHERE mcc = '5411'`);
    await s.database.query(`UPDATE mdr_rates SET mdr_percent = 1.8 WHERE fee_mode = 1 AND mdr_percent = 1.6`);
  });

  it('seeds realistic values: §3 schemes for every BIN, risk levels, MDR by fee mode', async () => {
    for (const b of REFERENCE_CARD_BINS) expect(detectCardScheme(b.binPrefix), b.binPrefix).toBe(b.cardScheme);
    const bins = await admin.callPath<{ Items: Item[]; TotalRecords: number }>('POST', api('CardBin', 'Search'), { RowsPerPage: 999, SearchData: { IssuerName: 'Maybank' } });
    expect(bins.TotalRecords).toBeGreaterThan(3);
    expect(bins.Items.every((b) => b.IssuerCountry === 'MYS' && b.IsDomestic === 1)).toBe(true);
    expect(REFERENCE_BUSINESS_CATEGORIES.find((c) => c.mcc === '5969')?.riskLevel).toBe('HIGH');
    expect(REFERENCE_BUSINESS_CATEGORIES.find((c) => c.mcc === '4722')?.riskLevel).toBe('MEDIUM');

    const rates = await s.database.query<{ product_code: string; fee_mode: number; mdr_percent: string; flat_amount: string; effective_date: string }>(
      `SELECT p.product_code, r.fee_mode, r.mdr_percent, r.flat_amount, to_char(r.effective_date, 'YYYY-MM-DD') AS effective_date
       FROM mdr_rates r JOIN payment_products p ON p.id = r.payment_product_id JOIN mdr_categories c ON c.id = r.mdr_category_id
       WHERE c.service_type = p.service_type AND c.category_code = p.category_code`,
    );
    expect(rates.length).toBe(await count('SELECT count(*)::int AS n FROM mdr_rates'));
    const rate = (code: string) => rates.find((r) => r.product_code === code);
    expect(rate('EC-VISA-CR')).toMatchObject({ fee_mode: 1, mdr_percent: '1.8000', flat_amount: '0.00', effective_date: MDR_EFFECTIVE_DATE });
    expect(rate('EC-FPX-B2C')).toMatchObject({ fee_mode: 2, mdr_percent: '0.0000', flat_amount: '1.00' });
    expect(rate('EC-INTL-CR')).toMatchObject({ fee_mode: 4, mdr_percent: '2.5000', flat_amount: '0.50' });
    expect(rate('EC-CRYPTO')).toBeUndefined();
    for (const r of rates.filter((x) => /-(VISA|MC|CARD)-/.test(x.product_code))) expect(Number(r.mdr_percent)).toBeGreaterThanOrEqual(1.5);
  });

  it('applies the MDR fee mode rule on Create, on Update of the stored record and on BulkUpload', async () => {
    const base = { PaymentProductId: 1, MdrCategoryId: 1, FlatAmount: '0.00', MdrPercent: '1.5000', EffectiveDate: '2032-03-01' };
    const flatInMode1 = await errorOf(admin.callPath('POST', api('MdrProduct', 'Create'), { ...base, FeeMode: 1, FlatAmount: '0.50' }));
    expect(flatInMode1.status).toBe(400);
    expect(flatInMode1.message).toBe('VAL400: FlatAmount: set the flat amount to 0 for fee mode 1 (MDR), or use fee mode 4 to charge both');
    const noFlat = await errorOf(admin.callPath('POST', api('MdrProduct', 'Create'), { ...base, FeeMode: 2, MdrPercent: '0' }));
    expect(noFlat.message).toBe('VAL400: FlatAmount: enter an amount above 0 for fee mode 2');
    const minAboveMax = await errorOf(admin.callPath('POST', api('MdrProduct', 'Create'), { ...base, FeeMode: 1, MinFee: '5.00', MaxFee: '1.00' }));
    expect(minAboveMax.message).toBe('VAL400: MinFee: enter a minimum fee not above the maximum fee');

    const created = await admin.callPath<Item>('POST', api('MdrProduct', 'Create'), { ...base, FeeMode: 1 });
    // Only MdrPercent is sent: the schema cannot judge it alone, the engine judges the stored record with it.
    const zero = await errorOf(admin.callPath('PUT', api('MdrProduct', 'Update'), { Id: created.Id, Version: 1, MdrPercent: '0' }));
    expect(zero.status).toBe(400);
    expect(zero.message).toBe('VAL400: MdrPercent: enter a rate above 0 for fee mode 1');
    const toFlat = await admin.callPath<Item>('PUT', api('MdrProduct', 'Update'), { Id: created.Id, Version: 1, FeeMode: 2, MdrPercent: '0', FlatAmount: '0.80' });
    expect(toFlat).toMatchObject({ FeeMode: 2, MdrPercent: '0.0000', FlatAmount: '0.80', Version: 2 });
    // SetStatus changes no priced field: no rule to judge.
    expect((await admin.callPath<Item>('PUT', api('MdrProduct', 'SetStatus'), { Id: created.Id, IsActive: 0, Version: 2 })).IsActive).toBe(0);

    const form = new FormData();
    const file = ['PaymentProductId,MdrCategoryId,FeeMode,MdrPercent,FlatAmount,EffectiveDate', '1,1,3,2.5,1.00,2032-04-01', '1,1,3,2.5,0,2032-04-02'].join('\n');
    form.append('file', new Blob([file]), 'rates.csv');
    const bulk = await errorOf(admin.callPath('POST', api('MdrProduct', 'BulkUpload'), form));
    expect(bulk.body?.Errors).toEqual([{ Row: 3, Field: 'FlatAmount', Message: 'enter an amount above 0 for fee mode 3' }]);
  });

  it('reads upload files as typed: a CSV keeps leading zeros and dates, a sheet’s date cells are calendar days', async () => {
    const upload = (name: string, file: Blob, filename: string) => {
      const form = new FormData();
      form.append('file', file, filename);
      return admin.callPath<{ Applied: number; Created: number; Updated: number }>('POST', api(name, 'BulkUpload'), form);
    };
    // 0742 (veterinary services) is seeded: the natural key matches, so the row updates it.
    expect(await upload('NatureBusiness', new Blob(['Mcc,CategoryName,RiskLevel\n0742,Veterinary Services,MEDIUM\n']), 'natures.csv')).toEqual({ Applied: 1, Created: 0, Updated: 1 });
    expect(await s.database.query(`SELECT risk_level FROM business_categories WHERE mcc = '0742'`)).toEqual([{ risk_level: 'MEDIUM' }]);

    const csvRates = 'PaymentProductId,MdrCategoryId,FeeMode,MdrPercent,FlatAmount,EffectiveDate\n1,1,1,1.2,0.00,2033-01-14\n';
    expect(await upload('MdrProduct', new Blob([csvRates]), 'rates.csv')).toEqual({ Applied: 1, Created: 1, Updated: 0 });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('rates');
    ws.addRow(['PaymentProductId', 'MdrCategoryId', 'FeeMode', 'MdrPercent', 'FlatAmount', 'EffectiveDate']);
    ws.addRow([1, 1, 1, 1.25, 0, new Date(Date.UTC(2033, 0, 15))]);
    expect(await upload('MdrProduct', new Blob([await wb.xlsx.writeBuffer()]), 'rates.xlsx')).toEqual({ Applied: 1, Created: 1, Updated: 0 });
    const rows = await s.database.query(`SELECT to_char(effective_date, 'YYYY-MM-DD') AS day, mdr_percent FROM mdr_rates WHERE effective_date >= '2033-01-01' ORDER BY effective_date`);
    expect(rows).toEqual([{ day: '2033-01-14', mdr_percent: '1.2000' }, { day: '2033-01-15', mdr_percent: '1.2500' }]);
  });

  it('names the fields of a composite key that already exists, and refuses unknown references by field', async () => {
    const dupRate = await errorOf(admin.callPath('POST', api('MdrProduct', 'Create'), { PaymentProductId: 1, MdrCategoryId: 1, FeeMode: 1, MdrPercent: '1', FlatAmount: '0', EffectiveDate: MDR_EFFECTIVE_DATE }));
    expect(dupRate.status).toBe(409);
    expect(dupRate.message).toBe('CF409: PaymentProductId, MdrCategoryId, EffectiveDate: this combination already exists');
    const dupCategory = await errorOf(admin.callPath('POST', api('MdrCategory', 'Create'), { CategoryCode: 'FPX', CategoryName: 'Again', ServiceType: 1 }));
    expect(dupCategory.message).toBe('CF409: ServiceType, CategoryCode: this combination already exists');
    const dupRoute = await errorOf(admin.callPath('POST', api('TpaProductConfig', 'Create'), { Provider: 'PAYEX', PaymentProductId: await idOf(`SELECT id FROM payment_products WHERE product_code = 'EC-FPX-B2C'`), Priority: 5 }));
    expect(dupRoute.message).toBe('CF409: PaymentProductId, Provider: this combination already exists');

    const noProduct = await errorOf(admin.callPath('POST', api('MdrProduct', 'Create'), { PaymentProductId: 99999, MdrCategoryId: 1, FeeMode: 1, MdrPercent: '1', FlatAmount: '0', EffectiveDate: '2032-05-01' }));
    expect(noProduct.status).toBe(400);
    expect(noProduct.message).toBe('VAL400: PaymentProductId: refers to a record that does not exist (payment products)');
    const noCategory = await errorOf(admin.callPath('POST', api('PaymentCategory', 'Create'), { ProductName: 'Orphan', ProductCode: 'EC-ORPHAN', ServiceType: 4, CategoryCode: 'FPX' }));
    expect(noCategory.status).toBe(400);
    expect(noCategory.message).toBe('VAL400: ServiceType, CategoryCode: refers to a record that does not exist (mdr categories)');
    const noCountry = await errorOf(admin.callPath('POST', api('CardBin', 'Create'), { BinPrefix: '41111111', CardScheme: 'VISA', CardType: 'DEBIT', IssuerName: 'x', IssuerCountry: 'XYZ', IsDomestic: 0 }));
    expect(noCountry.message).toBe('VAL400: IssuerCountry: refers to a record that does not exist (countries)');
    // An optional field sent as null where the column takes no null.
    const nullCountry = await errorOf(admin.callPath('POST', api('Bank', 'Create'), { BankName: 'Null country', BankCode: 'NUL0001', Country: null }));
    expect(nullCountry.message).toBe('VAL400: Country: is required');
  });

  it('refuses to delete or re-key an MDR category that payment products use, naming them', async () => {
    const fpx = await admin.callPath<{ Items: Item[] }>('POST', api('MdrCategory', 'Search'), { SearchData: { CategoryCode: 'FPX', ServiceType: 3 } });
    const category = fpx.Items.find((c) => c.CategoryCode === 'FPX')!;
    // No MDR rate uses the payment-link FPX category by id only if none was seeded for it; clear them so the foreign key speaks.
    await s.database.query('DELETE FROM mdr_rates WHERE mdr_category_id = $1', [category.Id]);
    const del = await errorOf(admin.callPath('DELETE', `${api('MdrCategory', 'Delete')}/${category.Id}`));
    expect(del.status).toBe(409);
    expect(del.message).toBe('CF409: MdrCategory: still used by payment products, so it cannot be deleted or have its key changed');
    const rekey = await errorOf(admin.callPath('PUT', api('MdrCategory', 'Update'), { Id: category.Id, Version: category.Version, CategoryCode: 'FPX_ONLINE' }));
    expect(rekey.message).toBe('CF409: MdrCategory: still used by payment products, so it cannot be deleted or have its key changed');
    expect((await admin.callPath<Item>('GET', `${api('MdrCategory', 'Get')}/${category.Id}`)).CategoryCode).toBe('FPX');
    // Declared dependents are counted first and named with their number.
    const debit = await idOf(`SELECT id FROM mdr_categories WHERE service_type = 1 AND category_code = 'DEBIT'`);
    const used = await errorOf(admin.callPath('DELETE', `${api('MdrCategory', 'Delete')}/${debit}`));
    expect(used.message).toMatch(/^CF409: Cannot delete DEBIT: MDR rates still use it$/);
    const mcc = (await s.database.query<{ business_category: string }>(`SELECT business_category FROM organizations WHERE business_category IS NOT NULL LIMIT 1`))[0]!.business_category;
    const nature = await idOf('SELECT id FROM business_categories WHERE mcc = $1', [mcc]);
    expect((await errorOf(admin.callPath('DELETE', `${api('NatureBusiness', 'Delete')}/${nature}`))).message).toMatch(/^CF409: Cannot delete .+: organizations still use it$/);
  });

  it('checks a BIN against its §3 scheme and the domestic flag against the country, also on a partial update', async () => {
    const mismatch = await errorOf(admin.callPath('POST', api('CardBin', 'Create'), { BinPrefix: '52000001', CardScheme: 'VISA', CardType: 'CREDIT', IssuerName: 'x', IssuerCountry: 'MYS', IsDomestic: 1 }));
    expect(mismatch.message).toBe('VAL400: CardScheme: choose the card scheme of BIN 52000001: Mastercard (MASTER)');
    const unknown = await errorOf(admin.callPath('POST', api('CardBin', 'Create'), { BinPrefix: '99000001', CardScheme: 'VISA', CardType: 'CREDIT', IssuerName: 'x', IssuerCountry: 'MYS', IsDomestic: 1 }));
    expect(unknown.message).toBe('VAL400: BinPrefix: enter a BIN within the range of a card scheme');
    const foreignDomestic = await errorOf(admin.callPath('POST', api('CardBin', 'Create'), { BinPrefix: '62000001', CardScheme: 'UNIONPAY', CardType: 'DEBIT', IssuerName: 'x', IssuerCountry: 'CHN', IsDomestic: 1 }));
    expect(foreignDomestic.message).toBe('VAL400: IsDomestic: set domestic to no: only cards issued in Malaysia (MYS) are domestic');
    const created = await admin.callPath<Item>('POST', api('CardBin', 'Create'), { BinPrefix: '62000001', CardScheme: 'UNIONPAY', CardType: 'DEBIT', IssuerName: 'x', IssuerCountry: 'CHN', IsDomestic: 0 });
    const moved = await errorOf(admin.callPath('PUT', api('CardBin', 'Update'), { Id: created.Id, Version: 1, BinPrefix: '41000001' }));
    expect(moved.message).toBe('VAL400: CardScheme: choose the card scheme of BIN 41000001: Visa (VISA)');
    expect(await admin.callPath<Item>('PUT', api('CardBin', 'Update'), { Id: created.Id, Version: 1, BinPrefix: '41000001', CardScheme: 'VISA' })).toMatchObject({ BinPrefix: '41000001', CardScheme: 'VISA', Version: 2 });
  });

  it('answers GetAcquirerByServiceType from the Acquirer resource’s Services', async () => {
    const created = await admin.callPath<Item>('POST', api('Acquirer', 'Create'), { AcqName: 'Aardvark Kiosk Bank', Code: 'AKB', Services: ['2:2'] });
    const kiosk = await admin.call('acquirersByServiceType', { body: { ServiceType: 2, TxnCategory: 2 } });
    expect(kiosk.map((a) => a.AcquirerId)).toContain(created.Id);
    expect((await admin.call('acquirersByServiceType', { body: { ServiceType: 2, TxnCategory: 0 } })).map((a) => a.AcquirerId)).toContain(created.Id);
    expect((await admin.call('acquirersByServiceType', { body: { ServiceType: 2, TxnCategory: 1 } })).map((a) => a.AcquirerId)).not.toContain(created.Id);
    await admin.callPath('PUT', api('Acquirer', 'Update'), { Id: created.Id, Version: 1, Services: [] });
    expect((await admin.call('acquirersByServiceType', { body: { ServiceType: 2, TxnCategory: 0 } })).map((a) => a.AcquirerId)).not.toContain(created.Id);
  });
});

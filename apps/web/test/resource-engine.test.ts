/**
 * The resource screens' pure parts over the real declarations: the list's URL query, the form's
 * values and bodies checked with the contract's schemas, lookup values, abilities, the error report.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES, resourceByPath, type ResourceDef } from '@paydesk/contract';
import { RULE_MESSAGES, fieldMessage } from '@paydesk/domain';
import { abilitiesOf } from '../src/features/resources/abilities.ts';
import { INVALID_JSON, REQUIRED_MESSAGE, checkBody, differs, fieldOfMessage, toBody, toFormValues } from '../src/features/resources/form-values.ts';
import { humanize } from '../src/features/resources/labels.ts';
import { defaultQuery, parseListQuery, toSearchBody, toSearchParams } from '../src/features/resources/list-query.ts';
import { LOOKUPS, valueKey } from '../src/features/resources/lookups.ts';
import { settingKind } from '../src/features/resources/overrides/system-setting-value.tsx';
import { errorReportCsv, rowErrorsOf } from '../src/shared/csv.ts';

const def = (path: string): ResourceDef => resourceByPath(path)!;
const currency = def('/currency-config');
const mdrProducts = def('/mdr-products');

describe('list query in the URL', () => {
  it('reads filters, keyword, status, page and sort, and writes them back without defaults', () => {
    const q = parseListQuery(currency, new URLSearchParams('CurrencyCode=US&q=dollar&active=1&page=2&size=50&sort=Name&order=desc&junk=1'));
    expect(q).toEqual({ filters: { CurrencyCode: 'US' }, keyword: 'dollar', active: 1, page: 2, size: 50, sort: 'Name', order: 'desc' });
    expect(toSearchParams(currency, q).toString()).toBe('CurrencyCode=US&q=dollar&active=1&page=2&size=50&sort=Name&order=desc');
    expect(toSearchParams(currency, defaultQuery(currency)).toString()).toBe('');
    expect(toSearchBody(q)).toEqual({ PageIndex: 2, RowsPerPage: 50, SearchData: { CurrencyCode: 'US', Keyword: 'dollar', IsActive: 1 }, Sort: { Field: 'Name', Order: 'desc' } });
  });

  it('refuses what the engine would refuse: unknown sort fields, page sizes and status values', () => {
    const q = parseListQuery(currency, new URLSearchParams('sort=Symbol&size=7&active=2&page=-1'));
    expect(q).toEqual(defaultQuery(currency));
  });

  it('keeps an `in` filter as a list', () => {
    const inFilter = RESOURCES.flatMap((d) => Object.entries(d.fields).filter(([, f]) => f.filter === 'in').map(([k]) => [d, k] as const))[0];
    if (!inFilter) return;
    const [d, k] = inFilter;
    expect(parseListQuery(d, new URLSearchParams(`${k}=A,B,A`)).filters[k]).toEqual(['A', 'B']);
  });

  it('every declared resource parses its own default query and sorts by a field the engine sorts by', () => {
    for (const d of RESOURCES) {
      const q = parseListQuery(d, new URLSearchParams());
      expect(q.sort, d.name).toBe(d.defaultSort.Field);
    }
  });
});

describe('form values and bodies', () => {
  it('builds a create body the contract accepts, leaving empty optional fields out', () => {
    const values = { ...toFormValues(currency), CurrencyCode: 'JPY', Name: 'Yen', Symbol: '¥' };
    const body = toBody(currency, values, 'create');
    expect(body).toEqual({ CurrencyCode: 'JPY', Name: 'Yen', Symbol: '¥' });
    expect(checkBody(currency, 'create', body)).toEqual({ data: body });
  });

  it('sends the Id and Version with an update and clears an emptied optional field', () => {
    const item = { Id: 3, Version: 4, IsActive: 1, CreatedAt: '', UpdatedAt: '', CurrencyCode: 'SGD', Name: 'Singapore Dollar', Symbol: 'S$', SortOrder: 2 };
    const values = { ...toFormValues(currency, item), SortOrder: null };
    expect(toBody(currency, values, 'update', item)).toEqual({ CurrencyCode: 'SGD', Name: 'Singapore Dollar', Symbol: 'S$', SortOrder: null, Id: 3, Version: 4 });
  });

  it('clears on update only what may be empty, and keeps decimals as the text typed', () => {
    const config = def('/merchant-config');
    const item = { Id: 1, Version: 1, IsActive: 1, CreatedAt: '', UpdatedAt: '', SettlementDays: 2, PayoutAccountName: 'Kedai Ali' };
    const body = toBody(config, { ...toFormValues(config, item), SettlementDays: null, PayoutAccountName: '' }, 'update', item);
    // SettlementDays has a database default and no null; the account name may be empty.
    expect(body).not.toHaveProperty('SettlementDays');
    expect(body.PayoutAccountName).toBeNull();

    const risk = def('/risk-parameter');
    const threshold = toFormValues(risk, { Id: 1, Version: 1, IsActive: 1, CreatedAt: '', UpdatedAt: '', Threshold: '10000.50' }).Threshold;
    expect(threshold).toBe('10000.50');
  });

  it("maps the schema's problems to fields, a missing value to the required message", () => {
    const result = checkBody(mdrProducts, 'create', toBody(mdrProducts, { ...toFormValues(mdrProducts), FeeMode: 1, MdrPercent: '1.5', FlatAmount: '0.001' }, 'create'));
    expect(result).toEqual({
      errors: expect.objectContaining({ PaymentProductId: REQUIRED_MESSAGE, MdrCategoryId: REQUIRED_MESSAGE, FlatAmount: 'invalid transaction amount', EffectiveDate: REQUIRED_MESSAGE }),
    });
  });

  it("reports the resource's cross-field rule on the field it names", () => {
    const values = { ...toFormValues(mdrProducts), PaymentProductId: 1, MdrCategoryId: 2, FeeMode: 2, MdrPercent: '0', FlatAmount: '0', EffectiveDate: '2026-01-01' };
    expect(checkBody(mdrProducts, 'create', toBody(mdrProducts, values, 'create'))).toEqual({ errors: { FlatAmount: fieldMessage(RULE_MESSAGES.feeModeAmount, { mode: 2 }) } });
  });

  it('keeps a stored secret when its input is left empty', () => {
    const owned = RESOURCES.find((d) => Object.values(d.fields).some((f) => f.secret));
    if (!owned) return;
    const [name] = Object.entries(owned.fields).find(([, f]) => f.secret)!;
    expect(toBody(owned, { ...toFormValues(owned), [name]: '' }, 'create')).not.toHaveProperty(name);
    expect(toBody(owned, { ...toFormValues(owned), [name]: 's3cret' }, 'create')[name]).toBe('s3cret');
  });

  it('reads JSON text and marks text that does not parse', () => {
    const jsonDef = { ...currency, fields: { Data: { column: 'data', labelKey: 'x', input: 'json' as const, schema: currency.fields.Name!.schema } } };
    expect(toBody(jsonDef, { Data: '{"a":' }, 'create').Data).toBe(INVALID_JSON);
    expect(checkBody(jsonDef, 'create', { Data: INVALID_JSON })).toEqual({ errors: { Data: 'resource.invalidJson' } });
  });

  it("reads a server message's field", () => {
    expect(fieldOfMessage('CurrencyCode: already exists')).toEqual({ field: 'CurrencyCode', message: 'already exists' });
    expect(fieldOfMessage('Version: the Currency was changed by someone else')).toEqual({ field: 'Version', message: 'the Currency was changed by someone else' });
    expect(fieldOfMessage('Cannot delete MYR: transactions still use it')).toBeNull();
  });

  it('knows when a form has changed', () => {
    expect(differs({ a: '', b: null }, { a: undefined, b: '' })).toBe(false);
    expect(differs({ a: 'x' }, { a: '' })).toBe(true);
  });
});

describe('lookups, abilities, labels, settings and the error report', () => {
  it('stores the property the field names, else the first key its schema accepts', () => {
    const paymentCategory = def('/payment-category');
    const category = { Id: 5, CategoryCode: 'CREDIT_DOMESTIC', CategoryName: 'Credit', ServiceType: 1, IsActive: 1 };
    expect(valueKey(LOOKUPS.mdrCategorySearch!, 'CategoryCode', paymentCategory.fields.CategoryCode!, category)).toBe('CategoryCode');
    expect(valueKey(LOOKUPS.mdrCategorySearch!, 'MdrCategoryId', mdrProducts.fields.MdrCategoryId!, category)).toBe('Id');
    const productList = RESOURCES.flatMap((d) => Object.entries(d.fields)).find(([, f]) => f.input === 'multiselect' && f.lookup === 'paymentProductList');
    if (productList) {
      const product = { PaymentProductId: 9, ProductName: 'FPX B2C', ServiceType: 1, CategoryCode: 'FPX', ProductCode: 'EC-FPX-B2C' };
      expect(valueKey(LOOKUPS.paymentProductList!, productList[0], productList[1], product)).toBe('ProductCode');
    }
  });

  it('every lookup a declaration names has an adapter', () => {
    const named = RESOURCES.flatMap((d) => Object.values(d.fields).flatMap((f) => (f.lookup ? [f.lookup] : [])));
    expect(named.filter((l) => !(l in LOOKUPS))).toEqual([]);
  });

  it('allows what the declaration allows and the user holds', () => {
    const settings = def('/system-setting');
    const can = abilitiesOf(settings, new Set(['systemsetting:view', 'systemsetting:update', 'systemsetting:delete']));
    expect(can).toEqual({ create: false, update: true, setStatus: false, delete: false, export: false, bulkUpload: false });
    expect(abilitiesOf(currency, new Set(['currency:bulkupload'])).bulkUpload).toBe(true);
  });

  it('humanizes field names for labels a catalogue lacks', () => {
    expect(humanize('SortOrder')).toBe('Sort order');
    expect(humanize('MdrCategoryId')).toBe('Mdr category id');
    expect(humanize('BIN_PREFIX')).toBe('Bin prefix');
  });

  it('picks the setting control from its value type', () => {
    expect(settingKind('INT:1:240')).toEqual({ kind: 'int', min: 1, max: 240 });
    expect(settingKind('BOOL')).toEqual({ kind: 'bool' });
    expect(settingKind('URL_OR_EMPTY')).toEqual({ kind: 'url', empty: true });
    expect(settingKind('TEXT:60')).toEqual({ kind: 'text', max: 60 });
  });

  it('writes the error report as CSV of Row, Field, Message, quoted where needed and safe from formulas', () => {
    const errors = rowErrorsOf({ ErrorCode: 'VAL400', Errors: [{ Row: 2, Field: 'Name', Message: 'text, "quoted"' }, { Row: 3, Field: 'Code', Message: '=cmd' }] })!;
    expect(errorReportCsv(errors)).toBe('Row,Field,Message\r\n2,Name,"text, ""quoted"""\r\n3,Code,\'=cmd\r\n');
    expect(rowErrorsOf({ ErrorCode: 'VAL400' })).toBeNull();
  });
});

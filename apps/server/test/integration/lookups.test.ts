/**
 * Lookups (§3 lookup entities, §7 Lookups, §9) and the portal's own country service, through the
 * real server with each route's exact method and path from the route table, on PGlite and (when
 * DATABASE_URL is set) PostgreSQL. Every lookup route must be called at least once: the last test
 * checks it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, routes, type CallInput, type PortalClient, type ResponseOf, type RouteName } from '@paydesk/contract';
import { CARD_SCHEMES, CARD_TYPES, GROUP_TYPES, MESSAGE_TEMPLATE_KEYS, PAYMENT_METHODS, RISK_ALERT_RULES, SERVICE_TYPES } from '@paydesk/domain';
import { ensureReferenceData } from '../../src/seed/index.ts';
import { INACTIVE_BANK_CODES, REFERENCE_ACQUIRER_SERVICES, REFERENCE_ACQUIRERS, TERMINAL_CATEGORIES } from '../../src/seed/reference-data.ts';
import { DATABASES, dropDatabaseWhenIdle, errorOf, startTestServer, type TestServer } from './harness.ts';

/** The routes this file covers: the lookups of §7 and the country service. */
const LOOKUP_ROUTES = [
  'bankList', 'userTypeSelection', 'userGroupList', 'paymentMethodList', 'paymentProductList', 'mdrCategorySearch',
  'subscriptionCompanyList', 'serviceTypeList', 'countryList', 'messageTemplateKeys', 'cardSchemeTypes', 'acquirersByServiceType',
  'riskViolationOptions', 'masterMerchantList', 'terminalModels', 'currencies', 'countryStates', 'stateCities',
] as const satisfies readonly RouteName[];
type LookupRoute = (typeof LOOKUP_ROUTES)[number];

const keysOf = (o: object) => Object.keys(o).sort();
const count = async (s: TestServer, sql: string, params: unknown[] = []) => (await s.database.query<{ n: number }>(sql, params))[0]!.n;

describe.each(DATABASES)('lookups on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let mm: PortalClient;
  let merchant: PortalClient;
  const called = new Set<LookupRoute>();

  /** Calls a lookup route (its method and path come from the route table) and records that it was called. */
  function call<N extends LookupRoute>(c: PortalClient, name: N, input?: CallInput<N>): Promise<ResponseOf<N>> {
    called.add(name);
    return c.call(name, input);
  }

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 200 });
    admin = await s.signIn('admin@paydesk.my');
    mm = await s.signIn('mm@paydesk.my');
    merchant = await s.signIn('merchant@paydesk.my');
  });
  afterAll(async () => s.close());

  it('offers only active banks, with the §3 fields, filtered by Id, BankName (substring, any case) and Country', async () => {
    const all = await call(admin, 'bankList', { body: {} });
    expect(all.length).toBe(await count(s, 'SELECT count(*)::int AS n FROM banks WHERE is_active = 1'));
    expect(all.length).toBeGreaterThan(30);
    expect(keysOf(all[0]!)).toEqual(['BankCode', 'BankName', 'Country', 'Id', 'IsActive', 'SwiftCode']);
    expect(all.every((b) => b.IsActive === 1 && b.Country === 'MALAYSIA')).toBe(true);
    expect(await count(s, 'SELECT count(*)::int AS n FROM banks WHERE is_active = 0')).toBe(INACTIVE_BANK_CODES.length);
    expect(all.some((b) => INACTIVE_BANK_CODES.includes(b.BankCode!))).toBe(false);

    const inactive = await s.database.query<{ id: number }>('SELECT id FROM banks WHERE is_active = 0 ORDER BY id LIMIT 1');
    expect(await call(admin, 'bankList', { body: { Id: inactive[0]!.id } })).toEqual([]);
    const one = all[3]!;
    expect(await call(admin, 'bankList', { body: { Id: one.Id } })).toEqual([one]);
    const word = one.BankName.split(' ')[0]!;
    const byName = await call(admin, 'bankList', { body: { BankName: word.toLowerCase().slice(1) } });
    expect(byName.map((b) => b.Id)).toContain(one.Id);
    expect(byName.every((b) => b.BankName.toLowerCase().includes(word.toLowerCase().slice(1)))).toBe(true);
    expect(await call(admin, 'bankList', { body: { BankName: '%' } })).toEqual([]);
    expect((await call(admin, 'bankList', { body: { Country: 'malaysia' } })).length).toBe(all.length);
    expect(await call(admin, 'bankList', { body: { Country: 'SINGAPORE' } })).toEqual([]);

    const bad = await errorOf(call(admin, 'bankList', { body: { Id: 'x' } as never }));
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^VAL400: Id:/);
  });

  it('offers only active currencies', async () => {
    const before = await call(admin, 'currencies');
    expect(before.map((c) => c.CurrencyCode)).toContain('USD');
    // Through the Currency screen's API: that is how a currency is switched off (the server's
    // short currency cache is dropped by the write, so the next lookup already leaves it out).
    const setStatus = async (active: 0 | 1) => {
      const found = await admin.callPath<{ Items: { Id: number; Version: number }[] }>('POST', '/api/portal/Currency/Search', { SearchData: { CurrencyCode: 'USD' } });
      const usd = found.Items[0]!;
      await admin.callPath('PUT', '/api/portal/Currency/SetStatus', { Id: usd.Id, IsActive: active, Version: usd.Version });
    };
    await setStatus(0);
    try {
      const after = await call(admin, 'currencies');
      expect(after.map((c) => c.CurrencyCode)).not.toContain('USD');
      expect(after.length).toBe(before.length - 1);
      expect(after.every((c) => c.IsActive === 1)).toBe(true);
      expect(keysOf(after[0]!)).toEqual(['CurrencyCode', 'Id', 'IsActive']);
    } finally {
      await setStatus(1);
    }
  });

  it('lists the six user types, MERCHANT_BRANCH shown as Merchant', async () => {
    const types = await call(mm, 'userTypeSelection');
    expect(types.map((t) => t.Value)).toEqual([...GROUP_TYPES]);
    expect(keysOf(types[0]!)).toEqual(['DisplayName', 'Value']);
    expect(types.find((t) => t.Value === 'MERCHANT_BRANCH')!.DisplayName).toBe('Merchant');
    expect(types.find((t) => t.Value === 'SUPERADMIN')!.DisplayName).toBe('Super admin');
  });

  it('lists every user group to SUPERADMIN and the active groups of its own type and below to others', async () => {
    await s.database.query(`INSERT INTO user_groups (name, group_type, is_active) VALUES ('Retired agents', 'AGENT', 0), ('Regional masters', 'MASTER_MERCHANT', 1)`);
    const all = await call(admin, 'userGroupList');
    expect(all.length).toBe(await count(s, 'SELECT count(*)::int AS n FROM user_groups'));
    expect(keysOf(all[0]!)).toEqual(['GroupType', 'Id', 'IsActive', 'Name']);
    expect(all.some((g) => g.Name === 'Retired agents' && g.IsActive === 0)).toBe(true);
    const rank = (t: string) => GROUP_TYPES.indexOf(t as (typeof GROUP_TYPES)[number]);
    expect(all.map((g) => rank(g.GroupType))).toEqual(all.map((g) => rank(g.GroupType)).sort((a, b) => a - b));

    const forMm = await call(mm, 'userGroupList');
    expect(new Set(forMm.map((g) => g.GroupType))).toEqual(new Set(GROUP_TYPES.slice(1)));
    expect(forMm.some((g) => g.Name === 'Regional masters')).toBe(true);
    expect(forMm.every((g) => g.IsActive === 1)).toBe(true);
    const forMerchant = await merchant.call('userGroupList');
    expect(new Set(forMerchant.map((g) => g.GroupType))).toEqual(new Set(['MERCHANT_HQ', 'MERCHANT_BRANCH']));

    // Only groups the caller may grant (users/membership-rules.ts): none holding a permission it lacks.
    await s.database.query(
      `WITH g AS (INSERT INTO user_groups (name, group_type, is_active) VALUES ('Agents who pay out', 'AGENT', 1), ('Branches who pay out', 'MERCHANT_BRANCH', 1) RETURNING id)
       INSERT INTO user_group_permissions (group_id, permission) SELECT id, 'payoutreport:batch' FROM g`,
    );
    for (const [client, email] of [[mm, 'mm@paydesk.my'], [merchant, 'merchant@paydesk.my']] as const) {
      const listed = new Set((await client.call('userGroupList')).map((g) => g.Id));
      const groups = await s.database.query<{ id: number; grantable: boolean }>(
        `SELECT g.id, NOT EXISTS (SELECT 1 FROM user_group_permissions p WHERE p.group_id = g.id AND p.permission NOT IN (
            SELECT cp.permission FROM user_group_permissions cp JOIN memberships m ON m.group_id = cp.group_id JOIN users u ON u.id = m.user_id WHERE u.email = $1 AND m.is_default)) AS grantable
           FROM user_groups g WHERE g.is_active = 1 AND g.group_type = ANY($2::text[])`,
        [email, GROUP_TYPES.slice(GROUP_TYPES.indexOf(email.startsWith('mm') ? 'MASTER_MERCHANT' : 'MERCHANT_HQ'))],
      );
      expect(groups.some((g) => !g.grantable)).toBe(true);
      for (const g of groups) expect(listed.has(Number(g.id)), `group ${g.id} for ${email}`).toBe(g.grantable);
    }
  });

  it('lists the §9 payment methods and service types with names', async () => {
    const methods = await call(admin, 'paymentMethodList');
    expect(methods.map((m) => m.Code)).toEqual([...PAYMENT_METHODS]);
    expect(keysOf(methods[0]!)).toEqual(['Code', 'Name']);
    expect(methods.every((m) => m.Name.length > 0 && m.Name !== m.Code)).toBe(true);
    const types = await call(admin, 'serviceTypeList');
    expect(types.map((t) => t.ServiceType)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(keysOf(types[0]!)).toEqual(['Name', 'ServiceType']);
    expect(types.find((t) => t.ServiceType === 2)!.Name).toBe('Terminal');
  });

  it('lists active payment products of a service type, or of all with 0', async () => {
    const all = await call(admin, 'paymentProductList', { params: { ServiceType: 0 } });
    expect(all.length).toBe(await count(s, 'SELECT count(*)::int AS n FROM payment_products WHERE is_active = 1'));
    expect(keysOf(all[0]!)).toEqual(['CategoryCode', 'PaymentProductId', 'ProductCode', 'ProductName', 'ServiceType']);
    expect(new Set(all.map((p) => p.ServiceType))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(all.map((p) => p.ProductCode)).not.toContain('EC-CRYPTO');
    expect(all.map((p) => p.ProductCode)).toEqual(expect.arrayContaining(['EC-FPX-B2C', 'EC-FPX-B2B', 'EC-DUITNOW-QR', 'EC-TNG', 'EC-ATOME', 'POS-MYDEBIT']));
    const terminal = await call(admin, 'paymentProductList', { params: { ServiceType: 2 } });
    expect(terminal.length).toBeGreaterThan(0);
    expect(terminal.every((p) => p.ServiceType === 2)).toBe(true);
    expect(terminal.length).toBe(all.filter((p) => p.ServiceType === 2).length);

    for (const bad of ['abc', '7', '-1']) {
      const e = await errorOf(call(admin, 'paymentProductList', { params: { ServiceType: bad } }));
      expect(e.status).toBe(400);
      expect(e.message).toMatch(/^VAL400: params\.ServiceType:/);
    }
  });

  it('searches MDR categories by ServiceType, CategoryCode and IsActive, paged', async () => {
    const total = await count(s, 'SELECT count(*)::int AS n FROM mdr_categories');
    const all = await call(admin, 'mdrCategorySearch', { body: { PageIndex: 1, RowsPerPage: 999, SearchData: {} } });
    expect(keysOf(all)).toEqual(['Entities', 'PageIndex', 'RowsPerPage', 'TotalRecords']);
    expect(all.TotalRecords).toBe(total);
    expect(all.Entities.length).toBe(total);
    expect(keysOf(all.Entities[0]!)).toEqual(['CategoryCode', 'CategoryName', 'Id', 'IsActive', 'ServiceType']);
    expect((await call(admin, 'mdrCategorySearch', { body: {} })).TotalRecords).toBe(total);

    const terminal = await call(admin, 'mdrCategorySearch', { body: { SearchData: { ServiceType: 2 } } });
    expect(terminal.Entities.length).toBeGreaterThan(0);
    expect(terminal.Entities.every((c) => c.ServiceType === 2)).toBe(true);
    expect(terminal.TotalRecords).toBe(terminal.Entities.length);
    const fpx = await call(admin, 'mdrCategorySearch', { body: { SearchData: { CategoryCode: 'fpx' } } });
    expect(fpx.Entities.map((c) => c.ServiceType).sort()).toEqual([1, 3]);
    expect(fpx.Entities.every((c) => c.CategoryCode === 'FPX')).toBe(true);
    const inactive = await call(admin, 'mdrCategorySearch', { body: { SearchData: { IsActive: 0 } } });
    expect(inactive.Entities.map((c) => c.CategoryCode)).toEqual(['CRYPTO']);
    const both = await call(admin, 'mdrCategorySearch', { body: { SearchData: { ServiceType: 1, IsActive: 1 } } });
    expect(both.Entities.every((c) => c.ServiceType === 1 && c.IsActive === 1)).toBe(true);

    const page1 = await call(admin, 'mdrCategorySearch', { body: { PageIndex: 1, RowsPerPage: 5 } });
    const page2 = await call(admin, 'mdrCategorySearch', { body: { PageIndex: 2, RowsPerPage: 5 } });
    expect(page1.Entities.length).toBe(5);
    expect(page2.Entities.length).toBe(5);
    expect(page2.PageIndex).toBe(2);
    expect(page2.TotalRecords).toBe(total);
    expect(page2.Entities.some((c) => page1.Entities.some((d) => d.Id === c.Id))).toBe(false);
    expect([...page1.Entities, ...page2.Entities]).toEqual(all.Entities.slice(0, 10));

    const e = await errorOf(call(admin, 'mdrCategorySearch', { body: { RowsPerPage: 1000 } }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^VAL400: RowsPerPage:/);
    const e2 = await errorOf(call(admin, 'mdrCategorySearch', { body: { SearchData: { IsActive: 2 as 1 } } }));
    expect(e2.message).toMatch(/^VAL400: SearchData\.IsActive:/);
  });

  it('lists the active merchant HQs inside the caller’s subtree as subscription companies', async () => {
    const all = await call(admin, 'subscriptionCompanyList');
    expect(all.length).toBe(await count(s, `SELECT count(*)::int AS n FROM organizations WHERE level = 'MERCHANT_HQ' AND is_active = 1`));
    expect(keysOf(all[0]!)).toEqual(['CompanyName', 'CompanyRegNo', 'Id']);
    const mmOrg = (await mm.call('profile')).Current.CompanyId!;
    const inMm = await call(mm, 'subscriptionCompanyList');
    const expected = await s.database.query<{ id: number }>(
      `SELECT o.id FROM organizations o, organizations m WHERE m.id = $1 AND o.path LIKE m.path || '%' AND o.level = 'MERCHANT_HQ' AND o.is_active = 1 ORDER BY o.id`,
      [mmOrg],
    );
    expect(inMm.map((c) => c.Id).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id));
    expect(inMm.length).toBeLessThan(all.length);
    const own = (await merchant.call('profile')).Current.CompanyId!;
    expect((await merchant.call('subscriptionCompanyList')).map((c) => c.Id)).toEqual([own]);
  });

  it('lists the ISO 3166-1 countries by name', async () => {
    const list = await call(admin, 'countryList');
    expect(list.length).toBe(249);
    expect(keysOf(list[0]!)).toEqual(['Alpha3', 'CountryName']);
    expect(list).toContainEqual({ CountryName: 'Malaysia', Alpha3: 'MYS' });
    expect(list).toContainEqual({ CountryName: 'Singapore', Alpha3: 'SGP' });
    const ordered = await s.database.query<{ country_name: string }>('SELECT country_name FROM countries ORDER BY country_name, alpha3');
    expect(list.map((c) => c.CountryName)).toEqual(ordered.map((r) => r.country_name));
    expect(new Set(list.map((c) => c.Alpha3)).size).toBe(249);
  });

  it('lists the message template keys with their placeholders', async () => {
    const keys = await call(admin, 'messageTemplateKeys');
    expect(keys.length).toBe(MESSAGE_TEMPLATE_KEYS.length);
    expect(keysOf(keys[0]!)).toEqual(['Description', 'Placeholders', 'TemplateKey']);
    const first = MESSAGE_TEMPLATE_KEYS[0]!;
    expect(keys.find((k) => k.TemplateKey === first.key)).toEqual({ TemplateKey: first.key, Description: first.description, Placeholders: [...first.placeholders] });
  });

  it('lists the card schemes and card types', async () => {
    const r = await call(admin, 'cardSchemeTypes');
    expect(keysOf(r)).toEqual(['CardSchemes', 'CardTypes']);
    expect(r.CardSchemes).toEqual([...CARD_SCHEMES]);
    expect(r.CardTypes).toEqual([...CARD_TYPES]);
  });

  it('lists the active acquirers of a service type and terminal category, ServiceType 2 and TxnCategory 0 by default', async () => {
    const byDefault = await call(admin, 'acquirersByServiceType', { body: {} });
    expect(keysOf(byDefault[0]!)).toEqual(['AcqName', 'AcquirerId']);
    expect(await call(admin, 'acquirersByServiceType')).toEqual(byDefault);
    const terminal = await call(admin, 'acquirersByServiceType', { body: { ServiceType: 2, TxnCategory: 0 } });
    expect(byDefault).toEqual(terminal);
    expect(terminal.length).toBe(await count(s, `SELECT count(*)::int AS n FROM acquirers WHERE EXISTS (SELECT 1 FROM unnest(services) AS c WHERE c LIKE '2:%')`));
    expect(new Set(terminal.map((a) => a.AcquirerId)).size).toBe(terminal.length);

    const recurring = await call(admin, 'acquirersByServiceType', { body: { ServiceType: 6 } });
    expect(recurring.length).toBeGreaterThan(0);
    expect(recurring.length).toBeLessThan(terminal.length);
    const kiosk = await call(admin, 'acquirersByServiceType', { body: { TxnCategory: 2 } });
    expect(kiosk.length).toBeGreaterThan(0);
    expect(kiosk.length).toBeLessThan(terminal.length);
    expect(kiosk.every((a) => terminal.some((t) => t.AcquirerId === a.AcquirerId))).toBe(true);

    const off = terminal[0]!;
    await s.database.query('UPDATE acquirers SET is_active = 0 WHERE id = $1', [off.AcquirerId]);
    try {
      expect((await call(admin, 'acquirersByServiceType', { body: {} })).map((a) => a.AcquirerId)).not.toContain(off.AcquirerId);
    } finally {
      await s.database.query('UPDATE acquirers SET is_active = 1 WHERE id = $1', [off.AcquirerId]);
    }
    const e = await errorOf(call(admin, 'acquirersByServiceType', { body: { ServiceType: 9 } }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^VAL400: ServiceType:/);
  });

  it('answers, for every service type and terminal category, exactly the acquirers the reference data links to it', async () => {
    // The order GetAcquirerByServiceType answers in (by name, then id), as the database sorts.
    const ordered = await s.database.query<{ id: number; code: string; acq_name: string }>('SELECT id, code, acq_name FROM acquirers WHERE is_active = 1 ORDER BY acq_name, id');
    for (const { code: st } of SERVICE_TYPES) {
      for (const { code: tc } of TERMINAL_CATEGORIES) {
        // The links of the former acquirer_services table: TxnCategory 0 = any category of the service type.
        const linked = new Set(REFERENCE_ACQUIRER_SERVICES.filter((l) => l.serviceType === st && (tc === 0 || l.terminalCategory === tc)).flatMap((l) => l.codes));
        const expected = ordered.filter((a) => linked.has(a.code)).map((a) => ({ AcquirerId: a.id, AcqName: a.acq_name }));
        expect(await call(admin, 'acquirersByServiceType', { body: { ServiceType: st, TxnCategory: tc } }), `${st}:${tc}`).toEqual(expected);
      }
    }
    expect(REFERENCE_ACQUIRERS.every((a) => ordered.some((o) => o.code === a.code))).toBe(true);
  });

  it('lists the §9 risk alert rules as risk violation options', async () => {
    const options = await call(admin, 'riskViolationOptions');
    expect(options.map((o) => o.Code)).toEqual([...RISK_ALERT_RULES]);
    expect(keysOf(options[0]!)).toEqual(['Code', 'Description']);
    expect(options.every((o) => o.Description.length > 0)).toBe(true);
  });

  it('lists master merchants in scope: all three to SUPERADMIN, only its own company to a master-merchant user', async () => {
    const all = await call(admin, 'masterMerchantList', { body: {} });
    expect(all.length).toBe(3);
    expect(keysOf(all[0]!)).toEqual(['CompanyName', 'CompanyRegNo', 'Id', 'IsActive']);
    const own = (await mm.call('profile')).Current.CompanyId!;
    expect((await call(mm, 'masterMerchantList', { body: {} })).map((m) => m.Id)).toEqual([own]);
    expect((await call(mm, 'masterMerchantList', { body: { CompanyRegNo: all.find((m) => m.Id !== own)!.CompanyRegNo ?? 'none' } }))).toEqual([]);
    expect(await call(merchant, 'masterMerchantList', { body: {} })).toEqual([]);

    const target = all[1]!;
    const byName = await call(admin, 'masterMerchantList', { body: { CompanyName: target.CompanyName.slice(2, 9).toUpperCase() } });
    expect(byName.map((m) => m.Id)).toContain(target.Id);
    if (target.CompanyRegNo) expect(await call(admin, 'masterMerchantList', { body: { CompanyRegNo: target.CompanyRegNo } })).toEqual([target]);
    // ServiceType is accepted; it narrows nothing until merchants have per-service configuration.
    expect(await call(admin, 'masterMerchantList', { body: { ServiceType: 1 } })).toEqual(all);
    const e = await errorOf(call(admin, 'masterMerchantList', { body: { CompanyName: 'x'.repeat(251) } }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^VAL400: CompanyName:/);
  });

  it('lists the active terminal models', async () => {
    const r = await call(admin, 'terminalModels');
    expect(keysOf(r)).toEqual(['Models']);
    expect(r.Models.length).toBe(await count(s, 'SELECT count(*)::int AS n FROM terminal_models WHERE is_active = 1'));
    expect(r.Models.length).toBeGreaterThan(1);
    const off = r.Models[0]!;
    await s.database.query('UPDATE terminal_models SET is_active = 0 WHERE model = $1', [off]);
    try {
      expect((await call(admin, 'terminalModels')).Models).toEqual(r.Models.slice(1));
    } finally {
      await s.database.query('UPDATE terminal_models SET is_active = 1 WHERE model = $1', [off]);
    }
  });

  it('needs a session for the portal lookups', async () => {
    const e = await errorOf(s.client().call('bankList', { body: {} }));
    expect(e.errorCode).toBe('SC499');
  });

  it('serves the 16 Malaysian states and a state’s cities without a session, and refuses other countries', async () => {
    const anon = s.client();
    const states = await call(anon, 'countryStates', { body: { country: 'Malaysia' } });
    expect(keysOf(states)).toEqual(['data', 'error', 'msg']);
    expect(states.error).toBe(false);
    expect(states.data.name).toBe('Malaysia');
    expect(states.data.iso3).toBe('MYS');
    expect(states.data.states.length).toBe(16);
    expect(keysOf(states.data.states[0]!)).toEqual(['name', 'state_code']);
    expect(states.data.states.map((st) => st.name)).toContain('Selangor');
    expect((await anon.call('countryStates', { body: { country: 'MYS' } })).data.states).toEqual(states.data.states);

    const cities = await call(anon, 'stateCities', { body: { country: 'Malaysia', state: 'Selangor' } });
    expect(keysOf(cities)).toEqual(['data', 'error', 'msg']);
    expect(cities.error).toBe(false);
    expect(cities.data).toEqual(expect.arrayContaining(['Shah Alam', 'Petaling Jaya', 'Klang']));
    expect(cities.data).not.toContain('Ipoh');
    const penang = states.data.states.find((st) => st.name === 'Pulau Pinang')!;
    const byCode = await anon.call('stateCities', { body: { country: 'Malaysia', state: penang.state_code } });
    expect(byCode.data).toEqual(expect.arrayContaining(['Butterworth', 'Bayan Lepas']));
    expect((await anon.call('stateCities', { body: { country: 'malaysia', state: 'Penang' } })).data).toEqual(byCode.data);

    const other = await errorOf(anon.call('countryStates', { body: { country: 'Singapore' } }));
    expect(other.status).toBe(400);
    expect(other.errorCode).toBe('VAL400');
    expect(other.message).toBe('VAL400: country: only Malaysia is served');
    const otherCities = await errorOf(anon.call('stateCities', { body: { country: 'Indonesia', state: 'Bali' } }));
    expect(otherCities.message).toBe('VAL400: country: only Malaysia is served');
    const unknown = await errorOf(anon.call('stateCities', { body: { country: 'Malaysia', state: 'Atlantis' } }));
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('VAL400: state: not a Malaysian state');
    const missing = await errorOf(anon.call('stateCities', { body: { country: 'Malaysia' } as never }));
    expect(missing.message).toMatch(/^VAL400: state:/);
  });

  it('ensureReferenceData twice leaves the same rows and keeps an administrator’s changes', async () => {
    const COUNTS = `SELECT
      (SELECT count(*) FROM banks)::int AS banks, (SELECT count(*) FROM countries)::int AS countries,
      (SELECT count(*) FROM mdr_categories)::int AS mdr, (SELECT count(*) FROM payment_products)::int AS products,
      (SELECT count(*) FROM acquirers, unnest(services))::int AS links, (SELECT count(*) FROM terminal_models)::int AS models,
      (SELECT count(*) FROM message_template_keys)::int AS template_keys, (SELECT count(*) FROM currencies)::int AS currencies,
      (SELECT count(*) FROM acquirers)::int AS acquirers`;
    const before = (await s.database.query<Record<string, number>>(COUNTS))[0] as Record<'banks' | 'countries' | 'links', number>;
    expect(before.countries).toBe(249);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);
    const [bank] = await s.database.query<{ id: number; bank_name: string }>('SELECT id, bank_name FROM banks WHERE is_active = 1 ORDER BY id LIMIT 1');
    await s.database.query(`UPDATE banks SET bank_name = 'Renamed by an admin', is_active = 0 WHERE id = $1`, [bank!.id]);
    const removed = await count(s, `SELECT count(*)::int AS n FROM acquirers, unnest(services) AS c WHERE c LIKE '6:%'`);
    expect(removed).toBeGreaterThan(0);
    await s.database.query(`UPDATE acquirers SET services = array(SELECT c FROM unnest(services) AS c WHERE c NOT LIKE '6:%')`);
    try {
      await ensureReferenceData(s.database);
      await ensureReferenceData(s.database);
      // Same counts; acquirer services an administrator removed stay removed (they are seeded once).
      expect((await s.database.query<Record<string, number>>(COUNTS))[0]).toEqual({ ...before, links: before.links - removed });
      const [kept] = await s.database.query<{ bank_name: string; is_active: number }>('SELECT bank_name, is_active FROM banks WHERE id = $1', [bank!.id]);
      expect(kept).toEqual({ bank_name: 'Renamed by an admin', is_active: 0 });
    } finally {
      await s.database.query('UPDATE banks SET bank_name = $2, is_active = 1 WHERE id = $1', [bank!.id, bank!.bank_name]);
    }
  });

  it('called every lookup route, each registered with the route table’s method and path', () => {
    for (const name of LOOKUP_ROUTES) {
      const def = routes[name];
      expect(s.app.hasRoute({ method: def.method, url: def.path }), `${def.method} ${def.path}`).toBe(true);
      expect(called.has(name), name).toBe(true);
    }
  });
});

describe('acquirer services', () => {
  it('are offered on the Acquirer resource as the service type × terminal category codes of TERMINAL_CATEGORIES', () => {
    const services = RESOURCES.find((r) => r.name === 'Acquirer')!.fields.Services!;
    const expected = SERVICE_TYPES.flatMap((st) => (st.code === 2 ? TERMINAL_CATEGORIES.map((tc) => `2:${tc.code}`) : [`${st.code}:0`]));
    expect(services.options!.map((o) => o.value)).toEqual(expected);
    for (const l of REFERENCE_ACQUIRER_SERVICES) expect(expected).toContain(`${l.serviceType}:${l.terminalCategory}`);
  });
});

/**
 * The migration that moved acquirer_services into acquirers.services: a database migrated up to
 * the migration before it, holding links, keeps every link after the rest of the migrations.
 */
describe.each(DATABASES)('acquirer services migration on %s', (kind) => {
  it('copies every acquirer_services link into acquirers.services, then drops the table', async () => {
    const migrations = new URL('../../src/db/migrations', import.meta.url).pathname;
    const before = mkdtempSync(join(tmpdir(), 'paydesk-migrations-'));
    cpSync(migrations, before, { recursive: true });
    const journal = JSON.parse(readFileSync(join(before, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith('_acquirer_services_to_array'));
    expect(at).toBeGreaterThan(0);
    writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    let query: (sql: string) => Promise<Record<string, unknown>[]>;
    let migrateTo: (folder: string) => Promise<void>;
    let close: () => Promise<void>;
    if (kind === 'pglite') {
      const client = new PGlite();
      query = async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
      migrateTo = (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder });
      close = () => client.close();
    } else {
      const name = `paydesk_m_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
      query = async (sql) => (await pool.query(sql)).rows;
      migrateTo = (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder });
      close = async () => {
        await pool.end();
        await dropDatabaseWhenIdle(admin, name);
        await admin.end();
      };
    }
    try {
      await migrateTo(before);
      await query(`INSERT INTO acquirers (id, acq_name, code) VALUES (1, 'Maybank', 'MBB'), (2, 'CIMB', 'CIMB'), (3, 'No links', 'NONE')`);
      await query(`INSERT INTO acquirer_services (acquirer_id, service_type, terminal_category) VALUES (1, 2, 1), (1, 1, 0), (1, 2, 0), (1, 6, 0), (2, 2, 3), (2, 2, 0)`);
      await migrateTo(migrations);
      const rows = await query('SELECT code, services FROM acquirers ORDER BY id');
      expect(rows).toEqual([
        { code: 'MBB', services: ['1:0', '2:0', '2:1', '6:0'] },
        { code: 'CIMB', services: ['2:0', '2:3'] },
        { code: 'NONE', services: [] },
      ]);
      expect(await query(`SELECT to_regclass('acquirer_services') AS t`)).toEqual([{ t: null }]);
    } finally {
      await close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});

/**
 * The report engine against a plain JS oracle: for random filter combinations and
 * sorts, at four scopes (SUPERADMIN, a master merchant, a merchant HQ, a branch), the rows of
 * the e-commerce report walked page by page through its keyset cursor equal a JS filter + sort of
 * the rows the same caller reads without filters; TotalRecords/TotalCapped and Totals agree; a
 * Get of a row outside the report's `where` (another service type) is NF404 even for the
 * platform. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CARD_SCHEMES, PAYMENT_METHODS, TRANSACTION_STATUSES } from '@paydesk/domain';
import { REPORT_COUNT_CAP, columnIn, ecommerceTransactions, reportApi, type PortalClient, type ReportRow } from '@paydesk/contract';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

/** A visible row with the ancestry and the microsecond instant the oracle filters and sorts by. */
interface OracleRow {
  row: ReportRow;
  at: string;
  cents: bigint;
  masterMerchantId: number;
  merchantId: number;
  branchId: number | null;
  last4: string | null;
}

type Filters = {
  Status?: string[];
  PaymentMethod?: string[];
  CardScheme?: string[];
  DateFrom?: string;
  DateTo?: string;
  AmountMin?: string;
  AmountMax?: string;
  TxnRefNo?: string;
  Last4?: string;
  Currency?: string;
  MerchantId?: number;
  MasterMerchantId?: number;
};

const cents = (m: string) => {
  const [i = '0', f = ''] = m.replace('-', '').split('.');
  const v = BigInt(i) * 100n + BigInt((f + '00').slice(0, 2));
  return m.startsWith('-') ? -v : v;
};
const money = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

async function walk(c: PortalClient, body: { SearchData: Filters; Sort: { Field: string; Order: 'asc' | 'desc' }; RowsPerPage: number }) {
  const api = reportApi(c, ecommerceTransactions);
  const rows: ReportRow[] = [];
  let Cursor: string | undefined;
  let first: { TotalRecords: number; TotalCapped: boolean } | undefined;
  for (let i = 0; i < 1000; i++) {
    const page = await api.search(Cursor ? { ...body, Cursor } : body);
    first ??= page;
    rows.push(...page.Items);
    if (!page.NextCursor) break;
    Cursor = page.NextCursor;
  }
  return { rows, first: first! };
}

function oracle(all: OracleRow[], f: Filters, sort: { Field: string; Order: 'asc' | 'desc' }): ReportRow[] {
  const kept = all.filter(
    (o) =>
      (!f.Status?.length || f.Status.includes(String(o.row.Status))) &&
      (!f.PaymentMethod?.length || f.PaymentMethod.includes(String(o.row.PaymentMethod))) &&
      (!f.CardScheme?.length || f.CardScheme.includes(String(o.row.CardScheme))) &&
      (!f.DateFrom || Date.parse(String(o.row.CreatedAt)) >= Date.parse(f.DateFrom)) &&
      (!f.DateTo || o.at <= f.DateTo.replace('Z', '000Z')) &&
      (!f.AmountMin || o.cents >= cents(f.AmountMin)) &&
      (!f.AmountMax || o.cents <= cents(f.AmountMax)) &&
      (!f.TxnRefNo || String(o.row.TxnRefNo).startsWith(f.TxnRefNo)) &&
      (!f.Last4 || o.last4 === f.Last4) &&
      (!f.Currency || o.row.Currency === f.Currency) &&
      (!f.MerchantId || o.merchantId === f.MerchantId) &&
      (!f.MasterMerchantId || o.masterMerchantId === f.MasterMerchantId),
  );
  const dir = sort.Order === 'asc' ? 1 : -1;
  const key = (o: OracleRow) => (sort.Field === 'CreatedAt' ? o.at : o.cents);
  return kept
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka !== kb) return (ka < kb ? -1 : 1) * dir;
      return (a.row.Id - b.row.Id) * dir;
    })
    .map((o) => o.row);
}

describe.each(DATABASES)('the report engine on %s', (kind) => {
  let s: TestServer;
  const users: Record<string, PortalClient> = {};
  const visible: Record<string, OracleRow[]> = {};

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 1500 });
    // The seed follows the clock: on about one start in thirty, 1,500 rows leave the demo branch
    // no e-commerce sale (CI, PostgreSQL pass). The branch scope is then read at the branch with
    // the most e-commerce rows, so it is never empty: branch@paydesk.my's membership moves there.
    await s.database.query(
      `UPDATE memberships SET org_id = (SELECT branch_id FROM transactions WHERE service_type = 1 AND branch_id IS NOT NULL
                                         GROUP BY branch_id ORDER BY count(*) DESC, branch_id LIMIT 1)
        WHERE user_id = (SELECT id FROM users WHERE email = 'branch@paydesk.my')`,
    );
    for (const email of ['admin@paydesk.my', 'mm@paydesk.my', 'merchant@paydesk.my', 'branch@paydesk.my']) {
      const c = await s.signIn(email);
      if (!(await c.call('profile')).Permissions.includes('transaction:ecommerce')) continue;
      users[email] = c;
      const { rows } = await walk(c, { SearchData: {}, Sort: { Field: 'CreatedAt', Order: 'desc' }, RowsPerPage: 200 });
      const meta = await s.database.query<{ id: number; at: string; mm: number; m: number; b: number | null; last4: string | null }>(
        `SELECT id::int AS id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, master_merchant_id AS mm, merchant_id AS m, branch_id AS b, pan_last4 AS last4
           FROM transactions WHERE id = ANY($1::bigint[])`,
        [rows.map((r) => r.Id)],
      );
      const byId = new Map(meta.map((m) => [Number(m.id), m]));
      visible[email] = rows.map((row) => {
        const m = byId.get(row.Id)!;
        return { row, at: m.at, cents: cents(String(row.TxnAmount)), masterMerchantId: m.mm, merchantId: m.m, branchId: m.b, last4: m.last4 };
      });
    }
  }, 300_000);
  afterAll(async () => s?.close());

  it('reads every scope it is asked for, each a strict subset of the platform', () => {
    expect(Object.keys(users)).toEqual(['admin@paydesk.my', 'mm@paydesk.my', 'merchant@paydesk.my', 'branch@paydesk.my']);
    const all = new Set(visible['admin@paydesk.my']!.map((o) => o.row.Id));
    for (const email of ['mm@paydesk.my', 'merchant@paydesk.my', 'branch@paydesk.my']) {
      expect(visible[email]!.length, email).toBeGreaterThan(0);
      expect(visible[email]!.length, email).toBeLessThan(all.size);
      expect(visible[email]!.every((o) => all.has(o.row.Id)), email).toBe(true);
    }
    expect(all.size).toBeLessThan(REPORT_COUNT_CAP);
  });

  it('answers, for random filters, sorts and scopes, exactly the JS filter and sort of the unfiltered rows', async () => {
    const emails = Object.keys(users);
    let nonEmpty = 0;
    // Each filter is present one time in three, so combinations are mostly satisfiable.
    const sometimes = <T,>(a: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: a, weight: 1 });
    const filters = (rows: OracleRow[]) => {
      const pick = fc.constantFrom(...rows);
      const sortedAt = rows.map((o) => o.row.CreatedAt as string).sort();
      return fc.record(
        {
          Status: sometimes(fc.subarray([...TRANSACTION_STATUSES], { minLength: 1 })),
          PaymentMethod: sometimes(fc.subarray([...PAYMENT_METHODS], { minLength: 1 })),
          CardScheme: sometimes(fc.subarray([...CARD_SCHEMES], { minLength: 1 })),
          dates: sometimes(fc.tuple(fc.constantFrom(...sortedAt), fc.constantFrom(...sortedAt)).map(([a, b]) => (a <= b ? [a, b] : [b, a]))),
          amounts: sometimes(fc.tuple(pick, pick).map(([a, b]) => (a.cents <= b.cents ? [a.cents, b.cents] : [b.cents, a.cents]).map(money))),
          TxnRefNo: sometimes(fc.tuple(pick, fc.integer({ min: 1, max: 12 })).map(([o, n]) => String(o.row.TxnRefNo).slice(0, n))),
          Last4: sometimes(pick.map((o) => o.last4 ?? '0000')),
          Currency: sometimes(fc.constantFrom(...new Set(rows.map((o) => String(o.row.Currency))))),
          MerchantId: sometimes(pick.map((o) => o.merchantId)),
          MasterMerchantId: sometimes(pick.map((o) => o.masterMerchantId)),
        },
      );
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...emails).chain((email) =>
          fc.record({
            email: fc.constant(email),
            raw: filters(visible[email]!),
            sort: fc.record({ Field: fc.constantFrom('CreatedAt', 'TxnAmount'), Order: fc.constantFrom('asc' as const, 'desc' as const) }),
            RowsPerPage: fc.integer({ min: 7, max: 200 }),
          }),
        ),
        async ({ email, raw, sort, RowsPerPage }) => {
          const { dates, amounts, ...rest } = raw;
          const present = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
          const f: Filters = { ...present, ...(dates ? { DateFrom: dates[0], DateTo: dates[1] } : {}), ...(amounts ? { AmountMin: amounts[0], AmountMax: amounts[1] } : {}) };
          const c = users[email]!;
          const expected = oracle(visible[email]!, f, sort);
          const { rows, first } = await walk(c, { SearchData: f as never, Sort: sort, RowsPerPage });
          expect(rows.map((r) => r.Id)).toEqual(expected.map((r) => r.Id));
          expect(rows).toEqual(expected);
          expect(first.TotalRecords).toBe(expected.length);
          if (expected.length > 0) nonEmpty++;
          expect(first.TotalCapped).toBe(false);
          const totals = await reportApi(c, ecommerceTransactions).totals({ SearchData: f as never });
          const currencies = new Set(expected.map((r) => r.Currency));
          expect(totals.Available).toBe(currencies.size <= 1);
          expect(totals.Count).toBe(expected.length);
          if (totals.Available) expect(totals.Amount).toBe(money(expected.reduce((sum, r) => sum + cents(String(r.TxnAmount)), 0n)));
          // What the line counts, said: the successful rows among them.
          const ok = expected.filter((r) => r.Status === 'SUCCESS');
          expect(totals.Successful).toEqual(totals.Available ? { Count: ok.length, Amount: money(ok.reduce((sum, r) => sum + cents(String(r.TxnAmount)), 0n)) } : null);
        },
      ),
      { numRuns: 60 },
    );
    // The property is only as good as its non-empty cases (about a third of them are; 10 of 60 leaves room for chance).
    expect(nonEmpty).toBeGreaterThanOrEqual(10);
  }, 600_000);

  it('refuses a cursor made for another sort, crossed ranges and a forged cursor, naming the field', async () => {
    const api = reportApi(users['admin@paydesk.my']!, ecommerceTransactions);
    const page = await api.search({ RowsPerPage: 5 });
    const cases: [string, Parameters<typeof api.search>[0]][] = [
      ['Cursor', { Cursor: page.NextCursor!, Sort: { Field: 'TxnAmount', Order: 'desc' } }],
      ['Cursor', { Cursor: Buffer.from(JSON.stringify({ k: 'CreatedAt', v: "1' OR 1=1", id: 1 })).toString('base64url') }],
      ['SearchData.DateFrom', { SearchData: { DateFrom: '2026-02-01T00:00:00+08:00', DateTo: '2026-01-01T00:00:00+08:00' } }],
      ['SearchData.AmountMin', { SearchData: { AmountMin: '10.01', AmountMax: '10.00' } }],
      ['SearchData.TxnRefNo', { SearchData: { TxnRefNo: 'a%' } }],
      ['Sort.Field', { Sort: { Field: 'CustName', Order: 'asc' } }],
    ];
    for (const [field, body] of cases) {
      const e = await errorOf(api.search(body));
      expect(e.status, field).toBe(400);
      expect(e.message, field).toContain(field);
    }
  });

  it("answers a Get outside the report's where (another service type) with NF404, and a detail with every detail column", async () => {
    const admin = reportApi(users['admin@paydesk.my']!, ecommerceTransactions);
    const [other] = await s.database.query<{ id: number }>(`SELECT id::int AS id FROM transactions WHERE service_type <> 1 ORDER BY id LIMIT 1`);
    expect(other).toBeDefined();
    const e = await errorOf(admin.get(other!.id));
    expect(e.status).toBe(404);
    expect(e.errorCode).toBe('NF404');
    const own = visible['admin@paydesk.my']![0]!.row;
    const d = await admin.get(own.Id);
    for (const c of ecommerceTransactions.columns.filter((x) => columnIn(x, 'detail'))) expect(d, c.key).toHaveProperty(c.key);
    expect(d.Currency).toBe(own.Currency);
    expect(String(d.MaskedPAN ?? '')).not.toMatch(/\d{7,}/);
  });

  // Last: it adds rows, so the sets the other tests read are gone afterwards.
  it('caps the count at 10,000 (TotalCapped) and answers no totals above the cap, while a smaller scope stays exact', async () => {
    const api = reportApi(users['admin@paydesk.my']!, ecommerceTransactions);
    const before = (await api.search({ RowsPerPage: 1 })).TotalRecords;
    const copies = Math.ceil((REPORT_COUNT_CAP + 1 - before) / before);
    await s.database.query(`CREATE TEMP TABLE cap_copy AS SELECT * FROM transactions WHERE service_type = 1`);
    for (let i = 0; i < copies; i++) {
      await s.database.query(`UPDATE cap_copy SET id = nextval('transactions_id_seq'), txn_ref_no = 'CAP' || nextval('transactions_id_seq')::text`);
      await s.database.query(`INSERT INTO transactions SELECT * FROM cap_copy`);
    }
    await s.database.query(`DROP TABLE cap_copy`);
    const capped = await api.search({ RowsPerPage: 200 });
    expect(capped.TotalRecords).toBe(REPORT_COUNT_CAP);
    expect(capped.TotalCapped).toBe(true);
    expect(capped.NextCursor).not.toBeNull();
    expect(await api.totals()).toEqual({ Available: false, Count: 0, Amount: '0.00', Currency: null, Successful: null });
    const branch = await reportApi(users['branch@paydesk.my']!, ecommerceTransactions).search({ RowsPerPage: 1 });
    expect(branch.TotalCapped).toBe(false);
    expect(branch.TotalRecords).toBe(visible['branch@paydesk.my']!.length * (copies + 1));

    // Above the cap, filters the summaries keep (MYT whole days, status, method, scheme, org, a
    // Currency) answer exactly from readSummary; an amount, Last4 or reference in use does not.
    // More copies first, so that MYR alone and many filtered sets are above the cap too.
    const q = <T,>(text: string, params: unknown[] = []) => s.database.query<T>(text, params);
    await q(`CREATE TEMP TABLE cap_copy AS SELECT * FROM transactions WHERE service_type = 1 AND txn_ref_no NOT LIKE 'CAP%'`);
    for (let i = 0; i < copies + 2; i++) {
      await q(`UPDATE cap_copy SET id = nextval('transactions_id_seq'), txn_ref_no = 'CAP' || nextval('transactions_id_seq')::text`);
      await q(`INSERT INTO transactions SELECT * FROM cap_copy`);
    }
    await q(`DROP TABLE cap_copy`);
    const days = (await q<{ d: string }>(`SELECT DISTINCT to_char((created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, 'YYYY-MM-DD') AS d FROM transactions WHERE service_type = 1 ORDER BY 1`)).map((r) => r.d);
    const mms = (await q<{ id: number }>(`SELECT master_merchant_id AS id FROM transactions WHERE service_type = 1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 3`)).map((r) => Number(r.id));
    const dayStart = (d: string) => new Date(`${d}T00:00:00+08:00`).toISOString();
    const dayEnd = (d: string) => new Date(`${d}T23:59:59.999+08:00`).toISOString();
    /** The raw count and amount of the e-commerce rows a filter selects (the platform's view). */
    const raw = async (f: Filters) => {
      const params: unknown[] = [];
      const p = (v: unknown) => (params.push(v), `$${params.length}`);
      const c = ['service_type = 1'];
      if (f.DateFrom) c.push(`created_at >= ${p(f.DateFrom)}::timestamptz`);
      if (f.DateTo) c.push(`created_at <= ${p(f.DateTo)}::timestamptz`);
      if (f.Status) c.push(`status = ANY(${p(f.Status)}::text[])`);
      if (f.PaymentMethod) c.push(`payment_method = ANY(${p(f.PaymentMethod)}::text[])`);
      if (f.CardScheme) c.push(`card_scheme = ANY(${p(f.CardScheme)}::text[])`);
      if (f.Currency) c.push(`currency = ${p(f.Currency)}`);
      if (f.MasterMerchantId) c.push(`master_merchant_id = ${p(f.MasterMerchantId)}`);
      if (f.AmountMin) c.push(`amount >= ${p(f.AmountMin)}::numeric`);
      if (f.Last4) c.push(`pan_last4 = ${p(f.Last4)}`);
      const [r] = await q<{ n: number; a: string }>(`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::numeric(20,2)::text AS a FROM transactions WHERE ${c.join(' AND ')}`, params);
      return { n: Number(r!.n), a: r!.a };
    };
    const sometimes = <T,>(a: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: a, weight: 1 });
    const dayIdx = fc.integer({ min: 0, max: days.length - 1 });
    const filters = fc.record({
      from: sometimes(dayIdx), to: sometimes(dayIdx),
      Status: sometimes(fc.subarray([...TRANSACTION_STATUSES], { minLength: 2 })),
      PaymentMethod: sometimes(fc.subarray([...PAYMENT_METHODS], { minLength: 8 })),
      CardScheme: sometimes(fc.subarray([...CARD_SCHEMES], { minLength: 3 })),
      Currency: fc.constantFrom('MYR', 'MYR', 'MYR', 'SGD', undefined),
      MasterMerchantId: sometimes(fc.constantFrom(...mms)),
      other: fc.constantFrom(undefined, undefined, undefined, 'AmountMin', 'Last4'),
    }).map((r): Filters => {
      const [a = 0, b = 0] = [r.from ?? 0, r.to ?? days.length - 1].sort((x, y) => x - y);
      return {
        ...(r.from !== undefined ? { DateFrom: dayStart(days[a]!) } : {}), ...(r.to !== undefined ? { DateTo: dayEnd(days[b]!) } : {}),
        ...(r.Status ? { Status: r.Status } : {}), ...(r.PaymentMethod ? { PaymentMethod: r.PaymentMethod } : {}), ...(r.CardScheme ? { CardScheme: r.CardScheme } : {}),
        ...(r.Currency ? { Currency: r.Currency } : {}), ...(r.MasterMerchantId ? { MasterMerchantId: r.MasterMerchantId } : {}),
        ...(r.other === 'AmountMin' ? { AmountMin: '1.00' } : r.other === 'Last4' ? { Last4: '1234' } : {}),
      };
    });
    let fromSummaries = 0;
    /** The expected successful part of an answered set (the same reader narrowed to SUCCESS). */
    const successful = async (f: Filters) => {
      if (f.Status && !f.Status.includes('SUCCESS')) return { Count: 0, Amount: '0.00' };
      const ok = await raw({ ...f, Status: ['SUCCESS'] });
      const expressible = f.Currency !== undefined && !f.AmountMin && !f.Last4;
      return ok.n > REPORT_COUNT_CAP && !expressible ? null : { Count: ok.n, Amount: ok.a };
    };
    const check = async (f: Filters) => {
      const [got, want] = [await api.totals({ SearchData: f }), await raw(f)];
      const label = JSON.stringify(f);
      if (want.n > REPORT_COUNT_CAP) {
        const expressible = f.Currency !== undefined && !f.AmountMin && !f.Last4;
        if (expressible) fromSummaries += 1;
        expect(got, label).toEqual(expressible ? { Available: true, Count: want.n, Amount: want.a, Currency: f.Currency, Successful: await successful(f) } : { Available: false, Count: 0, Amount: '0.00', Currency: null, Successful: null });
      } else if (f.Currency) expect(got, label).toEqual({ Available: true, Count: want.n, Amount: want.a, Currency: f.Currency, Successful: await successful(f) });
    };
    await fc.assert(fc.asyncProperty(filters, check), { numRuns: 60 });
    // Fixed: the whole range in MYR, and the last sub-millisecond of a day (after DateTo's .999),
    // which the summaries hold in that day and the raw condition leaves out.
    const last = days.at(-2)!;
    await s.database.query(
      `UPDATE transactions SET created_at = $1::timestamptz WHERE id = (SELECT max(id) FROM transactions WHERE service_type = 1 AND currency = 'MYR')`,
      [`${last}T23:59:59.9995+08:00`],
    );
    await check({ Currency: 'MYR' });
    await check({ Currency: 'MYR', DateFrom: dayStart(days[0]!), DateTo: dayEnd(last) });
    await check({ Currency: 'MYR', DateTo: dayEnd(last), Status: ['SUCCESS', 'VOID', 'FAILED', 'PENDING'] });
    // Two more sets that hold every row (all statuses, all methods): above the cap whatever the
    // random ones above happened to draw, so the summaries' path is always taken at least 5 times.
    await check({ Currency: 'MYR', Status: [...TRANSACTION_STATUSES] });
    await check({ Currency: 'MYR', DateFrom: dayStart(days[0]!), PaymentMethod: [...PAYMENT_METHODS] });
    expect(fromSummaries).toBeGreaterThanOrEqual(5);
  }, 600_000);
});

/**
 * The COPY read of report exports (reports/export-copy.ts) on each database of
 * the run: `sqlLiteral` round-trips any text and array through the database for random values;
 * the file of /transaction/ecommerce read by COPY (PostgreSQL) and by the same SELECT as plain
 * queries (both databases) is byte for byte the file of the keyset path formatted in node — over
 * the seeded rows plus planted awkward texts (formula-like, tab, newline, CR, backslash, quotes,
 * commas, Chinese, negative amounts, NULLs), in both formats, two languages, two sorts, a scope
 * and a filter; and a COPY abandoned mid-way gives its connection back.
 */
import { buffer } from 'node:stream/consumers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecommerceTransactions, type ReportExportRequest } from '@paydesk/contract';
import { inlineParams, sqlLiteral } from '../../src/platform/sql-literal.ts';
import type { Scope } from '../../src/platform/scope.ts';
import { openReportExport, type ExportRead } from '../../src/reports/export.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const platform: Scope = {
  userId: 1,
  email: 'admin@paydesk.my',
  sessionId: 's',
  membershipId: 1,
  groupType: 'SUPERADMIN',
  orgId: null,
  orgLevel: null,
  orgPath: null,
  permissions: new Set(),
};

const AWKWARD = [
  '=HYPERLINK("http://x","y")',
  "'=1+1",
  '-10.00',
  '@SUM(A1)',
  'tab\there',
  'line\nbreak',
  'carriage\rreturn',
  'back\\slash \\N \\t',
  'quote " and, comma',
  '陈小明 张',
  '  spaced  ',
  '',
];

describe('sqlLiteral (pure)', () => {
  it('refuses NUL, non-finite numbers and unused or missing parameters', () => {
    expect(() => sqlLiteral('a\u0000b')).toThrow(RangeError);
    expect(() => sqlLiteral(Number.NaN)).toThrow(RangeError);
    expect(() => inlineParams('SELECT $1, $2', [1])).toThrow(RangeError);
    expect(() => inlineParams('SELECT $1', [1, 2])).toThrow(RangeError);
    expect(inlineParams('SELECT $1 = ANY($2)', ["it's", ['a', 'b"c']])).toBe(`SELECT 'it''s' = ANY( E'{"a","b\\\\"c"}')`);
  });
});

describe.each(DATABASES)('report export by COPY on %s', (kind) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 1500 });
    const ids = (await s.database.query<{ id: number }>('SELECT id::int AS id FROM transactions WHERE service_type = 1 ORDER BY id LIMIT 40')).map((r) => r.id);
    for (const [i, id] of ids.entries()) {
      const text = AWKWARD[i % AWKWARD.length]!;
      // Not refunded: the awkward amounts (a negative one among them) would break the refund-within-amount check of a refunded sale.
      await s.database.query('UPDATE transactions SET cust_name = $1, mid = $2, card_scheme = $3, amount = $4, refunded_amount = 0, refund_status = NULL WHERE id = $5', [
        i % 13 === 12 ? null : text,
        i % 2 ? text : null,
        i % 5 === 0 ? null : i % 5 === 1 ? 'NOT_A_SCHEME' : 'VISA',
        i % 3 === 0 ? '-10.50' : '1234567.05',
        id,
      ]);
    }
  }, 120_000);
  afterAll(async () => s?.close());

  it('sqlLiteral: any text (no NUL) and any array of texts reads back unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary' }).filter((t) => !t.includes('\u0000')), fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 5 }), async (text, list) => {
        const [r] = await s.database.query<{ t: string; a: string[] }>(`SELECT ${sqlLiteral(text)}::text AS t, ${sqlLiteral(list)}::text[] AS a`);
        expect(r!.t).toBe(text);
        expect(r!.a).toEqual(list);
      }),
      { numRuns: 150 },
    );
  });

  const file = async (req: ReportExportRequest, read: ExportRead, scope = platform) => {
    let rows = -1;
    const { stream } = await openReportExport(s.database, ecommerceTransactions, scope, req, (n) => (rows = n), undefined, read);
    const bytes = await buffer(stream);
    return { bytes, rows };
  };
  const requests: ReportExportRequest[] = [
    { SearchData: {}, Sort: { Field: 'CreatedAt', Order: 'desc' }, Format: 'csv', Language: 'en' },
    { SearchData: {}, Sort: { Field: 'TxnAmount', Order: 'asc' }, Format: 'xlsx', Language: 'zh' },
    { SearchData: { Status: ['SUCCESS', 'FAILED'], AmountMin: '-20.00' }, Sort: { Field: 'CreatedAt', Order: 'asc' }, Format: 'csv', Language: 'ms' },
    { SearchData: {}, Sort: { Field: 'CreatedAt', Order: 'desc' }, Format: 'xlsx', Language: 'en' },
  ] as ReportExportRequest[];
  const reads: ExportRead[] = kind === 'postgres' ? ['copy', 'text'] : ['text'];

  it.each(requests.map((r, i) => [i, r] as const))('request %i: the database-made texts give the same file as the keyset path', async (_, req) => {
    const expected = await file(req, 'batches');
    expect(expected.rows).toBeGreaterThan(100);
    for (const read of reads) {
      const got = await file(req, read);
      expect(got.rows).toBe(expected.rows);
      if (req.Format === 'csv') {
        const a = expected.bytes.toString('utf8').split('\n');
        const b = got.bytes.toString('utf8').split('\n');
        const diff = a.map((l, i) => [l, b[i]] as const).filter(([x, y]) => x !== y).slice(0, 4);
        expect(diff).toEqual([]);
      }
      expect(got.bytes.equals(expected.bytes), `${read} differs`).toBe(true);
    }
    if (req.Format === 'csv') {
      const text = expected.bytes.toString('utf8');
      expect(text).toContain(`'=HYPERLINK`);
      expect(text).toContain('"line\nbreak"');
    }
  });

  // COPY exists on PostgreSQL only: defined there, not skipped elsewhere.
  if (kind === 'postgres')
    it('a file abandoned mid-way releases its COPY connection and leaves the database usable', async () => {
      const pool = (s.database.db as unknown as { $client: import('pg').Pool }).$client;
      const req = { ...requests[3]!, Format: 'csv' } as ReportExportRequest;
      const { stream } = await openReportExport(s.database, ecommerceTransactions, platform, req, () => {}, undefined, 'copy');
      for await (const chunk of stream) {
        expect((chunk as Buffer).length).toBeGreaterThan(0);
        break; // destroys the stream after the first chunk
      }
      await expect.poll(() => pool.totalCount - pool.idleCount).toBe(0);
      const [r] = await s.database.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions');
      expect(r!.n).toBeGreaterThan(0);
      const again = await file(req, 'copy');
      expect(again.rows).toBeGreaterThan(100);
    });

  it('keeps a merchant scope the same way', async () => {
    const [m] = await s.database.query<{ id: number; path: string }>(
      `SELECT o.id::int AS id, o.path FROM organizations o WHERE o.level = 'MERCHANT_HQ' AND EXISTS (SELECT 1 FROM transactions t WHERE t.merchant_id = o.id AND t.service_type = 1) ORDER BY o.id LIMIT 1`,
    );
    const scope: Scope = { ...platform, groupType: 'MERCHANT_HQ' as Scope['groupType'], orgId: m!.id, orgLevel: 'MERCHANT_HQ', orgPath: m!.path };
    const req = requests[0]!;
    const expected = await file(req, 'batches', scope);
    const all = await file(req, 'batches');
    expect(expected.rows).toBeGreaterThan(0);
    expect(expected.rows).toBeLessThan(all.rows);
    for (const read of reads) expect((await file(req, read, scope)).bytes.equals(expected.bytes)).toBe(true);
  });
});

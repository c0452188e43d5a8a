/**
 * The log store (issue 30 items 1, 2 and 4), on each database:
 *  - a refused request answers its RequestId (= X-Request-Id), and the portal log holds that
 *    request by the id: route, status, duration, user — found through the portal log screen's
 *    own Search with the RequestId filter;
 *  - generated secrets of every kind (keys naming passwords, tokens, cookies, keys, signatures,
 *    CVV, bank accounts; card numbers in text), nested at any depth, are stored redacted and
 *    written redacted to stdout;
 *  - a full buffer drops and counts, a refused batch counts and never throws;
 *  - retention drops whole days past the source's setting, and keeps the rest;
 *  - a merchant user reads only its own terminals' entries, never the platform's, and without the
 *    permission nothing.
 */
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_REPORTS, PortalError, reportApi, type ListReportDef, type PortalClient } from '@paydesk/contract';
import { LOG_SOURCES, type LogSource } from '@paydesk/domain';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';
import { LogStore, logStoreOf } from '../../src/platform/log-store.ts';
import { REDACTED, serverLoggerOptions } from '../../src/platform/log-masking.ts';
import { maintainLogPartitions } from '../../src/platform/log-retention.ts';
import { invalidateSettings } from '../../src/platform/settings.ts';
import { logPartitionDays } from '../../src/platform/log-partitions.ts';
import type { Database } from '../../src/db/client.ts';

const report = (name: string) => LIST_REPORTS.find((d) => d.name === name) as ListReportDef;

/** Key spellings of every secret kind, as services write them. */
const SECRET_KEYS = [
  'password', 'Password', 'new_password', 'passwd', 'pin', 'PinBlock', 'accessToken', 'refresh_token', 'Authorization', 'cookie', 'Set-Cookie',
  'clientSecret', 'API_KEY', 'x-api-key', 'ingestKey', 'privateKey', 'Signature', 'cvv', 'CVC', 'accountNo', 'BankAccountNumber', 'bank_account', 'otp',
];

/** A Luhn-valid 16-digit card number starting with `bin` (6 digits). */
function pan(bin: string, body: string): string {
  const partial = `${bin}${body}`.slice(0, 15);
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let d = Number(partial[14 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${partial}${(10 - (sum % 10)) % 10}`;
}

const secretValue = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/).map((s) => `S3cr3t${s}`);
const cardNumber = fc.tuple(fc.constantFrom('411111', '522222', '377777'.slice(0, 6)), fc.stringMatching(/^\d{9}$/)).map(([b, x]) => pan(b, x));

/** `value` under `key`, nested `depth` objects deep (arrays every other level). */
function nested(key: string, value: string, depth: number): Record<string, unknown> {
  let v: unknown = { [key]: value };
  for (let i = 0; i < depth; i++) v = i % 2 ? { layer: [v] } : { layer: v };
  return v as Record<string, unknown>;
}

describe.each(DATABASES)('the log store on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let lines: string[];

  beforeAll(async () => {
    lines = [];
    s = await startTestServer({ kind, transactions: 300, logStream: { write: (l) => void lines.push(l) } });
    admin = await s.signIn('admin@paydesk.my');
  }, 300_000);
  afterAll(async () => s?.close());

  it('answers a refused request with its reference, and the portal log finds that request by it', async () => {
    const failed = await reportApi(admin, report('TransactionEcommerce'))
      .search({ RowsPerPage: 10, SearchData: {}, Cursor: 'not-a-cursor' })
      .then(() => null, (e: unknown) => e as PortalError);
    expect(failed).toBeInstanceOf(PortalError);
    const requestId = String(failed!.body?.RequestId);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await logStoreOf(s.app.ctx).flush();

    const [row] = await s.database.query<{ source: string; level: number; outcome: string; duration_ms: number; user_id: number; operation: string; message: string }>(
      `SELECT source, level, outcome, duration_ms, user_id, operation, message FROM log_entries WHERE request_id = $1`,
      [requestId],
    );
    const [adminUser] = await s.database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@paydesk.my'`);
    expect(row).toMatchObject({ source: 'PORTAL', level: 5, outcome: '400', user_id: adminUser!.id, operation: 'POST /api/portal/Transaction/Ecommerce/Search' });
    expect(row!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(row!.message).toContain(failed!.errorCode);

    // The portal log screen finds it by the reference.
    const page = await reportApi(admin, report('LogPortal')).search({ RowsPerPage: 10, SearchData: { RequestId: requestId } });
    expect(page.Items.map((r) => r.Operation)).toEqual(['POST /api/portal/Transaction/Ecommerce/Search']);
    expect(page.Items[0]!.Level).toBe(5);
    // The stdout line of the same request carries the same id.
    expect(lines.some((l) => l.includes(requestId))).toBe(true);
  });

  it('stores and prints every kind of secret redacted and every card number masked, at any depth', async () => {
    const store = logStoreOf(s.app.ctx);
    const printed: string[] = [];
    const { stream, ...options } = serverLoggerOptions({ write: (l) => void printed.push(l) }, 'info');
    const logger = pino(options, stream!);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SECRET_KEYS), secretValue, cardNumber, fc.integer({ min: 0, max: 6 }), fc.constantFrom(...LOG_SOURCES), async (key, secret, card, depth, source) => {
        const marker = `m${Math.random().toString(36).slice(2)}`;
        const attributes = { ...nested(key, secret, depth), note: `card ${card} paid`, marker };
        store.write({ at: s.now(), source, level: 1, message: `charged ${card} for ${marker}`, attributes });
        logger.info({ ...attributes }, `charged ${card}`);
        await store.flush();
        const [row] = await s.database.query<{ message: string; attributes: unknown }>(`SELECT message, attributes FROM log_entries WHERE source = $1 AND message LIKE $2`, [source, `%${marker}`]);
        const stored = JSON.stringify(row);
        const out = printed.at(-1)!;
        for (const text of [stored, out]) {
          expect(text).not.toContain(secret);
          expect(text).not.toContain(card);
          expect(text).toContain(`${card.slice(0, 6)}`);
          expect(text).toContain(REDACTED);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('drops and counts when the buffer is full, and counts a refused batch without throwing', async () => {
    const small = new LogStore(s.database, { maxBuffer: 3, batchSize: 100, flushMs: 60_000 });
    const results = Array.from({ length: 5 }, (_, i) => small.write({ at: s.now(), source: 'PORTAL', level: 1, message: `buffer ${i}` }));
    expect(results).toEqual([true, true, true, false, false]);
    await small.flush();
    expect(small.stats).toMatchObject({ written: 3, dropped: 2, failed: 0, buffered: 0 });

    const reports: string[] = [];
    const broken = { ...s.database, query: async () => Promise.reject(new Error('connection refused')) } as unknown as Database;
    const failing = new LogStore(broken, { report: (m) => void reports.push(m) });
    expect(failing.write({ at: s.now(), source: 'PORTAL', level: 9, message: 'lost' })).toBe(true);
    await expect(failing.flush()).resolves.toBeUndefined();
    expect(failing.stats).toMatchObject({ written: 0, failed: 1 });
    expect(reports).toEqual(['log store: 1 entries not stored']);
  });

  it('drops whole days past each source\'s retention and keeps the days inside it', async () => {
    // The server's own upkeep (a run at start, then hourly) keeps every day here: only the call below drops.
    await s.database.query(`UPDATE system_settings SET setting_value = '3650' WHERE setting_key LIKE 'LOG_RETENTION_DAYS_%'`);
    invalidateSettings(s.app.ctx);
    const store = logStoreOf(s.app.ctx);
    const now = s.now();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    for (const n of [400, 366, 364, 10, 0]) store.write({ at: daysAgo(n), source: 'MOBILE', level: 1, message: `retention ${n}` });
    store.write({ at: daysAgo(400), source: 'SCHEDULER', level: 1, message: 'retention 400' });
    await store.flush();
    const keep = Object.fromEntries(LOG_SOURCES.map((src) => [src, 3650])) as Record<LogSource, number>;
    keep.MOBILE = 365;
    const dropped = await maintainLogPartitions(s.database, keep, now);
    expect(dropped.MOBILE).toEqual([daysAgo(400), daysAgo(366)].map((d) => d.toISOString().slice(0, 10)));
    expect(dropped.SCHEDULER).toBeUndefined();
    const left = await s.database.query<{ message: string }>(`SELECT message FROM log_entries WHERE source = 'MOBILE' AND message LIKE 'retention %' ORDER BY at`);
    expect(left.map((r) => r.message)).toEqual(['retention 364', 'retention 10', 'retention 0']);
    const days = await logPartitionDays(s.database.query, 'MOBILE');
    expect(days[0]! >= daysAgo(365).toISOString().slice(0, 10)).toBe(true);
    expect(days).toContain(new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10));
    const [sched] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM log_entries WHERE source = 'SCHEDULER' AND message = 'retention 400'`);
    expect(sched!.n).toBe(1);
  });

  it('shows a merchant user its own terminals\' entries only, never the platform\'s, and nothing without the permission', async () => {
    const mm = await s.signIn('mm@paydesk.my');
    const terminalLog = report('LogTerminal');
    const portalLog = report('LogPortal');
    await expect(reportApi(mm, terminalLog).search({ RowsPerPage: 10, SearchData: {} })).rejects.toMatchObject({ status: 403 });

    const [m] = await s.database.query<{ org_id: number; group_id: number }>(
      `SELECT m.org_id, m.group_id FROM memberships m JOIN users u ON u.id = m.user_id JOIN organizations o ON o.id = m.org_id WHERE u.email = 'mm@paydesk.my' AND o.level = 'MASTER_MERCHANT'`,
    );
    await s.database.query(`INSERT INTO user_group_permissions (group_id, permission) VALUES ($1, 'logfiles:terminalview'), ($1, 'logfiles:portalview') ON CONFLICT DO NOTHING`, [m!.group_id]);
    const owners = await s.database.query<{ master_merchant_id: number; agency_id: number; agent_id: number; merchant_id: number; branch_id: number | null; mine: boolean }>(
      `SELECT DISTINCT ON (t.master_merchant_id = $1) t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id, t.master_merchant_id = $1 AS mine
         FROM transactions t ORDER BY t.master_merchant_id = $1, t.id`,
      [m!.org_id],
    );
    expect(owners.map((o) => o.mine).sort()).toEqual([false, true]);
    const store = logStoreOf(s.app.ctx);
    for (const o of owners) {
      store.write({
        at: s.now(), source: 'TERMINAL', level: 1, message: o.mine ? 'own terminal' : 'foreign terminal', tid: '60000001',
        owner: { masterMerchantId: o.master_merchant_id, agencyId: o.agency_id, agentId: o.agent_id, merchantId: o.merchant_id, branchId: o.branch_id },
      });
    }
    store.write({ at: s.now(), source: 'TERMINAL', level: 9, message: 'platform terminal host' });
    await store.flush();
    const mmClient = await s.signIn('mm@paydesk.my');
    const seen = (await reportApi(mmClient, terminalLog).search({ RowsPerPage: 100, SearchData: {} })).Items.map((r) => r.Message);
    expect(seen).toContain('own terminal');
    expect(seen).not.toContain('foreign terminal');
    expect(seen).not.toContain('platform terminal host');
    expect((await reportApi(mmClient, portalLog).search({ RowsPerPage: 100, SearchData: {} })).Items).toEqual([]);
    const all = (await reportApi(admin, terminalLog).search({ RowsPerPage: 100, SearchData: {} })).Items.map((r) => r.Message);
    expect(all).toEqual(expect.arrayContaining(['own terminal', 'foreign terminal', 'platform terminal host']));
  });
});

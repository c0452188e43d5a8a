/**
 * Exports as governed work, on the real server and on a small Fastify app that
 * runs `sendExport` over the same database with files the test controls (held open, failing):
 * the per-user concurrency limit (atomic under parallel requests, another user unaffected, stale
 * runs ignored), the row cap refused before any byte, the error shape before the first byte, a
 * broken transfer after it, and the audited lifecycle (started, completed with rows, cancelled,
 * failed) with the export_runs row closed.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, ecommerceTransactions, reportApi, type PortalClient } from '@paydesk/contract';
import { countResourceRows, openResourceExport } from '../../src/engine/export.ts';
import { installErrorHandlers } from '../../src/platform/errors.ts';
import { sendExport, type ExportJob } from '../../src/platform/export-run.ts';
import type { Scope } from '../../src/platform/scope.ts';
import { streamSheet } from '../../src/platform/spreadsheet.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const api = (name: string, op: string) => `/api/portal/${name}/${op}`;

type Run = { id: string; user_id: number; status: string; rows: number | null; ended_at: Date | null };
type AuditRow = { action: string; result: string; actor_user_id: number | null; target_type: string; detail: Record<string, unknown> };

/** A file the test controls: a header line at once, then `rows` lines after `release` (or never, until the run is aborted). */
function heldFile(release: Promise<void>, rows = 3, fail?: Error): ExportJob['open'] {
  return ({ signal, onDone }) => ({
    contentType: 'text/csv; charset=utf-8',
    stream: Readable.from(
      (async function* () {
        yield 'Id\n';
        await Promise.race([release, new Promise((r) => signal.addEventListener('abort', r))]);
        if (signal.aborted) return;
        if (fail) throw fail;
        for (let i = 1; i <= rows; i++) yield `${i}\n`;
        onDone(rows);
      })(),
    ),
  });
}

/** What the small app's jobs record for the export history (the screen and query are the history's, not governance's). */
const TEST_SCREEN: Pick<ExportJob, 'screen' | 'query'> = { screen: { kind: 'resource', name: 'Test', path: '/test' }, query: { SearchData: {} } };

describe.each(DATABASES)('export governance on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let merchant: PortalClient;
  let adminId: number;
  let merchantId: number;
  /** The small app: POST /export runs `nextJob(userId)` through sendExport as user `x-user`. */
  let small: FastifyInstance;
  let smallUrl: string;
  let nextJob: (userId: number) => ExportJob;

  const runsOf = (userId: number) => s.database.query<Run>(`SELECT id, user_id, status, rows, ended_at FROM export_runs WHERE user_id = $1 ORDER BY started_at, id`, [userId]);
  const auditsOfRun = (run: string) => s.database.query<AuditRow>(`SELECT action, result, actor_user_id, target_type, detail FROM audit_log WHERE detail->>'run' = $1 ORDER BY id`, [run]);
  const exportTxns = (c: PortalClient, Format: 'csv' | 'xlsx' = 'csv', SearchData: Record<string, unknown> = {}) => reportApi(c, ecommerceTransactions).export({ SearchData, Format });
  const setSetting = async (key: string, value: string) => {
    const { Items } = await admin.callPath<{ Items: { Id: number; Version: number; SettingKey: string }[] }>('POST', api('SystemSetting', 'Search'), { RowsPerPage: 50, SearchData: { SettingKey: key } });
    const row = Items.find((x) => x.SettingKey === key)!;
    await admin.callPath('PUT', api('SystemSetting', 'Update'), { Id: row.Id, Version: row.Version, SettingValue: value });
  };
  const smallExport = (userId: number, signal?: AbortSignal) => fetch(`${smallUrl}/export`, { method: 'POST', headers: { 'x-user': String(userId) }, signal });

  beforeAll(async () => {
    s = await startTestServer({ kind });
    admin = await s.signIn('admin@paydesk.my');
    merchant = await s.signIn('merchant@paydesk.my');
    const ids = await s.database.query<{ id: number; email: string }>(`SELECT id, email FROM users WHERE email IN ('admin@paydesk.my', 'merchant@paydesk.my')`);
    adminId = Number(ids.find((u) => u.email === 'admin@paydesk.my')!.id);
    merchantId = Number(ids.find((u) => u.email === 'merchant@paydesk.my')!.id);

    // Same database, clock and live settings as the server: only the files differ.
    // fetch reopens a spare connection after an aborted download; close it with the app.
    small = Fastify({ forceCloseConnections: true });
    small.decorate('ctx', s.app.ctx);
    installErrorHandlers(small);
    small.addHook('preHandler', async (req) => {
      const userId = Number(req.headers['x-user']);
      const scope: Scope = { userId, email: `user${userId}@test`, sessionId: 'test', membershipId: 1, groupType: 'SUPERADMIN', orgId: null, orgLevel: null, orgPath: null, permissions: new Set() };
      req.scope = scope;
    });
    small.post('/export', async (req, reply) => sendExport(small, req, reply, nextJob(req.scope!.userId)));
    await small.listen({ port: 0, host: '127.0.0.1' });
    const address = small.server.address();
    smallUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await small?.close();
    await s?.close();
  });

  it('audits a completed export as started, then completed with its row count, and closes its run', async () => {
    const res = await exportTxns(merchant);
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split('\n').length - 1;
    expect(lines).toBeGreaterThan(0);
    await expect.poll(async () => (await runsOf(merchantId)).at(-1)?.status).toBe('COMPLETED');
    const run = (await runsOf(merchantId)).at(-1)!;
    expect(run.rows).toBe(lines);
    expect(run.ended_at).not.toBeNull();
    const audits = await auditsOfRun(run.id);
    expect(audits.map((a) => a.action)).toEqual(['EXPORT_STARTED', 'EXPORT']);
    expect(audits[1]).toMatchObject({ result: 'SUCCESS', actor_user_id: merchantId, target_type: 'transaction', detail: { rows: lines, format: 'csv' } });
  });

  it("refuses the (limit+1)-th running export of one user with 429 before any byte, while another user still exports; stale runs do not count", async () => {
    // The merchant already runs 2 exports (the default EXPORT_MAX_CONCURRENT).
    const held = [randomBytes(8).toString('hex'), randomBytes(8).toString('hex')];
    for (const id of held) await s.database.query(`INSERT INTO export_runs (id, user_id, target, format, status, started_at) VALUES ($1, $2, 'transaction', 'csv', 'RUNNING', now())`, [id, merchantId]);
    try {
      const refused = await exportTxns(merchant, 'xlsx');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toMatch(/application\/json/);
      expect(refused.headers.get('content-disposition')).toBeNull();
      const body = (await refused.json()) as { ErrorCode: string; ErrorMessage: string };
      expect(body.ErrorCode).toBe('EXP429');
      expect(body.ErrorMessage).toMatch(/at most 2 at a time/);
      expect((await runsOf(merchantId)).filter((r) => r.status === 'RUNNING').map((r) => r.id).sort()).toEqual([...held].sort());
      await expect
        .poll(async () => (await s.database.query<AuditRow>(`SELECT action, result, actor_user_id, target_type, detail FROM audit_log WHERE action = 'EXPORT_REFUSED' AND actor_user_id = $1`, [merchantId])).length)
        .toBeGreaterThan(0);

      // Another user is not affected.
      const other = await exportTxns(admin, 'xlsx', { Status: ['SUCCESS'] });
      expect(other.status).toBe(200);
      expect((await other.arrayBuffer()).byteLength).toBeGreaterThan(0);

      // Runs left RUNNING by a server that died an hour ago no longer count.
      await s.database.query(`UPDATE export_runs SET started_at = now() - interval '2 hours' WHERE id = ANY($1::text[])`, [held]);
      const again = await exportTxns(merchant);
      expect(again.status).toBe(200);
      await again.text();
    } finally {
      await s.database.query(`DELETE FROM export_runs WHERE id = ANY($1::text[])`, [held]);
    }
  });

  it('refuses an export over the EXPORT_MAX_ROWS setting before any byte, naming the cap, and applies a change of it at once', async () => {
    await setSetting('EXPORT_MAX_ROWS', '10');
    try {
      const res = await exportTxns(admin);
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await res.json()) as { ErrorCode: string; ErrorMessage: string };
      expect(body.ErrorCode).toBe('EXP422');
      expect(body.ErrorMessage).toMatch(/more than 10 rows/);
      expect(body.ErrorMessage).toMatch(/narrow the filter/);
      const run = (await runsOf(adminId)).at(-1)!;
      expect(run.status).toBe('FAILED');
      expect((await auditsOfRun(run.id)).map((a) => a.action)).toEqual(['EXPORT_REFUSED']);

      // The engine's exports have the same cap through the engine's count.
      const def = RESOURCES.find((d) => d.name === 'Bank')!;
      const scope: Scope = { userId: adminId, email: 'admin@paydesk.my', sessionId: 'x', membershipId: 1, groupType: 'SUPERADMIN', orgId: null, orgLevel: null, orgPath: null, permissions: new Set() };
      const ctx = { database: s.database, fieldKey: s.app.ctx.keys.fieldKey, req: null, now: s.now };
      const all = await countResourceRows(ctx, def, scope, { SearchData: {} }, 1_000_000);
      expect(all).toBeGreaterThan(3);
      expect(await countResourceRows(ctx, def, scope, { SearchData: {} }, 3)).toBe(3);
    } finally {
      await setSetting('EXPORT_MAX_ROWS', '1000000');
    }
    expect((await exportTxns(admin, 'csv', { Status: ['SUCCESS'] })).status).toBe(200);
  });

  it('lets exactly EXPORT_MAX_CONCURRENT of many parallel exports of one user run; the rest get 429', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    nextJob = () => ({ ...TEST_SCREEN, target: 'test', format: 'csv', filename: 'held.csv', countUpTo: async () => 3, open: heldFile(gate) });
    const user = 900_001;
    const answers = await Promise.all(Array.from({ length: 8 }, () => smallExport(user)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
    for (const r of answers.filter((a) => a.status === 429)) expect(((await r.json()) as { ErrorCode: string }).ErrorCode).toBe('EXP429');
    // Another user still gets a slot while these are held.
    const other = await smallExport(900_002);
    expect(other.status).toBe(200);
    release();
    const bodies = await Promise.all([...answers.filter((a) => a.status === 200), other].map((r) => r.text()));
    for (const b of bodies) expect(b).toBe('Id\n1\n2\n3\n');
    await expect.poll(async () => (await runsOf(user)).map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect((await runsOf(user)).map((r) => r.rows)).toEqual([3, 3]);
  });

  it('audits an export cancelled after its first chunk as cancelled, and its run is not left RUNNING', async () => {
    nextJob = () => ({ ...TEST_SCREEN, target: 'test', format: 'csv', filename: 'held.csv', countUpTo: async () => 3, open: heldFile(new Promise(() => {})) });
    const user = 900_003;
    const abort = new AbortController();
    const res = await smallExport(user, abort.signal);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('Id\n');
    abort.abort();
    await expect.poll(async () => (await runsOf(user))[0]?.status).toBe('CANCELLED');
    const [run] = await runsOf(user);
    expect(run!.ended_at).not.toBeNull();
    const audits = await auditsOfRun(run!.id);
    expect(audits.map((a) => [a.action, a.result])).toEqual([
      ['EXPORT_STARTED', 'SUCCESS'],
      ['EXPORT_CANCELLED', 'FAILURE'],
    ]);
    expect(audits[1]!.actor_user_id).toBe(user);
  });

  it('answers {ErrorCode, ErrorMessage} when the export fails before its first byte (also an XLSX whose first query fails)', async () => {
    // The engine's XLSX export over a database whose queries fail: exceljs would write its zip header first.
    const def = RESOURCES.find((d) => d.name === 'Bank')!;
    const broken = { ...s.database, query: async () => Promise.reject(new Error('relation "banks" does not exist')) } as typeof s.database;
    const scope: Scope = { userId: 900_004, email: 'x@test', sessionId: 'x', membershipId: 1, groupType: 'SUPERADMIN', orgId: null, orgLevel: null, orgPath: null, permissions: new Set() };
    nextJob = () => ({
      ...TEST_SCREEN,
      target: 'Bank',
      format: 'xlsx',
      filename: 'banks.xlsx',
      countUpTo: async () => 1,
      open: ({ signal, onDone }) => openResourceExport({ database: broken, fieldKey: s.app.ctx.keys.fieldKey, req: null, now: s.now }, def, scope, { SearchData: {}, Sort: { Field: 'BankName', Order: 'asc' }, Format: 'xlsx' }, onDone, signal),
    });
    const res = await smallExport(900_004);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(await res.json()).toEqual({ ErrorCode: 'SRV500', ErrorMessage: 'Unexpected server error', RequestId: expect.any(String) as unknown });
    const [run] = await runsOf(900_004);
    expect(run!.status).toBe('FAILED');
    expect((await auditsOfRun(run!.id)).map((a) => a.action)).toEqual(['EXPORT_STARTED', 'EXPORT_FAILED']);

    // A file stream failing before its first chunk: same shape.
    nextJob = () => ({
      ...TEST_SCREEN,
      target: 'test',
      format: 'csv',
      filename: 'x.csv',
      countUpTo: async () => 1,
      open: () => streamSheet({ format: 'csv', sheetName: 'x', headers: ['a'], rows: (async function* () { throw new Error('boom'); })() }),
    });
    const csv = await smallExport(900_005);
    expect(csv.status).toBe(500);
    expect(((await csv.json()) as { ErrorCode: string }).ErrorCode).toBe('SRV500');
  });

  it('breaks the transfer visibly when the export fails after its first byte, and audits the failure', async () => {
    nextJob = () => ({ ...TEST_SCREEN, target: 'test', format: 'csv', filename: 'x.csv', countUpTo: async () => 3, open: heldFile(Promise.resolve(), 3, new Error('connection lost')) });
    const res = await smallExport(900_006);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    await expect.poll(async () => (await runsOf(900_006))[0]?.status).toBe('FAILED');
    const audits = await auditsOfRun((await runsOf(900_006))[0]!.id);
    expect(audits.map((a) => a.action)).toEqual(['EXPORT_STARTED', 'EXPORT_FAILED']);
    expect(audits[1]!.detail.reason).toBe('connection lost');
  });
});

/**
 * /terminal-firmware-management (modules/firmware), on both databases, through the real
 * server, object storage on disk and the job queue:
 *  - the SHA-256 of random images (fast-check) is the one node's crypto computes, a declared
 *    checksum in any case is accepted, and the download gives back the same bytes and checksum;
 *  - a declared checksum that differs is refused naming Sha256 and writes nothing (no row, no
 *    audit, no stored object); an unknown model is refused naming Models; a second image of a
 *    version for a model is refused naming Version;
 *  - a rollout refuses a model the image does not support and a terminal of another model;
 *  - the job advances the stages: stage 1 offered at once, stage 2 when stage 1 reported, stage 3
 *    when stage 2's wait ended, COMPLETED when all reported — with the counts at each step;
 *  - a terminal is in at most one active rollout (the route refuses, the database refuses), and a
 *    replayed Idempotency-Key answers the same rollout;
 *  - pause holds the stages, cancel withdraws the offers and stops the job;
 *  - a caller outside the platform sees no image and no rollout.
 * Waiting on the queue polls until a state is reached: no assertion is about time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@paydesk/contract';
import { FIRMWARE_ROLLOUT_QUEUE } from '../../src/modules/firmware/rollout-jobs.ts';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

type Firmware = { Id: number; Version: string; Sha256: string; SizeBytes: number; Models: string[]; Status: string; AllowedActions: string[] };
type Rollout = { Id: number; Status: string; CurrentStage: number; Total: number; Counts: Record<string, number>; PercentInstalled: number; StageProgress: { Stage: number; Targets: number; Offered: number; Installed: number }[]; AllowedActions: string[] };

describe.each(DATABASES)('terminal firmware on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let dataDir: string;
  let modelA: string, modelB: string;
  let merchantId: number;
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);
  let versions = 0;
  const nextVersion = () => `1.${++versions}.0-${kind}`;

  const upload = (fields: Record<string, string>, bytes: Uint8Array, name = 'app.bin') => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    f.append('file', new Blob([new Uint8Array(bytes)]), name);
    return admin.callPath<Firmware>('POST', '/api/portal/Firmware/Upload', f);
  };
  const get = (id: number) => admin.callPath<Rollout>('GET', `/api/portal/FirmwareRollout/${id}`);
  let keys = 0;
  const create = (body: Record<string, unknown>, key = `fw-${kind}-${++keys}`) => admin.call('rolloutCreate', { body: body as never, headers: { 'Idempotency-Key': key } }) as Promise<Rollout>;

  /** Terminals of `model` under the merchant, ACTIVE, reporting `version`; answers their TIDs. */
  let tids = 0;
  const terminals = async (model: string, n: number, version = '0.9.0'): Promise<string[]> => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const tid = `F${kind === 'pglite' ? 'L' : 'P'}${String(++tids).padStart(6, '0')}`;
      await q(
        `INSERT INTO terminals (org_id, tid, model, acquirer_id, mid, status, firmware_version) SELECT $1, $2, $3, a.id, '000000000000001', 'ACTIVE', $4 FROM acquirers a ORDER BY a.id LIMIT 1`,
        [merchantId, tid, model, version],
      );
      out.push(tid);
    }
    return out;
  };
  /** What the terminal management host would record when these terminals check in on `version`. */
  const report = (list: string[], version: string) => q(`UPDATE terminals SET firmware_version = $2 WHERE tid = ANY($1::text[])`, [list, version]);

  /** Sends one tick of the rollout through the queue and waits until a worker has done it. */
  const tick = async (rolloutId: number) => {
    const id = await s.app.jobs.send(FIRMWARE_ROLLOUT_QUEUE.name, { rolloutId });
    for (;;) {
      const j = await s.app.jobs.job(FIRMWARE_ROLLOUT_QUEUE.name, id!);
      if (j?.state === 'completed') return;
      if (j?.state === 'failed') throw new Error(`tick failed: ${j.lastError}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** Waits until the rollout's first stage has been offered by the job Create queued. */
  const started = async (id: number): Promise<Rollout> => {
    for (;;) {
      const r = await get(id);
      if (r.CurrentStage > 0) return r;
      await new Promise((res) => setTimeout(res, 100));
    }
  };
  const offered = async (id: number, stage?: number) =>
    (await q<{ tid: string }>(`SELECT t.tid FROM firmware_rollout_targets x JOIN terminals t ON t.id = x.terminal_id WHERE x.rollout_id = $1 AND x.state = 'OFFERED' ${stage ? 'AND x.stage = $2' : ''} ORDER BY t.tid`, stage ? [id, stage] : [id])).map((r) => r.tid);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'paydesk-firmware-'));
    s = await startTestServer({ kind, transactions: 300, config: { dataDir, jobPollSeconds: 1 } });
    admin = await s.signIn('admin@paydesk.my');
    const models = await q<{ model: string }>(`SELECT model FROM terminal_models WHERE is_active = 1 ORDER BY model LIMIT 2`);
    [modelA, modelB] = models.map((m) => m.model) as [string, string];
    merchantId = Number((await q<{ id: number }>(`SELECT id FROM organizations WHERE level = 'MERCHANT_HQ' ORDER BY id LIMIT 1`))[0]!.id);
  }, 300_000);
  afterAll(async () => s?.close());

  it('computes the SHA-256 of the image as node does, takes a declared checksum in any case, and downloads the same bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 200_000 }), fc.boolean(), async (bytes, declare) => {
        const expected = createHash('sha256').update(bytes).digest('hex');
        const fields: Record<string, string> = { Version: nextVersion(), Models: `${modelA}, ${modelB}`, ReleaseNotes: 'Fixes contactless timeouts.\nAdds DuitNow QR.' };
        if (declare) fields.Sha256 = expected.toUpperCase();
        const f = await upload(fields, bytes);
        expect(f).toMatchObject({ Sha256: expected, SizeBytes: bytes.length, Status: 'ACTIVE', Models: [modelA, modelB].sort() });
        const res = await admin.sendTo({ method: 'GET', encrypted: true }, `/api/portal/Firmware/${f.Id}/File`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-checksum-sha256')).toBe(expected);
        expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 6, seed: 42 },
    );
    const [audit] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'FIRMWARE_UPLOAD'`);
    expect(Number(audit!.n)).toBe(6);
  });

  it('refuses a differing checksum naming Sha256 and writes nothing; an unknown model naming Models; a repeated version naming Version', async () => {
    const before = async () => ({
      rows: (await q<{ n: number }>(`SELECT count(*)::int AS n FROM firmware_files`))[0]!.n,
      audits: (await q<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE target_type = 'Firmware'`))[0]!.n,
      objects: (await readdir(join(dataDir, 'firmware')).catch(() => [])).length,
    });
    const was = await before();
    const bytes = randomBytes(5000);
    const wrong = createHash('sha256').update(Buffer.concat([bytes, Buffer.from([0])])).digest('hex');
    const e = await errorOf(upload({ Version: nextVersion(), Models: modelA, Sha256: wrong }, bytes));
    expect(e).toMatchObject({ status: 400, errorCode: 'VAL400' });
    expect(e.message).toMatch(/^[A-Z]+[0-9]+: Sha256: /);
    expect(await before()).toEqual(was);

    const m = await errorOf(upload({ Version: nextVersion(), Models: `${modelA},Acme Toaster 9000` }, bytes));
    expect(m).toMatchObject({ status: 400 });
    expect(m.message).toMatch(/^[A-Z]+[0-9]+: Models: .*Acme Toaster 9000/);
    expect((await errorOf(upload({ Version: 'not a version!', Models: modelA }, bytes))).message).toMatch(/^[A-Z]+[0-9]+: Version: /);
    expect((await errorOf(upload({ Version: nextVersion(), Models: modelA, Sha256: 'xyz' }, bytes))).message).toMatch(/^[A-Z]+[0-9]+: Sha256: /);

    const v = nextVersion();
    await upload({ Version: v, Models: modelA }, bytes);
    const dup = await errorOf(upload({ Version: v, Models: `${modelB},${modelA}` }, randomBytes(10)));
    expect(dup).toMatchObject({ status: 409, errorCode: 'CF409' });
    expect(dup.message).toMatch(/^[A-Z]+[0-9]+: Version: /);
    // The same version for another model alone is another vendor's image: accepted.
    expect((await upload({ Version: v, Models: modelB }, randomBytes(10))).Models).toEqual([modelB]);
  });

  it('refuses a rollout to a model the image does not support, or to a terminal of another model', async () => {
    const f = await upload({ Version: nextVersion(), Models: modelA }, randomBytes(100));
    const [other] = await terminals(modelB, 1);
    const plan = { Name: 'Wrong model', FirmwareId: f.Id, Stages: [100], StageWaitMinutes: 0 };
    const m = await errorOf(create({ ...plan, Models: [modelB] }));
    expect(m).toMatchObject({ status: 400 });
    expect(m.message).toMatch(/^[A-Z]+[0-9]+: Models: /);
    const t = await errorOf(create({ ...plan, Tids: [other!] }));
    expect(t).toMatchObject({ status: 400 });
    expect(t.message).toMatch(new RegExp(`^VAL400: Tids: terminal ${other} is a `));
    expect(await q(`SELECT 1 FROM firmware_rollouts WHERE firmware_id = $1`, [f.Id])).toEqual([]);
  });

  it('advances the stages through the job: on reports, on the end of a wait, to COMPLETED, with the counts at each step', async () => {
    const f = await upload({ Version: nextVersion(), Models: modelA }, randomBytes(1000));
    const list = await terminals(modelA, 10);
    const preview = await admin.call('rolloutPreview', { body: { FirmwareId: f.Id, Tids: list, Stages: [20, 60, 100], StageWaitMinutes: 60 } });
    expect(preview).toEqual({ Total: 10, StageCounts: [2, 4, 4], AlreadyCurrent: 0, Busy: 0, BusyTids: [] });
    const made = await create({ Name: 'Staged', FirmwareId: f.Id, Tids: list, Stages: [20, 60, 100], StageWaitMinutes: 60 });
    expect(made).toMatchObject({ Status: 'RUNNING', Total: 10 });

    // Stage 1 is offered by the job Create queued: its terminals' pending firmware is set.
    let r = await started(made.Id);
    expect(r).toMatchObject({ CurrentStage: 1, Counts: { WAITING: 8, OFFERED: 2, INSTALLED: 0 }, PercentInstalled: 0 });
    const first = await offered(made.Id, 1);
    expect(first).toHaveLength(2);
    expect(await q(`SELECT tid FROM terminals WHERE pending_firmware_id = $1 ORDER BY tid`, [f.Id])).toEqual(first.map((tid) => ({ tid })));

    // Nothing reported and no wait over: a tick changes nothing.
    await tick(made.Id);
    expect((await get(made.Id)).CurrentStage).toBe(1);

    // Stage 1 reports: stage 2 starts without waiting.
    await report(first, f.Version);
    await tick(made.Id);
    r = await get(made.Id);
    expect(r).toMatchObject({ CurrentStage: 2, Counts: { WAITING: 4, OFFERED: 4, INSTALLED: 2 }, PercentInstalled: 20 });
    expect(r.StageProgress.map((p) => [p.Targets, p.Installed])).toEqual([[2, 2], [4, 0], [4, 0]]);
    expect(await q(`SELECT 1 FROM terminals WHERE tid = ANY($1::text[]) AND pending_firmware_id IS NOT NULL`, [first])).toEqual([]);

    // Stage 2 stays silent: stage 3 starts once its hour is over (server clock moved).
    s.advance(61 * 60_000);
    // The hour also ended the session's idle limit: sign in again.
    admin = await s.signIn('admin@paydesk.my');
    await tick(made.Id);
    r = await get(made.Id);
    expect(r).toMatchObject({ CurrentStage: 3, Counts: { WAITING: 0, OFFERED: 8, INSTALLED: 2 } });

    // Everyone reports: COMPLETED at 100 %, no offer left.
    await report(list, f.Version);
    await tick(made.Id);
    r = await get(made.Id);
    expect(r).toMatchObject({ Status: 'COMPLETED', Counts: { OFFERED: 0, INSTALLED: 10 }, PercentInstalled: 100, AllowedActions: [] });
    expect(await q(`SELECT 1 FROM terminals WHERE pending_firmware_id = $1`, [f.Id])).toEqual([]);
    const events = await q<{ action: string }>(`SELECT action FROM audit_log WHERE target_type = 'FirmwareRollout' AND target_id = $1 AND action <> 'FIRMWARE_ROLLOUT_CREATE' ORDER BY id`, [String(made.Id)]);
    expect(events.map((e) => e.action)).toEqual(['FIRMWARE_ROLLOUT_STAGE', 'FIRMWARE_ROLLOUT_STAGE', 'FIRMWARE_ROLLOUT_STAGE', 'FIRMWARE_ROLLOUT_COMPLETE']);
  });

  it('offers every stage at once with no stage wait, and completes without the silent terminals only after the final wait', async () => {
    const f = await upload({ Version: nextVersion(), Models: modelA }, randomBytes(100));
    const list = await terminals(modelA, 5);
    const made = await create({ Name: 'All at once', FirmwareId: f.Id, Tids: list, Stages: [40, 100], StageWaitMinutes: 0, FinalWaitHours: 2 });
    let r = await started(made.Id);
    expect(r).toMatchObject({ Status: 'RUNNING', CurrentStage: 2, FinalWaitHours: 2, Counts: { OFFERED: 5, WAITING: 0 } });
    await report(list.slice(0, 3), f.Version);
    await tick(made.Id);
    expect(await get(made.Id)).toMatchObject({ Status: 'RUNNING', Counts: { OFFERED: 2, INSTALLED: 3 }, PercentInstalled: 60 });
    s.advance(2 * 3_600_000 + 60_000);
    admin = await s.signIn('admin@paydesk.my');
    await tick(made.Id);
    r = await get(made.Id);
    expect(r).toMatchObject({ Status: 'COMPLETED', Counts: { OFFERED: 0, INSTALLED: 3, NOT_REPORTED: 2 } });
    expect(await q(`SELECT 1 FROM terminals WHERE pending_firmware_id = $1`, [f.Id])).toEqual([]);
  });

  it('keeps a terminal in one active rollout at most, and answers a replayed Idempotency-Key with the same rollout', async () => {
    const f = await upload({ Version: nextVersion(), Models: modelA }, randomBytes(100));
    const g = await upload({ Version: nextVersion(), Models: modelA }, randomBytes(100));
    const list = await terminals(modelA, 3);
    const body = { Name: 'First', FirmwareId: f.Id, Tids: list, Stages: [50, 100], StageWaitMinutes: 30 };
    const one = await create(body, `same-${kind}`);
    const again = await create(body, `same-${kind}`);
    expect(again.Id).toBe(one.Id);
    expect(await q(`SELECT 1 FROM firmware_rollouts WHERE firmware_id = $1`, [f.Id])).toHaveLength(1);
    expect(await errorOf(create({ ...body, Name: 'Other body' }, `same-${kind}`))).toMatchObject({ status: 422, errorCode: 'IDEM422' });

    const busy = await errorOf(create({ Name: 'Second', FirmwareId: g.Id, Tids: [list[0]!], Stages: [100], StageWaitMinutes: 0 }));
    expect(busy).toMatchObject({ status: 409, errorCode: 'CF409' });
    expect(busy.message).toMatch(/^[A-Z]+[0-9]+: Tids: 1 terminal is in another running or paused rollout/);
    const preview = await admin.call('rolloutPreview', { body: { FirmwareId: g.Id, Tids: list, Stages: [100], StageWaitMinutes: 0 } });
    expect(preview).toMatchObject({ Total: 0, Busy: 3 });
    // The database holds the rule by itself.
    const [tid] = await q<{ id: number }>(`SELECT id FROM terminals WHERE tid = $1`, [list[0]]);
    const [other] = await q<{ id: number }>(
      `INSERT INTO firmware_rollouts (name, firmware_id, stages, models, stage_wait_minutes, total, created_by_user_id) VALUES ('raw', $1, '[100]', '[]', 0, 1, 1) RETURNING id`,
      [g.Id],
    );
    await expect(q(`INSERT INTO firmware_rollout_targets (rollout_id, terminal_id, stage) VALUES ($1, $2, 1)`, [other!.id, tid!.id])).rejects.toThrow();
    // Retiring the image of a running rollout is refused.
    expect(await errorOf(admin.call('firmwareRetire', { body: { Id: f.Id, Reason: 'superseded' } }))).toMatchObject({ status: 409 });
  });

  it('holds the stages while paused, and cancel withdraws every offer and stops the job', async () => {
    const f = await upload({ Version: nextVersion(), Models: modelA }, randomBytes(100));
    const list = await terminals(modelA, 4);
    const made = await create({ Name: 'To cancel', FirmwareId: f.Id, Tids: list, Stages: [50, 100], StageWaitMinutes: 30 });
    await started(made.Id);
    const paused = await admin.call('rolloutPause', { body: { Id: made.Id, Reason: '' } });
    expect(paused).toMatchObject({ Status: 'PAUSED', AllowedActions: ['RESUME', 'CANCEL'] });
    await tick(made.Id);
    expect(await get(made.Id)).toMatchObject({ Status: 'PAUSED', CurrentStage: 1, Counts: { OFFERED: 2, WAITING: 2 } });

    expect(await errorOf(admin.call('rolloutCancel', { body: { Id: made.Id, Reason: '' } }))).toMatchObject({ status: 400 });
    const cancelled = await admin.call('rolloutCancel', { body: { Id: made.Id, Reason: 'Vendor recalled the build' } });
    expect(cancelled).toMatchObject({ Status: 'CANCELLED', Counts: { CANCELLED: 4, OFFERED: 0, WAITING: 0 }, AllowedActions: [] });
    expect(await q(`SELECT 1 FROM terminals WHERE pending_firmware_id = $1`, [f.Id])).toEqual([]);
    s.advance(60_000);
    await tick(made.Id);
    expect(await get(made.Id)).toMatchObject({ Status: 'CANCELLED', CurrentStage: 1 });
    expect(await errorOf(admin.call('rolloutResume', { body: { Id: made.Id, Reason: '' } }))).toMatchObject({ status: 409 });
    // Its terminals are free again, and the image may now be retired.
    expect(await admin.call('rolloutPreview', { body: { FirmwareId: f.Id, Tids: list, Stages: [100], StageWaitMinutes: 0 } })).toMatchObject({ Total: 4, Busy: 0 });
    expect(await admin.call('firmwareRetire', { body: { Id: f.Id, Reason: 'recalled' } })).toMatchObject({ Status: 'RETIRED' });
  });

  it('shows no image and no rollout to a caller outside the platform', async () => {
    const [f] = await q<{ id: number }>(`SELECT id FROM firmware_files ORDER BY id LIMIT 1`);
    const [r] = await q<{ id: number }>(`SELECT id FROM firmware_rollouts ORDER BY id LIMIT 1`);
    // A merchant-side group holding the module's permissions anyway (as a mistaken grant would).
    await q(
      `WITH g AS (INSERT INTO user_groups (name, group_type, description) VALUES ('Firmware at a merchant', 'MERCHANT_HQ', 'test') RETURNING id)
       INSERT INTO user_group_permissions (group_id, permission) SELECT g.id, p FROM g, unnest(ARRAY['terminalfirmware:view', 'terminalfirmware:download', 'terminalfirmware:rollout']) AS p`,
    );
    await q(
      `WITH u AS (INSERT INTO users (email, nick_name, password_hash) SELECT 'fw-merchant@paydesk.my', 'fw', password_hash FROM users WHERE email = 'admin@paydesk.my' RETURNING id)
       INSERT INTO memberships (user_id, org_id, group_id, is_default) SELECT u.id, $1, g.id, true FROM u, user_groups g WHERE g.name = 'Firmware at a merchant'`,
      [merchantId],
    );
    const outsider = await s.signIn('fw-merchant@paydesk.my');
    expect((await outsider.call('firmwareSearch', { body: { PageIndex: 1, RowsPerPage: 20, SearchData: { Keyword: '' } } })).TotalRecords).toBe(0);
    expect((await outsider.call('rolloutSearch', { body: { PageIndex: 1, RowsPerPage: 20, SearchData: { Keyword: '' } } })).TotalRecords).toBe(0);
    expect(await errorOf(outsider.call('firmwareGet', { params: { Id: f!.id } }))).toMatchObject({ status: 404 });
    expect(await errorOf(outsider.call('firmwareFile', { params: { Id: f!.id } }))).toMatchObject({ status: 404 });
    expect(await errorOf(outsider.call('rolloutGet', { params: { Id: r!.id } }))).toMatchObject({ status: 404 });
    // The demo merchant's own group holds no firmware permission at all.
    const merchant = await s.signIn('merchant@paydesk.my');
    expect(await errorOf(merchant.call('firmwareSearch', { body: { PageIndex: 1, RowsPerPage: 20, SearchData: { Keyword: '' } } }))).toMatchObject({ status: 403 });
  });
});

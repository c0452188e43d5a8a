/**
 * The demo of a first start (main.ts's steps: the seed, the risk replay, the settlement imports,
 * the payout build, accounts and bank batches, the onboarding records and the desks' records),
 * seeded small at a fixed clock just after midnight MYT, on PGlite (and PostgreSQL with
 * DATABASE_URL), is believable:
 *  - a sweep of every time column of every table: no instant holds two thirds of a column (unless
 *    all those rows are one act's: one bank result, one risk hold), nothing after now (but an
 *    expiry or a next run), nothing before 1990;
 *  - every workflow event log runs forward from its record's creation to now;
 *  - refunds are asked after their sale; bank batches are made on their payout date's morning,
 *    after their business days, their results later; alerts follow their last transaction by
 *    seconds; settlement files are read on their settlement day; people act in office hours;
 *  - the zone master keys, firmware and RM application screens list records in several states,
 *    key material only sealed (it opens to the stored check values and appears nowhere in clear),
 *    firmware bytes and documents on disk matching their SHA-256, each history by its machine.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RM_APPLICATION_MACHINE, ROLLOUT_MACHINE, ZMK_MACHINE, type ZmkScheme } from '@paydesk/domain';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { searchFirmware } from '../../src/modules/firmware/firmware-read.ts';
import { searchRollouts } from '../../src/modules/firmware/rollout-read.ts';
import { seedDemoPayoutAccounts, seedDemoPayoutBatches } from '../../src/modules/payout/demo-banking.ts';
import { buildDuePayouts } from '../../src/modules/payout/jobs.ts';
import { replayDemoRisk } from '../../src/modules/risk/replay.ts';
import { searchApplications } from '../../src/modules/rm-application/application.ts';
import { seedDemoSettlementFiles } from '../../src/modules/settlement/demo-files.ts';
import { kcvOf } from '../../src/modules/zmk/kcv.ts';
import { materialPlace, openMaterial } from '../../src/modules/zmk/key-material.ts';
import { searchZmk } from '../../src/modules/zmk/read.ts';
import type { Scope } from '../../src/platform/scope.ts';
import { DAY_MS, inOfficeHours, mytDayOf, mytDayStartOf } from '../../src/seed/demo-clock.ts';
import { seedDemoOnboarding } from '../../src/seed/demo-onboarding.ts';
import { platformStaff } from '../../src/seed/demo-staff.ts';
import { seedDemo } from '../../src/seed/index.ts';
import { DATABASES, freshPostgres } from './harness.ts';

/** 00:25 MYT on Thursday 12 March 2026: today has no office hours yet, yesterday's payouts were built "this morning". */
const NOW = new Date('2026-03-11T16:25:00Z');
const NOW_MS = NOW.getTime();
const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/** Columns whose values lie ahead by nature. */
const AHEAD: ReadonlySet<string> = new Set(['payment_links.expires_at', 'recurring_schedules.next_run_at']);
/** Columns where rows of one act share its instant: the column naming the act (one bank result file, one risk alert's hold). */
const ONE_ACT: Readonly<Record<string, string>> = { 'payouts.paid_at': 'batch_id', 'payouts.held_at': 'hold_note' };
/** Workflow event logs: [events table, record key, record table]. */
const LOGS: readonly [string, string, string][] = [
  ['zmk_events', 'key_id', 'zmk_keys'], ['firmware_rollout_events', 'rollout_id', 'firmware_rollouts'], ['rm_application_events', 'application_id', 'rm_applications'],
  ['payout_batch_events', 'batch_id', 'payout_batches'], ['refund_request_events', 'refund_request_id', 'refund_requests'], ['risk_alert_events', 'alert_id', 'risk_alerts'],
];
/** Instants of people's acts: [label, SQL answering `at`]. */
const PEOPLE: readonly [string, string][] = [
  ['zmk_events', 'SELECT at FROM zmk_events WHERE user_id IS NOT NULL'],
  ['firmware uploads', 'SELECT uploaded_at AS at FROM firmware_files UNION ALL SELECT retired_at FROM firmware_files WHERE retired_at IS NOT NULL'],
  ['rollout decisions', 'SELECT at FROM firmware_rollout_events WHERE user_id IS NOT NULL'],
  ['rm_application_events', 'SELECT at FROM rm_application_events WHERE actor_user_id IS NOT NULL'],
  ['org_documents', 'SELECT uploaded_at AS at FROM org_documents'],
  ['payout batches', 'SELECT created_at AS at FROM payout_batches UNION ALL SELECT result_at FROM payout_batches WHERE result_at IS NOT NULL'],
  ['payout accounts', 'SELECT created_at AS at FROM organization_configs UNION ALL SELECT updated_at FROM organization_configs'],
  ['KYC reviews', 'SELECT at FROM org_status_history WHERE actor_user_id IS NOT NULL'],
  ['users', 'SELECT created_at AS at FROM users UNION ALL SELECT last_login_at FROM users WHERE last_login_at IS NOT NULL'],
];

describe.each(DATABASES)('the demo of a first start on %s', (kind) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-demo-'));
  const fieldKey = randomBytes(32);
  let admin: Scope;
  const q = <T,>(sql: string, params?: unknown[]) => database.query<T>(sql, params);

  beforeAll(async () => {
    if (kind === 'postgres') {
      const fresh = await freshPostgres();
      drop = fresh.drop;
      database = await openDatabase(fresh.url);
    } else database = await openDatabase('memory://');
    await seedDemo(database, { transactions: 2500, seed: 29, password: 'Demo-Password-1', now: NOW, fieldKey });
    await replayDemoRisk(database, NOW, () => undefined);
    await seedDemoSettlementFiles(database, dir, fieldKey, NOW);
    await buildDuePayouts(database, NOW);
    await seedDemoPayoutAccounts(database, fieldKey);
    await seedDemoPayoutBatches(database, { fieldKey, originator: 'Paydesk', dataDir: dir, now: NOW });
    await seedDemoOnboarding(database, fieldKey, NOW, { dataDir: dir });
    admin = (await platformStaff(database.query))[0]!.scope;
  }, 600_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('dates every time column of every table: no instant holds two thirds of it, nothing after now', async () => {
    const columns = await q<{ t: string; c: string }>(
      `SELECT table_name AS t, column_name AS c FROM information_schema.columns
       WHERE table_schema = current_schema() AND data_type = 'timestamp with time zone' ORDER BY 1, 2`,
    );
    let swept = 0;
    for (const { t, c } of columns) {
      const name = `${t}.${c}`;
      const act = ONE_ACT[name];
      const [s] = await q<{ n: number; top: number; acts: number; late: number; early: number }>(
        `WITH v AS (SELECT ${c} AS at${act ? `, ${act}::text AS act` : ''} FROM ${t} WHERE ${c} IS NOT NULL),
           top AS (SELECT at FROM v GROUP BY at ORDER BY count(*) DESC LIMIT 1)
         SELECT (SELECT count(*) FROM v)::int AS n, (SELECT count(*) FROM v JOIN top USING (at))::int AS top,
                ${act ? '(SELECT count(DISTINCT act) FROM v JOIN top USING (at))::int' : '1'} AS acts,
                (SELECT count(*) FROM v WHERE at > $1)::int AS late, (SELECT count(*) FROM v WHERE at < '1990-01-01')::int AS early`,
        [NOW],
      );
      if (!s || s.n === 0) continue;
      swept++;
      if (!AHEAD.has(name)) expect(s.late, `${name}: rows after now`).toBe(0);
      expect(s.early, `${name}: rows before 1990`).toBe(0);
      if (s.n >= 3 && s.acts === 1 && !act) expect(s.top, `${name}: ${s.top} of ${s.n} rows on one instant`).toBeLessThan((2 * s.n) / 3);
      if (act) expect(s.acts, `${name}: rows of several acts on one instant`).toBe(1);
    }
    expect(swept).toBeGreaterThan(100);
  });

  it('keeps every workflow log in time order, from its record to now', async () => {
    for (const [events, key, records] of LOGS) {
      const rows = await q<{ key: number; at: Date; created: Date }>(`SELECT e.${key} AS key, e.at, r.created_at AS created FROM ${events} e JOIN ${records} r ON r.id = e.${key} ORDER BY e.${key}, e.id`);
      for (const [i, e] of rows.entries()) {
        expect(ms(e.at)!, `${events} of ${e.key}`).toBeGreaterThanOrEqual(ms(e.created)!);
        expect(ms(e.at)!, `${events} of ${e.key}`).toBeLessThanOrEqual(NOW_MS);
        const before = rows[i - 1];
        if (before?.key === e.key) expect(ms(e.at)!, `${events} of ${e.key} out of order`).toBeGreaterThanOrEqual(ms(before.at)!);
      }
    }
  });

  it('asks every refund after its sale and before now', async () => {
    const rows = await q<{ id: number; sold: Date; asked: Date; changed: Date; refunded: Date | null }>(
      `SELECT r.id, t.created_at AS sold, r.created_at AS asked, r.updated_at AS changed, r.refunded_at AS refunded FROM refund_requests r JOIN transactions t ON t.id = r.transaction_id`,
    );
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      expect(ms(r.asked)!, `refund ${r.id}`).toBeGreaterThan(ms(r.sold)!);
      expect(ms(r.changed)!).toBeGreaterThanOrEqual(ms(r.asked)!);
      expect(ms(r.changed)!).toBeLessThanOrEqual(NOW_MS);
      if (r.refunded) expect(ms(r.refunded)!).toBeGreaterThanOrEqual(ms(r.asked)!);
    }
    const [same] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM refund_requests GROUP BY created_at ORDER BY 1 DESC LIMIT 1`);
    expect(same!.n).toBe(1);
  });

  it("makes each bank batch on its payout date's morning after its business days, and builds payouts after their day", async () => {
    const batches = await q<{ id: number; payout_date: string; created_at: Date; result_at: Date | null; last_day: string }>(
      `SELECT b.id, b.payout_date::text AS payout_date, b.created_at, b.result_at,
          (SELECT max(p.business_day)::text FROM payout_batch_lines l JOIN payouts p ON p.id = l.payout_id WHERE l.batch_id = b.id) AS last_day
       FROM payout_batches b ORDER BY b.id`,
    );
    expect(batches.length).toBe(2);
    for (const b of batches) {
      const made = ms(b.created_at)!;
      expect(made, `batch ${b.id}`).toBeGreaterThanOrEqual(mytDayStartOf(b.last_day) + DAY_MS);
      expect(mytDayOf(made) <= b.payout_date, `batch ${b.id} made ${mytDayOf(made)} for ${b.payout_date}`).toBe(true);
      expect(made).toBeLessThanOrEqual(NOW_MS);
      expect(inOfficeHours(made)).toBe(true);
      if (b.result_at) expect(ms(b.result_at)!).toBeGreaterThan(made);
    }
    const [late] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM payouts p LEFT JOIN payout_batches b ON b.id = p.batch_id
       WHERE p.created_at < p.business_day_at + interval '1 day' OR p.created_at > $1 OR p.updated_at < p.created_at
          OR (p.state = 'PAID' AND p.paid_at IS DISTINCT FROM b.result_at) OR (p.held_at IS NOT NULL AND p.held_at < p.created_at)`,
      [NOW],
    );
    expect(late!.n).toBe(0);
  });

  it('raises each risk alert seconds after the last transaction it counted', async () => {
    const alerts = await q<{ id: number; created_at: Date; last_txn: Date | null }>(
      `SELECT a.id, a.created_at, max(x.txn_created_at) AS last_txn FROM risk_alerts a LEFT JOIN risk_alert_transactions x ON x.alert_id = a.id GROUP BY a.id`,
    );
    expect(alerts.length).toBeGreaterThan(0);
    for (const a of alerts.filter((x) => x.last_txn)) {
      expect(ms(a.created_at)! - ms(a.last_txn)!, `alert ${a.id}`).toBeGreaterThanOrEqual(0);
      expect(ms(a.created_at)! - ms(a.last_txn)!, `alert ${a.id}`).toBeLessThanOrEqual(10 * 60_000);
    }
  });

  it('reads each settlement file on its last settlement day, and dates its reconciliation with it', async () => {
    const files = await q<{ id: number; day: string; created_at: Date; started_at: Date; finished_at: Date; items: number; off: number }>(
      `SELECT f.id, f.settlement_date_to::text AS day, f.created_at, f.started_at, f.finished_at,
          (SELECT count(*)::int FROM recon_items r WHERE r.file_id = f.id) AS items,
          (SELECT count(*)::int FROM recon_items r WHERE r.file_id = f.id AND r.created_at <> f.finished_at) AS off
       FROM settlement_files f`,
    );
    expect(files.length).toBeGreaterThan(3);
    for (const f of files) {
      expect(mytDayOf(ms(f.created_at)!), `file ${f.id}`).toBe(f.day);
      expect(ms(f.started_at)!).toBeGreaterThanOrEqual(ms(f.created_at)!);
      expect(ms(f.finished_at)!).toBeGreaterThanOrEqual(ms(f.started_at)!);
      expect(ms(f.finished_at)!).toBeLessThanOrEqual(NOW_MS);
      expect([f.items > 0, f.off]).toEqual([true, 0]);
    }
  });

  it('lets people act in office hours (MYT)', async () => {
    for (const [label, sql] of PEOPLE) {
      const rows = await q<{ at: Date }>(sql);
      const off = rows.map((r) => ms(r.at)!).filter((t) => !inOfficeHours(t));
      expect(off.map((t) => new Date(t).toISOString()), label).toEqual([]);
    }
  });

  it('lists zone master keys in each state, their material sealed: it opens to the check values and is nowhere in clear', async () => {
    const list = await searchZmk(database.query, admin, { keyword: '', pageIndex: 1, rowsPerPage: 50 });
    expect(new Set(list.Items.map((k) => k.Status))).toEqual(new Set(['ACTIVE', 'AWAITING_COMPONENTS', 'RETIRED', 'CANCELLED']));
    const keys = await q<{ id: number; scheme: ZmkScheme; status: string; kcv: string | null; key_sealed: string | null }>(`SELECT id, scheme, status, kcv, key_sealed FROM zmk_keys`);
    const parts = await q<{ key_id: number; seq: number; kcv: string; user_id: number; component_sealed: string | null; status: string }>(
      `SELECT c.key_id, c.seq, c.kcv, c.user_id, c.component_sealed, k.status FROM zmk_components c JOIN zmk_keys k ON k.id = c.key_id`,
    );
    const clear: string[] = [];
    for (const k of keys) {
      expect(k.key_sealed !== null, `key ${k.id}`).toBe(k.status === 'ACTIVE');
      if (!k.key_sealed) continue;
      expect(k.key_sealed).toMatch(/^enc:v1:/);
      const key = openMaterial(fieldKey, materialPlace(k.id, 'key'), k.key_sealed);
      expect(kcvOf(k.scheme, key)).toBe(k.kcv);
      clear.push(key.toString('hex').toUpperCase());
    }
    for (const p of parts) {
      expect(p.component_sealed !== null, `component ${p.seq} of key ${p.key_id}`).toBe(p.status === 'AWAITING_COMPONENTS');
      if (!p.component_sealed) continue;
      const part = openMaterial(fieldKey, materialPlace(p.key_id, p.seq), p.component_sealed);
      expect(kcvOf(keys.find((k) => k.id === p.key_id)!.scheme, part)).toBe(p.kcv);
      clear.push(part.toString('hex').toUpperCase());
    }
    expect(clear.length).toBeGreaterThan(3);
    const everything = (await q<{ j: string }>(
      `SELECT concat_ws(' ', (SELECT json_agg(k)::text FROM zmk_keys k), (SELECT json_agg(c)::text FROM zmk_components c), (SELECT json_agg(e)::text FROM zmk_events e), (SELECT json_agg(a)::text FROM audit_log a)) AS j`,
    ))[0]!.j.toUpperCase();
    expect(clear.filter((h) => everything.includes(h) || everything.includes(h.slice(0, 16)))).toEqual([]);
    // Dual control: never two components of a key by one user.
    const twice = parts.filter((p, i) => parts.findIndex((o) => o.key_id === p.key_id && o.user_id === p.user_id) !== i);
    expect(twice).toEqual([]);
    await expectMachineLogs('zmk_events', 'key_id', 'event', (from, action) => ZMK_MACHINE.next(from, ({ COMPONENT_ENTERED: 'ENTER_COMPONENT', ACTIVATED: 'ACTIVATE', CANCELLED: 'CANCEL', RETIRED: 'RETIRE' } as const)[action as 'ACTIVATED']), 'CREATED', 'AWAITING_COMPONENTS', 'zmk_keys', 'status');
  });

  it('lists firmware whose stored bytes match their SHA-256, and one completed and one paused staged rollout', async () => {
    const images = await searchFirmware(database.query, admin, { keyword: '', pageIndex: 1, rowsPerPage: 50 });
    expect(images.TotalRecords).toBeGreaterThan(5);
    for (const f of await q<{ sha256: string; size_bytes: number; storage_key: string }>(`SELECT sha256, size_bytes, storage_key FROM firmware_files`)) {
      const bytes = readFileSync(join(dir, f.storage_key));
      expect([createHash('sha256').update(bytes).digest('hex'), bytes.length]).toEqual([f.sha256.trim(), Number(f.size_bytes)]);
    }
    const rollouts = await searchRollouts(database.query, admin, { keyword: '', pageIndex: 1, rowsPerPage: 50 });
    expect(rollouts.Items.map((r) => r.Status).sort()).toEqual(['COMPLETED', 'PAUSED']);
    for (const r of rollouts.Items) {
      if (r.Status === 'COMPLETED') expect([r.Counts.WAITING, r.Counts.OFFERED, r.Counts.INSTALLED > 0]).toEqual([0, 0, true]);
      else expect([r.Counts.OFFERED > 0, r.Counts.WAITING > 0, r.Counts.INSTALLED > 0]).toEqual([true, true, true]);
    }
    const [wrong] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM firmware_rollout_targets x JOIN firmware_rollouts r ON r.id = x.rollout_id JOIN firmware_files f ON f.id = r.firmware_id JOIN terminals t ON t.id = x.terminal_id
       WHERE (x.state = 'OFFERED') <> (t.pending_firmware_id IS NOT DISTINCT FROM f.id)
          OR (x.state = 'INSTALLED' AND (t.firmware_version <> f.firmware_version OR x.installed_at < x.offered_at OR x.installed_at > t.last_seen_at))`,
    );
    expect(wrong!.n).toBe(0);
    // Every build a terminal reports names an image of its model.
    const [orphan] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM terminals t WHERE t.firmware_version IS NOT NULL AND NOT EXISTS (SELECT 1 FROM firmware_file_models m WHERE m.model = t.model AND m.firmware_version = t.firmware_version)`);
    expect(orphan!.n).toBe(0);
    await expectMachineLogs('firmware_rollout_events', 'rollout_id', 'event', (from, event) => (event === 'STAGE_STARTED' ? from : ROLLOUT_MACHINE.next(from, ({ PAUSED: 'PAUSE', RESUMED: 'RESUME', CANCELLED: 'CANCEL', COMPLETED: 'COMPLETE' } as const)[event as 'PAUSED'])), 'CREATED', 'RUNNING', 'firmware_rollouts', 'status');
  });

  it('lists RM applications in every status, the sent ones with their documents on file and on disk', async () => {
    const apps = await searchApplications(database.query, admin, { keyword: '', pageIndex: 1, rowsPerPage: 50 });
    expect(new Set(apps.Items.map((a) => a.Status))).toEqual(new Set(['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED']));
    const [unfiled] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM rm_applications a CROSS JOIN unnest(ARRAY['SSM_CERTIFICATE', 'DIRECTOR_ID', 'BANK_STATEMENT']) AS t(doc)
       WHERE a.submitted_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM org_documents d WHERE d.org_id = a.org_id AND d.doc_type = t.doc AND d.uploaded_at < a.submitted_at)`,
    );
    expect(unfiled!.n).toBe(0);
    for (const d of await q<{ sha256: string; storage_key: string }>(`SELECT sha256, storage_key FROM org_documents`)) {
      const bytes = readFileSync(join(dir, d.storage_key));
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(d.sha256);
    }
    const [unconfigured] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM rm_applications a WHERE a.status = 'APPROVED' AND NOT EXISTS (SELECT 1 FROM tpa_merchant_configs c WHERE c.application_id = a.id)`);
    expect(unconfigured!.n).toBe(0);
    await expectMachineLogs('rm_application_events', 'application_id', 'action', (from, action) => RM_APPLICATION_MACHINE.next(from, action as 'SAVE'), 'CREATE', 'DRAFT', 'rm_applications', 'status');
  });

  /**
   * Replays each record's log of `events` through `next` (its machine): the first event is
   * `first` into `start`, each later one a move the machine takes, and the last state is the record's.
   */
  async function expectMachineLogs(
    events: string, key: string, actionColumn: string, next: (from: never, action: string) => string | null, first: string, start: string, records: string, stateColumn: string,
  ): Promise<void> {
    const rows = await q<{ key: number; action: string; state: string }>(
      `SELECT e.${key} AS key, e.${actionColumn} AS action, r.${stateColumn} AS state FROM ${events} e JOIN ${records} r ON r.id = e.${key} ORDER BY e.${key}, e.id`,
    );
    const logs = new Map<number, { actions: string[]; state: string }>();
    for (const r of rows) logs.set(r.key, { actions: [...(logs.get(r.key)?.actions ?? []), r.action], state: r.state });
    expect(logs.size).toBeGreaterThan(1);
    for (const [id, log] of logs) {
      expect(log.actions[0], `${records} ${id}`).toBe(first);
      let state: string | null = start;
      for (const action of log.actions.slice(1)) {
        state = state === null ? null : next(state as never, action);
        expect(state, `${records} ${id}: ${log.actions.join(' → ')}`).not.toBeNull();
      }
      expect(state, `${records} ${id}`).toBe(log.state);
    }
  }
});

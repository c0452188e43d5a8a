/**
 * The scheduler's part of the refund flow (docs/refund-flow.md) on each database:
 * the running app schedules the expiry every 15 minutes in MYT, and a run through the job queue
 * expires exactly the PENDING requests older than the live REFUND_EXPIRY_DAYS setting, each with
 * one EXPIRE event by the system, in batches, leaving every other request as it was.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPIRY_BATCH, expirePendingRefunds } from '../../src/modules/risk-pre-chargeback/expire-refunds.ts';
import { REFUND_EXPIRY_CRON, REFUND_EXPIRY_QUEUE } from '../../src/modules/risk-pre-chargeback/jobs.ts';
import { invalidateSettings } from '../../src/platform/settings.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const DAY = 86_400_000;

describe.each(DATABASES)('refund request expiry on %s', (kind) => {
  let s: TestServer;
  /** Copies of a seeded request, `ageDays` old in `status`; answers their ids. */
  const add = async (n: number, status: string, ageDays: number): Promise<number[]> => {
    const at = new Date(s.now().getTime() - ageDays * DAY);
    const rows = await s.database.query<{ id: number }>(
      `INSERT INTO refund_requests (transaction_id, txn_ref_no, service_type, amount, currency, reason_code, status, description,
         master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at)
       SELECT m.top + g, txn_ref_no, service_type, amount, currency, reason_code, $1, description,
         master_merchant_id, agency_id, agent_id, merchant_id, branch_id, $2, $2
       FROM (SELECT * FROM refund_requests ORDER BY id LIMIT 1) r CROSS JOIN generate_series(1, $3::int) g
         CROSS JOIN (SELECT max(transaction_id) AS top FROM refund_requests) m
       RETURNING id`,
      [status, at, n],
    );
    return rows.map((r) => Number(r.id));
  };
  const statusOf = async (ids: number[]) =>
    (await s.database.query<{ status: string }>(`SELECT DISTINCT status FROM refund_requests WHERE id = ANY($1::int[])`, [ids])).map((r) => r.status);
  const snapshot = () => s.database.query<{ id: number; status: string; updated_at: Date }>(`SELECT id, status, updated_at FROM refund_requests ORDER BY id`);

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 2000, config: { jobPollSeconds: 0.5 } });
  }, 300_000);
  afterAll(async () => s?.close());

  it('is scheduled every 15 minutes, Malaysian time', async () => {
    expect(await s.app.jobs.schedules()).toContainEqual({ name: REFUND_EXPIRY_QUEUE.name, cron: REFUND_EXPIRY_CRON, timeZone: 'Asia/Kuala_Lumpur' });
  });

  it('seeds no pending request older than the default expiry age', async () => {
    const [row] = await s.database.query<{ n: number; expired: number }>(
      `SELECT count(*) FILTER (WHERE status = 'PENDING' AND created_at < $1)::int AS n, count(*) FILTER (WHERE status = 'EXPIRED')::int AS expired FROM refund_requests`,
      [new Date(s.now().getTime() - s.config.refundExpiryDays * DAY)],
    );
    expect(row).toEqual({ n: 0, expired: expect.any(Number) });
    expect(row!.expired).toBeGreaterThan(0);
  });

  it('expires through the queue exactly the pending requests past the live setting, each with one system EXPIRE event', async () => {
    const old = await add(3, 'PENDING', s.config.refundExpiryDays + 1);
    const young = await add(2, 'PENDING', s.config.refundExpiryDays - 1);
    const oldRefunded = await add(2, 'REFUNDED', s.config.refundExpiryDays + 10);
    const before = await snapshot();

    await s.app.jobs.send(REFUND_EXPIRY_QUEUE.name, {});
    await vi.waitFor(async () => expect(await statusOf(old)).toEqual(['EXPIRED']), { timeout: 30_000, interval: 200 });

    const after = new Map((await snapshot()).map((r) => [Number(r.id), r]));
    for (const r of before) {
      const now = after.get(Number(r.id))!;
      if (old.includes(Number(r.id))) expect(now.status).toBe('EXPIRED');
      else expect(now).toEqual(r);
    }
    expect(await statusOf(young)).toEqual(['PENDING']);
    expect(await statusOf(oldRefunded)).toEqual(['REFUNDED']);
    const events = await s.database.query<Record<string, unknown>>(
      `SELECT refund_request_id, actor_user_id, action, from_status, to_status, summary FROM refund_request_events WHERE refund_request_id = ANY($1::int[]) ORDER BY refund_request_id`,
      [[...old, ...young, ...oldRefunded]],
    );
    expect(events).toEqual(old.map((id) => ({
      refund_request_id: id, actor_user_id: null, action: 'EXPIRE', from_status: 'PENDING', to_status: 'EXPIRED',
      summary: `Pending longer than ${s.config.refundExpiryDays} days: expired by the scheduler`,
    })));

    // A shorter age set by an administrator applies from the next run.
    await s.database.query(`UPDATE system_settings SET setting_value = '7' WHERE setting_key = 'REFUND_EXPIRY_DAYS'`);
    invalidateSettings(s.app.ctx);
    await s.app.jobs.send(REFUND_EXPIRY_QUEUE.name, {});
    await vi.waitFor(async () => expect(await statusOf(young)).toEqual(['EXPIRED']), { timeout: 30_000, interval: 200 });
    const [left] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM refund_requests WHERE status = 'PENDING' AND created_at < $1`, [
      new Date(s.now().getTime() - 7 * DAY),
    ]);
    expect(left!.n).toBe(0);
  }, 120_000);

  it('expires a backlog larger than one batch, once', async () => {
    const backlog = await add(EXPIRY_BATCH * 2 + 5, 'PENDING', 400);
    const n = await expirePendingRefunds(s.database, s.now(), 365);
    expect(n).toBe(backlog.length);
    expect(await statusOf(backlog)).toEqual(['EXPIRED']);
    const [events] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM refund_request_events WHERE refund_request_id = ANY($1::int[])`, [backlog]);
    expect(events!.n).toBe(backlog.length);
    expect(await expirePendingRefunds(s.database, s.now(), 365)).toBe(0);
  }, 120_000);

  it('refuses an age that is not a positive whole number of days', async () => {
    for (const days of [0, -1, 1.5, Number.NaN]) await expect(expirePendingRefunds(s.database, s.now(), days)).rejects.toThrow(/maxAgeDays/);
  });
});

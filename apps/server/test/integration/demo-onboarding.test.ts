/**
 * The demo's onboarding records (seed/demo-onboarding.ts), on both databases:
 * every organization but a branch has persons with NRICs of a real date and a state code, every
 * organization a PENDING → REVIEWING → VERIFIED history ending in its status, payout accounts
 * become sealed primary bank accounts with their last 4, and the review queue holds the seven
 * applicants in the statuses the seed comment names, each history ending in its status, with no
 * transactions; no transaction falls after its merchant left VERIFIED; every REJECTED, SUSPENDED
 * or UNVERIFY organization has its reason. A second run writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_TRANSITIONS, normalizeNric, statusAfterKeyChange, type OnboardingStatus } from '@paydesk/domain';
import { openSecret } from '../../src/engine/secret-fields.ts';
import { seedDemoPayoutAccounts } from '../../src/modules/payout/demo-banking.ts';
import { seedDemoOnboarding } from '../../src/seed/demo-onboarding.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

/** Days of each month (leap years: the demo's births are 1960–1999, YY maps to 19YY). */
const realDate = (yymmdd: string) => {
  const y = 1900 + Number(yymmdd.slice(0, 2));
  const m = Number(yymmdd.slice(2, 4));
  const d = Number(yymmdd.slice(4, 6));
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

describe.each(DATABASES)('demo onboarding on %s', (kind) => {
  let s: TestServer;
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);
  let seeded: Awaited<ReturnType<typeof seedDemoOnboarding>>;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 2000 });
    await seedDemoPayoutAccounts(s.database, s.app.ctx.keys.fieldKey);
    seeded = await seedDemoOnboarding(s.database, s.app.ctx.keys.fieldKey, new Date());
  }, 300_000);
  afterAll(async () => s?.close());

  it('gives every organization but a branch persons with valid NRICs', async () => {
    const bare = await q<{ n: number }>(`SELECT count(*)::int AS n FROM organizations o WHERE o.level <> 'MERCHANT_BRANCH' AND NOT EXISTS (SELECT 1 FROM org_persons p WHERE p.org_id = o.id)`);
    expect(bare[0]!.n).toBe(0);
    const people = await q<{ id_no: string; gender: string; role: string }>(`SELECT id_no, gender, role FROM org_persons`);
    expect(people.length).toBe(seeded.persons);
    for (const p of people) {
      expect(p.id_no).toMatch(/^\d{6}-(0[1-9]|1[0-6])-\d{4}$/);
      expect(realDate(p.id_no.slice(0, 6)), p.id_no).toBe(true);
      expect(Number(p.id_no.slice(-1)) % 2, `${p.id_no} ${p.gender}`).toBe(p.gender === 'MALE' ? 1 : 0);
      expect(normalizeNric(p.id_no), p.id_no).toBe(p.id_no);
    }
  });

  it('writes a history ending in each organization\'s status', async () => {
    const wrong = await q<{ id: number }>(
      `SELECT o.id FROM organizations o
       LEFT JOIN LATERAL (SELECT to_status FROM org_status_history h WHERE h.org_id = o.id ORDER BY at DESC, id DESC LIMIT 1) last ON true
       WHERE last.to_status IS DISTINCT FROM o.onboarding_status`,
    );
    expect(wrong).toEqual([]);
    const queue = await q<{ onboarding_status: string; n: number; txns: number }>(
      `SELECT o.onboarding_status, count(*)::int AS n, sum((SELECT count(*) FROM transactions t WHERE t.merchant_id = o.id))::int AS txns
       FROM organizations o WHERE o.created_by_user_id IS NOT NULL GROUP BY 1 ORDER BY 1`,
    );
    expect(queue.map((r) => [r.onboarding_status, r.n])).toEqual([['PENDING', 2], ['REJECTED', 1], ['REVIEWING', 1], ['SUSPENDED', 1], ['UNVERIFY', 1], ['VERIFIED', 1]]);
    expect(queue.every((r) => r.txns === 0)).toBe(true);
    const unexplained = await q<{ id: number }>(`SELECT id FROM organizations WHERE onboarding_status IN ('REJECTED', 'SUSPENDED', 'UNVERIFY') AND coalesce(status_reason, '') = ''`);
    expect(unexplained).toEqual([]);
  });

  it('moves only by the §4 transitions of the KYC review or a key-data change', async () => {
    const steps = await q<{ from_status: OnboardingStatus | null; to_status: OnboardingStatus }>(`SELECT DISTINCT from_status, to_status FROM org_status_history`);
    for (const s of steps) {
      const legal =
        s.from_status === null
          ? s.to_status === 'PENDING'
          : Object.values(KYC_TRANSITIONS[s.from_status]).includes(s.to_status) || statusAfterKeyChange(s.from_status) === s.to_status;
      expect(legal, `${s.from_status} → ${s.to_status}`).toBe(true);
    }
  });

  it('has no transaction after its merchant first left VERIFIED', async () => {
    const late = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM transactions t
       JOIN LATERAL (SELECT min(at) AS left_at FROM org_status_history h WHERE h.org_id = t.merchant_id AND h.from_status = 'VERIFIED') l ON true
       WHERE t.created_at >= l.left_at`,
    );
    expect(late[0]!.n).toBe(0);
  });

  it('copies payout accounts sealed, with their last 4', async () => {
    const rows = await q<{ account_no: string; account_last4: string; payout: string }>(
      `SELECT b.account_no, b.account_last4, c.payout_account_no AS payout FROM org_bank_accounts b JOIN organization_configs c ON c.org_id = b.org_id WHERE b.is_primary`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const plain = openSecret(s.app.ctx.keys.fieldKey, r.account_no);
      expect(r.account_no).not.toContain(plain);
      expect(plain.endsWith(r.account_last4)).toBe(true);
    }
  });

  it('writes nothing on a second run', async () => {
    const again = await seedDemoOnboarding(s.database, s.app.ctx.keys.fieldKey, new Date());
    expect(again).toEqual({ persons: 0, bankAccounts: 0, histories: 0, applicants: 0 });
  });
});

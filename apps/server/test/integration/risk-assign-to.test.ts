/**
 * The risk desk's case ownership beyond "Take" (issue 29 item 3), on each database:
 *  - an alert names its subject as a person reads it, fixed when raised: a merchant by its name, a
 *    transaction by its reference, a card by its masked PAN (ingest.ts insertAlerts);
 *  - "Assign to": for generated teams of colleagues (active or not, group active or not, holding
 *    `risk:assign` or not, a membership on the platform, on one of the alert's owners or on another
 *    tenant), the Assignees riskLog answers are exactly those the rule of assignees.ts admits, for a
 *    platform caller and for a master merchant's (who never sees the platform's staff); giving the
 *    alert to one of them opens it with them as assignee and one audit row, and to anyone else is a
 *    400 naming AssigneeUserId that changes nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@paydesk/contract';
import { insertAlerts } from '../../src/modules/risk/ingest.ts';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

/** Where a generated colleague's membership sits. */
const PLACES = ['platform', 'ownerMaster', 'ownerMerchant', 'otherTenant'] as const;
type Place = (typeof PLACES)[number];

interface Colleague {
  active: boolean;
  groupActive: boolean;
  holds: boolean;
  place: Place;
}

const colleagueArb = fc.record({ active: fc.boolean(), groupActive: fc.boolean(), holds: fc.boolean(), place: fc.constantFrom(...PLACES) });

describe.each(DATABASES)('risk alert assignment on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let mm: PortalClient;
  let ids: { adminId: number; mmId: number };
  /** A transaction under mm@paydesk.my's master merchant, its owners, and another tenant's master merchant. */
  let txn: { id: number; ref: string; pan: string | null; mm: number; agency: number; agent: number; merchant: number; branch: number | null; merchantName: string };
  let otherMm: number;
  let caseNo = 0;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 300 });
    const q = s.database.query.bind(s.database);
    const [m] = await q<{ org_id: number; group_id: number; user_id: number }>(
      `SELECT m.org_id, m.group_id, m.user_id FROM memberships m JOIN users u ON u.id = m.user_id JOIN organizations o ON o.id = m.org_id
        WHERE u.email = 'mm@paydesk.my' AND o.level = 'MASTER_MERCHANT'`,
    );
    // The master merchant's group works its own alerts in this test.
    await q(`INSERT INTO user_group_permissions (group_id, permission) VALUES ($1, 'risk:assign'), ($1, 'risk:view') ON CONFLICT DO NOTHING`, [m!.group_id]);
    const [t] = await q<Record<string, unknown>>(
      `SELECT t.id, t.txn_ref_no, t.masked_pan, t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id, o.name
         FROM transactions t JOIN organizations o ON o.id = t.merchant_id WHERE t.master_merchant_id = $1 ORDER BY t.id LIMIT 1`,
      [m!.org_id],
    );
    txn = {
      id: Number(t!.id), ref: String(t!.txn_ref_no), pan: (t!.masked_pan as string | null) ?? null, mm: Number(t!.master_merchant_id), agency: Number(t!.agency_id),
      agent: Number(t!.agent_id), merchant: Number(t!.merchant_id), branch: t!.branch_id === null ? null : Number(t!.branch_id), merchantName: String(t!.name),
    };
    const [o] = await q<{ id: number }>(`SELECT id FROM organizations WHERE level = 'MASTER_MERCHANT' AND id <> $1 ORDER BY id LIMIT 1`, [txn.mm]);
    otherMm = Number(o!.id);
    const [a] = await q<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@paydesk.my'`);
    ids = { adminId: Number(a!.id), mmId: Number(m!.user_id) };
    admin = await s.signIn('admin@paydesk.my');
    mm = await s.signIn('mm@paydesk.my');
  }, 300_000);
  afterAll(async () => s?.close());

  /** Raises one alert on the test transaction's merchant (a new window each time); answers its id. */
  async function raise(subjectKind: 'MERCHANT' | 'TRANSACTION' | 'CARD', subject: string): Promise<number> {
    caseNo++;
    const owner = { masterMerchantId: txn.mm, agencyId: txn.agency, agentId: txn.agent, merchantId: txn.merchant, branchId: txn.branch };
    const windowStart = Date.parse('2026-10-01T00:00:00Z') + caseNo * 60_000;
    expect(await insertAlerts(s.database.query.bind(s.database), [{ rule: 'SINGLE_LARGE_TXN', subjectKind, subject, windowStart, threshold: '10.00', observed: '15000.00', currency: 'MYR', txnIds: [txn.id], ...owner }], new Date())).toBe(1);
    const [r] = await s.database.query<{ id: number }>(`SELECT id FROM risk_alerts WHERE subject = $1 AND window_start = to_timestamp($2 / 1000.0)`, [subject, windowStart]);
    return Number(r!.id);
  }

  /** Creates one user per spec with its own group and membership; answers their ids in order. */
  async function team(specs: readonly Colleague[]): Promise<number[]> {
    const out: number[] = [];
    for (const [i, c] of specs.entries()) {
      const q = s.database.query.bind(s.database);
      const groupType = c.place === 'platform' ? 'SUPERADMIN' : 'MASTER_MERCHANT';
      const [g] = await q<{ id: number }>(`INSERT INTO user_groups (name, group_type, is_active) VALUES ($1, $2, $3) RETURNING id`, [`Risk team ${caseNo}-${i}`, groupType, c.groupActive ? 1 : 0]);
      if (c.holds) await q(`INSERT INTO user_group_permissions (group_id, permission) VALUES ($1, 'risk:assign')`, [g!.id]);
      await q(`INSERT INTO user_group_permissions (group_id, permission) VALUES ($1, 'risk:view')`, [g!.id]);
      const [u] = await q<{ id: number }>(`INSERT INTO users (email, nick_name, is_active) VALUES ($1, $2, $3) RETURNING id`, [`analyst-${kind}-${caseNo}-${i}@paydesk.my`, `Analyst ${i}`, c.active ? 1 : 0]);
      const org = { platform: null, ownerMaster: txn.mm, ownerMerchant: txn.merchant, otherTenant: otherMm }[c.place];
      await q(`INSERT INTO memberships (user_id, org_id, group_id) VALUES ($1, $2, $3)`, [u!.id, org, g!.id]);
      out.push(Number(u!.id));
    }
    return out;
  }

  /** The rule of assignees.ts, written again from the specs: who `caller` may give the alert to. */
  const admitted = (specs: readonly Colleague[], userIds: readonly number[], caller: 'platform' | 'mm') =>
    userIds.filter((_, i) => {
      const c = specs[i]!;
      const sees = c.place === 'platform' || c.place === 'ownerMaster' || c.place === 'ownerMerchant';
      const inCallerTree = caller === 'platform' || c.place === 'ownerMaster' || c.place === 'ownerMerchant';
      return c.active && c.groupActive && c.holds && sees && inCallerTree;
    });

  it('names the subject as a person reads it: the merchant, the transaction reference, the masked card', async () => {
    const label = async (id: number) => (await s.database.query<{ subject_label: string }>(`SELECT subject_label FROM risk_alerts WHERE id = $1`, [id]))[0]!.subject_label;
    expect(await label(await raise('MERCHANT', String(txn.merchant)))).toBe(txn.merchantName);
    expect(await label(await raise('TRANSACTION', String(txn.id)))).toBe(txn.ref);
    expect(await label(await raise('CARD', '411111******1111'))).toBe('411111******1111');
  }, 60_000);

  it('offers exactly the colleagues who may work the alert, and gives it to one of them only', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(colleagueArb, { minLength: 1, maxLength: 6 }), fc.nat(), async (specs, pickSeed) => {
        const id = await raise('TRANSACTION', String(txn.id));
        const userIds = await team(specs);
        const offered = async (c: PortalClient) => (await c.call('riskLog', { params: { Id: id } })).Assignees.map((u) => u.Id).filter((u) => userIds.includes(u));
        const forAdmin = admitted(specs, userIds, 'platform');
        expect((await offered(admin)).sort((a, b) => a - b)).toEqual([...forAdmin].sort((a, b) => a - b));
        expect((await offered(mm)).sort((a, b) => a - b)).toEqual(admitted(specs, userIds, 'mm').sort((a, b) => a - b));
        // Never oneself (that is "Take"): the callers are not offered to themselves.
        expect((await admin.call('riskLog', { params: { Id: id } })).Assignees.map((u) => u.Id)).not.toContain(ids.adminId);
        expect((await mm.call('riskLog', { params: { Id: id } })).Assignees.map((u) => u.Id)).not.toContain(ids.mmId);

        // Anyone not admitted: a 400 naming the field, nothing changes, no audit row.
        const refused = userIds.filter((u) => !forAdmin.includes(u));
        if (refused.length) {
          const e = await errorOf(admin.call('riskAssignTo', { body: { Id: id, AssigneeUserId: refused[pickSeed % refused.length]! } }));
          expect(e.status).toBe(400);
          expect(e.message).toContain('AssigneeUserId');
          const [a] = await s.database.query<{ status: string; assignee_user_id: number | null; n: number }>(
            `SELECT status, assignee_user_id, (SELECT count(*)::int FROM audit_log WHERE target_type = 'RiskAlert' AND target_id = $2) AS n FROM risk_alerts WHERE id = $1`,
            [id, String(id)],
          );
          expect(a).toMatchObject({ status: 'PENDING', assignee_user_id: null, n: 0 });
        }
        if (forAdmin.length) {
          const to = forAdmin[pickSeed % forAdmin.length]!;
          const state = await admin.call('riskAssignTo', { body: { Id: id, AssigneeUserId: to } });
          expect(state.Status).toBe('OPEN');
          const [a] = await s.database.query<{ assignee_user_id: number; n: number }>(
            `SELECT assignee_user_id, (SELECT count(*)::int FROM audit_log WHERE target_type = 'RiskAlert' AND target_id = $2 AND action = 'RISK_ASSIGN_TO') AS n FROM risk_alerts WHERE id = $1`,
            [id, String(id)],
          );
          expect({ assignee: Number(a!.assignee_user_id), audits: Number(a!.n) }).toEqual({ assignee: to, audits: 1 });
          // The new owner is no longer offered; the history says who gave it to whom.
          const log = await admin.call('riskLog', { params: { Id: id } });
          expect(log.Assignees.map((u) => u.Id)).not.toContain(to);
          expect(log.Events.at(-1)).toMatchObject({ Action: 'ASSIGN_TO', Actor: 'admin@paydesk.my' });
        }
        // "Assign to" is offered exactly when there is someone to give it to.
        for (const c of [admin, mm]) {
          const log = await c.call('riskLog', { params: { Id: id } });
          expect(log.AllowedActions.includes('ASSIGN_TO')).toBe(log.Assignees.length > 0);
        }
        runs++;
      }),
      { numRuns: 12 },
    );
    expect(runs).toBe(12);
  }, 300_000);
});

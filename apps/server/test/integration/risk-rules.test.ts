/**
 * The §9 risk rules through real ingest on each database: for every rule, a
 * generated stream of transactions that reaches the rule's threshold raises exactly one alert, and
 * the same stream kept just below it raises none. Streams are random (fast-check): thresholds,
 * amounts, times inside the window, noise the rule must not count (failed sales for the limits,
 * domestic cards and IPs for the foreign rules), and the split into ingest batches — so the
 * running state must carry each count across batches. Only the rule under test is active; every
 * case uses its own merchant, card and IP. Each alert carries its evidence: the rule, the
 * threshold, the observed value and the transactions.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_REPORTS, reportApi, type ListReportDef, type PortalClient, type ReportRow } from '@paydesk/contract';
import { RISK_ALERT_RULES, type RiskAlertRule } from '@paydesk/domain';
import { RISK_RATIO_MIN_TXNS } from '../../src/modules/risk/evaluate.ts';
import { checkInactiveMerchants } from '../../src/modules/risk/inactive.ts';
import { ingestTransactions } from '../../src/modules/risk/ingest.ts';
import type { GenTxn } from '../../src/transactions/insert.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Midnight MYT of a past day: every generated window lies inside October 2026 (MYT). */
const BASE = Date.parse('2026-10-05T00:00:00+08:00');
const MY_IP = (n: number) => `175.136.${(n >> 8) & 255}.${(n & 255) || 1}`;
const SG_IP = (n: number) => `116.86.${(n >> 8) & 255}.${(n & 255) || 1}`;

/** One generated case: the stream, the subject its alerts carry, and the rule's threshold. */
interface Case {
  threshold: string;
  rows: Partial<GenTxn>[];
  /** When the rule is checked by the scheduler (INACTIVE_TXN_DAYS): the instant it runs. */
  checkAt?: number;
}

/** Splits `n` sen into `parts` positive amounts (sen) summing to it. */
const splitArb = (total: number, parts: number) =>
  fc.array(fc.integer({ min: 1, max: Math.max(1, total - 1) }), { minLength: parts - 1, maxLength: parts - 1 }).map((cuts) => {
    const points = [...new Set(cuts.filter((c) => c < total))].sort((a, b) => a - b);
    const edges = [0, ...points, total];
    return edges.slice(1).map((e, i) => e - edges[i]!);
  });

const sen = (s: number) => (s / 100).toFixed(2);

/**
 * For each rule: a case generator given `at` (true: reaches the threshold; false: stays just
 * below). Times are offsets from BASE in ms; every row defaults to a successful MYR sale.
 */
const CASES: Record<RiskAlertRule, (at: boolean) => fc.Arbitrary<Case>> = {
  LIMIT_TXN_DAILY: (at) => limitCase(at, DAY - 1),
  LIMIT_TXN_MONTHLY: (at) => limitCase(at, 25 * DAY),
  SINGLE_LARGE_TXN: (at) =>
    fc.record({ thr: fc.integer({ min: 1_000, max: 5_000_000 }), small: fc.array(fc.integer({ min: 0, max: DAY - 1 }), { maxLength: 5 }) }).map(({ thr, small }) => ({
      threshold: sen(thr),
      rows: [{ amount: sen(at ? thr : thr - 1), createdAt: new Date(BASE + 1000) }, ...small.map((t) => ({ amount: sen(Math.max(1, Math.floor(thr / 3))), createdAt: new Date(BASE + t) }))],
    })),
  FOREIGN_CARD_RATIO_DAILY: (at) => ratioCase(at, DAY - 1),
  FOREIGN_CARD_RATIO_MONTHLY: (at) => ratioCase(at, 25 * DAY),
  CONSECUTIVE_FAILED_DAILY: (at) =>
    fc.record({ k: fc.integer({ min: 2, max: 8 }), runs: fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 4 }) }).map(({ k, runs }) => {
      // Runs of failures shorter than k, each ended by a success; one run of k (or k − 1) somewhere.
      const lengths = [...runs.map((r) => Math.min(r, k - 1)), at ? k : k - 1];
      const statuses = lengths.flatMap((n) => [...Array<'FAILED'>(n).fill('FAILED'), 'SUCCESS' as const]);
      return { threshold: String(k), rows: statuses.map((status, i) => ({ status, createdAt: new Date(BASE + i * 60_000) })) };
    }),
  SAME_CARD_LAST_HOUR: (at) => velocityCase(at, HOUR - 1),
  SAME_CARD_LAST_24H: (at) => velocityCase(at, DAY - 1),
  SAME_CARD_DAILY: (at) => velocityCase(at, DAY - 1),
  SAME_IP_LAST_HOUR: (at) => velocityCase(at, HOUR - 1),
  SAME_IP_LAST_24H: (at) => velocityCase(at, DAY - 1),
  SAME_IP_DAILY: (at) => velocityCase(at, DAY - 1),
  FOREIGN_IP_DAILY: (at) =>
    fc.record({ k: fc.integer({ min: 1, max: 8 }), noise: fc.integer({ min: 0, max: 6 }) }).map(({ k, noise }) => ({
      threshold: String(k),
      rows: [
        ...Array.from({ length: at ? k : k - 1 }, (_, i) => ({ clientIp: SG_IP(i + 1), createdAt: new Date(BASE + i * HOUR) })),
        ...Array.from({ length: noise }, (_, i) => ({ clientIp: MY_IP(i + 1), createdAt: new Date(BASE + 30 * 60_000 + i * HOUR) })),
      ],
    })),
  INACTIVE_TXN_DAYS: (at) =>
    fc.record({ d: fc.integer({ min: 1, max: 60 }), before: fc.integer({ min: 1, max: 5 }) }).map(({ d, before }) => ({
      threshold: String(d),
      rows: Array.from({ length: before }, (_, i) => ({ createdAt: new Date(BASE - i * HOUR) })),
      // Exactly d days after the last transaction, or one minute short of it.
      checkAt: BASE + d * DAY - (at ? 0 : 60_000),
    })),
};

function limitCase(at: boolean, span: number): fc.Arbitrary<Case> {
  return fc
    .record({ thr: fc.integer({ min: 500, max: 2_000_000 }), parts: fc.integer({ min: 1, max: 8 }), failed: fc.array(fc.integer({ min: 1, max: 5_000_000 }), { maxLength: 3 }) })
    .chain(({ thr, parts, failed }) =>
      splitArb(at ? thr : thr - 1, parts).chain((amounts) =>
        fc.array(fc.integer({ min: 0, max: span }), { minLength: amounts.length + failed.length, maxLength: amounts.length + failed.length }).map((times) => ({
          threshold: sen(thr),
          rows: [
            ...amounts.map((a, i) => ({ amount: sen(a), createdAt: new Date(BASE + times[i]!) })),
            // Failed sales never count, however large.
            ...failed.map((a, i) => ({ amount: sen(a), status: 'FAILED' as const, createdAt: new Date(BASE + times[amounts.length + i]!) })),
          ],
        })),
      ),
    );
}

function ratioCase(at: boolean, span: number): fc.Arbitrary<Case> {
  // N card transactions, the foreign ones last: the ratio first reaches f/N at the last one.
  return fc.record({ n: fc.integer({ min: RISK_RATIO_MIN_TXNS, max: 60 }), pct: fc.integer({ min: 5, max: 95 }) }).chain(({ n, pct }) => {
    const f = Math.max(1, Math.ceil((pct * n) / 100));
    // The threshold is stored with 2 decimals: rounded down, the final ratio still reaches it.
    const thr = Math.floor((f * 10_000) / n) / 100;
    return fc.array(fc.integer({ min: 0, max: span }), { minLength: n, maxLength: n }).map((times) => {
      const sorted = [...times].sort((a, b) => a - b);
      const foreign = at ? f : f - 1;
      return {
        threshold: thr.toFixed(2),
        rows: sorted.map((t, i) => ({ issuerCountry: i >= n - foreign ? 'SGP' : 'MYS', createdAt: new Date(BASE + t) })),
      };
    });
  });
}

function velocityCase(at: boolean, span: number): fc.Arbitrary<Case> {
  return fc.integer({ min: 2, max: 8 }).chain((k) =>
    fc.array(fc.integer({ min: 0, max: span }), { minLength: at ? k : k - 1, maxLength: at ? k : k - 1 }).map((times) => ({
      threshold: String(k),
      // Every row carries the case's own card and IP; only the rule under test is active.
      rows: times.map((t) => ({ createdAt: new Date(BASE + t) })),
    })),
  );
}

const riskAlerts = LIST_REPORTS.find((d) => d.name === 'RiskAlert') as ListReportDef;

describe.each(DATABASES)('risk rules on %s', (kind) => {
  let s: TestServer;
  let template: GenTxn;
  let nextId = 0;
  let caseNo = 0;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 300 });
    const [row] = await s.database.query<Record<string, unknown>>(`SELECT * FROM transactions WHERE service_type = 1 AND masked_pan IS NOT NULL ORDER BY id LIMIT 1`);
    template = Object.fromEntries(Object.entries(row!).map(([k, v]) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), v])) as unknown as GenTxn;
    const [{ m }] = (await s.database.query<{ m: number }>(`SELECT max(id)::int AS m FROM transactions`)) as [{ m: number }];
    nextId = Number(m) + 1000;
  }, 300_000);
  afterAll(async () => s?.close());

  /** Ingests a case as its own merchant, card and IP in `batches` pieces; answers the subject ids. */
  async function run(rule: RiskAlertRule, c: Case, batches: number) {
    caseNo++;
    const merchantId = 800_000 + caseNo;
    const card = `999999******${String(caseNo).padStart(4, '0')}`;
    const ip = MY_IP(1000 + caseNo);
    await s.database.query(`UPDATE risk_parameters SET is_active = CASE WHEN rule_code = $1 THEN 1 ELSE 0 END, threshold = CASE WHEN rule_code = $1 THEN $2::numeric ELSE threshold END`, [rule, c.threshold]);
    const rows: GenTxn[] = c.rows.map((r) => {
      const id = nextId++;
      return {
        ...template, id, txnRefNo: `PDR${String(id).padStart(15, '0')}`, txnType: 'SALE', preauthOp: null, status: 'SUCCESS', amount: '10.00', currency: 'MYR',
        issuerCountry: 'MYS', maskedPan: card, panLast4: card.slice(-4), clientIp: ip, masterMerchantId: 1, agencyId: 1, agentId: 1, merchantId, branchId: null,
        refundedAmount: '0', refundStatus: null, ...r, updatedAt: r.createdAt ?? template.createdAt,
      } as GenTxn;
    });
    const size = Math.ceil(rows.length / batches) || 1;
    // Batches arrive in time order; inside one, any order.
    const ordered = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (let i = 0; i < ordered.length; i += size) await ingestTransactions(s.database, ordered.slice(i, i + size).reverse(), { rules: true, at: new Date() });
    if (c.checkAt !== undefined) {
      await checkInactiveMerchants(s.database, new Date(c.checkAt));
      // Run again at the same instant: the spell already has its alert.
      await checkInactiveMerchants(s.database, new Date(c.checkAt));
    }
    const subjects = [String(merchantId), `${merchantId}/MYR`, card, ip, ...rows.map((r) => String(r.id)), ...rows.map((r) => r.clientIp ?? '')];
    const alerts = await s.database.query<{ id: number; threshold: string; observed: string; subject: string; n: number }>(
      `SELECT a.id, a.threshold::text, a.observed::text, a.subject, (SELECT count(*)::int FROM risk_alert_transactions e WHERE e.alert_id = a.id) AS n
       FROM risk_alerts a WHERE a.rule_code = $1 AND a.subject = ANY($2::text[])`,
      [rule, subjects],
    );
    return alerts;
  }

  it.each(RISK_ALERT_RULES)('%s: a stream at the threshold raises exactly one alert, one just below raises none', async (rule) => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(CASES[rule](true), CASES[rule](false), fc.integer({ min: 1, max: 3 }), async (reach, below, batches) => {
        const raised = await run(rule, reach, batches);
        expect(raised, `${rule} at ${reach.threshold}`).toHaveLength(1);
        const [a] = raised;
        expect(Number(a!.threshold)).toBeCloseTo(Number(reach.threshold), 2);
        expect(Number(a!.observed)).toBeGreaterThanOrEqual(Number(reach.threshold) - 0.005);
        expect(a!.n).toBeGreaterThan(0);
        expect(await run(rule, below, batches), `${rule} just below ${below.threshold}`).toHaveLength(0);
        checked++;
      }),
      { numRuns: 6 },
    );
    expect(checked).toBe(6);
  }, 300_000);

  it('takes, comments on and closes an alert on the risk desk, each call leaving exactly one audit row with its actor and request id', async () => {
    const [alert] = await run('SINGLE_LARGE_TXN', { threshold: '50.00', rows: [{ amount: '50.00', createdAt: new Date(BASE + 1000) }] }, 1);
    const id = Number(alert!.id);
    const admin = await s.signIn('admin@paydesk.my');
    const [user] = await s.database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@paydesk.my'`);
    /** The audit rows of the call that answered `res`, found by its request id. */
    const trail = async (res: Response) =>
      (await s.database.query<{ action: string; target_type: string; target_id: string; actor_user_id: number }>(
        `SELECT action, target_type, target_id, actor_user_id FROM audit_log WHERE request_id = $1`,
        [res.headers.get('x-request-id') ?? ''],
      )).map((r) => ({ ...r, actor_user_id: Number(r.actor_user_id) }));
    const row = (action: string) => [{ action, target_type: 'RiskAlert', target_id: String(id), actor_user_id: Number(user!.id) }];
    const taken = await admin.send('riskAssign', { body: { Id: id } });
    expect(await admin.readJson(taken, true, '/api/portal/Risk/Assign')).toMatchObject({ Id: id, Status: 'OPEN' });
    expect(await trail(taken)).toEqual(row('RISK_ASSIGN'));
    const commented = await admin.send('riskComment', { body: { Id: id, Comment: 'Card holder called: genuine purchase' } });
    expect(await admin.readJson(commented, true, '/api/portal/Risk/Comment')).toMatchObject({ Id: id, Status: 'OPEN' });
    expect(await trail(commented)).toEqual(row('RISK_COMMENT'));
    const closed = await admin.send('riskClose', { body: { Id: id, Resolution: 'Genuine, no action' } });
    expect(await admin.readJson(closed, true, '/api/portal/Risk/Close')).toMatchObject({ Id: id, Status: 'CLOSE' });
    expect(await trail(closed)).toEqual(row('RISK_CLOSE'));
    // A closed alert accepts nothing, and the refusal writes no desk audit row.
    await expect(admin.call('riskComment', { body: { Id: id, Comment: 'late' } })).rejects.toMatchObject({ status: 409 });
    const [n] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE target_type = 'RiskAlert' AND target_id = $1`, [String(id)]);
    expect(Number(n!.n)).toBe(3);
  }, 120_000);

  it("is a case queue: each alert names its assignee, and Assignee ME / NOBODY list the caller's own and the unassigned ones", async () => {
    const alerts = await run('SINGLE_LARGE_TXN', { threshold: '50.00', rows: [0, 1, 2, 3].map((i) => ({ amount: '60.00', createdAt: new Date(BASE + 5000 + i * 1000) })) }, 1);
    expect(alerts.length).toBe(4);
    const admin = await s.signIn('admin@paydesk.my');
    for (const a of alerts.slice(0, 2)) expect((await admin.send('riskAssign', { body: { Id: Number(a.id) } })).status).toBe(200);
    const api = reportApi(admin, riskAlerts);
    const all = async (c: PortalClient, SearchData: Record<string, unknown>) => {
      const items: ReportRow[] = [];
      let Cursor: string | undefined;
      do {
        const page = await reportApi(c, riskAlerts).search({ RowsPerPage: 100, SearchData, ...(Cursor ? { Cursor } : {}) });
        items.push(...page.Items);
        Cursor = page.NextCursor ?? undefined;
      } while (Cursor);
      return items;
    };
    const [me] = await s.database.query<{ id: number; email: string }>(`SELECT id, email FROM users WHERE email = 'admin@paydesk.my'`);
    const expected = async (where: string) => (await s.database.query<{ id: string }>(`SELECT id::text AS id FROM risk_alerts WHERE ${where} ORDER BY risk_alerts.id`)).map((r) => r.id);
    const ids = (rows: ReportRow[]) => rows.map((r) => String(r.Id)).sort((a, b) => Number(a) - Number(b));
    const mine = await all(admin, { Assignee: 'ME' });
    expect(ids(mine)).toEqual(await expected(`assignee_user_id = ${Number(me!.id)}`));
    expect(mine.every((r) => r.Assignee === me!.email)).toBe(true);
    const nobody = await all(admin, { Assignee: 'NOBODY' });
    expect(ids(nobody)).toEqual(await expected('assignee_user_id IS NULL'));
    expect(nobody.every((r) => r.Assignee === null)).toBe(true);
    for (const a of alerts.slice(2)) expect(ids(nobody)).toContain(String(a.id));
    // The detail names the owner too; another caller's "my queue" is theirs, not the admin's.
    expect((await api.get(Number(alerts[0]!.id))).Assignee).toBe(me!.email);
    const mm = await s.signIn('mm@paydesk.my');
    expect(await all(mm, { Assignee: 'ME' })).toEqual([]);
    // The owner is not offered "Take over" of their own case, and the server refuses it; another
    // holder of the desk still may take it over.
    const log = await admin.call('riskLog', { params: { Id: Number(alerts[0]!.id) } });
    expect(log.AllowedActions).not.toContain('ASSIGN');
    expect(log.AllowedActions).toEqual(expect.arrayContaining(['COMMENT']));
    await expect(admin.call('riskAssign', { body: { Id: Number(alerts[0]!.id) } })).rejects.toMatchObject({ status: 409 });
    expect((await admin.call('riskLog', { params: { Id: Number(alerts[3]!.id) } })).AllowedActions).toContain('ASSIGN');
    // Anything else is refused at the field.
    await expect(api.search({ RowsPerPage: 20, SearchData: { Assignee: 'SOMEONE' } })).rejects.toMatchObject({ status: 400 });
  }, 120_000);
});

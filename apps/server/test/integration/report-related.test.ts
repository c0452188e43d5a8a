/**
 * The related sections of every list report's detail (contract reports/related.ts):
 * for every list report and sampled rows, `Related` holds exactly the declared sections; the
 * timeline is ordered and starts with INITIATED at the row's creation, every event text exists in
 * en/ms/zh; a pre-auth chain read from any of its members is the same chain, equal to a plain SQL
 * oracle (property); the payment link and the recurring schedule are the row's; refunds and the
 * terminal batch's settlement appear as events; a caller outside the row's subtree still gets
 * NF404; no answer carries a full PAN. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LIST_REPORTS,
  RELATED_FIELD,
  REPORT_LABELS,
  TIMELINE_CODES,
  preauthTransactions,
  relatedOf,
  reportApi,
  reportByName,
  type ListReportDef,
  type PortalClient,
  type ReportRow,
} from '@paydesk/contract';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

/** The report of a row's service type (and terminal kind), for reading a detail found by SQL. */
const REPORT_OF_KIND: Record<string, string> = {
  '1': 'TransactionEcommerce',
  '3': 'TransactionPaymentLink',
  '4': 'TransactionPreauth',
  '5': 'TransactionPayByCard',
  '6': 'TransactionRecurring',
  '2:CARD': 'TerminalCardTransaction',
  '2:EWALLET': 'TerminalEwalletTransaction',
  '2:BNPL': 'TerminalBnplTransaction',
};

// The related sections belong to transaction rows; reports over other sources (settlement batches)
// declare none (checkReport refuses it) and their tenancy is proven by the generated route suites.
const TXN_REPORTS = LIST_REPORTS.filter((d) => d.source === 'transactions');

describe.each(DATABASES)('detail related sections on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let merchant: PortalClient;
  let merchantOrg: number;
  let merchantPermissions: Set<string>;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 2500 });
    admin = await s.signIn('admin@paydesk.my');
    merchant = await s.signIn('merchant@paydesk.my');
    const profile = await merchant.call('profile');
    merchantOrg = profile.Current.CompanyId!;
    merchantPermissions = new Set(profile.Permissions);
  }, 300_000);
  afterAll(async () => s?.close());

  const firstPage = async (c: PortalClient, def: ListReportDef): Promise<ReportRow[]> => (await reportApi(c, def).search({ RowsPerPage: 200 })).Items;

  it.each(TXN_REPORTS.map((d) => [d.name, d] as const))('%s: sampled details hold the declared sections and an ordered timeline from the creation', async (_name, def) => {
    const rows = await firstPage(admin, def);
    expect(rows.length, def.name).toBeGreaterThan(0);
    const api = reportApi(admin, def);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...rows), async (row) => {
        const detail = await api.get(row.Id);
        const related = relatedOf(detail);
        expect(Object.keys(related ?? {}).sort()).toEqual((def.related ?? []).map((n) => RELATED_FIELD[n]).sort());
        const timeline = related!.Timeline!;
        expect(timeline[0]).toMatchObject({ Code: 'INITIATED', At: row.CreatedAt });
        for (let i = 1; i < timeline.length; i++) {
          const [a, b] = [timeline[i - 1]!, timeline[i]!];
          expect(a.At <= b.At, `${def.name} ${row.Id} ${a.Code} → ${b.Code}`).toBe(true);
          if (a.At === b.At) expect(TIMELINE_CODES.indexOf(a.Code)).toBeLessThanOrEqual(TIMELINE_CODES.indexOf(b.Code));
        }
        for (const e of timeline) for (const lang of ['en', 'ms', 'zh'] as const) expect(REPORT_LABELS[lang][e.LabelKey], `${lang} ${e.LabelKey}`).toBeTruthy();
        // Card data: the related sections carry none; the row's PAN is first 6 + last 4 at most.
        expect(JSON.stringify(related)).not.toMatch(/pan|card/i);
        expect(String(detail.MaskedPAN ?? '')).not.toMatch(/\d{7,}/);
        if (def.related?.includes('paymentLink')) expect(related!.PaymentLink?.Id ?? null).toBe(detail.PaymentLinkId);
        if (def.related?.includes('recurringSchedule')) expect(related!.RecurringSchedule?.Id ?? null).toBe(detail.RecurringScheduleId);
      }),
      { numRuns: 8 },
    );
  }, 300_000);

  it('a pre-auth chain read from any member is the same chain: the PREAUTH and every operation pointing at it, oldest first', async () => {
    const chains = await s.database.query<{ root: number }>(
      `SELECT p.id::int AS root FROM transactions p WHERE p.service_type = 4 AND p.preauth_op = 'PREAUTH'
         AND EXISTS (SELECT 1 FROM transactions o WHERE o.original_txn_id = p.id) ORDER BY p.id LIMIT 40`,
    );
    expect(chains.length).toBeGreaterThan(0);
    const api = reportApi(admin, preauthTransactions);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...chains.map((c) => Number(c.root))), fc.nat(), async (root, pick) => {
        const oracle = await s.database.query<{ id: number; op: string; amount: string }>(
          `SELECT id::int AS id, preauth_op AS op, amount::text AS amount FROM transactions WHERE id = $1 OR original_txn_id = $1 ORDER BY created_at, id`,
          [root],
        );
        const member = oracle[pick % oracle.length]!;
        const fromMember = relatedOf(await api.get(member.id))!.PreauthChain!;
        const fromRoot = relatedOf(await api.get(root))!.PreauthChain!;
        expect(fromMember).toEqual(fromRoot);
        expect(fromMember.map((r) => [r.Id, r.PreauthOp, r.Amount])).toEqual(oracle.map((r) => [Number(r.id), r.op, r.amount]));
        // The PREAUTH's timeline holds every later operation of its chain.
        const ops = relatedOf(await api.get(root))!.Timeline!.filter((e) => e.RefId !== null && ['PREAUTH_VOID', 'CAPTURE', 'CAPTURE_VOID'].includes(e.Code));
        expect(ops.map((e) => e.RefId)).toEqual(oracle.slice(1).map((r) => Number(r.id)));
      }),
      { numRuns: 10 },
    );
  }, 300_000);

  it('the payment link and the recurring schedule are the rows of the side tables', async () => {
    const [link] = await s.database.query<{ id: number; txn: number; link_ref: string; amount: string }>(
      `SELECT l.id::int AS id, t.id::int AS txn, l.link_ref, l.amount::text AS amount FROM transactions t JOIN payment_links l ON l.id = t.payment_link_id ORDER BY t.id LIMIT 1`,
    );
    expect(link).toBeDefined();
    const pl = relatedOf(await reportApi(admin, reportByName('TransactionPaymentLink')).get(link!.txn))!.PaymentLink!;
    expect(pl).toMatchObject({ Id: link!.id, LinkRef: link!.link_ref, Amount: link!.amount });
    const [sched] = await s.database.query<{ id: number; txn: number; cycles_done: number; start_date: string }>(
      `SELECT r.id::int AS id, t.id::int AS txn, r.cycles_done, r.start_date::text AS start_date FROM transactions t JOIN recurring_schedules r ON r.id = t.recurring_schedule_id ORDER BY t.id LIMIT 1`,
    );
    expect(sched).toBeDefined();
    const rs = relatedOf(await reportApi(admin, reportByName('TransactionRecurring')).get(sched!.txn))!.RecurringSchedule!;
    expect(rs).toMatchObject({ Id: sched!.id, CyclesDone: sched!.cycles_done, StartDate: sched!.start_date });
  }, 300_000);

  it('refund requests and the terminal batch settlement are events of the timeline', async () => {
    const [refund] = await s.database.query<{ id: number; txn: number; st: number; created_at: Date | string }>(
      `SELECT r.id::int AS id, r.transaction_id::int AS txn, r.service_type::int AS st, r.created_at FROM refund_requests r ORDER BY r.id LIMIT 1`,
    );
    expect(refund).toBeDefined();
    const refundTimeline = relatedOf(await reportApi(admin, reportByName(REPORT_OF_KIND[String(refund!.st)]!)).get(refund!.txn))!.Timeline!;
    expect(refundTimeline).toContainEqual(expect.objectContaining({ Code: 'REFUND_REQUESTED', RefId: refund!.id, At: new Date(refund!.created_at).toISOString() }));

    const [batched] = await s.database.query<{ txn: number; settled_at: Date | string; status: string }>(
      `SELECT t.id::int AS txn, b.settled_at, b.status FROM transactions t JOIN terminal_settlement_batches b ON b.tid = t.tid AND b.batch_no = t.batch_no
        WHERE t.terminal_kind = 'CARD' AND b.settled_at IS NOT NULL ORDER BY t.id LIMIT 1`,
    );
    expect(batched).toBeDefined();
    const batchTimeline = relatedOf(await reportApi(admin, reportByName(REPORT_OF_KIND['2:CARD']!)).get(batched!.txn))!.Timeline!;
    expect(batchTimeline).toContainEqual(expect.objectContaining({ Code: 'BATCH_SETTLED', Status: batched!.status, At: new Date(batched!.settled_at).toISOString() }));
  }, 300_000);

  it.each(TXN_REPORTS.map((d) => [d.name, d] as const))("%s: another tenant's row is NF404 for a merchant HQ, related sections or not", async (_name, def) => {
    const where = Object.entries(def.where).map(([c, v]) => (typeof v === 'number' ? `${c} = ${v}` : `${c} = '${String(v)}'`)).join(' AND ');
    const [foreign] = await s.database.query<{ id: number }>(`SELECT id::int AS id FROM transactions WHERE ${where} AND merchant_id <> $1 ORDER BY id LIMIT 1`, [merchantOrg]);
    expect(foreign, def.name).toBeDefined();
    const e = await errorOf(reportApi(merchant, def).get(foreign!.id));
    if (merchantPermissions.has(def.permission)) {
      expect(e.status).toBe(404);
      expect(e.errorCode).toBe('NF404');
    } else expect(e.status).toBe(403);
  }, 300_000);
});

/**
 * Merchant wording for internal states (issue 29 item 6; report columns' `outside`), on each
 * database: for generated statuses of the refund requests (fast-check), the refund queue answers
 * the platform every status as stored, and a merchant-side caller (a master merchant) each status
 * as it is shown outside the platform (a refund whose acknowledgement failed is "Refunded") — in
 * the rows, the details, both export paths' files and the transaction's timeline — and a merchant's
 * Status filter finds the requests shown under the chosen status, the internal ones included.
 */
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_REPORTS, reportApi, type ListReportDef, type PortalClient, type ReportRow } from '@paydesk/contract';
import { REFUND_REASONS, REFUND_SERVICE_TYPE_CODES, REFUND_STATUS_OUTSIDE, REFUND_STATUSES, type RefundStatus } from '@paydesk/domain';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const queue = LIST_REPORTS.find((d) => d.name === 'PreChargeback') as ListReportDef;
const shownOutside = (s: RefundStatus): RefundStatus => REFUND_STATUS_OUTSIDE[s] ?? s;

describe.each(DATABASES)('internal states as merchants see them, on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let mm: PortalClient;
  /** The refund requests under mm@paydesk.my's master merchant, by id. */
  let ids: number[];

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 300 });
    const [m] = await s.database.query<{ org_id: number; group_id: number }>(
      `SELECT m.org_id, m.group_id FROM memberships m JOIN users u ON u.id = m.user_id JOIN organizations o ON o.id = m.org_id WHERE u.email = 'mm@paydesk.my' AND o.level = 'MASTER_MERCHANT'`,
    );
    await s.database.query(`INSERT INTO user_group_permissions (group_id, permission) VALUES ($1, 'prechargeback:view'), ($1, 'transaction:export') ON CONFLICT DO NOTHING`, [m!.group_id]);
    // Six requests of the test's own on six of the master merchant's transactions (whatever the seed raised).
    ids = (
      await s.database.query<{ id: number }>(
        `INSERT INTO refund_requests (transaction_id, txn_ref_no, service_type, amount, currency, reason_code, status, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at)
         SELECT t.id, t.txn_ref_no, t.service_type, t.amount, t.currency, $3, 'REJECTED', t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id,
                t.created_at + interval '1 hour', t.created_at + interval '1 hour'
           FROM transactions t
          WHERE t.master_merchant_id = $1 AND t.service_type = ANY($2::smallint[]) AND NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.transaction_id = t.id)
          ORDER BY t.service_type, t.id LIMIT 6
         RETURNING id`,
        [m!.org_id, REFUND_SERVICE_TYPE_CODES, REFUND_REASONS[0]],
      )
    ).map((r) => Number(r.id));
    admin = await s.signIn('admin@paydesk.my');
    mm = await s.signIn('mm@paydesk.my');
  }, 300_000);
  afterAll(async () => s?.close());

  /** Every row of the queue `c` may see among `ids`, with `SearchData`. */
  async function rowsOf(c: PortalClient, SearchData: Record<string, unknown> = {}): Promise<ReportRow[]> {
    const out: ReportRow[] = [];
    let Cursor: string | undefined;
    do {
      const page = await reportApi(c, queue).search({ RowsPerPage: 100, SearchData, ...(Cursor ? { Cursor } : {}) });
      out.push(...page.Items.filter((r) => ids.includes(Number(r.Id))));
      Cursor = page.NextCursor ?? undefined;
    } while (Cursor);
    return out;
  }

  it('answers each status as stored to the platform and as shown outside it to a merchant, in rows, details, filters and files', async () => {
    expect(ids.length).toBe(6);
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...REFUND_STATUSES), { minLength: ids.length, maxLength: ids.length }), fc.constantFrom(...REFUND_STATUSES), async (statuses, chosen) => {
        const stored = new Map(ids.map((id, i) => [id, statuses[i]!]));
        for (const [id, status] of stored) await s.database.query(`UPDATE refund_requests SET status = $2 WHERE id = $1`, [id, status]);
        const statusById = (rows: ReportRow[]) => Object.fromEntries(rows.map((r) => [Number(r.Id), r.Status]));

        expect(statusById(await rowsOf(admin))).toEqual(Object.fromEntries(ids.map((id) => [id, stored.get(id)])));
        expect(statusById(await rowsOf(mm))).toEqual(Object.fromEntries(ids.map((id) => [id, shownOutside(stored.get(id)!)])));
        const probe = ids[runs % ids.length]!;
        expect((await reportApi(mm, queue).get(probe)).Status).toBe(shownOutside(stored.get(probe)!));
        expect((await reportApi(admin, queue).get(probe)).Status).toBe(stored.get(probe));

        // The filter: the platform gets the stored code; a merchant, what is shown as the chosen code.
        const ofStatus = (match: (st: RefundStatus) => boolean) => ids.filter((id) => match(stored.get(id)!)).sort((a, b) => a - b);
        const idsOf = (rows: ReportRow[]) => rows.map((r) => Number(r.Id)).sort((a, b) => a - b);
        expect(idsOf(await rowsOf(admin, { Status: [chosen] }))).toEqual(ofStatus((st) => st === chosen));
        expect(idsOf(await rowsOf(mm, { Status: [chosen] }))).toEqual(ofStatus((st) => shownOutside(st) === shownOutside(chosen)));
        runs++;
      }),
      { numRuns: 6 },
    );
    expect(runs).toBe(6);
  }, 300_000);

  it("writes no internal status into a merchant's export file, on either export path", async () => {
    for (const id of ids) await s.database.query(`UPDATE refund_requests SET status = 'REFUNDED_ACK_FAIL' WHERE id = $1`, [id]);
    const statuses = async (c: PortalClient) => {
      const text = await (await reportApi(c, queue).export({ Format: 'csv', Language: 'en' } as never)).text();
      const [header, ...rows] = parse(text.replace(/^\uFEFF/, '')) as string[][];
      const at = header!.indexOf('Status');
      return new Set(rows.map((r) => r[at]));
    };
    expect(await statuses(admin)).toContain('Refunded, acknowledgement failed');
    const outside = await statuses(mm);
    expect(outside).toContain('Refunded');
    expect(outside).not.toContain('Refunded, acknowledgement failed');
  }, 120_000);

  it("says a refund's update in the transaction's timeline as each audience reads it", async () => {
    const [r] = await s.database.query<{ transaction_id: number }>(
      `UPDATE refund_requests SET status = 'REFUNDED_ACK_FAIL', updated_at = created_at + interval '1 hour' WHERE id = $1 RETURNING transaction_id`,
      [ids[0]],
    );
    const views = LIST_REPORTS.filter((d) => d.source === 'transactions' && d.related?.includes('timeline'));
    /** The REFUND_UPDATED statuses of the transaction's timeline as `c` reads it (in whichever view holds it). */
    const updates = async (c: PortalClient) => {
      for (const d of views) {
        const row = await reportApi(c, d).get(Number(r!.transaction_id)).catch(() => null);
        const timeline = (row as { Related?: { Timeline?: { Code: string; Status: string | null }[] } } | null)?.Related?.Timeline;
        if (timeline) return timeline.filter((e) => e.Code === 'REFUND_UPDATED').map((e) => e.Status);
      }
      throw new Error('no view holds the transaction');
    };
    expect(await updates(admin)).toEqual(['REFUNDED_ACK_FAIL']);
    expect(await updates(mm)).toEqual(['REFUNDED']);
  }, 120_000);
});

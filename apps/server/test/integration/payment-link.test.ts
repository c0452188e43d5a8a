/**
 * /payment-link on the resource engine's lifecycle facet (contract resources/defs/payment-link.ts):
 *  - generated bad links (an amount that breaks its type, an expiry not in the future, a reference
 *    the merchant used before, a §5-invalid e-mail or phone, an unknown currency) answer 4xx naming
 *    the field and create nothing, while the same link with the fault repaired is created;
 *  - a merchant HQ's link carries its ancestors (branch too), and money fields stay as created;
 *  - Cancel needs a reason, kept in the link's history with who and the states, beside one audit row.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@paydesk/contract';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

const api = (op: string) => `/api/portal/PaymentLink/${op}`;
type Link = { Id: number; Version: number; LinkStatus: string; Reference: string; Amount: string | null; OrgId: number };

/** A valid link of merchant HQ 56 with reference `ref` (expiry in 2099: valid at every test clock). */
const good = (ref: string) => ({ OrgId: 56, Reference: ref, AmountType: 'FIXED', Amount: '25.00', Currency: 'MYR', Description: 'Invoice', ExpiresAt: '2099-01-01T00:00:00.000Z' });

/** One fault of a link input and the field it must be named by. */
const FAULTS: { name: string; field: string; apply: (o: Record<string, unknown>) => Record<string, unknown> }[] = [
  { name: 'zero amount', field: 'Amount', apply: (o) => ({ ...o, Amount: '0.00' }) },
  { name: 'no amount on a fixed link', field: 'Amount', apply: ({ Amount: _a, ...o }) => o },
  { name: 'an amount on an open link', field: 'Amount', apply: (o) => ({ ...o, AmountType: 'OPEN' }) },
  { name: 'negative amount', field: 'Amount', apply: (o) => ({ ...o, Amount: '-5' }) },
  { name: 'expiry in the past', field: 'ExpiresAt', apply: (o) => ({ ...o, ExpiresAt: '2020-01-01T00:00:00.000Z' }) },
  { name: 'expiry not a time', field: 'ExpiresAt', apply: (o) => ({ ...o, ExpiresAt: 'tomorrow' }) },
  { name: 'bad e-mail', field: 'CustomerEmail', apply: (o) => ({ ...o, CustomerEmail: 'buyer@' }) },
  { name: 'bad phone', field: 'CustomerPhone', apply: (o) => ({ ...o, CustomerPhone: '12' }) },
  { name: 'unknown currency', field: 'Currency', apply: (o) => ({ ...o, Currency: 'XQZ' }) },
  { name: 'reference with spaces', field: 'Reference', apply: (o) => ({ ...o, Reference: 'has spaces' }) },
];

describe.each(DATABASES)('payment links on %s', (kind) => {
  let s: TestServer;
  let mm: PortalClient;
  const count = async () => Number((await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_links WHERE link_ref LIKE 'PLT-%'`))[0]!.n);

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 0 });
    mm = await s.signIn('mm@paydesk.my');
  });
  afterAll(async () => s?.close());

  it('answers every generated bad link with a 4xx naming the field and creates nothing; repaired, it is created', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FAULTS), fc.integer({ min: 1, max: 1_000_000 }), async (fault, k) => {
        const ref = `PLT-${k}-${n++}`;
        const before = await count();
        const e = await errorOf(mm.callPath('POST', api('Create'), fault.apply(good(ref))));
        expect(e.status, fault.name).toBeGreaterThanOrEqual(400);
        expect(e.status, fault.name).toBeLessThan(500);
        expect(e.message, fault.name).toContain(fault.field);
        expect(await count(), fault.name).toBe(before);
        const made = await mm.callPath<Link>('POST', api('Create'), good(ref));
        expect(made.LinkStatus).toBe('ACTIVE');
      }),
      { numRuns: 30 },
    );
    // The same reference again for the same merchant is refused; another merchant may use it.
    const dup = await errorOf(mm.callPath('POST', api('Create'), good('PLT-DUP')).then(() => mm.callPath('POST', api('Create'), good('PLT-DUP'))));
    expect([dup.status, dup.message]).toEqual([409, expect.stringContaining('Reference')]);
    expect((await mm.callPath<Link>('POST', api('Create'), { ...good('PLT-DUP'), OrgId: 59 })).OrgId).toBe(59);
  });

  it("keeps the owner's ancestors (a branch's too) and the money fields as created", async () => {
    const link = await mm.callPath<Link>('POST', api('Create'), { ...good('PLT-BRANCH'), OrgId: 456, AmountType: 'OPEN', Amount: undefined });
    const [row] = await s.database.query<{ master_merchant_id: number; merchant_id: number; branch_id: number | null; path: string }>(
      `SELECT l.master_merchant_id, l.merchant_id, l.branch_id, o.path FROM payment_links l JOIN organizations o ON o.id = l.org_id WHERE l.id = $1`,
      [link.Id],
    );
    const ids = row!.path.split('/').filter(Boolean).map(Number);
    expect([row!.master_merchant_id, row!.merchant_id, row!.branch_id]).toEqual([ids[0], ids[3], 456]);
    const e = await errorOf(mm.callPath('PUT', api('Update'), { Id: link.Id, Version: link.Version, Amount: '99.00' }));
    expect([e.status, e.message]).toEqual([400, expect.stringContaining('Amount')]);
  });

  it('cancels only with a reason, kept in the history beside one audit row', async () => {
    const link = await mm.callPath<Link>('POST', api('Create'), good('PLT-CANCEL'));
    const noReason = await errorOf(mm.callPath('PUT', api('Cancel'), { Id: link.Id, Version: link.Version }));
    expect([noReason.status, noReason.message]).toEqual([400, expect.stringContaining('Note')]);
    const cancelled = await mm.callPath<Link>('PUT', api('Cancel'), { Id: link.Id, Version: link.Version, Note: 'customer paid by bank transfer' });
    expect(cancelled.LinkStatus).toBe('CANCELLED');
    const { Items } = await mm.callPath<{ Items: { Action: string; FromStatus: string | null; ToStatus: string; Actor: string; Summary: string }[] }>('GET', `${api('Events')}/${link.Id}`);
    expect(Items.map((x) => [x.Action, x.FromStatus, x.ToStatus, x.Actor, x.Summary])).toEqual([
      ['CREATE', null, 'ACTIVE', 'mm@paydesk.my', ''],
      ['CANCEL', 'ACTIVE', 'CANCELLED', 'mm@paydesk.my', 'customer paid by bank transfer'],
    ]);
    const audit = await s.database.query(`SELECT 1 FROM audit_log WHERE action = 'CANCEL' AND target_type = 'PaymentLink' AND target_id = $1`, [String(link.Id)]);
    expect(audit).toHaveLength(1);
    // Final: nothing moves it again.
    const again = await errorOf(mm.callPath('PUT', api('Enable'), { Id: link.Id, Version: cancelled.Version }));
    expect([again.status, again.message]).toEqual([409, expect.stringContaining('CANCELLED')]);
  });
});

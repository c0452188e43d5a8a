/**
 * The global search (POST /api/portal/GlobalSearch/Search, modules/search): last-4, card and
 * reference-part matching, the 180-day window, scope (a merchant HQ and one of its branches never
 * see another merchant's records), permission filtering, and a card number never echoed.
 * Records are made by factories at times fixed against the server clock (`s.now()`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient, SearchHitItem } from '@paydesk/contract';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

const DAY = 86_400_000;
/** A card number (first 6 + last 4 match the factories' masked PAN) that must never come back. */
const FULL_PAN = '4111119876547391';

describe.each(DATABASES)('global search on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let merchant: PortalClient;
  let branch: PortalClient;
  let hq: number;
  let branchOrg: number;
  const logLines: string[] = [];
  const ids: Record<'hq' | 'branch' | 'foreign' | 'old', number> = { hq: 0, branch: 0, foreign: 0, old: 0 };

  const search = async (c: PortalClient, Query: string) => (await c.call('globalSearch', { body: { Query } })).Items;
  const idsOf = (hits: readonly SearchHitItem[], k: SearchHitItem['Kind']) => hits.filter((h) => h.Kind === k).map((h) => h.Id);

  /**
   * Factory: a copy of the first card e-commerce sale, owned as the first transaction matching
   * `where` (any kind: so its owner columns are a real organization's, whatever the seed made for
   * that owner), with the given reference, last 4 (masked PAN 411111******{last4}), e-mail and age.
   */
  async function makeTxn(where: string, params: unknown[], o: { ref: string; last4: string; email?: string; daysAgo: number }): Promise<number> {
    const at = new Date(s.now().getTime() - o.daysAgo * DAY).toISOString();
    const [row] = await s.database.query<{ id: number }>(
      `INSERT INTO transactions
       SELECT (jsonb_populate_record(NULL::transactions, to_jsonb(c) || jsonb_build_object(
         'id', nextval(pg_get_serial_sequence('transactions', 'id')), 'txn_ref_no', $1::text, 'pan_last4', $2::text,
         'masked_pan', '411111******' || $2::text, 'cust_email', $3::text, 'created_at', $4::text, 'refunded_amount', 0, 'refund_status', NULL,
         'master_merchant_id', w.master_merchant_id, 'agency_id', w.agency_id, 'agent_id', w.agent_id, 'merchant_id', w.merchant_id, 'branch_id', w.branch_id))).*
       FROM (SELECT * FROM transactions WHERE service_type = 1 AND masked_pan IS NOT NULL ORDER BY id LIMIT 1) c,
            (SELECT t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id FROM transactions t WHERE ${where} ORDER BY t.id LIMIT 1) w
       RETURNING id::int AS id`,
      [o.ref, o.last4, o.email ?? null, at, ...params],
    );
    if (!row) throw new Error(`makeTxn: no transaction matches ${where} with ${JSON.stringify(params)}`);
    return row!.id;
  }

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 3000, logStream: { write: (line) => void logLines.push(line) } });
    admin = await s.signIn('admin@paydesk.my');
    merchant = await s.signIn('merchant@paydesk.my');
    branch = await s.signIn('branch@paydesk.my');
    hq = Number((await merchant.call('profile')).Current.CompanyId);
    branchOrg = Number((await branch.call('profile')).Current.CompanyId);
    ids.hq = await makeTxn('t.merchant_id = $5 AND t.branch_id IS DISTINCT FROM $6', [hq, branchOrg], { ref: 'ZQ2611300000123456', last4: '7391', email: 'Siti.Search@example.my', daysAgo: 2 });
    ids.branch = await makeTxn('t.branch_id = $5', [branchOrg], { ref: 'ZQ2611300000765432', last4: '7391', daysAgo: 3 });
    ids.foreign = await makeTxn('t.merchant_id <> $5 AND t.master_merchant_id <> (SELECT master_merchant_id FROM transactions WHERE merchant_id = $5 LIMIT 1)', [hq], { ref: 'ZQ2611300000999456', last4: '7391', email: 'siti.search@example.my', daysAgo: 1 });
    ids.old = await makeTxn('t.merchant_id = $5', [hq], { ref: 'ZQ2605010000123999', last4: '7391', daysAgo: 200 });
  }, 300_000);
  afterAll(async () => s?.close());

  it('finds transactions by the last 4 digits, inside the caller subtree and the 180-day window only', async () => {
    expect(idsOf(await search(admin, '7391'), 'transaction')).toEqual(expect.arrayContaining([ids.hq, ids.branch, ids.foreign]));
    const mine = idsOf(await search(merchant, '7391'), 'transaction');
    expect(mine).toEqual(expect.arrayContaining([ids.hq, ids.branch]));
    expect(mine).not.toContain(ids.foreign);
    expect(mine).not.toContain(ids.old);
    const branchHits = idsOf(await search(branch, '7391'), 'transaction');
    expect(branchHits).toContain(ids.branch);
    expect(branchHits).not.toContain(ids.hq);
    expect(branchHits).not.toContain(ids.foreign);
    // Every hit of each scope lies in it, and links to its view's detail filtered to its reference.
    const owners = await s.database.query<{ merchant_id: number; branch_id: number | null }>(`SELECT merchant_id, branch_id FROM transactions WHERE id = ANY($1::bigint[])`, [mine]);
    expect(owners.every((o) => Number(o.merchant_id) === hq)).toBe(true);
    const hit = (await search(merchant, '7391')).find((h) => h.Id === ids.hq)!;
    expect(hit).toMatchObject({ Kind: 'transaction', Title: 'ZQ2611300000123456' });
    expect(hit.Link).toMatch(/^\/transaction\/ecommerce\/\d+\?ref=ZQ2611300000123456&from=\d{4}-\d\d-\d\d&to=/);
    expect(hit.Subtitle).toContain('411111******7391');
  });

  it('finds a transaction by part of its reference: its head or its tail, in any case', async () => {
    expect(idsOf(await search(merchant, 'zq26113000001234'), 'transaction')).toEqual([ids.hq]);
    expect(idsOf(await search(merchant, '0000123456'), 'transaction')).toEqual([ids.hq]);
    const tail = idsOf(await search(merchant, '999456'), 'transaction');
    expect(tail).not.toContain(ids.foreign);
    expect(idsOf(await search(admin, '999456'), 'transaction')).toContain(ids.foreign);
    // A tail shorter than 6 is not searched (too many rows share it).
    expect(idsOf(await search(admin, '99456'), 'transaction')).toEqual([]);
  });

  it('finds a transaction by its customer e-mail, case-insensitively, in scope', async () => {
    expect(idsOf(await search(merchant, 'SITI.search@example.MY'), 'transaction')).toEqual([ids.hq]);
    expect(idsOf(await search(admin, 'siti.search@example.my'), 'transaction').sort()).toEqual([ids.hq, ids.foreign].sort());
  });

  it('searches a card number by its first 6 and last 4 only, and never answers or logs it whole', async () => {
    logLines.length = 0;
    const res = await merchant.sendTo({ method: 'POST', encrypted: true }, '/api/portal/GlobalSearch/Search', { body: { Query: FULL_PAN.replace(/(\d{4})/g, '$1 ').trim() } });
    expect(res.status).toBe(200);
    const hits = await search(merchant, FULL_PAN);
    expect(idsOf(hits, 'transaction')).toEqual(expect.arrayContaining([ids.hq, ids.branch]));
    expect(JSON.stringify(hits)).not.toContain(FULL_PAN);
    expect(JSON.stringify(hits)).not.toContain('987654');
    // Another BIN with the same last 4 does not match.
    expect(idsOf(await search(merchant, '5500009876547391'), 'transaction')).toEqual([]);
    expect(logLines.join('\n')).not.toContain(FULL_PAN);
  });

  it('finds organizations by name or MID prefix, and terminals by TID, inside the subtree only', async () => {
    const [own] = await s.database.query<{ name: string; mid: string | null }>(`SELECT name, mid FROM organizations WHERE id = $1`, [hq]);
    const [foreign] = await s.database.query<{ id: number; name: string }>(
      `SELECT o.id, o.name FROM organizations o WHERE o.level = 'MERCHANT_HQ' AND o.id <> $1 AND lower(o.name) NOT LIKE lower($2) ORDER BY o.id LIMIT 1`,
      [hq, `${own!.name.slice(0, 6)}%`],
    );
    const byName = await search(merchant, own!.name.slice(0, 6).toLowerCase());
    expect(byName.find((h) => h.Kind === 'organization' && h.Id === hq)?.Link).toBe(`/merchant/${hq}`);
    expect(idsOf(await search(merchant, foreign!.name.slice(0, 8)), 'organization')).not.toContain(Number(foreign!.id));
    expect(idsOf(await search(admin, foreign!.name.slice(0, 8)), 'organization')).toContain(Number(foreign!.id));
    expect(own!.mid).toBeTruthy();
    expect(idsOf(await search(merchant, own!.mid!.slice(0, 6)), 'organization')).toContain(hq);

    const [t] = await s.database.query<{ id: number; tid: string }>(`SELECT t.id, t.tid FROM terminals t JOIN organizations o ON o.id = t.org_id WHERE o.path LIKE (SELECT path FROM organizations WHERE id = $1) || '%' ORDER BY t.id LIMIT 1`, [hq]);
    const [ft] = await s.database.query<{ id: number; tid: string }>(`SELECT t.id, t.tid FROM terminals t JOIN organizations o ON o.id = t.org_id WHERE o.path NOT LIKE (SELECT path FROM organizations WHERE id = $1) || '%' ORDER BY t.id LIMIT 1`, [hq]);
    expect(t && ft).toBeTruthy();
    expect((await search(merchant, t!.tid)).find((h) => h.Kind === 'terminal')).toMatchObject({ Id: Number(t!.id), Link: `/terminal-management?Tid=${t!.tid}` });
    expect(idsOf(await search(merchant, ft!.tid), 'terminal')).not.toContain(Number(ft!.id));
    expect(idsOf(await search(admin, ft!.tid), 'terminal')).toContain(Number(ft!.id));
  });

  it('finds refund requests by reference prefix for the refund desk, in scope', async () => {
    const [r] = await s.database.query<{ id: number; txn_ref_no: string }>(`SELECT id, txn_ref_no FROM refund_requests WHERE merchant_id = $1 ORDER BY id LIMIT 1`, [hq]);
    const [fr] = await s.database.query<{ id: number; txn_ref_no: string }>(`SELECT id, txn_ref_no FROM refund_requests WHERE merchant_id <> $1 ORDER BY id LIMIT 1`, [hq]);
    expect(r && fr).toBeTruthy();
    expect((await search(merchant, r!.txn_ref_no)).find((h) => h.Kind === 'refund' && h.Id === Number(r!.id))?.Link).toBe(`/pre-chargeback/${r!.id}?ref=${r!.txn_ref_no}`);
    expect(idsOf(await search(merchant, fr!.txn_ref_no), 'refund')).not.toContain(Number(fr!.id));
    expect(idsOf(await search(admin, fr!.txn_ref_no), 'refund')).toContain(Number(fr!.id));
    // A branch may not open the desk's queue (its report's group types): no refund hits at all.
    expect(idsOf(await search(branch, r!.txn_ref_no), 'refund')).toEqual([]);
  });

  it('answers a kind only to a caller holding the permission of the screen its hit opens', async () => {
    const [g] = await s.database.query<{ group_id: number }>(`SELECT m.group_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE lower(u.email) = 'merchant@paydesk.my' AND m.is_default`);
    const removed = await s.database.query<{ permission: string }>(
      `DELETE FROM user_group_permissions WHERE group_id = $1 AND permission IN ('transaction:ecommerce', 'merchant:view') RETURNING permission`,
      [g!.group_id],
    );
    try {
      const fresh = await s.signIn('merchant@paydesk.my');
      const hits = await search(fresh, '7391');
      expect(idsOf(hits, 'transaction')).not.toContain(ids.hq);
      expect(idsOf(await search(fresh, 'ZQ2611300000123456'), 'transaction')).toEqual([]);
      const [own] = await s.database.query<{ name: string }>(`SELECT name FROM organizations WHERE id = $1`, [hq]);
      expect(idsOf(await search(fresh, own!.name.slice(0, 6)), 'organization')).not.toContain(hq);
    } finally {
      for (const p of removed) await s.database.query(`INSERT INTO user_group_permissions (group_id, permission) VALUES ($1, $2)`, [g!.group_id, p.permission]);
    }
  });

  it('reads LIKE characters, quotes and any script as text: no wildcard, no error', async () => {
    for (const Query of ['%%', '__', 'ZQ%', 'ZQ_611300000123456', "O'Brien", '\\\\', '商户名称', 'é'.repeat(64), '4111-1111-1111-1111 and more', '411111******7391']) {
      const hits = await search(admin, Query);
      expect(hits.filter((h) => h.Kind === 'transaction' && h.Title.startsWith('ZQ') && !Query.startsWith('411111'))).toEqual([]);
    }
  });

  it('refuses a query too short or too long with VAL400 naming Query', async () => {
    for (const Query of ['', ' a ', 'x'.repeat(65)]) {
      const e = await errorOf(merchant.call('globalSearch', { body: { Query } }));
      expect(e.status).toBe(400);
      expect(e.errorCode).toBe('VAL400');
      expect(e.message).toContain('Query');
    }
  });
});

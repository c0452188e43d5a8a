/**
 * /zmk-config (modules/zmk), on both databases:
 *  - components and keys never leave the server: every answer of the ceremonies, the list and the
 *    key (and every refusal) is scanned for each component's hex and the combined key's hex, and
 *    so are the database rows (keys, components, history, audit); components are held sealed while
 *    the ceremony runs and wiped when it ends, the key is sealed and opens to the XOR;
 *  - check values: the published TDES test key 0123456789ABCDEF FEDCBA9876543210 (KCV 08D7B4,
 *    recomputed here with node's own des-ede-ecb) and the all-zero AES-128 key (66E94B) come out
 *    of their ceremonies, and random components of every scheme give KCV(XOR of components);
 *  - dual control: one user never enters two components of a key, even holding every custodian
 *    permission, nor with two concurrent submissions (and the database refuses it by itself);
 *  - a wrong component KCV (or length) is refused naming the field and changes nothing;
 *  - cancel wipes the components, retire wipes the key, each once.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@paydesk/contract';
import { ZMK_SCHEME_BYTES, type ZmkScheme } from '@paydesk/domain';
import { materialPlace, openMaterial } from '../../src/modules/zmk/key-material.ts';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

type Key = { Id: number; Status: string; Kcv: string | null; OddParity: boolean | null; ComponentsEntered: number; AllowedActions: string[]; Components: { Seq: number; Entered: boolean; Kcv: string | null }[]; History: { Event: string }[] };

/** The first 3 bytes of the key's encryption of zeros, computed here independently of the server. */
function expectedKcv(scheme: ZmkScheme, key: Buffer): string {
  const [algorithm, block] = scheme === 'TDES_2KEY' ? ['des-ede-ecb', 8] : scheme === 'TDES_3KEY' ? ['des-ede3-ecb', 8] : [`aes-${key.length * 8}-ecb`, 16];
  const c = createCipheriv(algorithm as string, key, null);
  c.setAutoPadding(false);
  return Buffer.concat([c.update(Buffer.alloc(block as number)), c.final()]).subarray(0, 3).toString('hex').toUpperCase();
}
const xor = (parts: Buffer[]) => parts.reduce((acc, p) => Buffer.from(acc.map((b, i) => b ^ p[i]!)));
const hexOf = (b: Buffer) => b.toString('hex').toUpperCase();

describe.each(DATABASES)('zone master keys on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  /** Three custodians each holding every custodian permission, and one holding custodian1 only. */
  let c1: PortalClient, c2: PortalClient, c3: PortalClient, only1: PortalClient;
  let acquirerId: number;
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);
  /** Every answer and refusal text of this file, to scan for key material. */
  const answers: string[] = [];
  /** Every component and key hex used in this file. */
  const secrets: string[] = [];

  const record = async <T,>(p: Promise<T>): Promise<T> => {
    try {
      const v = await p;
      answers.push(JSON.stringify(v));
      return v;
    } catch (e) {
      answers.push(String((e as Error).message));
      throw e;
    }
  };
  let names = 0;
  const create = (scheme: ZmkScheme, count: number) =>
    record(admin.callPath<Key>('POST', '/api/portal/Zmk/Create', { Name: `Key ${++names} ${kind}`, Purpose: 'ZPK_EXCHANGE', AcquirerId: acquirerId, Scheme: scheme, ComponentCount: count }));
  const enter = (c: PortalClient, id: number, seq: number, part: Buffer, kcv?: string) =>
    record(c.callPath<Key>('POST', `/api/portal/Zmk/Component${seq}`, { Id: id, Component: hexOf(part), Kcv: kcv ?? expectedKcv(schemeOf(part), part) }));
  const get = (c: PortalClient, id: number) => record(c.callPath<Key>('GET', `/api/portal/Zmk/${id}`));
  /** The scheme of a component by its length (the tests' keys use TDES for 16 and 24 bytes unless told). */
  const schemes = new Map<number, ZmkScheme>();
  const schemeOf = (part: Buffer): ZmkScheme => schemes.get(part.length) ?? (part.length === 32 ? 'AES_256' : part.length === 24 ? 'TDES_3KEY' : 'TDES_2KEY');
  const component = (bytes: number) => {
    const b = randomBytes(bytes);
    secrets.push(hexOf(b));
    return b;
  };
  /** Everything stored about key `id`: its row, components, history and audit records. */
  const stored = async (id: number) =>
    JSON.stringify([
      await q(`SELECT to_jsonb(k) AS j FROM zmk_keys k WHERE id = $1`, [id]),
      await q(`SELECT to_jsonb(c) AS j FROM zmk_components c WHERE key_id = $1 ORDER BY seq`, [id]),
      await q(`SELECT to_jsonb(e) AS j FROM zmk_events e WHERE key_id = $1 ORDER BY id`, [id]),
      await q(`SELECT action, detail FROM audit_log WHERE target_type = 'Zmk' AND target_id = $1 ORDER BY id`, [String(id)]),
    ]);

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 300 });
    await q(
      `WITH g AS (INSERT INTO user_groups (name, group_type, description) VALUES ('Key custodians', 'SUPERADMIN', 'test') RETURNING id)
       INSERT INTO user_group_permissions (group_id, permission) SELECT g.id, p FROM g, unnest(ARRAY['zmk:view', 'zmk:custodian1', 'zmk:custodian2', 'zmk:custodian3']) AS p`,
    );
    await q(
      `WITH g AS (INSERT INTO user_groups (name, group_type, description) VALUES ('Custodian 1', 'SUPERADMIN', 'test') RETURNING id)
       INSERT INTO user_group_permissions (group_id, permission) SELECT g.id, p FROM g, unnest(ARRAY['zmk:view', 'zmk:custodian1']) AS p`,
    );
    for (const [email, group] of [['c1@paydesk.my', 'Key custodians'], ['c2@paydesk.my', 'Key custodians'], ['c3@paydesk.my', 'Key custodians'], ['only1@paydesk.my', 'Custodian 1']]) {
      await q(
        `WITH u AS (INSERT INTO users (email, nick_name, password_hash) SELECT $1, $1, password_hash FROM users WHERE email = 'admin@paydesk.my' RETURNING id)
         INSERT INTO memberships (user_id, org_id, group_id, is_default) SELECT u.id, NULL, g.id, true FROM u, user_groups g WHERE g.name = $2`,
        [email, group],
      );
    }
    [admin, c1, c2, c3, only1] = (await Promise.all(['admin@paydesk.my', 'c1@paydesk.my', 'c2@paydesk.my', 'c3@paydesk.my', 'only1@paydesk.my'].map((e) => s.signIn(e)))) as [PortalClient, PortalClient, PortalClient, PortalClient, PortalClient];
    const [a] = await q<{ id: number }>(`SELECT id FROM acquirers WHERE code = 'MBB'`);
    acquirerId = Number(a!.id);
  }, 300_000);
  afterAll(async () => s?.close());

  it('activates the published TDES test key 0123456789ABCDEF FEDCBA9876543210 with KCV 08D7B4 from two components, holding them sealed meanwhile', async () => {
    const target = Buffer.from('0123456789ABCDEFFEDCBA9876543210', 'hex');
    secrets.push(hexOf(target));
    // The published value, checked here rather than trusted.
    expect(expectedKcv('TDES_2KEY', target)).toBe('08D7B4');
    const k = await create('TDES_2KEY', 2);
    expect(k).toMatchObject({ Status: 'AWAITING_COMPONENTS', ComponentsEntered: 0, Kcv: null });
    const first = component(16);
    const second = xor([first, target]);
    secrets.push(hexOf(second));

    const half = await enter(c1, k.Id, 1, first);
    expect(half.Components[0]).toMatchObject({ Seq: 1, Entered: true, Kcv: expectedKcv('TDES_2KEY', first) });
    expect(half).toMatchObject({ Status: 'AWAITING_COMPONENTS', ComponentsEntered: 1 });
    // c1 has entered: it is offered no other slot, while c2 is offered slot 2.
    expect(half.AllowedActions).not.toContain('COMPONENT2');
    expect((await get(c2, k.Id)).AllowedActions).toContain('COMPONENT2');
    const [held] = await q<{ component_sealed: string }>(`SELECT component_sealed FROM zmk_components WHERE key_id = $1`, [k.Id]);
    expect(held!.component_sealed.startsWith('enc:v1:')).toBe(true);
    expect(openMaterial(s.app.ctx.keys.fieldKey, materialPlace(k.Id, 1), held!.component_sealed).equals(first)).toBe(true);

    const done = await enter(c2, k.Id, 2, second);
    expect(done).toMatchObject({ Status: 'ACTIVE', Kcv: '08D7B4', OddParity: true, ComponentsEntered: 2 });
    expect(done.History.map((e) => e.Event)).toEqual(['CREATED', 'COMPONENT_ENTERED', 'COMPONENT_ENTERED', 'ACTIVATED']);
    // The components are wiped; the key is sealed and opens to the XOR of the components.
    expect(await q(`SELECT 1 FROM zmk_components WHERE key_id = $1 AND component_sealed IS NOT NULL`, [k.Id])).toEqual([]);
    const [row] = await q<{ key_sealed: string }>(`SELECT key_sealed FROM zmk_keys WHERE id = $1`, [k.Id]);
    expect(openMaterial(s.app.ctx.keys.fieldKey, materialPlace(k.Id, 'key'), row!.key_sealed).equals(target)).toBe(true);
  });

  it('activates the all-zero AES-128 key with KCV 66E94B from three components, the creator one of the custodians', async () => {
    expect(expectedKcv('AES_128', Buffer.alloc(16))).toBe('66E94B');
    schemes.set(16, 'AES_128');
    try {
      const k = await create('AES_128', 3);
      const [a, b] = [component(16), component(16)];
      const last = xor([a, b]);
      secrets.push(hexOf(last));
      await enter(admin, k.Id, 3, a);
      await enter(c1, k.Id, 1, b);
      const done = await enter(c2, k.Id, 2, last);
      expect(done).toMatchObject({ Status: 'ACTIVE', Kcv: '66E94B', OddParity: null });
    } finally {
      schemes.delete(16);
    }
  });

  it('reports KCV(XOR of the components) for random components of every scheme', async () => {
    const custodians = [c1, c2, c3];
    for (const scheme of ['TDES_2KEY', 'TDES_3KEY', 'AES_128', 'AES_192', 'AES_256'] as const) {
      for (const count of [2, 3]) {
        schemes.set(ZMK_SCHEME_BYTES[scheme], scheme);
        const k = await create(scheme, count);
        const parts = Array.from({ length: count }, () => component(ZMK_SCHEME_BYTES[scheme]));
        let last: Key | undefined;
        for (const [i, p] of parts.entries()) last = await enter(custodians[i]!, k.Id, i + 1, p);
        const key = xor(parts);
        secrets.push(hexOf(key));
        expect(last, `${scheme} in ${count}`).toMatchObject({ Status: 'ACTIVE', Kcv: expectedKcv(scheme, key) });
        schemes.delete(ZMK_SCHEME_BYTES[scheme]);
      }
    }
  });

  it('never lets one user enter two components of a key, even holding every custodian permission, nor with concurrent submissions', async () => {
    const k = await create('TDES_3KEY', 3);
    const [a, b, c] = [component(24), component(24), component(24)];
    await enter(c1, k.Id, 1, a);
    const before = await stored(k.Id);
    const again = await errorOf(enter(c1, k.Id, 2, b));
    expect([again.status, again.errorCode, again.message]).toEqual([403, 'PERM403', expect.stringContaining('another custodian must enter component 2')]);
    expect(await stored(k.Id)).toBe(before);
    // A user holding custodian1 only is refused slot 2 by the permission itself.
    expect((await errorOf(enter(only1, k.Id, 2, b))).status).toBe(403);

    // Two concurrent submissions by one user (slots 2 and 3): one is taken, the other refused.
    const raced = await Promise.allSettled([enter(c2, k.Id, 2, b), enter(c2, k.Id, 3, c)]);
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = raced.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect([403, 409]).toContain((refused.reason as { status: number }).status);
    const rows = await q<{ user_id: number; seq: number }>(`SELECT user_id, seq FROM zmk_components WHERE key_id = $1 ORDER BY seq`, [k.Id]);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => Number(r.user_id))).size).toBe(2);

    // The database refuses a second component of one user by itself (unique key_id, user_id).
    const free = [1, 2, 3].find((n) => !rows.some((r) => Number(r.seq) === n))!;
    await expect(q(`INSERT INTO zmk_components (key_id, seq, user_id, kcv) VALUES ($1, $2, $3, 'ABCDEF')`, [k.Id, free, rows[0]!.user_id])).rejects.toThrow();

    // Two custodians racing for one slot: one wins.
    const k2 = await create('TDES_2KEY', 2);
    const [x, y] = [component(16), component(16)];
    const slot = await Promise.allSettled([enter(c1, k2.Id, 1, x), enter(c3, k2.Id, 1, y)]);
    expect(slot.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(((slot.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as { status: number }).status).toBe(409);
    expect(await q(`SELECT 1 FROM zmk_components WHERE key_id = $1`, [k2.Id])).toHaveLength(1);
  });

  it('refuses a wrong component KCV, a wrong length or a repeated component naming the field, and changes nothing', async () => {
    const k = await create('TDES_2KEY', 2);
    const a = component(16);
    const before = await stored(k.Id);
    const good = expectedKcv('TDES_2KEY', a);
    const wrong = good === '000000' ? '000001' : '000000';
    const bad = await errorOf(enter(c1, k.Id, 1, a, wrong));
    expect([bad.status, bad.errorCode]).toEqual([400, 'VAL400']);
    expect(bad.message).toMatch(/^VAL400: Kcv: /);
    const long = component(24);
    const length = await errorOf(enter(c1, k.Id, 1, long, expectedKcv('TDES_3KEY', long)));
    expect([length.status, length.message]).toEqual([400, expect.stringMatching(/^VAL400: Component: enter 32 hexadecimal digits/)]);
    const notHex = await errorOf(record(c1.callPath('POST', '/api/portal/Zmk/Component1', { Id: k.Id, Component: 'XYZ', Kcv: good })));
    expect([notHex.status, notHex.message]).toEqual([400, expect.stringMatching(/^VAL400: Component: /)]);
    const kcvShape = await errorOf(record(c1.callPath('POST', '/api/portal/Zmk/Component1', { Id: k.Id, Component: hexOf(a), Kcv: '08D7' })));
    expect([kcvShape.status, kcvShape.message]).toEqual([400, expect.stringMatching(/^VAL400: Kcv: /)]);
    expect(await stored(k.Id)).toBe(before);
    // Typed from a slip in groups of four, lower case: the same component.
    const spaced = hexOf(a).toLowerCase().replace(/(.{4})/g, '$1 ').trim();
    const ok = await record(c1.callPath<Key>('POST', '/api/portal/Zmk/Component1', { Id: k.Id, Component: spaced, Kcv: good.toLowerCase() }));
    expect(ok.ComponentsEntered).toBe(1);
    // The same component again by another custodian would cancel out in the XOR.
    const twin = await errorOf(enter(c2, k.Id, 2, a));
    expect([twin.status, twin.message]).toEqual([400, expect.stringMatching(/^VAL400: Component: it is the same as component 1/)]);
  });

  it('cancels a ceremony (components wiped) and retires an active key (key wiped, KCV kept), each once', async () => {
    const k = await create('AES_256', 2);
    await enter(c1, k.Id, 1, component(32));
    const cancelled = await record(admin.callPath<Key>('POST', '/api/portal/Zmk/Cancel', { Id: k.Id, Reason: 'Custodian left the bank' }));
    expect(cancelled).toMatchObject({ Status: 'CANCELLED', AllowedActions: [] });
    expect(await q(`SELECT 1 FROM zmk_components WHERE key_id = $1 AND component_sealed IS NOT NULL`, [k.Id])).toEqual([]);
    expect((await errorOf(enter(c2, k.Id, 2, component(32)))).status).toBe(409);
    expect((await errorOf(admin.callPath('POST', '/api/portal/Zmk/Cancel', { Id: k.Id, Reason: 'again' }))).status).toBe(409);

    const [active] = await q<{ id: number; kcv: string }>(`SELECT id, kcv FROM zmk_keys WHERE status = 'ACTIVE' ORDER BY id LIMIT 1`);
    const retired = await record(admin.callPath<Key>('POST', '/api/portal/Zmk/Retire', { Id: active!.id, Reason: 'Replaced by the 2027 key' }));
    expect(retired).toMatchObject({ Status: 'RETIRED', Kcv: active!.kcv });
    expect(await q(`SELECT 1 FROM zmk_keys WHERE id = $1 AND key_sealed IS NOT NULL`, [active!.id])).toEqual([]);
    expect((await errorOf(admin.callPath('POST', '/api/portal/Zmk/Retire', { Id: active!.id, Reason: 'again' }))).status).toBe(409);
  });

  it('never answers nor stores a component or a key in clear', async () => {
    const list = await record(admin.callPath<{ Items: { Id: number }[]; TotalRecords: number }>('POST', '/api/portal/Zmk/Search', { PageIndex: 1, RowsPerPage: 100, SearchData: {} }));
    expect(list.TotalRecords).toBeGreaterThanOrEqual(14);
    for (const item of list.Items) await get(c3, item.Id);
    expect(secrets.length).toBeGreaterThan(30);
    expect(answers.length).toBeGreaterThan(list.Items.length + 30);
    const everything = [
      ...answers,
      JSON.stringify(await q(`SELECT to_jsonb(k) AS j FROM zmk_keys k`)),
      JSON.stringify(await q(`SELECT to_jsonb(c) AS j FROM zmk_components c`)),
      JSON.stringify(await q(`SELECT to_jsonb(e) AS j FROM zmk_events e`)),
      JSON.stringify(await q(`SELECT to_jsonb(a) AS j FROM audit_log a`)),
    ]
      .join('\n')
      .toUpperCase();
    const leaked = secrets.filter((h) => everything.includes(h) || everything.includes(h.slice(0, 16)));
    expect(leaked).toEqual([]);
  });
});

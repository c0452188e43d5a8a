/**
 * Saved views (modules/saved-views, contract endpoints/saved-views.ts) on both databases: a view
 * saved is listed to its user only, by name; the same name replaces its query; another user's id
 * is NF404 to delete and stays; the per-screen limit holds; bad input is 400 naming the field.
 * Generated: any query the list screens write (fast-check over URL query strings) round-trips as
 * saved, and any text with '?', '#' or white space is refused on `Query`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIST_REPORTS, SAVED_VIEWS_PER_SCREEN, type PortalClient } from '@paydesk/contract';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

describe.each(DATABASES)('saved views on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let merchant: PortalClient;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 20 });
    [admin, merchant] = await Promise.all([s.signIn('admin@paydesk.my'), s.signIn('merchant@paydesk.my')]);
  }, 120_000);
  afterAll(async () => s?.close());

  const save = (c: PortalClient, Screen: string, Name: string, Query: string) => c.call('savedViewSave', { body: { Screen, Name, Query } });
  const list = async (c: PortalClient, Screen: string) => (await c.call('savedViewList', { body: { Screen } })).Items;

  it("lists a user's views by name, replaces a name's query, and never shows or deletes another user's", async () => {
    const screen = '/transaction/ecommerce';
    await save(admin, screen, 'Pending today', 'status=PENDING');
    await save(admin, screen, 'Big sales', 'sort=Amount&order=desc&cols=%2BMid');
    const replaced = await save(admin, screen, 'Pending today', 'status=PENDING&size=50');
    expect((await list(admin, screen)).map((v) => [v.Name, v.Query])).toEqual([
      ['Big sales', 'sort=Amount&order=desc&cols=%2BMid'],
      ['Pending today', 'status=PENDING&size=50'],
    ]);
    expect(await list(merchant, screen)).toEqual([]);
    const refused = await errorOf(merchant.call('savedViewDelete', { body: { Id: replaced.Id } }));
    expect([refused.status, refused.errorCode]).toEqual([404, 'NF404']);
    expect((await list(admin, screen)).map((v) => v.Id)).toContain(replaced.Id);
    await admin.call('savedViewDelete', { body: { Id: replaced.Id } });
    expect((await list(admin, screen)).map((v) => v.Name)).toEqual(['Big sales']);
    const audit = await s.database.query<{ action: string }>(`SELECT action FROM audit_log WHERE target_type = 'SavedView' ORDER BY id`);
    expect(audit.map((a) => a.action)).toEqual(['SAVE', 'SAVE', 'SAVE', 'DELETE']);
  });

  it('accepts every list screen of the portal as a view\'s screen', async () => {
    for (const d of LIST_REPORTS) expect((await save(admin, d.path, 'Every list', 'size=50')).Screen).toBe(d.path);
  });

  it(`keeps at most ${SAVED_VIEWS_PER_SCREEN} views per screen; saving an existing name still works at the limit`, async () => {
    const screen = '/pre-chargeback';
    for (let i = 0; i < SAVED_VIEWS_PER_SCREEN; i++) await save(merchant, screen, `View ${String(i).padStart(2, '0')}`, `page=${i}`);
    const over = await errorOf(save(merchant, screen, 'One more', ''));
    expect([over.status, over.errorCode]).toEqual([409, 'CF409']);
    expect(over.message).toMatch(/^CF409: Name: /);
    await save(merchant, screen, 'View 00', 'status=REJECTED');
    expect(await list(merchant, screen)).toHaveLength(SAVED_VIEWS_PER_SCREEN);
  });

  it('round-trips any URL query the screens write, and refuses a query with ?, # or spaces on its field', async () => {
    const key = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,11}$/);
    const query = fc.array(fc.tuple(key, fc.string({ maxLength: 20 })), { maxLength: 6 }).map((pairs) => new URLSearchParams(pairs).toString());
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const saved = await save(admin, '/risk', 'Generated', q);
        expect(saved.Query).toBe(q);
        expect((await list(admin, '/risk')).find((v) => v.Name === 'Generated')?.Query).toBe(q);
      }),
      { numRuns: 25 },
    );
    const bad = fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('?', '#', ' ', '\n'), fc.string({ maxLength: 10 })).map(([a, c, b]) => `${a}${c}${b}`);
    await fc.assert(
      fc.asyncProperty(bad, async (q) => {
        const e = await errorOf(save(admin, '/risk', 'Bad', q));
        expect([e.status, e.errorCode]).toEqual([400, 'VAL400']);
        expect(e.message).toMatch(/^VAL400: Query/);
      }),
      { numRuns: 25 },
    );
    for (const screen of ['risk', '/risk/', '/risk?x=1', 'https://evil.example/x', '/']) {
      const e = await errorOf(save(admin, screen, 'Bad screen', ''));
      expect([e.status, e.message.startsWith('VAL400: Screen')]).toEqual([400, true]);
    }
  });
});

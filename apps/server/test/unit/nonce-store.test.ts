/**
 * The nonce store (platform/nonce-store.ts) on an in-memory PGlite: a nonce is accepted once per
 * channel whether the replay comes to the same store, to a store started later on the same
 * database (a restart), to another store sharing the database (a second server), or after the
 * memory bound dropped it; concurrent claims of one nonce let exactly one through, also when
 * several servers' INSERTs are in flight at once.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CLOCK_SKEW_MS } from '@paydesk/contract';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { EARLY_BATCH, createNonceStore } from '../../src/platform/nonce-store.ts';

const RETENTION = 2 * MAX_CLOCK_SKEW_MS;
let database: Database;
let n = 0;
/** A nonce never used before in this file. */
const fresh = () => `nonce-${String(++n).padStart(12, '0')}`;
const stored = async (nonce: string) => (await database.query('SELECT 1 FROM channel_nonces WHERE nonce = $1', [nonce])).length;

beforeAll(async () => {
  database = await openDatabase('memory://');
}, 120_000);
afterAll(async () => database?.close());

describe.each([false, true])('nonce store (shared database: %s)', (shared) => {
  it('accepts a nonce once per channel, and the same nonce on another channel', async () => {
    const store = await createNonceStore(database, { retentionMs: RETENTION, shared });
    const nonce = fresh();
    const t = Date.now();
    expect(await store.claim('channel-a', nonce, t, t)).toBe(true);
    expect(await store.claim('channel-a', nonce, t, t)).toBe(false);
    expect(await store.claim('channel-b', nonce, t, t)).toBe(true);
    await store.flush();
    expect(await stored(nonce)).toBe(2);
  });

  it('lets exactly one of many concurrent copies through', async () => {
    const store = await createNonceStore(database, { retentionMs: RETENTION, shared });
    const nonce = fresh();
    const t = Date.now();
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => store.claim('channel-a', nonce, t, t)));
    expect(verdicts.filter(Boolean)).toHaveLength(1);
  });

  it('refuses, after a restart, a nonce the previous store accepted', async () => {
    const before = await createNonceStore(database, { retentionMs: RETENTION, shared });
    const nonce = fresh();
    const t = Date.now();
    expect(await before.claim('channel-a', nonce, t, t)).toBe(true);
    await before.flush(); // what the app's onClose does
    const after = await createNonceStore(database, { retentionMs: RETENTION, shared });
    expect(await after.claim('channel-a', nonce, t, Date.now())).toBe(false);
  });

  it('still refuses a replay once the memory bound has dropped the nonce', async () => {
    const store = await createNonceStore(database, { retentionMs: RETENTION, shared, maxInMemory: 3 });
    const first = fresh();
    const t = Date.now();
    expect(await store.claim('channel-a', first, t, t)).toBe(true);
    for (let i = 0; i < 5; i++) expect(await store.claim('channel-a', fresh(), t, t)).toBe(true);
    await store.flush();
    expect(await store.claim('channel-a', first, t, Date.now())).toBe(false);
  });
});

describe('two servers on one shared database', () => {
  it('refuses on one server a nonce the other accepted, at once', async () => {
    const a = await createNonceStore(database, { retentionMs: RETENTION, shared: true });
    const b = await createNonceStore(database, { retentionMs: RETENTION, shared: true });
    const nonce = fresh();
    const t = Date.now();
    expect(await a.claim('channel-a', nonce, t, t)).toBe(true);
    // No flush: on a shared database the claim waited for its row.
    expect(await b.claim('channel-a', nonce, t, t)).toBe(false);
  });
});

describe('servers with INSERTs in flight together', () => {
  it('accepts each nonce exactly once, whichever server and batch its copies reach', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Waves of claims (one turn of the event loop each, not awaited: their INSERTs overlap),
        // each claim a server and a key from a small pool so copies meet in other batches.
        fc.array(fc.array(fc.record({ server: fc.nat(2), key: fc.nat(11) }), { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 6 }),
        async (waves) => {
          const run = fresh();
          const servers = await Promise.all([0, 1, 2].map(() => createNonceStore(database, { retentionMs: RETENTION, shared: true })));
          const t = Date.now();
          const verdicts: Promise<{ key: number; fresh: boolean }>[] = [];
          for (const wave of waves) {
            for (const c of wave) verdicts.push(Promise.resolve(servers[c.server]!.claim('channel-a', `${run}-${c.key}`, t, t)).then((ok) => ({ key: c.key, fresh: ok })));
            await new Promise((r) => setImmediate(r));
          }
          const all = await Promise.all(verdicts);
          for (const key of new Set(all.map((v) => v.key))) expect(all.filter((v) => v.key === key && v.fresh)).toHaveLength(1);
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);
});

describe('claims arriving in one turn of the event loop (shared database)', () => {
  it('sends an INSERT as soon as EARLY_BATCH claims wait, the rest at the end of the turn, and accepts every fresh nonce once', async () => {
    let inserts = 0;
    const counted: Database = {
      ...database,
      hotQuery: (text, params) => {
        inserts++;
        return database.hotQuery(text, params);
      },
    };
    const store = await createNonceStore(counted, { retentionMs: RETENTION, shared: true });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 * EARLY_BATCH - 1 }), fc.integer({ min: 0, max: 3 }), async (claims, copies) => {
        inserts = 0;
        const t = Date.now();
        const nonces = Array.from({ length: claims }, fresh);
        // Copies of the first nonces, in the same turn: memory refuses them at once.
        const verdicts = [...nonces, ...nonces.slice(0, copies)].map((nonce) => store.claim('channel-a', nonce, t, t));
        expect(inserts).toBe(Math.floor(claims / EARLY_BATCH));
        expect(verdicts.slice(claims)).toEqual(nonces.slice(0, copies).map(() => false));
        expect(await Promise.all(verdicts.slice(0, claims))).toEqual(nonces.map(() => true));
        expect(inserts).toBe(Math.ceil(claims / EARLY_BATCH));
      }),
      { numRuns: 30 },
    );
  });
});

describe('embedded database (one process)', () => {
  it('writes accepted nonces behind, without waiting for the database', async () => {
    const store = await createNonceStore(database, { retentionMs: RETENTION, shared: false });
    const nonce = fresh();
    const t = Date.now();
    expect(await store.claim('channel-a', nonce, t, t)).toBe(true);
    expect(await stored(nonce)).toBe(0);
    await store.flush();
    expect(await stored(nonce)).toBe(1);
  });
});

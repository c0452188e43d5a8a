/**
 * The secure channel's nonce store on PostgreSQL (platform/nonce-store.ts), where the database
 * decides every claim: a batch INSERT without ON CONFLICT, and when a replay makes it fail, the
 * second pass that sorts the batch. Several stores on one database (several servers) claim
 * overlapping nonces in generated waves: each nonce is accepted exactly once, and a batch that
 * mixes fresh nonces with replays accepts exactly the fresh ones and stores them; servers claiming
 * the same nonces in opposite orders at once, in batches large enough to overlap in the database,
 * never deadlock (each INSERT takes its keys in one order). PostgreSQL only
 * (the unit test runs the same property on PGlite).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { createNonceStore } from '../../src/platform/nonce-store.ts';
import { freshPostgres } from './pg-databases.ts';

const RETENTION = 10 * 60_000;

describe('nonce store on PostgreSQL', () => {
  let target: Awaited<ReturnType<typeof freshPostgres>>;
  let database: Database;
  let run = 0;

  beforeAll(async () => {
    target = await freshPostgres();
    database = await openDatabase(target.url);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await target?.drop();
  });

  it('accepts each nonce exactly once, whichever server and batch its copies reach', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.record({ server: fc.nat(2), key: fc.nat(11) }), { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 6 }),
        async (waves) => {
          const prefix = `run${++run}`;
          const servers = await Promise.all([0, 1, 2].map(() => createNonceStore(database, { retentionMs: RETENTION })));
          const t = Date.now();
          const verdicts: Promise<{ key: number; fresh: boolean }>[] = [];
          for (const wave of waves) {
            for (const c of wave) verdicts.push(Promise.resolve(servers[c.server]!.claim('channel-a', `${prefix}-${c.key}`, t, t)).then((fresh) => ({ key: c.key, fresh })));
            await new Promise((r) => setImmediate(r));
          }
          const all = await Promise.all(verdicts);
          for (const key of new Set(all.map((v) => v.key))) expect(all.filter((v) => v.key === key && v.fresh)).toHaveLength(1);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('never deadlocks when servers claim the same nonces in opposite orders at once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 1_500 }), fc.nat(1_499), async (count, split) => {
        const keys = Array.from({ length: count }, (_, k) => k);
        const prefix = `order${++run}`;
        const servers = await Promise.all([0, 1, 2].map(() => createNonceStore(database, { retentionMs: RETENTION })));
        const t = Date.now();
        const orders = [keys, [...keys].reverse(), [...keys.slice(split), ...keys.slice(0, split)]];
        const verdicts = await Promise.all(
          orders.flatMap((order, s) => order.map((k) => Promise.resolve(servers[s]!.claim('channel-c', `${prefix}-${k}`, t, t)).then((fresh) => ({ k, fresh })))),
        );
        for (const k of keys) expect(verdicts.filter((v) => v.k === k && v.fresh)).toHaveLength(1);
      }),
      { numRuns: 20 },
    );
  });

  it('sorts a batch holding replays: the fresh nonces are accepted and stored, the replays refused', async () => {
    const first = await createNonceStore(database, { retentionMs: RETENTION });
    const second = await createNonceStore(database, { retentionMs: RETENTION });
    const t = Date.now();
    const seenBefore = ['old-1', 'old-2', 'old-3'];
    expect(await Promise.all(seenBefore.map((n) => first.claim('channel-b', n, t, t)))).toEqual([true, true, true]);
    // One turn of the event loop: one batch on the second server, two replays among five fresh nonces.
    const batch = ['new-1', 'old-1', 'new-2', 'new-3', 'old-3', 'new-4', 'new-5'];
    const verdicts = await Promise.all(batch.map((n) => second.claim('channel-b', n, t, t)));
    expect(verdicts).toEqual(batch.map((n) => n.startsWith('new')));
    const rows = await database.query<{ nonce: string }>("SELECT nonce FROM channel_nonces WHERE channel_id = 'channel-b' ORDER BY nonce");
    expect(rows.map((r) => r.nonce)).toEqual([...batch.filter((n) => n.startsWith('new')), ...seenBefore].sort());
  });
});

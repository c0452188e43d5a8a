/**
 * Demo settlement files (modules/settlement/demo-files.ts): on a seeded database
 * every recon provider with payments gets an imported file whose items carry exactly the faults
 * the generator put in (two unknown references → EXIST IN provider, one repeat for the
 * duplicating provider only → DUPLICATE, every line an item), and a sample of the next day that is
 * written but not imported; generating again imports nothing twice; the per-day settlement summary
 * (recon_settlement_days) equals a GROUP BY of the items after the imports, after verifications
 * and unverifications of every provider's differences, and after the samples settle portal-only
 * items of another day. Both databases.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSettlementFiles, type DemoSettlementFile } from '../../src/modules/settlement/demo-files.ts';
import { DUPLICATING_PROVIDERS } from '../../src/modules/settlement/match.ts';
import { decideReconItem } from '../../src/modules/settlement/verify.ts';
import { storeSettlementFileFrom } from '../../src/modules/settlement/file-store.ts';
import { formatOf } from '../../src/modules/settlement/formats/index.ts';
import { registerSettlementFile, runSettlementImport } from '../../src/modules/settlement/import.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

describe.each(DATABASES)('demo settlement files on %s', (kind) => {
  let s: TestServer;
  let dir: string;
  let files: DemoSettlementFile[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pd-settle-demo-'));
    s = await startTestServer({ kind, transactions: 4000, config: { dataDir: dir } });
    files = await seedDemoSettlementFiles(s.database, dir, s.app.ctx.keys.fieldKey, new Date());
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('imports one file per provider with exactly the planted faults, every line an item', async () => {
    const imported = files.filter((f) => f.imported);
    expect(imported.length).toBeGreaterThanOrEqual(3);
    for (const f of imported) {
      const [file] = await s.database.query<{ id: number; status: string; rows_read: number }>(`SELECT id, status, rows_read FROM settlement_files WHERE file_name = $1`, [basename(f.path)]);
      expect(file?.status, f.path).toBe('DONE');
      expect(Number(file!.rows_read)).toBe(f.lines);
      const counts = Object.fromEntries(
        (await s.database.query<{ result: number; n: number }>(`SELECT result, count(*)::int AS n FROM recon_items WHERE file_id = $1 GROUP BY result`, [file!.id])).map((r) => [Number(r.result), Number(r.n)]),
      ) as Record<number, number>;
      expect(counts[3] ?? 0, `${f.formatKey} provider-only`).toBe(2);
      expect(counts[7] ?? 0, `${f.formatKey} duplicates`).toBe(DUPLICATING_PROVIDERS.has(f.provider) ? 1 : 0);
      expect(counts[1] ?? 0, `${f.formatKey} tally`).toBeGreaterThan(0);
      // Every line of the file is an item (tally, not tally, provider-only or duplicate).
      expect((counts[1] ?? 0) + (counts[2] ?? 0) + (counts[3] ?? 0) + (counts[7] ?? 0)).toBe(f.lines);
    }
  });

  it('imports each acquirer file too: the acquirer MDR never decides the result, and the margin is the two MDRs apart', async () => {
    const tpa = files.filter((f) => f.imported && f.kind === 'TPA');
    expect(tpa.map((f) => f.formatKey).sort()).toEqual(['BSN_TPA', 'PAYDEE_TPA', 'RM_TPA'].filter((k) => files.some((f) => f.formatKey === k)).sort());
    expect(tpa.length).toBeGreaterThan(0);
    const rows = await s.database.query<{ provider: string; result: number; differences: string | null; provider_net: string; portal_net: string; net_diff: string; expected: string; fee_above: boolean }>(
      `SELECT provider, result, differences, provider_net::text, portal_net::text, net_diff::text,
              ((provider_amount - provider_fee) - (portal_amount - portal_fee))::text AS expected, provider_fee > portal_fee AS fee_above
       FROM recon_items WHERE kind = 'TPA' AND txn_type = 'PAYMENT' AND provider_amount IS NOT NULL AND portal_amount IS NOT NULL`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      // The acquirer's fee differs from the merchant's on every line, yet only amounts make NOT TALLY.
      expect(r.differences ?? '', `${r.provider}`).not.toMatch(/Fee/);
      expect(r.net_diff).toBe(r.expected);
    }
    // Tally lines exist, and the planted negative margins (acquirer MDR above the merchant's) show as such.
    expect(rows.filter((r) => Number(r.result) === 1).length).toBeGreaterThan(0);
    const negative = rows.filter((r) => r.fee_above && Number(r.result) === 1);
    expect(negative.length).toBeGreaterThan(0);
    for (const r of negative) expect(Number(r.net_diff)).toBeLessThan(0);
  });

  it('writes the next day as a sample without importing it, and a second run imports nothing new', async () => {
    const samples = files.filter((f) => !f.imported);
    for (const f of samples) {
      expect(existsSync(f.path)).toBe(true);
      const [n] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM settlement_files WHERE file_name = $1`, [basename(f.path)]);
      expect(Number(n!.n)).toBe(0);
    }
    const before = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM recon_items`);
    await seedDemoSettlementFiles(s.database, dir, s.app.ctx.keys.fieldKey, new Date());
    const after = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM recon_items`);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });
  /** recon_settlement_days against a GROUP BY of recon_items (the oracle), every provider and day. */
  async function expectDaysMatchItems(when: string): Promise<void> {
    const cols = `provider, kind, settlement_date::text AS day, currency, item_count::int AS items,
      tally_count::int AS c1, not_tally_count::int AS c2, provider_only_count::int AS c3, portal_only_count::int AS c4,
      verified_count::int AS c5, unverify_count::int AS c6, duplicate_count::int AS c7,
      tally_amount::text AS a1, not_tally_amount::text AS a2, provider_only_amount::text AS a3, portal_only_amount::text AS a4,
      verified_amount::text AS a5, unverify_amount::text AS a6, duplicate_amount::text AS a7,
      provider_amount::text AS pa, provider_fee::text AS pf, portal_amount::text AS qa`;
    const kept = await s.database.query(`SELECT ${cols} FROM recon_settlement_days ORDER BY 1, 2, 3, 4`);
    const per = (c: number) => `count(*) FILTER (WHERE result = ${c})::int AS c${c}`;
    const amt = (c: number) => `coalesce(sum(coalesce(provider_amount, portal_amount)) FILTER (WHERE result = ${c}), 0)::numeric(18,2)::text AS a${c}`;
    const oracle = await s.database.query(
      `SELECT provider, kind, settlement_date::text AS day, currency, count(*)::int AS items, ${[1, 2, 3, 4, 5, 6, 7].map(per).join(', ')}, ${[1, 2, 3, 4, 5, 6, 7].map(amt).join(', ')},
         coalesce(sum(provider_amount), 0)::numeric(18,2)::text AS pa, coalesce(sum(provider_fee), 0)::numeric(18,2)::text AS pf, coalesce(sum(portal_amount), 0)::numeric(18,2)::text AS qa
       FROM recon_items GROUP BY provider, kind, settlement_date, currency ORDER BY 1, 2, 3, 4`,
    );
    expect(kept.length, when).toBeGreaterThan(0);
    expect(kept, when).toEqual(oracle);
  }

  it('keeps the per-day settlement summary equal to its items after imports, verifications and a later file', async () => {
    await expectDaysMatchItems('after the demo imports');
    // Verify, then unverify, a sample of differences of every provider (no importing user: allowed).
    const items = await s.database.query<{ id: number; provider: string }>(
      `SELECT DISTINCT ON (provider, result) id, provider FROM recon_items WHERE result IN (2, 3, 4, 7) ORDER BY provider, result, id`,
    );
    expect(items.length).toBeGreaterThan(0);
    const admin = await s.database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@paydesk.my'`);
    for (const [i, item] of items.entries()) {
      await s.database.transaction((q) => decideReconItem(q, { itemId: Number(item.id), action: 'verify', note: 'resolved with the provider', userId: Number(admin[0]!.id), at: new Date() }));
      if (i % 2 === 0) await s.database.transaction((q) => decideReconItem(q, { itemId: Number(item.id), action: 'unverify', note: 'reopened', userId: Number(admin[0]!.id), at: new Date() }));
    }
    await expectDaysMatchItems('after verifications');
    // The next day's sample settles that day's portal-only items (moved between days and results).
    for (const f of files.filter((x) => !x.imported)) {
      const stored = await storeSettlementFileFrom(dir, f.path, 'csv', s.app.ctx.keys.fieldKey);
      const reg = await s.database.transaction((q) => registerSettlementFile(q, formatOf(f.formatKey)!, basename(f.path), stored, null, new Date()));
      const out = await runSettlementImport(s.database, reg.fileId, { path: stored.path, key: s.app.ctx.keys.fieldKey }, 'csv', () => new Date());
      expect(out.status, f.path).toBe('DONE');
    }
    await expectDaysMatchItems('after the samples were imported');
  });
});

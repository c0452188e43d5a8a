/**
 * Demo settlement files (issue 12 Build 6, modules/settlement/demo-files.ts): on a seeded database
 * every recon provider with payments gets an imported file whose items carry exactly the faults
 * the generator put in (two unknown references → EXIST IN provider, one repeat for the
 * duplicating provider only → DUPLICATE, every line an item), and a sample of the next day that is
 * written but not imported; generating again imports nothing twice. Both databases.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSettlementFiles, type DemoSettlementFile } from '../../src/modules/settlement/demo-files.ts';
import { DUPLICATING_PROVIDERS } from '../../src/modules/settlement/match.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

describe.each(DATABASES)('demo settlement files on %s', (kind) => {
  let s: TestServer;
  let dir: string;
  let files: DemoSettlementFile[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pd-settle-demo-'));
    s = await startTestServer({ kind, transactions: 4000, config: { dataDir: dir } });
    files = await seedDemoSettlementFiles(s.database, dir, new Date());
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
      expect(counts[3] ?? 0, `${f.provider} provider-only`).toBe(2);
      expect(counts[7] ?? 0, `${f.provider} duplicates`).toBe(DUPLICATING_PROVIDERS.has(f.provider) ? 1 : 0);
      expect(counts[1] ?? 0, `${f.provider} tally`).toBeGreaterThan(0);
      // Every line of the file is an item (tally, not tally, provider-only or duplicate).
      expect((counts[1] ?? 0) + (counts[2] ?? 0) + (counts[3] ?? 0) + (counts[7] ?? 0)).toBe(f.lines);
    }
  });

  it('writes the next day as a sample without importing it, and a second run imports nothing new', async () => {
    const samples = files.filter((f) => !f.imported);
    for (const f of samples) {
      expect(existsSync(f.path)).toBe(true);
      const [n] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM settlement_files WHERE file_name = $1`, [basename(f.path)]);
      expect(Number(n!.n)).toBe(0);
    }
    const before = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM recon_items`);
    await seedDemoSettlementFiles(s.database, dir, new Date());
    const after = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM recon_items`);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });
});

/**
 * bench/log-ingest.bench.ts at a small scale, so the bench cannot rot between the runs at
 * production scale: it posts OTLP/HTTP JSON batches to the portal on PGlite (any non-200, or a
 * stored count that differs, fails it), runs its baseline and prints the ratio. Only that it runs
 * and reports is asserted; the figures are the bench's business, never a test's.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('bench/log-ingest.bench.ts at a small scale', () => {
  it('stores every posted record and prints the ingest and baseline rates and their ratio', () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/log-ingest.bench.ts', '--rows', '2000', '--connections', '2'], { env, encoding: 'utf8', stdio: 'pipe' });
    expect(out).toMatch(/2,000 OTLP log records in batches of 1000/);
    expect(out).toMatch(/OTLP\/HTTP ingest:\s+[\d,]+ rows\/s/);
    expect(out).toMatch(/ratio ingest \/ baseline, rows\/s: \d+(\.\d+)? %/);
  }, 180_000);
});

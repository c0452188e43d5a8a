/**
 * bench/api.bench.ts at a small scale, so the bench cannot rot between the runs at production
 * scale: it starts bare Fastify and the portal on PGlite, sends sealed, authenticated requests to
 * both (any non-200 fails it) and prints both ratios. Only that it runs and reports is asserted;
 * the figures are the bench's business, never a test's.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('bench/api.bench.ts at a small scale', () => {
  it('serves every sealed request on both servers and prints the req/s and CPU ratios', () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/api.bench.ts', '-n', '200', '-c', '2', '-r', '1'], { env, encoding: 'utf8', stdio: 'pipe' });
    expect(out).toMatch(/ratio portal \/ bare Fastify, req\/s \(best of each\):\s+\d+(\.\d+)? %/);
    expect(out).toMatch(/ratio portal \/ bare Fastify, by CPU per request \(lowest\):\s+\d+(\.\d+)? %/);
    expect(out).toMatch(/ratio logging on \/ silent, req\/s \(best of each\):\s+\d+(\.\d+)? %/);
  }, 180_000);
});

/**
 * What the PostgreSQL benchmarks share (bench/dashboard.bench.ts, bench/reports.bench.ts):
 * percentiles, the interleaved comparison against a baseline run in the same process, the
 * caller scopes of the busiest organization of a level, "seed when empty", and a fresh database
 * dropped at the end (bench/api.bench.ts, bench/log-ingest.bench.ts). Numbers only.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { GroupType, OrgLevel } from '@paydesk/domain';
import type { Database } from '../apps/server/src/db/client.ts';
import type { Scope } from '../apps/server/src/platform/scope.ts';
import { seedDemo } from '../apps/server/src/seed/index.ts';

/**
 * The p-th percentile (0–100) of `xs` in the same unit, by nearest rank: the ⌈p/100 × n⌉-th
 * smallest. (Until 2026-11-25 this took the (⌊p/100 × n⌋ + 1)-th, one rank high when p/100 × n is
 * whole: the "p95" of 20 runs was their maximum, the p50 the 11th.)
 */
export function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1]!;
}

/** p50 and p95 (ms) of one side of a comparison. */
export interface Timing {
  p50: number;
  p95: number;
}

/**
 * Times `a` and `baseline` alternately `runs` times (after one warm-up each), prints one line with
 * p50/p95 in ms of both and the ratio baseline / new, and returns both timings. `baselineRuns`
 * (default `runs`) times the baseline fewer times, in the first rounds: for baselines of seconds
 * beside a new path of milliseconds, whose p95 needs the runs more.
 */
export async function compare(label: string, a: () => Promise<unknown>, baseline: () => Promise<unknown>, runs: number, baselineRuns = runs): Promise<{ a: Timing; baseline: Timing }> {
  await a();
  await baseline();
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    await a();
    ta.push(performance.now() - t0);
    if (i >= baselineRuns) continue;
    t0 = performance.now();
    await baseline();
    tb.push(performance.now() - t0);
  }
  const f = (x: number) => x.toFixed(x < 10 ? 2 : 0).padStart(8);
  const r = { a: { p50: pct(ta, 50), p95: pct(ta, 95) }, baseline: { p50: pct(tb, 50), p95: pct(tb, 95) } };
  // The runs of `a` right after a baseline run (the first baselineRuns + 1: the warm-up is one) may
  // find caches emptied by a multi-second scan; the p95 of the others tells that apart from `a`'s own cost.
  const afterA = ta.slice(baselineRuns + 1);
  const own = afterA.length >= 10 ? ` (p95 of the ${afterA.length} after new runs ${pct(afterA, 95).toFixed(1)})` : '';
  console.log(
    `  ${label.padEnd(52)} new p50 ${f(r.a.p50)} p95 ${f(r.a.p95)} | base p50 ${f(r.baseline.p50)} p95 ${f(r.baseline.p95)} ms | ratio p50 ${(r.baseline.p50 / r.a.p50).toFixed(1)}x p95 ${(r.baseline.p95 / r.a.p95).toFixed(1)}x${own}`,
  );
  return r;
}

/** A caller scope for a level (null: SUPERADMIN) and organization, as the session would build it. */
export function benchScope(level: OrgLevel | null, orgId: number | null, orgPath: string | null): Scope {
  return {
    userId: 0, email: 'bench', sessionId: 'bench', membershipId: 0, groupType: (level ?? 'SUPERADMIN') as GroupType,
    orgId, orgLevel: level, orgPath, permissions: new Set(),
  };
}

/** The scope of the organization of `level` with the most transactions (`column` is its id column on transactions). */
export async function busiestScope(database: Database, level: OrgLevel, column: string): Promise<Scope> {
  const [o] = await database.query<{ id: number; path: string }>(
    `SELECT o.id, o.path FROM organizations o WHERE o.id = (SELECT ${column} FROM transactions GROUP BY 1 ORDER BY count(*) DESC LIMIT 1)`,
  );
  return benchScope(level, Number(o!.id), o!.path);
}

/**
 * Seeds `n` demo transactions (bulk path) when the database has none and returns the seed's wall
 * time in ms (null when the data was already there); prints the seed's phase lines and rows/s.
 */
export async function seedWhenEmpty(database: Database, n: number): Promise<number | null> {
  const [{ n: existing } = { n: 0 }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions');
  if (Number(existing) > 0) return null;
  const t0 = performance.now();
  await seedDemo(database, { transactions: n, seed: 1, password: 'bench-password', log: (m) => { if (!/^transactions: \d+\//.test(m)) console.log(`  seed: ${m}`); } });
  const ms = performance.now() - t0;
  console.log(`seeded ${n} transactions in ${(ms / 1000).toFixed(1)} s: ${Math.round((n / ms) * 1000).toLocaleString('en-US')} rows/s (goal ≥ 20,000)`);
  return ms;
}

/** A fresh database on the DATABASE_URL server (and how to drop it), or in-memory PGlite. */
export async function freshDatabaseTarget(): Promise<{ target: string; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { target: 'memory://', drop: async () => {} };
  const name = `paydesk_bench_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { target: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

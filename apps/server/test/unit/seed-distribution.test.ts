/**
 * The demo transactions look like an acquirer's book: volume spread over merchants by a
 * heavy-tailed law, the newest transactions and today's from many merchants — whatever the seed,
 * the size and the time of day the dataset is made (just after MYT midnight was the case where the
 * demo branch filled the dashboard's "latest 10") — and the same seed still gives the same rows.
 * Pure: the generator runs in memory, no database.
 */
import { describe, expect, it } from 'vitest';
import {
  DEMO_MERCHANT_RANK, ORG_COUNT, generateHierarchy, generateTransactions, mytDayStart, spreadOrgChanges, type Hierarchy,
} from '../../src/seed/generate.ts';
import type { GenTxn } from '../../src/transactions/insert.ts';
import { Rng } from '../../src/seed/random.ts';

const ACQUIRERS = ['MBB', 'CIMB', 'PBB', 'RHB', 'HLB', 'AMB', 'BSN', 'AFFIN'].map((code, i) => ({ id: i + 1, code, name: code }));
const IDS = Array.from({ length: ORG_COUNT }, (_, i) => i + 1);

function dataset(seed: number, count: number, now: Date): { h: Hierarchy; rows: GenTxn[] } {
  const rng = new Rng(seed);
  const h = generateHierarchy(rng, IDS, now);
  return { h, rows: generateTransactions(rng, { hierarchy: h, acquirers: ACQUIRERS, now }, count) };
}

/** Row counts per key, largest first. */
function tally(rows: readonly GenTxn[], key: (r: GenTxn) => number): number[] {
  const n = new Map<number, number>();
  for (const r of rows) n.set(key(r), (n.get(key(r)) ?? 0) + 1);
  return [...n.values()].sort((a, b) => b - a);
}
const outletOf = (r: GenTxn) => r.branchId ?? r.merchantId;
const share = (counts: readonly number[], k: number, total: number) => counts.slice(0, k).reduce((a, b) => a + b, 0) / total;

/** MYT times of day the dataset can be made at: just after midnight (the failure case), early morning, lunch, evening. */
const NOW_ISO = ['2026-03-14T16:03:00Z', '2026-03-14T23:10:00Z', '2026-03-15T04:30:00Z', '2026-03-15T12:45:00Z'];
const NOWS = NOW_ISO.map((t) => new Date(t));

describe('demo transactions: a long tail of merchants (generate.ts)', () => {
  // Sizes of 20,000 rows and more: the shares settle near the law's (the demo seed writes 200,000).
  const LARGE: [seed: number, count: number, now: Date][] = [
    [1, 20_000, NOWS[2]!],
    [2, 20_000, NOWS[0]!],
    [3, 30_000, NOWS[3]!],
    [4, 50_000, NOWS[1]!],
  ];

  it.each(LARGE)('seed %i, %i rows: no merchant above 6 %, no outlet above 3 %, the top tenth holds 40–65 %, the bottom half ≥ 7 %', (seed, count, now) => {
    const { rows } = dataset(seed, count, now);
    expect(rows).toHaveLength(count);
    const merchants = tally(rows, (r) => r.merchantId);
    const outlets = tally(rows, outletOf);
    expect(share(merchants, 1, count)).toBeLessThanOrEqual(0.06);
    expect(share(outlets, 1, count)).toBeLessThanOrEqual(0.03);
    const top10 = share(merchants, Math.round(merchants.length / 10), count);
    expect(top10).toBeGreaterThanOrEqual(0.4);
    expect(top10).toBeLessThanOrEqual(0.65);
    // The long tail: the smaller half of the merchants still trades, but little.
    const bottomHalf = merchants.slice(Math.ceil(merchants.length / 2)).reduce((a, b) => a + b, 0) / count;
    expect(bottomHalf).toBeGreaterThanOrEqual(0.07);
    expect(bottomHalf).toBeLessThanOrEqual(0.25);
    expect(merchants.length).toBeGreaterThan(300);
  });

  // Every seed × size × time of day: the newest rows and today's come from many merchants.
  const CASES = [11, 12, 13].flatMap((seed) => [3_000, 8_000].flatMap((count) => NOW_ISO.map((now) => [seed, count, now] as const)));

  it.each(CASES)('seed %i, %i rows, now %s: the 10 latest from ≥ 5 merchants, today spread, the demo outlets sold today', (seed, count, nowIso) => {
    const now = new Date(nowIso);
    const { h, rows } = dataset(seed, count, now);
    expect(rows).toHaveLength(count);
    const latest = rows.slice(-10);
    expect(new Set(latest.map((r) => r.merchantId)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(latest.map(outletOf)).size).toBeGreaterThanOrEqual(5);
    // Today's rows: no outlet holds more than a quarter (or 3 rows, for a day only minutes old).
    const todayStart = mytDayStart(now.getTime());
    const today = rows.filter((r) => r.createdAt.getTime() >= todayStart);
    const topToday = tally(today, outletOf)[0] ?? 0;
    expect(topToday).toBeLessThanOrEqual(Math.max(3, Math.ceil(today.length / 4)));
    if (today.length >= 20) expect(new Set(today.map((r) => r.merchantId)).size).toBeGreaterThanOrEqual(today.length / 3);
    // Every demo user still sees a successful MYR sale today, at most one row added per demo outlet.
    for (const branchId of [h.demo.branch.id, null]) {
      const sold = today.filter((r) => r.merchantId === h.demo.hq.id && r.branchId === branchId && r.status === 'SUCCESS' && r.currency === 'MYR');
      expect(sold.length).toBeGreaterThan(0);
    }
    expect(rows.every((r) => r.createdAt.getTime() <= now.getTime())).toBe(true);
  });

  it('keeps the demo merchant busy (rank DEMO_MERCHANT_RANK: 1–5 % of rows) but never the busiest', () => {
    for (const seed of [1, 5, 9]) {
      const { h, rows } = dataset(seed, 20_000, NOWS[2]!);
      const merchants = tally(rows, (r) => r.merchantId);
      const demo = rows.filter((r) => r.merchantId === h.demo.hq.id).length;
      expect(demo / rows.length).toBeGreaterThan(0.01);
      expect(demo / rows.length).toBeLessThan(0.05);
      expect(demo).toBeLessThan(merchants[0]!);
    }
    expect(DEMO_MERCHANT_RANK).toBeGreaterThan(1);
  });

  it('is deterministic: the same seed and now give the same rows; another seed others', () => {
    const a = dataset(21, 2_000, NOWS[0]!).rows;
    const b = dataset(21, 2_000, NOWS[0]!).rows;
    expect(b).toEqual(a);
    const c = dataset(22, 2_000, NOWS[0]!).rows;
    expect(c.map((r) => r.txnRefNo)).not.toEqual(a.map((r) => r.txnRefNo));
  });

  it('works for tiny datasets, down to none', () => {
    for (const count of [0, 1, 2, 5]) expect(dataset(3, count, NOWS[0]!).rows).toHaveLength(count);
  });
});

describe('demo organizations: change times (spreadOrgChanges)', () => {
  it('dates changes after creation and never after now; every non-verified organization changed', () => {
    const now = NOWS[2]!;
    const { h } = dataset(1, 0, now);
    spreadOrgChanges(new Rng(99), h.all, now);
    for (const o of h.all) {
      expect(o.updatedAt.getTime()).toBeGreaterThanOrEqual(o.createdAt.getTime());
      expect(o.updatedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      if (o.onboardingStatus !== 'VERIFIED') expect(o.updatedAt.getTime()).toBeGreaterThan(o.createdAt.getTime());
    }
    const changed = h.all.filter((o) => o.updatedAt.getTime() > o.createdAt.getTime()).length;
    expect(changed / h.all.length).toBeGreaterThan(0.2);
    expect(changed / h.all.length).toBeLessThan(0.6);
  });
});

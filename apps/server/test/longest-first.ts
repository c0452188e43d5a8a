/**
 * The test files' order (vitest `sequence.sequencer`): vitest's own order (tiers by groupOrder and
 * name; with a cache of an earlier run, the longest file first), except that on a clean clone,
 * where no duration is cached and vitest starts the largest files first, the files known to run
 * longest start first in their tier. Why: the e2e layout sweep is a 22-line file over a shared
 * fixture, so by size it started last and ran alone at the end (a clean-clone run: the e2e tier
 * took 378 s for 582 s of file time on two workers, the two sweeps starting at 196 and 248 s).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files by their measured duration on the 2-core CI machine (clean clone, 2026-11-29), longest
 * first: they start before every other file of their tier. A file not named keeps vitest's order.
 */
export const LONGEST_FILES: readonly string[] = [
  'e2e/reports.test.ts', // 186 s
  'e2e/layout-a11y-sweep.test.ts', // 130 s
  'e2e/layout-a11y.test.ts', // 118 s
  'apps/server/test/integration/route-suites/route-fuzz.test.ts', // 107 s
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FILES.indexOf(relative(this.ctx.config.root, f.moduleId).replaceAll('\\', '/'));
      return i < 0 ? LONGEST_FILES.length : i;
    };
    // Within one tier (same group and project) only; Array.prototype.sort is stable, so the rest keep vitest's order.
    const tierOf = (f: TestSpecification) => `${f.project.config.sequence.groupOrder}\u0000${f.project.name}`;
    const firstAt = new Map<string, number>();
    sorted.forEach((f, i) => firstAt.has(tierOf(f)) || firstAt.set(tierOf(f), i));
    return [...sorted].sort((a, b) => firstAt.get(tierOf(a))! - firstAt.get(tierOf(b))! || rank(a) - rank(b));
  }
}

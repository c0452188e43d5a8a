/**
 * The order test files start in: vitest's own (group, then project, then its results cache:
 * failed and longer first, else larger files first), except that within a project the files of
 * EXPECTED_SECONDS start first, longest first. On a clean clone (CI) there is no results cache,
 * so vitest starts the largest file first; in the e2e tier the two longest files are small ones
 * that drive a shared helper (layout-a11y-sweep.test.ts, 927 bytes, 159 s), so they started
 * last and ran on alone at the end: the tier spanned 466 s for 698 s of files on two workers.
 * Longest first is the classic schedule for that (LPT): the short files fill in beside the long.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each of the longest files took in a full `npm test` on the 2-core build machine
 * (clean clone, 30 Nov 2026). Only the order matters: refresh it when a file grows a lot.
 */
export const EXPECTED_SECONDS: Readonly<Record<string, number>> = {
  'e2e/reports.test.ts': 214,
  'e2e/layout-a11y-sweep.test.ts': 159,
  'e2e/layout-a11y.test.ts': 138,
  'e2e/refund-desk.test.ts': 37,
  'e2e/onboarding-journey.test.ts': 36,
  'e2e/profiles.test.ts': 31,
  'e2e/settlement-desk.test.ts': 27,
  'apps/server/test/integration/route-suites/route-fuzz.test.ts': 108,
  'apps/server/test/integration/route-suites/route-authorization.test.ts': 27,
  'packages/contract/test/rule-messages.test.ts': 40,
};

/**
 * Reorders `sorted` (vitest's order, in which a project's files are contiguous): within each run
 * of one project, the files `secondsOf` knows go first, longest first; the others keep their
 * order after them. Pure, for the unit test.
 */
export function longestFirst<T>(sorted: readonly T[], projectOf: (f: T) => string, secondsOf: (f: T) => number | undefined): T[] {
  const out: T[] = [];
  let run: T[] = [];
  const flush = () => {
    const known = run.filter((f) => secondsOf(f) !== undefined).sort((a, b) => secondsOf(b)! - secondsOf(a)!);
    out.push(...known, ...run.filter((f) => secondsOf(f) === undefined));
    run = [];
  };
  for (const f of sorted) {
    if (run.length && projectOf(run[0]!) !== projectOf(f)) flush();
    run.push(f);
  }
  flush();
  return out;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    return longestFirst(
      await super.sort(files),
      (f) => `${f.project.config.sequence.groupOrder}:${f.project.name}`,
      (f) => EXPECTED_SECONDS[relative(root, f.moduleId).split('\\').join('/')],
    );
  }
}

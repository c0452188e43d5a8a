import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longestFirst } from '../../../../vitest-sequencer.ts';

interface F {
  project: string;
  name: string;
  seconds?: number;
}

describe('longestFirst (the test files start order)', () => {
  it('keeps every file once and each project where it was, known files first by seconds, the rest in their order', () => {
    const file = fc.record({ name: fc.string({ minLength: 1, maxLength: 4 }), seconds: fc.option(fc.nat(300), { nil: undefined }) }, { requiredKeys: ['name'] });
    // vitest's order holds each project's files together: one run per project.
    const projects = fc.uniqueArray(fc.tuple(fc.constantFrom('0:integration', '0:unit', '0:web', '1:e2e'), fc.array(file, { maxLength: 6 })), { selector: ([p]) => p, maxLength: 4 });
    fc.assert(
      fc.property(projects, (runs) => {
        const sorted: F[] = runs.flatMap(([project, files]) => files.map((f) => ({ project, ...f })));
        const out = longestFirst(sorted, (f) => f.project, (f) => f.seconds);
        expect(out.length).toBe(sorted.length);
        expect(new Set(out)).toEqual(new Set(sorted));
        // The project of each position is unchanged: only files within one run of a project move.
        expect(out.map((f) => f.project)).toEqual(sorted.map((f) => f.project));
        let i = 0;
        for (const [, files] of runs) {
          const got = out.slice(i, i + files.length);
          i += files.length;
          const known = got.filter((f) => f.seconds !== undefined);
          expect(got.slice(0, known.length)).toEqual(known);
          for (let k = 1; k < known.length; k++) expect(known[k - 1]!.seconds!).toBeGreaterThanOrEqual(known[k]!.seconds!);
          const rest = got.filter((f) => f.seconds === undefined);
          const restIn = files.filter((f) => f.seconds === undefined);
          expect(rest.map((f) => f.name)).toEqual(restIn.map((f) => f.name));
        }
      }),
    );
  });
});

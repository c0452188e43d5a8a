/**
 * Staged rollouts' arithmetic (firmware.ts): for any target count and any valid stages,
 * the stage counts add up to the total, a stage reaches ceil(total × percent / 100) targets in
 * all, a non-empty rollout's first stage is never empty; invalid stages are told apart.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRMWARE_VERSION_PATTERN, ROLLOUT_MAX_STAGES, planStageCounts, validStages } from '../src/firmware.ts';

/** Valid stages: distinct percentages 1–99 sorted, then 100. */
const stages = fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: ROLLOUT_MAX_STAGES - 1 }).map((xs) => [...xs.sort((a, b) => a - b), 100]);

describe('staged rollouts', () => {
  it('splits any number of targets over valid stages exactly, cumulatively rounded up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), stages, (total, percents) => {
        expect(validStages(percents)).toBe(true);
        const counts = planStageCounts(total, percents);
        expect(counts).toHaveLength(percents.length);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(counts.every((n) => n >= 0)).toBe(true);
        let sum = 0;
        counts.forEach((n, i) => {
          sum += n;
          expect(sum).toBe(Math.min(total, Math.ceil((total * percents[i]!) / 100)));
        });
        if (total > 0) expect(counts[0]).toBeGreaterThan(0);
      }),
    );
  });

  it('gives 10 terminals at 20, 60, 100 as 2, 4, 4', () => {
    expect(planStageCounts(10, [20, 60, 100])).toEqual([2, 4, 4]);
    expect(planStageCounts(3, [10, 50, 100])).toEqual([1, 1, 1]);
  });

  it('refuses stages that do not end at 100, do not increase, or are too many', () => {
    expect(validStages([])).toBe(false);
    expect(validStages([50])).toBe(false);
    expect(validStages([50, 50, 100])).toBe(false);
    expect(validStages([60, 40, 100])).toBe(false);
    expect(validStages([0, 100])).toBe(false);
    expect(validStages([10.5, 100])).toBe(false);
    expect(validStages([...Array.from({ length: ROLLOUT_MAX_STAGES }, (_, i) => i + 1), 100])).toBe(false);
  });

  it('takes vendor version strings and refuses others', () => {
    for (const v of ['2.14.0', 'V1.0.3b', '20261127', '1.2.3+build.7', 'A920_OS-9']) expect(FIRMWARE_VERSION_PATTERN.test(v), v).toBe(true);
    for (const v of ['', '.1', '1 2', 'x'.repeat(41), '1/2', '1.0\n']) expect(FIRMWARE_VERSION_PATTERN.test(v), v).toBe(false);
  });
});

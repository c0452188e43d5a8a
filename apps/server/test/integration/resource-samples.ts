/**
 * Test factories for every declared resource: `create(i)` answers a valid create input that is
 * unique for each i; `update` a valid change; `bad` an input the resource must refuse with the
 * field it names. The contract suite fails for a resource without samples.
 */
import { SAMPLES_A } from './samples/group-a.ts';
import { SAMPLES_B } from './samples/group-b.ts';
import { SAMPLES_C } from './samples/group-c.ts';

export interface ResourceSamples {
  create: (i: number) => Record<string, unknown>;
  update: Record<string, unknown>;
  bad: { input: Record<string, unknown>; field: string };
  /** For owned resources: the demo user who owns the sample (default mm@paydesk.my). */
  ownerEmail?: string;
  /**
   * For a resource whose natural keys are all seeded (e.g. one row per rule): frees the keys the
   * samples use before the suite runs (called once with the database's query).
   */
  prepare?: (query: (sql: string, params?: unknown[]) => Promise<unknown>) => Promise<void>;
  /** For a resource without Create: the SearchData of the seeded records the suite works on (the first two found). */
  existing?: Record<string, unknown>;
}

export const SAMPLES: Record<string, ResourceSamples> = { ...SAMPLES_A, ...SAMPLES_B, ...SAMPLES_C };

/**
 * Test factories for every declared resource: `create(i)` answers a valid create input that is
 * unique for each i; `update` a valid change; `bad` an input the resource must refuse with the
 * field it names. A resource's samples are declared in `samples/group-*.ts` or, when it declares
 * none, derived from its field kinds (`derived-samples.ts`); the contract suite fails for a
 * resource that has neither, naming why the derivation could not serve it.
 */
import { RESOURCES } from '@paydesk/contract';
import { derivedSamples } from './derived-samples.ts';
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

const DECLARED: Readonly<Record<string, ResourceSamples>> = { ...SAMPLES_A, ...SAMPLES_B, ...SAMPLES_C };

/** Why a resource without declared samples could not have them derived (resource name → reason). */
export const SAMPLE_GAPS: Record<string, string> = {};

export const SAMPLES: Record<string, ResourceSamples> = Object.fromEntries(
  RESOURCES.flatMap((def): [string, ResourceSamples][] => {
    const declared = DECLARED[def.name];
    if (declared) return [[def.name, declared]];
    try {
      return [[def.name, derivedSamples(def)]];
    } catch (e) {
      SAMPLE_GAPS[def.name] = (e as Error).message;
      return [];
    }
  }),
);

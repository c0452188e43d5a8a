import type { ResourceSamples } from '../resource-samples.ts';

export const SAMPLES_B: Record<string, ResourceSamples> = {};

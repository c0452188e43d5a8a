import type { ResourceSamples } from '../resource-samples.ts';

/** Two capital letters unique for i < 676. */
export const letters = (i: number) => String.fromCharCode(65 + (Math.floor(i / 26) % 26), 65 + (i % 26));

export const SAMPLES_A: Record<string, ResourceSamples> = {
  Currency: {
    create: (i) => ({ CurrencyCode: `Q${letters(i)}`, Name: `Test currency ${i}`, Symbol: `Q${i}`, SortOrder: 50 + (i % 900) }),
    update: { Name: 'Renamed test currency' },
    bad: { input: { CurrencyCode: 'usd', Name: 'x', Symbol: '$' }, field: 'CurrencyCode' },
  },
};

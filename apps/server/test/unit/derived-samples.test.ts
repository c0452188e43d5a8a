import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RESOURCES, resourceSchemas } from '@paydesk/contract';
import { derivedSamples } from '../integration/derived-samples.ts';

/** The resources whose samples are derived today; a declaration the derivation cannot serve throws instead. */
const DERIVABLE = RESOURCES.flatMap((def) => {
  try {
    return [{ def, samples: derivedSamples(def) }];
  } catch {
    return [];
  }
});

describe('samples derived from field kinds', () => {
  it('serves the plain resources (the mobile, receipt and device screens among them)', () => {
    const names = DERIVABLE.map((d) => d.def.name);
    for (const name of ['MasterDevice', 'MobileAdvertisement', 'MobileTopic', 'MobileNotificationContent', 'NfcReceipt', 'NfcReceiptBanner']) expect(names).toContain(name);
  });

  it('gives a create for every i that the resource accepts, its natural key (else the whole record) unlike that of any other i below 10,000', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DERIVABLE.filter((d) => d.def.actions.includes('create'))), fc.nat(9_999), fc.nat(9_999), ({ def, samples }, i, j) => {
        fc.pre(i !== j);
        const [a, b] = [samples.create(i), samples.create(j)];
        expect(resourceSchemas(def).create.safeParse(a).success).toBe(true);
        const keyFields = def.naturalKey === undefined ? Object.keys(a) : [def.naturalKey].flat();
        expect(keyFields.map((k) => a[k])).not.toEqual(keyFields.map((k) => b[k]));
      }),
      { numRuns: 400 },
    );
  });

  it('refuses to derive records it cannot keep apart for every i below 10,000 (a choice, a lookup and a 1–99 number: 99)', () => {
    const def = RESOURCES.find((d) => d.name === 'TpaProductConfig')!;
    expect(() => derivedSamples(def)).toThrow(/takes? 99 distinct values/);
  });

  it('gives an update the resource accepts and a bad input refused on the field it names', () => {
    for (const { def, samples } of DERIVABLE) {
      expect(resourceSchemas(def).update.safeParse({ Id: 1, Version: 1, ...samples.update }).success, def.name).toBe(true);
      const refused = resourceSchemas(def).create.safeParse(samples.bad.input);
      expect(refused.success, def.name).toBe(false);
      expect(refused.error?.issues.map((x) => x.path[0]), def.name).toContain(samples.bad.field);
    }
  });

  it('names the reason when a declaration needs its own samples', () => {
    const perOrganization = RESOURCES.find((d) => d.listOwners)!;
    expect(() => derivedSamples(perOrganization)).toThrow(/one record per organization/);
  });
});

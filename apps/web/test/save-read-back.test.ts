/**
 * The read-back of a rate before it is saved (resource `confirmSave`, save-read-back.ts), over
 * generated before and after values of an MDR rate (fast-check): exactly the fields that change
 * are listed, each "label: before → after" in the words the form shows (the fee mode by its label,
 * the date DD-MM-YYYY); a new rate lists every filled field; the pickers (product, category) are
 * never repeated. Every declaration that confirms names a date field it has.
 */
import './setup-dom.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceDef } from '@paydesk/contract';
import { MDR_FEE_MODES } from '@paydesk/domain';
import { i18n } from '../src/i18n/index.ts';
import { saveReadBack } from '../src/features/resources/save-read-back.ts';

const mdr = RESOURCES.find((r) => r.path === '/mdr-products') as ResourceDef;
const t = i18n.getFixedT('en');

const rate = fc.record({
  PaymentProductId: fc.integer({ min: 1, max: 9 }),
  MdrCategoryId: fc.integer({ min: 1, max: 9 }),
  FeeMode: fc.constantFrom(...MDR_FEE_MODES.map((m) => m.code as number)),
  MdrPercent: fc.constantFrom('1.5000', '1.8000', '2.2500'),
  FlatAmount: fc.constantFrom('0.00', '0.50', '1.00'),
  EffectiveDate: fc.constantFrom('2026-12-01', '2027-01-01'),
});

describe('the read-back of a rate before it is saved', () => {
  it('lists exactly the changed fields, before → after, in the form\'s words, never the pickers', () => {
    fc.assert(
      fc.property(rate, rate, (before, after) => {
        const lines = saveReadBack(t, mdr, before, after);
        const changed = (['FeeMode', 'MdrPercent', 'FlatAmount', 'EffectiveDate'] as const).filter((k) => String(before[k]) !== String(after[k]));
        expect(lines).toHaveLength(changed.length);
        for (const [i, k] of changed.entries()) expect(lines[i]!.startsWith(`${t(mdr.fields[k]!.labelKey)}: `)).toBe(true);
        for (const l of lines) expect(l).toContain(' → ');
        if (changed.includes('EffectiveDate')) expect(lines.join('\n')).toMatch(/\d{2}-\d{2}-\d{4} → \d{2}-\d{2}-\d{4}/);
        if (changed.includes('FeeMode')) expect(lines.join('\n')).not.toMatch(/Fee mode: \d/);
      }),
    );
  });

  it('lists every filled field of a new rate', () => {
    fc.assert(
      fc.property(rate, (after) => {
        expect(saveReadBack(t, mdr, null, after)).toHaveLength(4);
      }),
    );
  });

  it('is declared only with a date field of the resource', () => {
    const confirming = RESOURCES.filter((r) => r.confirmSave);
    expect(confirming.map((r) => r.path)).toContain('/mdr-products');
    for (const r of confirming) expect(r.fields[r.confirmSave!.dateField]?.input).toBe('date');
  });
});

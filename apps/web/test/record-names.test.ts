/**
 * How a record is named in its form's title, prompts, messages and history (resources/labels
 * `recordName`), over every declared resource: a title field with options is named by the option's
 * label in words (a risk rule: "Edit Consecutive failed payments in a day", never
 * CONSECUTIVE_FAILED_DAILY), in en, ms and zh; any other title field by its value; none by the id.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@paydesk/contract';
import { i18n } from '../src/i18n/index.ts';
import { recordName } from '../src/features/resources/labels.ts';

describe('record names', () => {
  const withOptions = RESOURCES.filter((d) => d.fields[d.titleField]?.options?.length);

  it('has resources whose title field is a code with options', () => {
    expect(withOptions.map((d) => d.name)).toContain('RiskParameter');
  });

  it.each(['en', 'ms', 'zh'])('names each option-titled record by its option label in %s', async (lng) => {
    await i18n.changeLanguage(lng);
    const t = i18n.getFixedT(lng);
    for (const def of withOptions) {
      for (const o of def.fields[def.titleField]!.options!) {
        const name = recordName(t, def, { Id: 7, [def.titleField]: o.value });
        expect(name).toBe(t(o.labelKey));
        expect(name, `${def.name} ${String(o.value)} has a label in ${lng}`).not.toBe(o.labelKey);
      }
    }
  });

  it('names any other record by its title value, and one without it by its id', () => {
    for (const def of RESOURCES.filter((d) => !d.fields[d.titleField]?.options)) {
      expect(recordName(i18n.t, def, { Id: 7, [def.titleField]: 'Maybank' })).toBe('Maybank');
      expect(recordName(i18n.t, def, { Id: 7, [def.titleField]: '' })).toBe('#7');
    }
  });
});

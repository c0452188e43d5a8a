/**
 * Honest inputs, generated over every numeric field of every resource declaration
 * (RESOURCES) and every whole-number system setting type: a typed string that is out of range or
 * not a whole number is refused with ONE message that names the field's real range (the limits
 * of the contract's declaration), in every language, and the form keeps the text exactly as typed
 * (it is neither clamped, nor reverted, nor parsed on the way). Also: no schema of any field ever
 * answers zod's own English, and every limit message reads back into a catalogue key.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RESOURCES, SYSTEM_SETTINGS, resourceSchemas, type FieldDef, type ResourceDef } from '@paydesk/contract';
import { ENUM_LABELS, FIELD_MESSAGES, FIELD_MESSAGE_KEYS, fieldMessage, readFieldMessage } from '@paydesk/domain';
import { checkBody, toBody, toFormValues, writableFields, type FormMode } from '../src/features/resources/form-values.ts';
import { settingKind } from '../src/features/resources/overrides/system-setting-value.tsx';
import { i18n } from '../src/i18n/index.ts';
import { messageText } from '../src/shared/field-rule.ts';

const INT4_MAX = 2_147_483_647;
const STORED = { Id: 1, Version: 1, IsActive: 1, CreatedAt: '', UpdatedAt: '' };
const LANGUAGES = ['en', 'ms', 'zh'] as const;

const systemSettingResource = RESOURCES.find((d) => d.name === 'SystemSetting')!;

const modeOf = (def: ResourceDef): FormMode => (def.actions.includes('create') ? 'create' : 'update');

/** Every writable whole-number field (input 'number' typed as whole numbers), with its declared range. */
const WHOLE_FIELDS = RESOURCES.flatMap((def) =>
  writableFields(def)
    .filter(([, f]) => f.input === 'number' && f.validator !== 'decimal')
    .map(([name, f]) => ({ def, name, field: f, min: f.limits!.min!, max: f.limits!.max! })),
);

/** Typed text that is not a whole number: letters, signs, fractions, exponents, hex — never blank. */
const notWhole = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '' && !/^\s*-?\d+\s*$/.test(s)),
  fc.tuple(fc.string({ minLength: 1, maxLength: 4 }).filter((s) => /\D/.test(s) && s.trim() !== ''), fc.nat(99999)).map(([p, n]) => `${p}${n}`),
  fc.nat(99999).map((n) => `${n}.5`),
  fc.nat(999).map((n) => `${n}e2`),
  fc.nat(255).map((n) => `0x${n.toString(16)}`),
);

/** A whole number outside [min, max], as typed digits. */
const outside = (min: number, max: number) =>
  fc.oneof(
    ...(max < INT4_MAX ? [fc.bigInt({ min: BigInt(max) + 1n, max: BigInt(max) * 1000n + 10n ** 12n }).map(String)] : []),
    ...(min > 0 ? [fc.integer({ min: 0, max: min - 1 }).map(String)] : []),
    fc.integer({ min: 1, max: 10 ** 6 }).map((n) => `-${n}`),
  );

/** What the form does with a typed value: its values, the body it builds, and the verdict. */
function typeInto(def: ResourceDef, name: string, typed: string, stored: Record<string, unknown> = STORED) {
  const mode = modeOf(def);
  const item = mode === 'update' ? ({ ...STORED, ...stored } as Parameters<typeof toFormValues>[1]) : null;
  const values = { ...toFormValues(def, item), [name]: typed };
  const body = toBody(def, values, mode, item);
  return { values, body, verdict: checkBody(def, mode, body, item) };
}

function rangeWords(min: number, max: number): string[] {
  return max >= INT4_MAX ? [String(min)] : [String(min), String(max)];
}

describe('whole-number fields of every resource', () => {
  it('are all declared with their range', () => {
    expect(WHOLE_FIELDS.length).toBeGreaterThan(0);
    for (const { def, name, min, max } of WHOLE_FIELDS) {
      expect(Number.isInteger(min), `${def.name}.${name}`).toBe(true);
      expect(Number.isInteger(max), `${def.name}.${name}`).toBe(true);
    }
  });

  it.each(WHOLE_FIELDS.map((w) => [`${w.def.name}.${w.name}`, w] as const))('%s: a typed value out of range or not whole keeps its text and names the range', (_, w) => {
    fc.assert(
      fc.property(fc.oneof(outside(w.min, w.max), notWhole), (typed) => {
        const { values, body, verdict } = typeInto(w.def, w.name, typed);
        expect(values[w.name]).toBe(typed);
        expect(body[w.name]).toBe(typed);
        expect('errors' in verdict && verdict.errors[w.name]).toBeTruthy();
        const message = (verdict as { errors: Record<string, string> }).errors[w.name]!;
        for (const lang of LANGUAGES) {
          void i18n.changeLanguage(lang);
          const shown = messageText(message);
          for (const word of rangeWords(w.min, w.max)) expect(shown).toContain(word);
          expect(shown).not.toMatch(/\{\{|Too (big|small)|expected/);
        }
        void i18n.changeLanguage('en');
      }),
      { numRuns: 60 },
    );
  });

  it.each(WHOLE_FIELDS.map((w) => [`${w.def.name}.${w.name}`, w] as const))('%s: a whole number in range passes as that number', (_, w) => {
    fc.assert(
      fc.property(fc.integer({ min: w.min, max: Math.min(w.max, 10 ** 9) }), (n) => {
        const { verdict } = typeInto(w.def, w.name, String(n));
        if ('errors' in verdict) expect(verdict.errors[w.name]).toBeUndefined();
        else expect(verdict.data[w.name]).toBe(n);
      }),
      { numRuns: 40 },
    );
  });
});

describe('system settings of a whole-number type', () => {
  const ints = SYSTEM_SETTINGS.filter((s) => s.valueType.startsWith('INT:'));

  it.each(ints.map((s) => [s.key, s] as const))('%s: the form refuses what the type refuses, naming the type range, and keeps the text', (_, s) => {
    const kind = settingKind(s.valueType);
    if (kind.kind !== 'int') throw new Error(`${s.key} is not INT`);
    fc.assert(
      fc.property(fc.oneof(outside(kind.min, kind.max), notWhole), (typed) => {
        const { values, verdict } = typeInto(systemSettingResource, 'SettingValue', typed, { SettingKey: s.key, ValueType: s.valueType, SettingValue: '1', Description: s.description });
        expect(values.SettingValue).toBe(typed);
        const message = 'errors' in verdict ? verdict.errors.SettingValue : undefined;
        expect(message).toBe(fieldMessage(FIELD_MESSAGES.wholeRange, { min: kind.min, max: kind.max }));
        expect(messageText(message!)).toBe(`Enter a whole number from ${kind.min} to ${kind.max}`);
      }),
      { numRuns: 60 },
    );
    const inRange = typeInto(systemSettingResource, 'SettingValue', String(kind.max), { SettingKey: s.key, ValueType: s.valueType, SettingValue: '1', Description: s.description });
    expect(inRange.verdict).toEqual({ data: expect.objectContaining({ SettingValue: String(kind.max) }) });
  });
});

describe('messages of every field schema', () => {
  const fields: [string, FieldDef][] = RESOURCES.flatMap((def) => Object.entries(def.fields).map(([k, f]) => [`${def.name}.${k}`, f] as [string, FieldDef]));
  const anyInput = fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string({ maxLength: 5 }), { maxLength: 40 }), fc.bigInt().map(String));

  it('never answer zod\'s own English, and a limit message always names a catalogue key', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), anyInput, ([, f], input) => {
        const r = f.schema.safeParse(input);
        if (r.success) return;
        for (const issue of r.error.issues) {
          expect(issue.message).not.toMatch(/^(Too (big|small)|Invalid (input|option|string|number)|Expected|Unrecognized)/);
          const { key } = readFieldMessage(issue.message);
          if (key !== issue.message) expect(ENUM_LABELS.en[key], issue.message).toBeTypeOf('string');
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('limit messages read back into their key and values, in every language without a placeholder left', () => {
    const withValues = FIELD_MESSAGE_KEYS.filter((k) => k.includes('{{'));
    fc.assert(
      fc.property(fc.constantFrom(...withValues), fc.nat(10 ** 9), fc.nat(10 ** 9), fc.nat(8), (key, min, max, decimals) => {
        const text = fieldMessage(key, { min, max, decimals });
        expect(readFieldMessage(text)).toEqual({ key, values: Object.fromEntries([...key.matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1], { min, max, decimals }[m[1] as 'min']])) });
        for (const lang of LANGUAGES) expect(ENUM_LABELS[lang][key]).toMatch(/\{\{/);
      }),
    );
  });

  it('the schema of a text field names its own declared limit, not 250', () => {
    const texts = RESOURCES.flatMap((def) => writableFields(def).filter(([, f]) => (f.input === 'text' || f.input === 'textarea') && f.limits?.maxLength !== undefined && !f.secret).map(([k, f]) => [def, k, f] as const));
    expect(texts.length).toBeGreaterThan(0);
    for (const [def, name, f] of texts) {
      const max = f.limits!.maxLength!;
      const { verdict } = typeInto(def, name, 'a'.repeat(max + 50));
      const message = 'errors' in verdict ? verdict.errors[name] : undefined;
      expect(message, `${def.name}.${name}`).toBe(fieldMessage(FIELD_MESSAGES.maxLength, { max }));
    }
    // The bank name: a 150-character name is refused as over its own 100, not the generic 250.
    const bank = RESOURCES.find((d) => d.name === 'Bank' || d.path === '/bank-config')!;
    expect(messageText(fieldMessage(FIELD_MESSAGES.maxLength, { max: bank.fields.BankName!.limits!.maxLength! }))).toBe('Enter at most 100 characters');
    expect(resourceSchemas(bank).create.safeParse({ BankName: 'a'.repeat(100) }).error?.issues.some((i) => i.path[0] === 'BankName')).toBe(false);
  });
});

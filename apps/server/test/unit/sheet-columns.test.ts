/**
 * The spreadsheet columns of every declared resource in every language: export headers
 * are labels (never an untranslated key or API name), distinct within a file, and read back to
 * their column by BulkUpload in any language; every option's label reads back to its code; record
 * times are written in Malaysian time. Table-driven over ALL resources × languages × options, and
 * fast-check over instants.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredResourceTexts, RESOURCES, RESOURCE_LABELS, resourceLabel } from '@paydesk/contract';
import { ENUM_LABEL_LANGUAGES, ENUM_LABELS } from '@paydesk/domain';
import { optionCode, switchValue } from '@paydesk/contract';
import { dmyDay, isoDayOfCell } from '@paydesk/contract';
import { cellOf, headerKeys, headerOf, mytTime, sheetCellOf, sheetColumns } from '../../src/engine/sheet-columns.ts';
import { idReferences, isIdReference, REFERENCE_TABLES } from '../../src/engine/reference-names.ts';

describe('resource sheet columns', () => {
  it('has a label for every field and option key of every resource, in every language', () => {
    const missing: string[] = [];
    for (const def of RESOURCES)
      for (const f of Object.values(def.fields))
        for (const key of [f.labelKey, ...(f.options ?? []).map((o) => o.labelKey)])
          for (const lang of ENUM_LABEL_LANGUAGES) if (!(key in RESOURCE_LABELS[lang]) && !(key in ENUM_LABELS[lang]) && !(key in declaredResourceTexts()[lang])) missing.push(`${def.name} ${lang} ${key}`);
    expect(missing).toEqual([]);
  });

  for (const def of RESOURCES)
    for (const lang of ENUM_LABEL_LANGUAGES)
      it(`${def.name} (${lang}): headers are distinct labels that read back to their columns`, () => {
        const cols = sheetColumns(def);
        const headers = cols.map((c) => headerOf(c, lang));
        expect(new Set(headers).size, headers.join(', ')).toBe(headers.length);
        for (const h of headers) expect(h).not.toMatch(/^(res|enum|nav)\./);
        // Every language's header file is read by the same upload.
        for (const other of ENUM_LABEL_LANGUAGES) {
          const keys = headerKeys(def, cols.map((c) => headerOf(c, other)));
          expect(cols.map((c) => keys.get(headerOf(c, other)))).toEqual(cols.map((c) => c.key));
        }
        // API names still work, in any case.
        const byName = headerKeys(def, cols.map((c) => c.key.toUpperCase()));
        expect([...byName.values()]).toEqual(cols.map((c) => c.key));
      });

  it('reads every option back from its code or its label in any language', () => {
    let checked = 0;
    for (const def of RESOURCES)
      for (const [name, f] of Object.entries(def.fields))
        for (const lang of ENUM_LABEL_LANGUAGES) {
          const labels = (f.options ?? []).map((o) => resourceLabel(lang, o.labelKey).toLowerCase());
          expect(new Set(labels).size, `${def.name}.${name} ${lang}`).toBe(labels.length);
          for (const o of f.options ?? []) {
            expect(optionCode(f, resourceLabel(lang, o.labelKey)), `${def.name}.${name} ${lang} ${o.labelKey}`).toBe(o.value);
            expect(optionCode(f, ` ${String(o.value)} `)).toBe(o.value);
            const col = sheetColumns(def).find((c) => c.key === name);
            if (col) expect(cellOf(col, f.input === 'multiselect' ? [o.value] : o.value, lang)).toBe(resourceLabel(lang, o.labelKey));
            checked++;
          }
        }
    expect(checked).toBeGreaterThan(100);
  });

  it('writes status, Configured and switches as words and reads those words back in any language', () => {
    for (const lang of ENUM_LABEL_LANGUAGES) {
      expect(switchValue(resourceLabel(lang, 'res.system.yes'))).toBe(1);
      expect(switchValue(resourceLabel(lang, 'res.system.no'))).toBe(0);
      expect(cellOf({ key: 'IsActive', labelKey: 'res.system.isActive' }, 1, lang)).toBe(RESOURCE_LABELS[lang]['res.system.active']);
      expect(cellOf({ key: 'Configured', labelKey: 'res.system.configured' }, false, lang)).toBe(RESOURCE_LABELS[lang]['res.system.no']);
    }
    expect(switchValue('maybe')).toBe('maybe');
  });

  it('writes record times in Malaysian time (UTC+8, no daylight saving), to the second', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }), (d) => {
        const myt = new Date(Math.floor(d.getTime() / 1000) * 1000 + 8 * 3600_000).toISOString();
        const want = `${myt.slice(8, 10)}-${myt.slice(5, 7)}-${myt.slice(0, 4)} ${myt.slice(11, 19)}`;
        expect(mytTime(d.toISOString())).toBe(want);
        expect(cellOf({ key: 'UpdatedAt', labelKey: 'res.system.updatedAt' }, d.toISOString(), 'zh')).toBe(want);
      }),
    );
  });

  it('names every id reference of every resource (a table behind its lookup) and writes no internal number column', () => {
    let references = 0;
    for (const def of RESOURCES) {
      for (const [name, f] of Object.entries(def.fields)) if (isIdReference(f)) expect(REFERENCE_TABLES[f.lookup!], `${def.name}.${name} (${f.lookup})`).toBeDefined();
      references += idReferences(def).length;
      expect(sheetColumns(def).map((c) => c.key), def.name).not.toContain('Id');
      expect(sheetColumns(def).map((c) => c.key), def.name).not.toContain('OrgId');
      if (def.scope === 'owned') expect(headerKeys(def, ['OrgId', 'ID']).get('OrgId')).toBe('OrgId');
    }
    expect(references).toBeGreaterThanOrEqual(8);
  });

  it('writes days as DD-MM-YYYY (real dates in XLSX) and reads them back in either order', () => {
    const day = RESOURCES.flatMap((d) => sheetColumns(d)).find((c) => c.field?.input === 'date')!;
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const dmy = `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
        expect(dmyDay(iso)).toBe(dmy);
        expect(cellOf(day, iso, 'ms')).toBe(dmy);
        expect(isoDayOfCell(dmy)).toBe(iso);
        expect(isoDayOfCell(iso)).toBe(iso);
        // Excel's serial day: 25,569 is 1970-01-01.
        expect(sheetCellOf(day, iso, 'en', 'xlsx')).toBe(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000 + 25_569);
      }),
    );
    expect(isoDayOfCell('31-02-2026')).toBe('2026-02-31');
  });

  it('writes money, rates and counts as numbers in XLSX and as their exact text in CSV', () => {
    const cols = RESOURCES.flatMap((d) => sheetColumns(d)).filter((c) => c.field && ['money', 'percent', 'number', 'decimal'].includes(c.field.input));
    expect(cols.length).toBeGreaterThan(3);
    fc.assert(
      fc.property(fc.constantFrom(...cols), fc.integer({ min: 0, max: 99_999_999 }), (c, n) => {
        const text = c.field!.input === 'number' ? String(n) : (n / 100).toFixed(2);
        expect(sheetCellOf(c, text, 'en', 'xlsx')).toBe(Number(text));
        expect(sheetCellOf(c, text, 'en', 'csv')).toBe(text);
      }),
    );
  });
});

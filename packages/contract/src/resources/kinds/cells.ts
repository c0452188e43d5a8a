/**
 * Spreadsheet words shared by the field kinds: an option's code from its code or its label in
 * any language, a yes/no cell, and an option's label in a language (an exported file
 * goes back as it is, in whatever language it was written).
 */
import { ENUM_LABEL_LANGUAGES, type EnumLabelLanguage } from '@paydesk/domain';
import type { FieldDef } from '../define.ts';
import { resourceLabel } from '../labels.ts';

/** Between the values of one multiselect cell in an export; an upload splits on '|' and trims. */
export const MULTI_SEPARATOR = ' | ';

const norm = (s: string) => s.trim().toLocaleLowerCase('en');

/** Every text a label key reads as, in any language (normalised). */
export const textsOf = (labelKey: string): string[] => ENUM_LABEL_LANGUAGES.map((l) => norm(resourceLabel(l, labelKey)));

/**
 * An option cell back to its code: the code itself, or its label in any language (case and
 * surrounding spaces ignored). Text that is neither is returned as is (the field's schema then
 * names it).
 */
export function optionCode(f: FieldDef, text: string): string | number {
  const n = norm(text);
  for (const o of f.options ?? []) if (norm(String(o.value)) === n || textsOf(o.labelKey).includes(n)) return o.value;
  return text;
}

/** An option's label in `lang`, or the value itself when it is not one of the options. */
export function optionText(f: FieldDef, value: unknown, lang: EnumLabelLanguage): string {
  const o = f.options?.find((x) => String(x.value) === String(value));
  return o ? resourceLabel(lang, o.labelKey) : String(value);
}

let yesNo: { yes: Set<string>; no: Set<string> } | undefined;

/** A switch cell: 1, true, yes (or Yes / Active in any language) → 1; the opposites → 0; else the text. */
export function switchValue(text: string): 0 | 1 | string {
  // Built on first use: the label catalogues are complete only once every module has loaded.
  yesNo ??= {
    yes: new Set(['1', 'true', 'y', ...textsOf('res.system.yes'), ...textsOf('res.system.active')]),
    no: new Set(['0', 'false', 'n', ...textsOf('res.system.no'), ...textsOf('res.system.inactive')]),
  };
  const n = norm(text);
  return yesNo.yes.has(n) ? 1 : yesNo.no.has(n) ? 0 : text;
}

/** Yes or No in `lang`. */
export const yesNoText = (value: unknown, lang: EnumLabelLanguage) => resourceLabel(lang, Number(value) === 1 ? 'res.system.yes' : 'res.system.no');

/**
 * The texts resource declarations carry themselves (a new resource is its declaration,
 * its table and migration, and samples — its labels in en, ms and zh live in the declaration's
 * `texts`). `defineResource` registers them when the declaration module loads; `resourceLabel`
 * reads them after RESOURCE_LABELS (the first resources' shared catalogue), the web app adds a
 * declaration's texts to i18next when its screen loads.
 */
import type { EnumLabelLanguage } from '@paydesk/domain';

/** Label key → text, per language (every language the same keys; a test checks it). */
export type ResourceTexts = Readonly<Record<EnumLabelLanguage, Readonly<Record<string, string>>>>;

const declared: Record<EnumLabelLanguage, Record<string, string>> = { en: {}, ms: {}, zh: {} };

/** Adds a declaration's texts (later declarations may not redefine a key with another text). */
export function registerResourceTexts(texts: ResourceTexts): void {
  for (const lang of Object.keys(declared) as EnumLabelLanguage[]) {
    for (const [k, v] of Object.entries(texts[lang])) {
      if (k in declared[lang] && declared[lang][k] !== v) throw new Error(`resource text ${k} (${lang}) declared twice with different texts`);
      declared[lang][k] = v;
    }
  }
}

/** Every declared text of the declarations loaded so far, per language. */
export function declaredResourceTexts(): ResourceTexts {
  return declared;
}

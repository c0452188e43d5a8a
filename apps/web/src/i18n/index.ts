/**
 * i18next with English bundled and the fallback of every missing key; Malay and Chinese load
 * when chosen (first-load budgets: each is ~7 KB brotli the sign-in page need not
 * carry), each with the domain's enum labels of its language (ENUM_LABELS_MS and _ZH,
 * one module per language, so the entry carries English only). `i18n.changeLanguage(lang)` resolves once that language's catalogue has arrived, so
 * callers that await it (app start, tests) see its texts at once; a screen rendered meanwhile
 * shows English. Keys are flat: `.` and `:` are part of the key, not separators.
 *
 * Each language is the domain's ENUM_LABELS (labels of every `enum.<list>.<code>` and the §5
 * validator message keys, shared with the server) with the app's own catalogue over it: on a key
 * both have, the app's text wins. `catalogues.ts` holds all three at once, for tests.
 */
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ENUM_LABELS_EN } from '@paydesk/domain';
import type { Language } from '../store/ui-slice.ts';
import { en } from './en.ts';

/**
 * A language's whole catalogue: its enum and validator labels (the domain's ENUM_LABELS_EN, _MS or
 * _ZH), the app's texts over them.
 */
export function catalogueOf(labels: Readonly<Record<string, string>>, app: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return { ...labels, ...app };
}

/**
 * Texts a lazily loaded screen brings with it (the resource labels, loaded with the resource
 * engine's screen, not in the entry chunk), by language; merged into every catalogue read after
 * registration and into those already loaded.
 */
const screenTexts: Partial<Record<Language, Readonly<Record<string, string>>>> = {};

/**
 * Adds a screen's texts in every language (`byLanguage[lang]`: flat key → text). Keys are the
 * screen's own (e.g. `res.*`); a key the app catalogue also holds must carry the same text (the
 * i18n test checks). Languages not loaded yet get them when they load, so adding a bundle never
 * makes i18next skip loading a language.
 */
export function addScreenTexts(byLanguage: Readonly<Record<Language, Readonly<Record<string, string>>>>): void {
  for (const lang of Object.keys(byLanguage) as Language[]) {
    screenTexts[lang] = { ...screenTexts[lang], ...byLanguage[lang] };
    if (i18n.hasResourceBundle(lang, 'translation')) i18n.addResources(lang, 'translation', byLanguage[lang]);
  }
}

/** The catalogues not bundled, each its own chunk. */
const LAZY: Record<Exclude<Language, 'en'>, () => Promise<Readonly<Record<string, string>>>> = {
  ms: () => import('./lazy-ms.ts').then((m) => catalogueOf(m.labels, m.ms)),
  zh: () => import('./lazy-zh.ts').then((m) => catalogueOf(m.labels, m.zh)),
};

/** i18next's backend interface over LAZY; English (bundled) answers at once. */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = language in LAZY ? LAZY[language as keyof typeof LAZY] : null;
    if (!load) return callback(null, { ...catalogueOf(ENUM_LABELS_EN, en), ...screenTexts.en } as ResourceKey);
    load().then(
      (catalogue) => callback(null, { ...catalogue, ...screenTexts[language as Language] } as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

void i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: catalogueOf(ENUM_LABELS_EN, en) } },
    // English is in `resources`; the other languages come from the backend when chosen.
    partialBundledLanguages: true,
    supportedLngs: ['en', 'ms', 'zh'],
    lng: 'en',
    fallbackLng: 'en',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });

/** The <html lang> value of each language. */
export const HTML_LANG: Record<Language, string> = { en: 'en', ms: 'ms', zh: 'zh-CN' };

/**
 * i18next with the three catalogues bundled (they are small) and English as the fallback of
 * every missing key. Keys are flat: `.` and `:` are part of the key, not separators.
 *
 * Each language is the domain's ENUM_LABELS (labels of every `enum.<list>.<code>` and the §5
 * validator message keys, shared with the server) with the app's own catalogue over it: on a key
 * both have, the app's text wins.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ENUM_LABELS } from '@paydesk/domain';
import type { Language } from '../store/ui-slice.ts';
import { en } from './en.ts';
import { ms } from './ms.ts';
import { zh } from './zh.ts';

export const CATALOGUES: Record<Language, Readonly<Record<string, string>>> = {
  en: { ...ENUM_LABELS.en, ...en },
  ms: { ...ENUM_LABELS.ms, ...ms },
  zh: { ...ENUM_LABELS.zh, ...zh },
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: CATALOGUES.en }, ms: { translation: CATALOGUES.ms }, zh: { translation: CATALOGUES.zh } },
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

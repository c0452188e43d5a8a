/**
 * i18next with the three catalogues bundled (they are small) and English as the fallback of
 * every missing key. Keys are flat: `.` and `:` are part of the key, not separators.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../store/ui-slice.ts';
import { en } from './en.ts';
import { ms } from './ms.ts';
import { zh } from './zh.ts';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ms: { translation: ms }, zh: { translation: zh } },
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

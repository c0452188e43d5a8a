/**
 * Labels of every `enum.*` key and every §5 validator message key, per language, with the state
 * and provider names (place-labels.ts) both the server and the web app show. For the server and
 * tests; the web app's entry imports ENUM_LABELS_EN alone (see enum-labels.ts).
 */
import { ENUM_LABELS_EN } from './enum-labels.ts';
import { ENUM_LABELS_MS } from './enum-labels-ms.ts';
import { ENUM_LABELS_ZH } from './enum-labels-zh.ts';

export const ENUM_LABELS: { en: Readonly<Record<string, string>>; ms: Readonly<Record<string, string>>; zh: Readonly<Record<string, string>> } = Object.freeze({
  en: ENUM_LABELS_EN,
  ms: ENUM_LABELS_MS,
  zh: ENUM_LABELS_ZH,
});

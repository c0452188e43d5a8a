/**
 * Every language's whole catalogue at once, for tests and tools that compare languages. The app
 * itself loads them through `i18n/index.ts` (English bundled, Malay and Chinese when chosen).
 */
import { REPORT_LABELS, RESOURCE_LABELS } from '@paydesk/contract';
import type { Language } from '../store/ui-slice.ts';
import { en } from './en.ts';
import { catalogueOf } from './index.ts';
import { ms } from './ms.ts';
import { zh } from './zh.ts';

/**
 * Each language with the texts the engines' screens add when they load (`addScreenTexts`): the
 * resource labels (resource screen) and the report labels (report page, issue 10).
 */
export const CATALOGUES: Record<Language, Readonly<Record<string, string>>> = {
  en: { ...catalogueOf('en', en), ...RESOURCE_LABELS.en, ...REPORT_LABELS.en },
  ms: { ...catalogueOf('ms', ms), ...RESOURCE_LABELS.ms, ...REPORT_LABELS.ms },
  zh: { ...catalogueOf('zh', zh), ...RESOURCE_LABELS.zh, ...REPORT_LABELS.zh },
};

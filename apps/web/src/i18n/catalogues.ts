/**
 * Every language's whole catalogue at once, for tests and tools that compare languages. The app
 * itself loads them through `i18n/index.ts` (English bundled, Malay and Chinese when chosen).
 */
import { declaredResourceTexts, REPORT_LABELS, RESOURCE_LABELS } from '@paydesk/contract';
import { ENUM_LABELS } from '@paydesk/domain';
import type { Language } from '../store/ui-slice.ts';
import { en } from './en.ts';
import { catalogueOf } from './index.ts';
import { ms } from './ms.ts';
import { zh } from './zh.ts';

type Catalogue = Readonly<Record<string, string>>;

/**
 * Every feature's own texts (the `*_TEXTS` export of every file under features/ whose name ends in
 * `texts.ts`: the refund desk's, the payout desk's, the settlement desk's, the profiles', …), found
 * by file name so that a new feature's texts are under every catalogue check without a list here.
 */
const FEATURE_TEXTS: Record<Language, Catalogue>[] = Object.values(
  import.meta.glob<Record<string, unknown>>('../features/**/*texts.ts', { eager: true }),
).flatMap((module) =>
  Object.entries(module)
    .filter(([name]) => name.endsWith('_TEXTS'))
    .map(([, texts]) => texts as Record<Language, Catalogue>),
);

/** The texts every declaration carries (the contract's index loads every declaration). */
const DECLARED = declaredResourceTexts();

/**
 * Each language with the texts the screens add when they load (`addScreenTexts`): the resource
 * labels (resource screen), the report labels (report page) and every feature's texts.
 */
const languageCatalogue = (lang: Language, app: Catalogue): Catalogue =>
  Object.assign({ ...catalogueOf(ENUM_LABELS[lang], app), ...RESOURCE_LABELS[lang], ...DECLARED[lang], ...REPORT_LABELS[lang] }, ...FEATURE_TEXTS.map((t) => t[lang]));

export const CATALOGUES: Record<Language, Catalogue> = { en: languageCatalogue('en', en), ms: languageCatalogue('ms', ms), zh: languageCatalogue('zh', zh) };

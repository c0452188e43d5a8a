/**
 * Every language's whole catalogue at once, for tests and tools that compare languages. The app
 * itself loads them through `i18n/index.ts` (English bundled, Malay and Chinese when chosen).
 */
import { declaredResourceTexts, REPORT_LABELS, RESOURCE_LABELS } from '@paydesk/contract';
import { ENUM_LABELS } from '@paydesk/domain';
import { INVITE_TEXTS } from '../features/auth/invite-texts.ts';
import { MFA_TEXTS } from '../features/auth/mfa-texts.ts';
import { PAYOUT_TEXTS } from '../features/payout/texts.ts';
import { REFUND_TEXTS } from '../features/refunds/texts.ts';
import { PERMISSION_TEXTS } from '../features/resources/permission-texts.ts';
import { RISK_TEXTS } from '../features/risk/texts.ts';
import { USER_TEXTS } from '../features/users/texts.ts';
import { FIRMWARE_TEXTS } from '../features/firmware/texts.ts';
import type { Language } from '../store/ui-slice.ts';
import { en } from './en.ts';
import { catalogueOf } from './index.ts';
import { ms } from './ms.ts';
import { zh } from './zh.ts';

/**
 * Each language with the texts the engines' screens add when they load (`addScreenTexts`): the
 * resource labels (resource screen), the report labels (report page) and the refund
 * desk's texts (with a report page), the payout desk's, the permission
 * editor's (with the editor) and user management's, the invite page's and two-factor enrolment's.
 */
/** The texts every declaration carries (the contract's index loads every declaration). */
const DECLARED = declaredResourceTexts();

export const CATALOGUES: Record<Language, Readonly<Record<string, string>>> = {
  en: { ...catalogueOf(ENUM_LABELS.en, en), ...RESOURCE_LABELS.en, ...DECLARED.en, ...REPORT_LABELS.en, ...REFUND_TEXTS.en, ...PERMISSION_TEXTS.en, ...RISK_TEXTS.en, ...PAYOUT_TEXTS.en, ...USER_TEXTS.en, ...INVITE_TEXTS.en, ...MFA_TEXTS.en, ...FIRMWARE_TEXTS.en },
  ms: { ...catalogueOf(ENUM_LABELS.ms, ms), ...RESOURCE_LABELS.ms, ...DECLARED.ms, ...REPORT_LABELS.ms, ...REFUND_TEXTS.ms, ...PERMISSION_TEXTS.ms, ...RISK_TEXTS.ms, ...PAYOUT_TEXTS.ms, ...USER_TEXTS.ms, ...INVITE_TEXTS.ms, ...MFA_TEXTS.ms, ...FIRMWARE_TEXTS.ms },
  zh: { ...catalogueOf(ENUM_LABELS.zh, zh), ...RESOURCE_LABELS.zh, ...DECLARED.zh, ...REPORT_LABELS.zh, ...REFUND_TEXTS.zh, ...PERMISSION_TEXTS.zh, ...RISK_TEXTS.zh, ...PAYOUT_TEXTS.zh, ...USER_TEXTS.zh, ...INVITE_TEXTS.zh, ...MFA_TEXTS.zh, ...FIRMWARE_TEXTS.zh },
};

import {
  ACTIVE_FLAGS, BLOCK_STATUS_ENTRIES, CAMPAIGN_REWARD_TYPE_ENTRIES, CAMPAIGN_STATUS_ENTRIES, CARD_SCHEME_ENTRIES, CARD_TYPE_ENTRIES,
  COUNTRY_ENTRIES, DRAW_METHOD_ENTRIES, ENABLE_STATUS_ENTRIES, FREQUENCY_ENTRIES, GROUP_TYPE_ENTRIES, LOG_LEVELS, MDR_FEE_MODES,
  NOTIFICATION_TARGET_ENTRIES, ONBOARDING_STATUS_ENTRIES, PAYMENT_METHOD_ENTRIES, PAYMENT_STATUS_ENTRIES, PREAUTH_OPERATION_ENTRIES,
  ENTRY_MODE_ENTRIES, TERMINAL_KIND_ENTRIES, WALLET_PROVIDER_ENTRIES, BNPL_PROVIDER_ENTRIES, PAYMENT_LINK_STATUS_ENTRIES,
  RECURRING_STATUS_ENTRIES, SETTLEMENT_BATCH_STATUS_ENTRIES,
  PAYOUT_BATCH_STATE_ENTRIES, RM_APPLICATION_STATUS_ENTRIES, PAYOUT_CHANNEL_ENTRIES, PAYOUT_STATE_ENTRIES, PROCESSING_MODE_ENTRIES, QR_MODE_ENTRIES, RECEIPT_TYPE_ENTRIES, RECON_RESULTS, REFUND_REASON_ENTRIES, REFUND_STATUS_ENTRIES,
  RESULT_STATUS_ENTRIES, RISK_ALERT_RULE_ENTRIES, RISK_SUBJECT_ENTRIES, SERVICE_MODE_ENTRIES, SERVICE_TYPES, SETTLEMENT_TIMING_ENTRIES, TICKET_STATUS_ENTRIES,
  ZMK_PURPOSE_ENTRIES, ZMK_SCHEME_ENTRIES, ZMK_STATUS_ENTRIES,
  TIME_UNIT_ENTRIES, TRANSACTION_OUTCOME_ENTRIES, TXN_EVENT_TYPE_ENTRIES, USER_STATUS_ENTRIES, TRANSACTION_STATUS_ENTRIES, TRANSACTION_TYPE_ENTRIES, WEEKDAY_ENTRIES, enumLabelKey,
  type EnumEntry,
} from './enums.ts';
import { KYC_ACTION_ENTRIES, ORG_DOCUMENT_TYPE_ENTRIES } from './onboarding.ts';
import { CASH_EVENT_KIND_ENTRIES } from './unattended-cash.ts';
import { ACCOUNT_TYPE_ENTRIES, COMPANY_TYPES, GENDER_ENTRIES, ID_TYPE_ENTRIES, PERSON_ROLE_ENTRIES } from './reference/company.ts';

/**
 * Every labelled enumeration of §3, §4 and §9 by its list name, the `<list>` of its label keys
 * `enum.<list>.<code>`. Screens use it to label any code (`labelKeyOf('refundStatus', 'PENDING')`),
 * and the i18n test checks that ENUM_LABELS has every key in every language.
 */
export const ENUM_LISTS = Object.freeze({
  groupType: GROUP_TYPE_ENTRIES,
  serviceType: SERVICE_TYPES,
  active: ACTIVE_FLAGS,
  blockStatus: BLOCK_STATUS_ENTRIES,
  enableStatus: ENABLE_STATUS_ENTRIES,
  paymentMethod: PAYMENT_METHOD_ENTRIES,
  cardScheme: CARD_SCHEME_ENTRIES,
  cardType: CARD_TYPE_ENTRIES,
  transactionType: TRANSACTION_TYPE_ENTRIES,
  preAuthOperation: PREAUTH_OPERATION_ENTRIES,
  txnEventType: TXN_EVENT_TYPE_ENTRIES,
  entryMode: ENTRY_MODE_ENTRIES,
  terminalKind: TERMINAL_KIND_ENTRIES,
  walletProvider: WALLET_PROVIDER_ENTRIES,
  bnplProvider: BNPL_PROVIDER_ENTRIES,
  paymentLinkStatus: PAYMENT_LINK_STATUS_ENTRIES,
  recurringStatus: RECURRING_STATUS_ENTRIES,
  settlementBatchStatus: SETTLEMENT_BATCH_STATUS_ENTRIES,
  status: TRANSACTION_STATUS_ENTRIES,
  paymentStatus: PAYMENT_STATUS_ENTRIES,
  transactionOutcome: TRANSACTION_OUTCOME_ENTRIES,
  result: RESULT_STATUS_ENTRIES,
  refundStatus: REFUND_STATUS_ENTRIES,
  refundReason: REFUND_REASON_ENTRIES,
  onboardingStatus: ONBOARDING_STATUS_ENTRIES,
  userStatus: USER_STATUS_ENTRIES,
  campaignStatus: CAMPAIGN_STATUS_ENTRIES,
  campaignRewardType: CAMPAIGN_REWARD_TYPE_ENTRIES,
  drawMethod: DRAW_METHOD_ENTRIES,
  ticketStatus: TICKET_STATUS_ENTRIES,
  reconResult: RECON_RESULTS,
  payoutState: PAYOUT_STATE_ENTRIES,
  payoutChannel: PAYOUT_CHANNEL_ENTRIES,
  payoutBatchState: PAYOUT_BATCH_STATE_ENTRIES,
  rmApplicationStatus: RM_APPLICATION_STATUS_ENTRIES,
  zmkScheme: ZMK_SCHEME_ENTRIES,
  zmkPurpose: ZMK_PURPOSE_ENTRIES,
  zmkStatus: ZMK_STATUS_ENTRIES,
  mdrFeeMode: MDR_FEE_MODES,
  logLevel: LOG_LEVELS,
  notificationTarget: NOTIFICATION_TARGET_ENTRIES,
  qrMode: QR_MODE_ENTRIES,
  frequency: FREQUENCY_ENTRIES,
  weekday: WEEKDAY_ENTRIES,
  settlementTiming: SETTLEMENT_TIMING_ENTRIES,
  timeUnit: TIME_UNIT_ENTRIES,
  receiptType: RECEIPT_TYPE_ENTRIES,
  serviceMode: SERVICE_MODE_ENTRIES,
  processingMode: PROCESSING_MODE_ENTRIES,
  country: COUNTRY_ENTRIES,
  riskRule: RISK_ALERT_RULE_ENTRIES,
  riskSubject: RISK_SUBJECT_ENTRIES,
  companyType: Object.freeze(COMPANY_TYPES.map((t) => Object.freeze({ code: t.Value, labelKey: t.labelKey }))),
  idType: ID_TYPE_ENTRIES,
  accountType: ACCOUNT_TYPE_ENTRIES,
  gender: GENDER_ENTRIES,
  personRole: PERSON_ROLE_ENTRIES,
  kycAction: KYC_ACTION_ENTRIES,
  orgDocumentType: ORG_DOCUMENT_TYPE_ENTRIES,
  cashEventKind: CASH_EVENT_KIND_ENTRIES,
} satisfies Record<string, readonly EnumEntry[]>);
export type EnumListName = keyof typeof ENUM_LISTS;

/**
 * The label key of a code of a list, or undefined when the code is not in the list (so a screen
 * can fall back to the raw code, e.g. a status the server added later).
 */
export function labelKeyOf(list: EnumListName, code: string | number | null | undefined): string | undefined {
  if (code === null || code === undefined) return undefined;
  const entries: readonly EnumEntry[] = ENUM_LISTS[list];
  return entries.some((e) => String(e.code) === String(code)) ? enumLabelKey(list, code) : undefined;
}

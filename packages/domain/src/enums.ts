/**
 * Codes and enumerations of the business (spec §4, §9). Every list is a typed constant with its
 * code and an i18n label key (`enum.<list>.<code>`), so screens and the server read one source.
 */

/** User group types, highest first (§1, §6). MERCHANT_BRANCH is shown as 'merchant'. */
export const GROUP_TYPES = ['SUPERADMIN', 'MASTER_MERCHANT', 'AGENCY', 'AGENT', 'MERCHANT_HQ', 'MERCHANT_BRANCH'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/** Organization levels of the hierarchy, parent before child (§1). */
export const ORG_LEVELS = ['MASTER_MERCHANT', 'AGENCY', 'AGENT', 'MERCHANT_HQ', 'MERCHANT_BRANCH'] as const;
export type OrgLevel = (typeof ORG_LEVELS)[number];

/** Service type codes (§4, §9): 1 ecommerce, 2 terminal, 3 payment link, 4 ecommerce pre-auth, 5 pay-by-card, 6 recurring. */
export const SERVICE_TYPES = [
  { code: 1, key: 'ECOMMERCE', labelKey: 'enum.serviceType.1' },
  { code: 2, key: 'TERMINAL', labelKey: 'enum.serviceType.2' },
  { code: 3, key: 'PAYMENT_LINK', labelKey: 'enum.serviceType.3' },
  { code: 4, key: 'ECOMMERCE_PREAUTH', labelKey: 'enum.serviceType.4' },
  { code: 5, key: 'PAY_BY_CARD', labelKey: 'enum.serviceType.5' },
  { code: 6, key: 'RECURRING', labelKey: 'enum.serviceType.6' },
] as const;
export type ServiceTypeCode = (typeof SERVICE_TYPES)[number]['code'];
export const SERVICE_TYPE_CODES = SERVICE_TYPES.map((s) => s.code) as ServiceTypeCode[];
/** Default service type for lookups (§9): terminal. */
export const DEFAULT_SERVICE_TYPE: ServiceTypeCode = 2;
/** Default terminal category (§9). */
export const DEFAULT_TERMINAL_CATEGORY = 0;

/** Payment method codes (§9). */
export const PAYMENT_METHODS = [
  'HOSTED_CARD', 'CC', 'OB', 'EW', 'BNPL', 'GEN_QR', 'CRYPTO', 'CCINT', 'FPX_B2C', 'FPX_B2B', 'APM', 'EPP', 'EPP_BSN', 'STATIC_QR',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Payment methods that carry a card (and so a card scheme and masked PAN). */
export const CARD_PAYMENT_METHODS: readonly PaymentMethod[] = ['HOSTED_CARD', 'CC', 'CCINT', 'EPP', 'EPP_BSN'];

/** Card schemes returned by detectCardScheme (§3). */
export const CARD_SCHEMES = ['VISA', 'MASTER', 'UNIONPAY', 'JCB', 'AMEX', 'DISCOVER', 'MAESTRO'] as const;
export type CardScheme = (typeof CARD_SCHEMES)[number];

/** Transaction types (§4). */
export const TRANSACTION_TYPES = [
  'SALE', 'PREAUTH', 'SALECOMPLETION', 'VOID', 'VOIDSALECOMPLETION', 'VOIDPREAUTH', 'REVERSE', 'BATCHUPLOAD', 'SETTLE',
  'SETTLETRAILER', 'MOTO', 'VOIDMOTO', 'EPP', 'VOIDEPP',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * Transaction status as stored. §4 gives payment status PENDING/SUCCESS, outcome SUCCESS/VOID and
 * success/failed; one column holds the union so a list can filter on one field.
 */
export const TRANSACTION_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'VOID'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Refund request status (§4). */
export const REFUND_STATUSES = ['PENDING', 'REFUNDED', 'REJECTED', 'TXN_NOT_FOUND', 'EXPIRED', 'COMPLETED', 'REFUNDED_ACK_FAIL'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Merchant onboarding status (§4). */
export const ONBOARDING_STATUSES = ['PENDING', 'REJECTED', 'REVIEWING', 'SUSPENDED', 'UNVERIFY', 'VERIFIED'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

/** Active/inactive flag (§4): 1 active, 0 inactive. */
export const ACTIVE_FLAGS = [
  { code: 1, labelKey: 'enum.active.1' },
  { code: 0, labelKey: 'enum.active.0' },
] as const;

/** Token cookie lifetime (§9): half a day, in ms. */
export const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** Public-IP lookup timeout (§7, §9), ms. */
export const IP_LOOKUP_TIMEOUT_MS = 5000;
/** Persisted-state rehydrate timeout (§9), ms, and storage version. */
export const PERSIST_TIMEOUT_MS = 5000;
export const PERSIST_VERSION = 1;
/** Text longer than this is too long (§5, §9). */
export const MAX_TEXT_LENGTH = 250;
/** Date-time display format (§9), always in Malaysian time. */
export const DATE_TIME_FORMAT = 'DD-MM-YYYY HH:mm:ss';
export const BUSINESS_TIME_ZONE = 'Asia/Kuala_Lumpur';

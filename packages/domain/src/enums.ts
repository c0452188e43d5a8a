/**
 * Codes and enumerations of the business (spec §4, §9). Every list is a typed constant with its
 * code and an i18n label key (`enum.<list>.<code>`), so screens and the server read one source.
 * The English, Malay and Chinese texts of every key are in `i18n/enum-labels.ts` (ENUM_LABELS).
 *
 * Naming, so that zod (`z.enum`) and drizzle (`pgEnum`) get plain tuples and screens get labels:
 *  - a list whose codes are strings is an `as const` tuple of codes (`REFUND_STATUSES`), its union
 *    type (`RefundStatus`) and `<NAME>_ENTRIES`, the `{ code, labelKey }` rows (`REFUND_STATUS_ENTRIES`);
 *  - a list whose codes are numbers is the rows themselves (`SERVICE_TYPES`: `{ code, key, labelKey }`),
 *    with `<NAME>_CODES` for the bare codes and a `<Name>Code` type.
 * `ENUM_LISTS` (enum-registry.ts) gathers every list by its label-key list name.
 */

/** One row of an enumeration: its stored code and the i18n key of its label. */
import { TXN_EVENT_TYPES } from './txn-events.ts';
export interface EnumEntry<C extends string | number = string | number> {
  readonly code: C;
  readonly labelKey: string;
}

/** The label key of a code of a list: `enum.<list>.<code>`. */
export function enumLabelKey(list: string, code: string | number): string {
  return `enum.${list}.${code}`;
}

/** Builds the `{ code, labelKey }` rows of a string-coded list. */
function entriesOf<const C extends string>(list: string, codes: readonly C[]): readonly EnumEntry<C>[] {
  return Object.freeze(codes.map((code) => Object.freeze({ code, labelKey: enumLabelKey(list, code) })));
}

/** User group types, highest first (§1, §6). MERCHANT_BRANCH is shown as 'merchant'. */
export const GROUP_TYPES = ['SUPERADMIN', 'MASTER_MERCHANT', 'AGENCY', 'AGENT', 'MERCHANT_HQ', 'MERCHANT_BRANCH'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];
/** User group types with label keys `enum.groupType.<TYPE>` (§1). */
export const GROUP_TYPE_ENTRIES = entriesOf('groupType', GROUP_TYPES);

/** Organization levels of the hierarchy, parent before child (§1). */
export const ORG_LEVELS = ['MASTER_MERCHANT', 'AGENCY', 'AGENT', 'MERCHANT_HQ', 'MERCHANT_BRANCH'] as const;
export type OrgLevel = (typeof ORG_LEVELS)[number];

// ---------------------------------------------------------------------------------------------
// Service types (§4, §9)
// ---------------------------------------------------------------------------------------------

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
/** Service types the refund form offers (§9): every service type except 2 terminal. */
export const REFUND_SERVICE_TYPES = SERVICE_TYPES.filter((s) => s.code !== 2);
export type RefundServiceTypeCode = Exclude<ServiceTypeCode, 2>;
export const REFUND_SERVICE_TYPE_CODES = REFUND_SERVICE_TYPES.map((s) => s.code) as RefundServiceTypeCode[];

// ---------------------------------------------------------------------------------------------
// Flags (§4)
// ---------------------------------------------------------------------------------------------

/** Active/inactive flag (§4): 1 active, 0 inactive. */
export const ACTIVE_FLAGS = [
  { code: 1, labelKey: 'enum.active.1' },
  { code: 0, labelKey: 'enum.active.0' },
] as const;
export type ActiveFlag = (typeof ACTIVE_FLAGS)[number]['code'];

/** Blocked/active state of an account or card (§4 "blocked/active"). */
export const BLOCK_STATUSES = ['ACTIVE', 'BLOCKED'] as const;
export type BlockStatus = (typeof BLOCK_STATUSES)[number];
export const BLOCK_STATUS_ENTRIES = entriesOf('blockStatus', BLOCK_STATUSES);

/** Enable/disable switch of a feature or configuration (§4 "enable/disable"). */
export const ENABLE_STATUSES = ['ENABLED', 'DISABLED'] as const;
export type EnableStatus = (typeof ENABLE_STATUSES)[number];
export const ENABLE_STATUS_ENTRIES = entriesOf('enableStatus', ENABLE_STATUSES);

// ---------------------------------------------------------------------------------------------
// Payments (§3, §4, §9)
// ---------------------------------------------------------------------------------------------

/** Payment method codes (§9). */
export const PAYMENT_METHODS = [
  'HOSTED_CARD', 'CC', 'OB', 'EW', 'BNPL', 'GEN_QR', 'CRYPTO', 'CCINT', 'FPX_B2C', 'FPX_B2B', 'APM', 'EPP', 'EPP_BSN', 'STATIC_QR',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Payment methods with label keys `enum.paymentMethod.<CODE>` (§9). */
export const PAYMENT_METHOD_ENTRIES = entriesOf('paymentMethod', PAYMENT_METHODS);
/** Payment methods that carry a card (and so a card scheme and masked PAN). */
export const CARD_PAYMENT_METHODS: readonly PaymentMethod[] = ['HOSTED_CARD', 'CC', 'CCINT', 'EPP', 'EPP_BSN'];

/** Card schemes returned by detectCardScheme (§3). MAESTRO stands for "Maestro / MEPS" (CARD_SCHEME_LABELS). */
export const CARD_SCHEMES = ['VISA', 'MASTER', 'UNIONPAY', 'JCB', 'AMEX', 'DISCOVER', 'MAESTRO'] as const;
export type CardScheme = (typeof CARD_SCHEMES)[number];
/** Card schemes with label keys `enum.cardScheme.<SCHEME>` (§3). */
export const CARD_SCHEME_ENTRIES = entriesOf('cardScheme', CARD_SCHEMES);

/** Card types of the card BIN lookup (§3 "Card BIN: CardSchemes, CardTypes"). */
export const CARD_TYPES = ['CREDIT', 'DEBIT', 'PREPAID'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const CARD_TYPE_ENTRIES = entriesOf('cardType', CARD_TYPES);

/** Transaction types (§4). */
export const TRANSACTION_TYPES = [
  'SALE', 'PREAUTH', 'SALECOMPLETION', 'VOID', 'VOIDSALECOMPLETION', 'VOIDPREAUTH', 'REVERSE', 'BATCHUPLOAD', 'SETTLE',
  'SETTLETRAILER', 'MOTO', 'VOIDMOTO', 'EPP', 'VOIDEPP',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_TYPE_ENTRIES = entriesOf('transactionType', TRANSACTION_TYPES);

/**
 * The transaction types that are sales in the sales reports and the dashboard
 * (docs/transaction-model.md): a sale, a mail/telephone order, an instalment sale, a pre-auth
 * completion (capture), and the void forms a voided sale carries (a voided sale is ONE row with
 * status VOID and the void type). Not sales: PREAUTH and VOIDPREAUTH (holds), REVERSE (a message
 * the host never confirmed), and the batch messages SETTLE, BATCHUPLOAD, SETTLETRAILER.
 * A row is a sale when its type is one of these AND it is not a pre-auth operation other than
 * CAPTURE (`preauth_op IS NULL OR preauth_op = 'CAPTURE'`): a CAPTURE_VOID operation row is the
 * record of the void, the voided CAPTURE row itself carries status VOID.
 */
export const SALE_TXN_TYPES = ['SALE', 'MOTO', 'EPP', 'SALECOMPLETION', 'VOID', 'VOIDMOTO', 'VOIDEPP', 'VOIDSALECOMPLETION'] as const satisfies readonly TransactionType[];

/** Pre-auth operations (§4): authorise, void the authorisation, capture, void the capture. */
export const PREAUTH_OPERATIONS = ['PREAUTH', 'PREAUTH_VOID', 'CAPTURE', 'CAPTURE_VOID'] as const;
export type PreAuthOperation = (typeof PREAUTH_OPERATIONS)[number];
export const PREAUTH_OPERATION_ENTRIES = entriesOf('preAuthOperation', PREAUTH_OPERATIONS);
/** Status events a provider reports (txn-events.ts), as the transaction's timeline names them: `enum.txnEventType.<TYPE>`. */
export const TXN_EVENT_TYPE_ENTRIES = entriesOf('txnEventType', TXN_EVENT_TYPES);

/** How a card was read: terminal CHIP, CONTACTLESS, SWIPE, FALLBACK (chip failed, then swiped); KEYED by staff (pay-by-card, MOTO). */
export const ENTRY_MODES = ['CHIP', 'CONTACTLESS', 'SWIPE', 'FALLBACK', 'KEYED'] as const;
export type EntryMode = (typeof ENTRY_MODES)[number];
export const ENTRY_MODE_ENTRIES = entriesOf('entryMode', ENTRY_MODES);

/** Which terminal view a terminal (service type 2) transaction belongs to: card, e-wallet or BNPL (`transactions.terminal_kind`). */
export const TERMINAL_KINDS = ['CARD', 'EWALLET', 'BNPL'] as const;
export type TerminalKind = (typeof TERMINAL_KINDS)[number];
export const TERMINAL_KIND_ENTRIES = entriesOf('terminalKind', TERMINAL_KINDS);

/** Malaysian e-wallets and the national QR accepted at terminals and online. */
export const WALLET_PROVIDERS = ['DUITNOW_QR', 'TNG', 'GRABPAY', 'BOOST', 'SHOPEEPAY'] as const;
export type WalletProvider = (typeof WALLET_PROVIDERS)[number];
export const WALLET_PROVIDER_ENTRIES = entriesOf('walletProvider', WALLET_PROVIDERS);

/**
 * Buy-now-pay-later providers operating in Malaysia (docs/transaction-model.md): Atome, Grab
 * PayLater, Shopee SPayLater, ShopBack PayLater (formerly hoolah) and Boost PayFlex.
 */
export const BNPL_PROVIDERS = ['ATOME', 'GRAB_PAYLATER', 'SPAYLATER', 'SHOPBACK_PAYLATER', 'BOOST_PAYFLEX'] as const;
export type BnplProvider = (typeof BNPL_PROVIDERS)[number];
export const BNPL_PROVIDER_ENTRIES = entriesOf('bnplProvider', BNPL_PROVIDERS);

/** Payment link status (service type 3; its machine: payment-link-life.ts): payable, paused, being paid, paid, past its expiry, or withdrawn. */
export const PAYMENT_LINK_STATUSES = ['ACTIVE', 'DISABLED', 'PAYMENT_PENDING', 'PAID', 'EXPIRED', 'CANCELLED'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];
export const PAYMENT_LINK_STATUS_ENTRIES = entriesOf('paymentLinkStatus', PAYMENT_LINK_STATUSES);

/** Recurring schedule status (service type 6). */
export const RECURRING_STATUSES = ['ACTIVE', 'COMPLETED', 'CANCELLED', 'SUSPENDED'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];
export const RECURRING_STATUS_ENTRIES = entriesOf('recurringStatus', RECURRING_STATUSES);

/** Terminal settlement batch status: still taking sales, settled, or settled after a batch upload. */
export const SETTLEMENT_BATCH_STATUSES = ['OPEN', 'SETTLED', 'UPLOADED'] as const;
export type SettlementBatchStatus = (typeof SETTLEMENT_BATCH_STATUSES)[number];
export const SETTLEMENT_BATCH_STATUS_ENTRIES = entriesOf('settlementBatchStatus', SETTLEMENT_BATCH_STATUSES);

/**
 * Transaction status as stored. §4 gives payment status PENDING/SUCCESS, outcome SUCCESS/VOID and
 * success/failed; one column holds the union so a list can filter on one field.
 */
export const TRANSACTION_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'VOID'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** Transaction statuses with the label keys the web already uses, `enum.status.<STATUS>` (§4). */
export const TRANSACTION_STATUS_ENTRIES = entriesOf('status', TRANSACTION_STATUSES);

/** Payment status (§4): PENDING, SUCCESS. */
export const PAYMENT_STATUSES = ['PENDING', 'SUCCESS'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_ENTRIES = entriesOf('paymentStatus', PAYMENT_STATUSES);

/** Transaction outcome (§4): SUCCESS or VOID. */
export const TRANSACTION_OUTCOMES = ['SUCCESS', 'VOID'] as const;
export type TransactionOutcome = (typeof TRANSACTION_OUTCOMES)[number];
export const TRANSACTION_OUTCOME_ENTRIES = entriesOf('transactionOutcome', TRANSACTION_OUTCOMES);

/** Success/failed result of an operation (§4), e.g. a payout, an acknowledgement or a job. */
export const RESULT_STATUSES = ['SUCCESS', 'FAILED'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];
export const RESULT_STATUS_ENTRIES = entriesOf('result', RESULT_STATUSES);

// ---------------------------------------------------------------------------------------------
// Refunds, onboarding, campaigns, tickets (§4, §9)
// ---------------------------------------------------------------------------------------------

/** Refund request status (§4). */
export const REFUND_STATUSES = ['PENDING', 'REFUNDED', 'REJECTED', 'TXN_NOT_FOUND', 'EXPIRED', 'COMPLETED', 'REFUNDED_ACK_FAIL'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_ENTRIES = entriesOf('refundStatus', REFUND_STATUSES);
/**
 * A refund request's status as a merchant-side caller sees it: whether the platform's
 * acknowledgement to the merchant's callback failed is the platform's to resolve; to the merchant
 * the customer is refunded.
 */
export const REFUND_STATUS_OUTSIDE: Readonly<Partial<Record<RefundStatus, RefundStatus>>> = Object.freeze({ REFUNDED_ACK_FAIL: 'REFUNDED' });

/** Refund reasons (§9): FR fraudulent, DP duplicate transaction, RC requested by customer, OT others. */
export const REFUND_REASONS = ['FR', 'DP', 'RC', 'OT'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_ENTRIES = entriesOf('refundReason', REFUND_REASONS);

/** Merchant onboarding status (§4). */
export const ONBOARDING_STATUSES = ['PENDING', 'REJECTED', 'REVIEWING', 'SUSPENDED', 'UNVERIFY', 'VERIFIED'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
export const ONBOARDING_STATUS_ENTRIES = entriesOf('onboardingStatus', ONBOARDING_STATUSES);

/**
 * A portal user's state on /user-management, derived, not stored: INVITED (no
 * password set yet), INACTIVE (deactivated), LOCKED (locked by an administrator or by failed
 * sign-ins, until `locked_until`), ACTIVE otherwise.
 */
export const USER_STATUSES = ['INVITED', 'ACTIVE', 'LOCKED', 'INACTIVE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_ENTRIES = entriesOf('userStatus', USER_STATUSES);

/** Why a single-use link was e-mailed to a user: an invitation (72 h) or a password reset (1 h). */
export const USER_TOKEN_PURPOSES = ['INVITE', 'RESET'] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/** Campaign status (§4), for numbered draws and cashback events. */
export const CAMPAIGN_STATUSES = ['INACTIVE', 'UPCOMING', 'COMPLETED', 'ONGOING', 'COMPLETED_INACTIVE', 'UPCOMING_INACTIVE'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_ENTRIES = entriesOf('campaignStatus', CAMPAIGN_STATUSES);

/** Campaign reward types (§9): by amount, by percentage, random amount. */
export const CAMPAIGN_REWARD_TYPES = ['BY_AMOUNT', 'BY_PERCENTAGE', 'RANDOM_AMOUNT'] as const;
export type CampaignRewardType = (typeof CAMPAIGN_REWARD_TYPES)[number];
export const CAMPAIGN_REWARD_TYPE_ENTRIES = entriesOf('campaignRewardType', CAMPAIGN_REWARD_TYPES);

/** How a numbered draw picks its winners (§9): by contest number or random pick. */
export const DRAW_METHODS = ['CONTEST_NUMBER', 'RANDOM_PICK'] as const;
export type DrawMethod = (typeof DRAW_METHODS)[number];
export const DRAW_METHOD_ENTRIES = entriesOf('drawMethod', DRAW_METHODS);

/** Ticket status (§4), e.g. a pre-chargeback case. */
export const TICKET_STATUSES = ['PENDING', 'OPEN', 'CLOSE'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_ENTRIES = entriesOf('ticketStatus', TICKET_STATUSES);

// ---------------------------------------------------------------------------------------------
// Reconciliation, MDR, logs (§4, §9)
// ---------------------------------------------------------------------------------------------

/**
 * Reconciliation results (§4): 1 TALLY, 2 NOT TALLY, 3 exists in the provider's file only,
 * 4 exists in the portal only, 5 VERIFIED, 6 UNVERIFY, 7 DUPLICATE. DUPLICATE is produced for one
 * provider only (§4 does not name it), hence `singleProviderOnly`.
 */
export const RECON_RESULTS = [
  { code: 1, key: 'TALLY', labelKey: 'enum.reconResult.1', singleProviderOnly: false },
  { code: 2, key: 'NOT_TALLY', labelKey: 'enum.reconResult.2', singleProviderOnly: false },
  { code: 3, key: 'EXIST_IN_PROVIDER', labelKey: 'enum.reconResult.3', singleProviderOnly: false },
  { code: 4, key: 'EXIST_IN_PORTAL', labelKey: 'enum.reconResult.4', singleProviderOnly: false },
  { code: 5, key: 'VERIFIED', labelKey: 'enum.reconResult.5', singleProviderOnly: false },
  { code: 6, key: 'UNVERIFY', labelKey: 'enum.reconResult.6', singleProviderOnly: false },
  { code: 7, key: 'DUPLICATE', labelKey: 'enum.reconResult.7', singleProviderOnly: true },
] as const;
export type ReconResultCode = (typeof RECON_RESULTS)[number]['code'];
export const RECON_RESULT_CODES = RECON_RESULTS.map((r) => r.code) as ReconResultCode[];

/**
 * Payout states (table `payouts`): SCHEDULED to be paid on its payout date;
 * HELD for a risk violation (with a note) until RELEASED; CARRIED when nothing is payable (the
 * negative balance moves to the next payout); BATCHED once a bank batch carries it (its
 * bulk-credit line is with the bank: it can no longer be held); PAID or FAILED as the bank's
 * result file answered (a FAILED payout goes into the next batch again).
 */
export const PAYOUT_STATES = ['SCHEDULED', 'HELD', 'RELEASED', 'CARRIED', 'BATCHED', 'PAID', 'FAILED'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];
export const PAYOUT_STATE_ENTRIES = entriesOf('payoutState', PAYOUT_STATES);

/**
 * Bank payout batch states (table `payout_batches`): AWAITING_RESULT from its
 * creation (the bulk-credit file is ready for the bank) until the bank's result file is recorded,
 * then COMPLETED (every line PAID or FAILED).
 */
export const PAYOUT_BATCH_STATES = ['AWAITING_RESULT', 'COMPLETED'] as const;
export type PayoutBatchState = (typeof PAYOUT_BATCH_STATES)[number];
export const PAYOUT_BATCH_STATE_ENTRIES = entriesOf('payoutBatchState', PAYOUT_BATCH_STATES);

/** A merchant's TPA application to Revenue Monster (/rm-application). */
export const RM_APPLICATION_STATUSES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export type RmApplicationStatus = (typeof RM_APPLICATION_STATUSES)[number];
export const RM_APPLICATION_STATUS_ENTRIES = entriesOf('rmApplicationStatus', RM_APPLICATION_STATUSES);

/**
 * Zone master keys (/zmk-config; the facts of each scheme are zmk.ts's). The
 * algorithm and length of a key: TDES double length (16 bytes), TDES triple length (24 bytes), AES
 * 128, 192 or 256 bits.
 */
export const ZMK_SCHEMES = ['TDES_2KEY', 'TDES_3KEY', 'AES_128', 'AES_192', 'AES_256'] as const;
export type ZmkScheme = (typeof ZMK_SCHEMES)[number];
export const ZMK_SCHEME_ENTRIES = entriesOf('zmkScheme', ZMK_SCHEMES);
/**
 * What a ZMK protects in transit: the PIN keys (ZPK), MAC keys (ZAK) or data keys (ZEK) exchanged
 * with the host under it, or a DUKPT base derivation key (BDK) sent to a key-injection facility.
 */
export const ZMK_PURPOSES = ['ZPK_EXCHANGE', 'ZAK_EXCHANGE', 'ZEK_EXCHANGE', 'BDK_TRANSPORT'] as const;
export type ZmkPurpose = (typeof ZMK_PURPOSES)[number];
export const ZMK_PURPOSE_ENTRIES = entriesOf('zmkPurpose', ZMK_PURPOSES);
/**
 * A ZMK's life: AWAITING_COMPONENTS from its creation (the key ceremony) until its last component
 * makes it ACTIVE; CANCELLED when the ceremony is abandoned (the components entered are wiped);
 * RETIRED when an active key is taken out of use (the key itself is wiped, its KCV kept).
 */
export const ZMK_STATUSES = ['AWAITING_COMPONENTS', 'ACTIVE', 'CANCELLED', 'RETIRED'] as const;
export type ZmkStatus = (typeof ZMK_STATUSES)[number];
export const ZMK_STATUS_ENTRIES = entriesOf('zmkStatus', ZMK_STATUSES);

/**
 * Payout channels: the acquirer whose settlement to the platform funds the payout (TPA: RM,
 * PAYDEE, BSN) or DIRECT for every other provider.
 */
export const PAYOUT_CHANNELS = ['DIRECT', 'RM', 'PAYDEE', 'BSN'] as const;
export type PayoutChannel = (typeof PAYOUT_CHANNELS)[number];
export const PAYOUT_CHANNEL_ENTRIES = entriesOf('payoutChannel', PAYOUT_CHANNELS);

/** MDR fee modes (§9): 1 MDR (percentage), 2 flat amount, 3 the higher of the two, 4 both added. */
export const MDR_FEE_MODES = [
  { code: 1, key: 'MDR', labelKey: 'enum.mdrFeeMode.1' },
  { code: 2, key: 'FLAT_AMOUNT', labelKey: 'enum.mdrFeeMode.2' },
  { code: 3, key: 'HIGHER', labelKey: 'enum.mdrFeeMode.3' },
  { code: 4, key: 'BOTH', labelKey: 'enum.mdrFeeMode.4' },
] as const;
export type MdrFeeModeCode = (typeof MDR_FEE_MODES)[number]['code'];
export const MDR_FEE_MODE_CODES = MDR_FEE_MODES.map((m) => m.code) as MdrFeeModeCode[];
/** MDR category fetch page size (§9). */
export const MDR_CATEGORY_PAGE_SIZE = 999;

/**
 * Log levels of the log-file screens (§9): 1 info, 9 exception; and 5 warning, for pino's warn
 * (a retry still to come, a dropped line: neither success nor failure; log-sources.ts maps them).
 */
export const LOG_LEVELS = [
  { code: 1, key: 'INFO', labelKey: 'enum.logLevel.1' },
  { code: 5, key: 'WARNING', labelKey: 'enum.logLevel.5' },
  { code: 9, key: 'EXCEPTION', labelKey: 'enum.logLevel.9' },
] as const;
export type LogLevelCode = (typeof LOG_LEVELS)[number]['code'];
export const LOG_LEVEL_CODES = LOG_LEVELS.map((l) => l.code) as LogLevelCode[];

// ---------------------------------------------------------------------------------------------
// Settings of services, schedules and notifications (§9)
// ---------------------------------------------------------------------------------------------

/** Notification targets (§9): send to the master merchant, send to the user, none. */
export const NOTIFICATION_TARGETS = ['MASTER_MERCHANT', 'USER', 'NONE'] as const;
export type NotificationTarget = (typeof NOTIFICATION_TARGETS)[number];
export const NOTIFICATION_TARGET_ENTRIES = entriesOf('notificationTarget', NOTIFICATION_TARGETS);

/** QR modes (§9). */
export const QR_MODES = ['RANDOM', 'STATIC', 'SCAN', 'GENERATE'] as const;
export type QrMode = (typeof QR_MODES)[number];
export const QR_MODE_ENTRIES = entriesOf('qrMode', QR_MODES);

/** Schedule frequencies (§9): Daily, Weekly, Monthly, Yearly, e.g. of a recurring payment. */
export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_ENTRIES = entriesOf('frequency', FREQUENCIES);

/** Weekdays (§9), Monday to Sunday; `isoDay` is ISO 8601's 1 (Monday) to 7 (Sunday). */
export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_ENTRIES: readonly (EnumEntry<Weekday> & { readonly isoDay: number })[] = Object.freeze(
  WEEKDAYS.map((code, i) => Object.freeze({ code, labelKey: enumLabelKey('weekday', code), isoDay: i + 1 })),
);

/**
 * Settlement timing (§9): `T_PLUS_X` settles X days after the transaction day (T+X, X set per
 * merchant), `CUSTOM` follows a customised schedule.
 */
export const SETTLEMENT_TIMINGS = ['T_PLUS_X', 'CUSTOM'] as const;
export type SettlementTiming = (typeof SETTLEMENT_TIMINGS)[number];
export const SETTLEMENT_TIMING_ENTRIES = entriesOf('settlementTiming', SETTLEMENT_TIMINGS);

/** Time units (§9): hour, day, week. */
export const TIME_UNITS = ['HOUR', 'DAY', 'WEEK'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
export const TIME_UNIT_ENTRIES = entriesOf('timeUnit', TIME_UNITS);

/** Receipt types (§9): e-receipt and non-e-receipt (printed). */
export const RECEIPT_TYPES = ['E_RECEIPT', 'NON_E_RECEIPT'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];
export const RECEIPT_TYPE_ENTRIES = entriesOf('receiptType', RECEIPT_TYPES);

/** Service mode (§9): online or offline. */
export const SERVICE_MODES = ['ONLINE', 'OFFLINE'] as const;
export type ServiceMode = (typeof SERVICE_MODES)[number];
export const SERVICE_MODE_ENTRIES = entriesOf('serviceMode', SERVICE_MODES);

/** Processing mode (§9 "Manual or auto"), e.g. of a payout or a settlement. */
export const PROCESSING_MODES = ['MANUAL', 'AUTO'] as const;
export type ProcessingMode = (typeof PROCESSING_MODES)[number];
export const PROCESSING_MODE_ENTRIES = entriesOf('processingMode', PROCESSING_MODES);

/** Countries (§9 "The only country is MALAYSIA"; §3 Country: CountryName, Alpha3). */
export const COUNTRIES = ['MALAYSIA'] as const;
export type Country = (typeof COUNTRIES)[number];
export const COUNTRY_ENTRIES: readonly (EnumEntry<Country> & { readonly alpha2: string; readonly alpha3: string })[] = Object.freeze([
  Object.freeze({ code: 'MALAYSIA', labelKey: enumLabelKey('country', 'MALAYSIA'), alpha2: 'MY', alpha3: 'MYS' } as const),
]);
/** The country of state and city lookups and of phone numbers by default (§9). */
export const DEFAULT_COUNTRY: Country = 'MALAYSIA';

// ---------------------------------------------------------------------------------------------
// Risk alert rules (§9)
// ---------------------------------------------------------------------------------------------

/** Risk alert rules (§9), one code per rule and window. */
export const RISK_ALERT_RULES = [
  'LIMIT_TXN_DAILY', 'LIMIT_TXN_MONTHLY', 'FOREIGN_CARD_RATIO_DAILY', 'FOREIGN_CARD_RATIO_MONTHLY', 'CONSECUTIVE_FAILED_DAILY',
  'SAME_CARD_LAST_HOUR', 'SAME_CARD_LAST_24H', 'SAME_CARD_DAILY', 'SAME_IP_LAST_HOUR', 'SAME_IP_LAST_24H', 'SAME_IP_DAILY',
  'SINGLE_LARGE_TXN', 'INACTIVE_TXN_DAYS', 'FOREIGN_IP_DAILY',
] as const;
export type RiskAlertRule = (typeof RISK_ALERT_RULES)[number];

/** What a risk rule's threshold and observed value count. */
export type RiskThresholdKind = 'AMOUNT' | 'PERCENT' | 'COUNT' | 'DAYS';

/**
 * The unit of each §9 rule's threshold and observed value (our reading of the rule names): ringgit
 * (the alert's currency) for amount rules, a percentage for ratios, a number of transactions, or
 * of days for the inactivity rule.
 */
export const RISK_THRESHOLD_KINDS: Readonly<Record<RiskAlertRule, RiskThresholdKind>> = Object.freeze({
  LIMIT_TXN_DAILY: 'AMOUNT',
  LIMIT_TXN_MONTHLY: 'AMOUNT',
  FOREIGN_CARD_RATIO_DAILY: 'PERCENT',
  FOREIGN_CARD_RATIO_MONTHLY: 'PERCENT',
  CONSECUTIVE_FAILED_DAILY: 'COUNT',
  SAME_CARD_LAST_HOUR: 'COUNT',
  SAME_CARD_LAST_24H: 'COUNT',
  SAME_CARD_DAILY: 'COUNT',
  SAME_IP_LAST_HOUR: 'COUNT',
  SAME_IP_LAST_24H: 'COUNT',
  SAME_IP_DAILY: 'COUNT',
  SINGLE_LARGE_TXN: 'AMOUNT',
  INACTIVE_TXN_DAYS: 'DAYS',
  FOREIGN_IP_DAILY: 'COUNT',
});

/**
 * The window a risk rule counts over: the calendar day or month in Malaysian time, a sliding last
 * hour or last 24 hours, one transaction, or a number of days set in the risk parameters.
 */
export type RiskRuleWindow = 'DAILY' | 'MONTHLY' | 'LAST_HOUR' | 'LAST_24H' | 'PER_TRANSACTION' | 'DAYS';

/** A risk rule with its English description (§3 "Risk violation option: Code, Description") and window. */
export interface RiskAlertRuleEntry extends EnumEntry<RiskAlertRule> {
  readonly description: string;
  readonly window: RiskRuleWindow;
}

const RISK_RULE_INFO: Record<RiskAlertRule, [RiskRuleWindow, string]> = {
  LIMIT_TXN_DAILY: ['DAILY', "The merchant's transaction total of the day exceeds its daily limit."],
  LIMIT_TXN_MONTHLY: ['MONTHLY', "The merchant's transaction total of the month exceeds its monthly limit."],
  FOREIGN_CARD_RATIO_DAILY: ['DAILY', 'The share of foreign-issued cards in the day\'s transactions exceeds the set ratio.'],
  FOREIGN_CARD_RATIO_MONTHLY: ['MONTHLY', 'The share of foreign-issued cards in the month\'s transactions exceeds the set ratio.'],
  CONSECUTIVE_FAILED_DAILY: ['DAILY', 'More consecutive failed transactions in a day than allowed.'],
  SAME_CARD_LAST_HOUR: ['LAST_HOUR', 'The same card is used more times than allowed within the last hour.'],
  SAME_CARD_LAST_24H: ['LAST_24H', 'The same card is used more times than allowed within the last 24 hours.'],
  SAME_CARD_DAILY: ['DAILY', 'The same card is used more times than allowed in one day.'],
  SAME_IP_LAST_HOUR: ['LAST_HOUR', 'More transactions than allowed come from the same IP address within the last hour.'],
  SAME_IP_LAST_24H: ['LAST_24H', 'More transactions than allowed come from the same IP address within the last 24 hours.'],
  SAME_IP_DAILY: ['DAILY', 'More transactions than allowed come from the same IP address in one day.'],
  SINGLE_LARGE_TXN: ['PER_TRANSACTION', 'A single transaction exceeds the large-transaction amount.'],
  INACTIVE_TXN_DAYS: ['DAYS', 'The merchant has had no transaction for more than the set number of days.'],
  FOREIGN_IP_DAILY: ['DAILY', 'More transactions than allowed come from IP addresses outside Malaysia in one day.'],
};

/**
 * What a risk alert watches (risk_alerts.subject_kind): a merchant HQ, a card (masked PAN), a
 * client IP address, or one transaction (the single large one).
 */
export const RISK_SUBJECT_KINDS = ['MERCHANT', 'CARD', 'IP', 'TRANSACTION'] as const;
export type RiskSubjectKind = (typeof RISK_SUBJECT_KINDS)[number];
export const RISK_SUBJECT_ENTRIES = entriesOf('riskSubject', RISK_SUBJECT_KINDS);

/** Risk alert rules with label key (`enum.riskRule.<CODE>`), English description and window (§9). */
export const RISK_ALERT_RULE_ENTRIES: readonly RiskAlertRuleEntry[] = Object.freeze(
  RISK_ALERT_RULES.map((code) => {
    const [window, description] = RISK_RULE_INFO[code];
    return Object.freeze({ code, labelKey: enumLabelKey('riskRule', code), description, window });
  }),
);

// ---------------------------------------------------------------------------------------------
// Constants and limits (§9)
// ---------------------------------------------------------------------------------------------

/** Token cookie lifetime (§9): half a day, in ms. */
export const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** Public-IP lookup timeout (§7, §9), ms. */
export const IP_LOOKUP_TIMEOUT_MS = 5000;
/** Persisted-state rehydrate timeout (§9), ms, and storage version. */
export const PERSIST_TIMEOUT_MS = 5000;
export const PERSIST_VERSION = 1;
/** Text longer than this is too long (§5, §9). */
export const MAX_TEXT_LENGTH = 250;
/** Phone number national part: 2 to 17 digits (§5, §9). */
export const PHONE_NATIONAL_MIN_DIGITS = 2;
export const PHONE_NATIONAL_MAX_DIGITS = 17;
/** Date-time display format (§9), always in Malaysian time. */
export const DATE_TIME_FORMAT = 'DD-MM-YYYY HH:mm:ss';
export const BUSINESS_TIME_ZONE = 'Asia/Kuala_Lumpur';

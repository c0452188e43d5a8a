/**
 * The messages of the rules resource declarations and endpoints add to their fields
 * ("every validation message a user can see is a translated catalogue key"): format rules of one
 * field ('enter an 8 or 11 character SWIFT BIC, e.g. MBBEMYKL') and cross-field rules of a record
 * ('enter a rate above 0 for fee mode {{mode}}'). As with FIELD_MESSAGES, the key IS the lower-case
 * English instruction, without a trailing period; ENUM_LABELS carries its en, ms and zh texts.
 * A key with placeholders is sent filled (`fieldMessage`) and read back (`readFieldMessage`).
 *
 * Placeholders: numeric ones (`{{mode}}`) are read back as numbers; the TEXT_PLACEHOLDERS below
 * carry codes or names that are not translated (a BIN, a scheme name, permission keys, a template
 * key, placeholder lists) and are read back as text.
 */
export const RULE_MESSAGES = Object.freeze({
  // Codes typed once and kept (config-a-common UPPER_CODE, payment products, mobile permissions).
  upperCode: 'use capital letters, digits and _, starting with a letter',
  productCode: 'use capital letters and digits joined by -, e.g. EC-FPX-B2C',
  permissionKey: 'write the key as module:action in lower case, e.g. payment:accept',
  permissionModule: 'write the module in capitals, e.g. PAYMENT',
  // Reference codes of one field.
  bankCode: 'enter the FPX bank code (e.g. MBB0228) or, for a bank outside FPX, its SWIFT BIC',
  swiftBic: 'enter an 8 or 11 character SWIFT BIC, e.g. MBBEMYKL',
  currencyCode: 'enter a 3-letter ISO 4217 code',
  mcc: 'enter the 4-digit merchant category code (MCC)',
  binPrefix: 'enter the first 6 to 8 digits of the card number',
  countryAlpha3: 'enter the ISO 3166-1 alpha-3 country code, e.g. MYS',
  httpsAddress: 'use an https:// address',
  // Card BIN (cardBinRule).
  binNoScheme: 'enter a BIN within the range of a card scheme',
  binScheme: 'choose the card scheme of BIN {{bin}}: {{scheme}}',
  domesticYes: 'set domestic to yes: the issuer country is Malaysia (MYS)',
  domesticNo: 'set domestic to no: only cards issued in Malaysia (MYS) are domestic',
  // MDR fee modes (mdrFeeRule).
  feeModeRate: 'enter a rate above 0 for fee mode {{mode}}',
  feeModeAmount: 'enter an amount above 0 for fee mode {{mode}}',
  feeMode1Flat: 'set the flat amount to 0 for fee mode 1 (MDR), or use fee mode 4 to charge both',
  feeMode2Rate: 'set the MDR rate to 0 for fee mode 2 (flat amount), or use fee mode 4 to charge both',
  minFeeAboveMax: 'enter a minimum fee not above the maximum fee',
  // Risk parameters.
  riskPercent: 'enter a percentage from 0 to 100',
  riskDays: 'enter a whole number of days, at least 1',
  riskCount: 'enter a whole number of transactions, at least 1',
  riskAmount: 'enter an amount above 0',
  riskWindow: 'set the time unit and the window length together, or neither',
  // Payout holidays.
  holidayYear: 'enter a date from 2000 to 2100',
  stateTwice: 'choose each state only once',
  // Organization configuration.
  productCodeList: 'choose payment products from the list',
  productTwice: 'choose each payment product only once',
  settlementCustom: 'describe the customised settlement timing',
  payoutBank: 'choose the bank of the payout account',
  payoutAccountName: 'enter the name of the payout account holder',
  webhookSecret: 'enter a Standard Webhooks secret: whsec_ and the base64 of 24 to 64 random bytes, or generate one',
  // The ingest API (issue 31).
  ingestAmount: 'enter an amount in ringgit above 0 and at most 1,000,000, with at most 2 decimals',
  ingestRef: 'use 6 to 40 letters, digits, - or _',
  ingestEventId: 'use 6 to 64 letters, digits, ., :, - or _',
  ingestCode: 'use up to 64 letters, digits, ., :, - or _',
  countryCode: 'enter the country as three capital letters (ISO 3166)',
  maskedPan: 'enter the first 6 and last 4 digits with the middle masked',
  ingestRows: 'send 1 to 5,000 rows, each an object',
  captureNeeds: 'name the amount and the operation reference of a capture, and the operation reference of a capture void',
  terminalCodes: 'enter the digits the terminal printed (batch 1 to 6, STAN 6, RRN 12 letters or digits)',
  phoneShape: 'enter a phone number of 6 to 20 digits, spaces or dashes, + first if international',
  // Message templates.
  templateKey: 'choose one of the message template keys',
  placeholderShape: 'write each placeholder as a name of letters and digits in double braces, without spaces: {{found}}',
  placeholderOpen: 'close every placeholder brace pair',
  placeholderUnknown: 'use only the placeholders {{templateKey}} offers ({{allowed}}), not {{found}}',
  placeholderNone: 'remove the placeholders: {{templateKey}} offers none ({{found}})',
  placeholderName: 'write a placeholder name without braces, e.g. UserName',
  emailSubject: 'enter a subject for an e-mail',
  smsSubject: 'leave the subject empty for an SMS',
  // Mobile user groups.
  cashierPermissions: 'remove what a cashier group cannot hold: {{permissions}}',
  // System settings (a value type no code knows: a defect, shown rather than hidden).
  settingType: 'this setting has an unknown value type',
  // Transaction filters.
  last4: 'enter the last 4 digits of the card',
  currencyFilter: 'enter a 3-letter currency code',
  txnRefNo: 'enter the reference with letters, digits, - or _ only',
  // Saved views.
  viewScreen: 'enter a portal screen path such as /transaction/ecommerce',
  viewQuery: 'enter a list query without ?, # or spaces',
  settlementDate: 'enter the settlement date as YYYY-MM-DD',
  providerReference: 'enter the reference with letters, digits, ., - or _ only',
  tid: 'enter the terminal ID (TID): 8 letters or digits',
  mid: 'enter the merchant ID (MID): up to 15 letters or digits',
  batchNo: 'enter the batch number: 6 digits',
  approvalCode: 'enter the approval code: 6 letters or digits',
  payoutBatchId: 'enter the bank batch number: digits only',
  payoutDate: 'enter a payout date that exists, as YYYY-MM-DD',
  // Terminal log files (§2 /master-terminal-log-files).
  logFileName: 'enter a file name of at most 100 letters, digits, ., - or _, starting with a letter or digit',
  logDateNotFuture: 'enter a log date that is not after today',
  // A log screen's live tail, reconnecting after the last event it received.
  tailCursor: 'enter the id of the last event received: digits only',
  // The refund form.
  refundServiceType: 'choose a service type other than terminal',
  refundReferenceTwice: 'enter each transaction reference once',
  // The Revenue Monster application.
  postcode: 'enter the 5-digit postcode',
  rmMerchantId: "enter Revenue Monster's merchant ID: up to 40 letters, digits, - or _",
  walletTwice: 'choose each e-wallet only once',
  // Profiles and their KYC review.
  nric: 'enter the NRIC as YYMMDD-PB-###G with a real birth date and place-of-birth code',
  ssmRegNo: 'enter the 12-digit SSM number: year, entity type 01 to 06, running number',
  ssmRegNoOld: 'enter the old SSM number as digits, a dash and its check letter, e.g. 1234567-X',
  passportNo: 'enter the passport number: 5 to 20 letters or digits',
  malaysianState: 'choose one of the 16 states',
  cityOfState: 'choose a city of the chosen state',
  primaryAccount: 'mark exactly one bank account as primary',
  maskedAccountNo: 'enter the whole account number for a new bank account',
  kycReason: 'give the reason for this decision',
  // User management and sign-in with a second factor.
  otpCode: 'enter the 6-digit code from your authenticator app',
  recoveryCode: 'enter a recovery code as 4 letters or digits, a hyphen and 4 more, e.g. K7Q2-M9XD',
  membershipTwice: 'choose each company and group only once',
  inviteToken: 'open the link from your e-mail again: it is incomplete',
  // Zone master keys: a component and its check value as a custodian types them.
  zmkComponent: 'enter the component as 32, 48 or 64 hexadecimal digits (0-9, A-F)',
  zmkKcv: 'enter the 6-digit hexadecimal key check value (KCV)',
  // Firmware rollouts: the stages as cumulative percentages.
  rolloutStages: 'enter increasing percentages ending at 100, e.g. 10, 50, 100',
} as const);
export type RuleMessageKey = (typeof RULE_MESSAGES)[keyof typeof RULE_MESSAGES];
/** Every key of RULE_MESSAGES (each has en, ms and zh texts in ENUM_LABELS). */
export const RULE_MESSAGE_KEYS: readonly RuleMessageKey[] = Object.freeze(Object.values(RULE_MESSAGES));

/**
 * Placeholders whose values are text (codes and names shown as they are), not numbers. Every
 * other placeholder of a message key is a number.
 */
export const TEXT_PLACEHOLDERS: ReadonlySet<string> = new Set(['bin', 'scheme', 'found', 'templateKey', 'allowed', 'permissions']);

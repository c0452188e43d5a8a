import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_REWARD_TYPES, CAMPAIGN_STATUSES, CARD_SCHEMES, CARD_SCHEME_LABELS, CARD_TYPES, COUNTRY_ENTRIES, DRAW_METHODS, ENUM_LABELS,
  ENUM_LABEL_KEYS, ENUM_LISTS, FREQUENCIES, LOG_LEVELS, MDR_FEE_MODES, NOTIFICATION_TARGETS, ONBOARDING_STATUSES, PAYMENT_METHODS,
  PAYMENT_STATUSES, PREAUTH_OPERATIONS, PROCESSING_MODES, QR_MODES, RECEIPT_TYPES, RECON_RESULTS, REFUND_REASONS, REFUND_SERVICE_TYPE_CODES,
  REFUND_STATUSES, RESULT_STATUSES, RISK_ALERT_RULES, RISK_ALERT_RULE_ENTRIES, SERVICE_MODES, SERVICE_TYPES, SERVICE_TYPE_CODES,
  SETTLEMENT_TIMINGS, TICKET_STATUSES, TIME_UNITS, TRANSACTION_OUTCOMES, TRANSACTION_STATUSES, TRANSACTION_TYPES, VALIDATION_MESSAGE_KEYS, FIELD_MESSAGE_KEYS,
  RULE_MESSAGE_KEYS, WEEKDAY_ENTRIES, MALAYSIAN_STATES, allRoutes, labelKeyOf, type EnumListName,
} from '../src/index.ts';

const LANGUAGES = ['en', 'ms', 'zh'] as const;
const lists = Object.entries(ENUM_LISTS) as [EnumListName, readonly { code: string | number; labelKey: string }[]][];

describe('enumerations follow §4 and §9', () => {
  it.each([
    ['merchant onboarding status', ONBOARDING_STATUSES, ['PENDING', 'REJECTED', 'REVIEWING', 'SUSPENDED', 'UNVERIFY', 'VERIFIED']],
    ['refund request status', REFUND_STATUSES, ['PENDING', 'REFUNDED', 'REJECTED', 'TXN_NOT_FOUND', 'EXPIRED', 'COMPLETED', 'REFUNDED_ACK_FAIL']],
    ['campaign status', CAMPAIGN_STATUSES, ['INACTIVE', 'UPCOMING', 'COMPLETED', 'ONGOING', 'COMPLETED_INACTIVE', 'UPCOMING_INACTIVE']],
    ['ticket status', TICKET_STATUSES, ['PENDING', 'OPEN', 'CLOSE']],
    ['payment status', PAYMENT_STATUSES, ['PENDING', 'SUCCESS']],
    ['transaction outcome', TRANSACTION_OUTCOMES, ['SUCCESS', 'VOID']],
    ['success/failed', RESULT_STATUSES, ['SUCCESS', 'FAILED']],
    ['transaction status (stored union)', TRANSACTION_STATUSES, ['PENDING', 'SUCCESS', 'FAILED', 'VOID']],
    ['transaction types', TRANSACTION_TYPES, [
      'SALE', 'PREAUTH', 'SALECOMPLETION', 'VOID', 'VOIDSALECOMPLETION', 'VOIDPREAUTH', 'REVERSE', 'BATCHUPLOAD', 'SETTLE', 'SETTLETRAILER',
      'MOTO', 'VOIDMOTO', 'EPP', 'VOIDEPP',
    ]],
    ['pre-auth operations', PREAUTH_OPERATIONS, ['PREAUTH', 'PREAUTH_VOID', 'CAPTURE', 'CAPTURE_VOID']],
    ['payment methods', PAYMENT_METHODS, [
      'HOSTED_CARD', 'CC', 'OB', 'EW', 'BNPL', 'GEN_QR', 'CRYPTO', 'CCINT', 'FPX_B2C', 'FPX_B2B', 'APM', 'EPP', 'EPP_BSN', 'STATIC_QR',
    ]],
    ['refund reasons', REFUND_REASONS, ['FR', 'DP', 'RC', 'OT']],
    ['notification targets', NOTIFICATION_TARGETS, ['MASTER_MERCHANT', 'USER', 'NONE']],
    ['QR modes', QR_MODES, ['RANDOM', 'STATIC', 'SCAN', 'GENERATE']],
    ['frequencies', FREQUENCIES, ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']],
    ['settlement timing', SETTLEMENT_TIMINGS, ['T_PLUS_X', 'CUSTOM']],
    ['time units', TIME_UNITS, ['HOUR', 'DAY', 'WEEK']],
    ['campaign reward types', CAMPAIGN_REWARD_TYPES, ['BY_AMOUNT', 'BY_PERCENTAGE', 'RANDOM_AMOUNT']],
    ['draw methods', DRAW_METHODS, ['CONTEST_NUMBER', 'RANDOM_PICK']],
    ['receipt types', RECEIPT_TYPES, ['E_RECEIPT', 'NON_E_RECEIPT']],
    ['service modes', SERVICE_MODES, ['ONLINE', 'OFFLINE']],
    ['processing modes', PROCESSING_MODES, ['MANUAL', 'AUTO']],
    ['card types', CARD_TYPES, ['CREDIT', 'DEBIT', 'PREPAID']],
    ['card schemes', CARD_SCHEMES, ['VISA', 'MASTER', 'UNIONPAY', 'JCB', 'AMEX', 'DISCOVER', 'MAESTRO']],
  ] as const)('%s', (_name, actual, expected) => {
    expect([...actual]).toEqual([...expected]);
  });

  it('numbered lists carry the spec codes', () => {
    expect(SERVICE_TYPES.map((s) => [s.code, s.key])).toEqual([
      [1, 'ECOMMERCE'], [2, 'TERMINAL'], [3, 'PAYMENT_LINK'], [4, 'ECOMMERCE_PREAUTH'], [5, 'PAY_BY_CARD'], [6, 'RECURRING'],
    ]);
    expect(SERVICE_TYPE_CODES).toEqual([1, 2, 3, 4, 5, 6]);
    expect(RECON_RESULTS.map((r) => [r.code, r.key])).toEqual([
      [1, 'TALLY'], [2, 'NOT_TALLY'], [3, 'EXIST_IN_PROVIDER'], [4, 'EXIST_IN_PORTAL'], [5, 'VERIFIED'], [6, 'UNVERIFY'], [7, 'DUPLICATE'],
    ]);
    expect(RECON_RESULTS.filter((r) => r.singleProviderOnly).map((r) => r.code)).toEqual([7]);
    expect(MDR_FEE_MODES.map((m) => [m.code, m.key])).toEqual([[1, 'MDR'], [2, 'FLAT_AMOUNT'], [3, 'HIGHER'], [4, 'BOTH']]);
    expect(LOG_LEVELS.map((l) => [l.code, l.key])).toEqual([[1, 'INFO'], [5, 'WARNING'], [9, 'EXCEPTION']]);
  });

  it('the refund form offers every service type except terminal (§9)', () => {
    expect(REFUND_SERVICE_TYPE_CODES).toEqual([1, 3, 4, 5, 6]);
  });

  it('weekdays run Monday (ISO 1) to Sunday (ISO 7)', () => {
    expect(WEEKDAY_ENTRIES.map((w) => [w.code, w.isoDay])).toEqual([
      ['MONDAY', 1], ['TUESDAY', 2], ['WEDNESDAY', 3], ['THURSDAY', 4], ['FRIDAY', 5], ['SATURDAY', 6], ['SUNDAY', 7],
    ]);
  });

  it('the only country is MALAYSIA (§9)', () => {
    expect(COUNTRY_ENTRIES.map((c) => [c.code, c.alpha2, c.alpha3])).toEqual([['MALAYSIA', 'MY', 'MYS']]);
  });

  it('has one risk rule per §9 rule and window, each with an English description', () => {
    expect(RISK_ALERT_RULES).toHaveLength(14);
    expect(RISK_ALERT_RULE_ENTRIES.map((r) => r.code)).toEqual([...RISK_ALERT_RULES]);
    const descriptions = RISK_ALERT_RULE_ENTRIES.map((r) => r.description);
    expect(descriptions.every((d) => /^[A-Z].{20,}\.$/.test(d))).toBe(true);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    expect(RISK_ALERT_RULE_ENTRIES.find((r) => r.code === 'SAME_IP_LAST_24H')?.window).toBe('LAST_24H');
    expect(RISK_ALERT_RULE_ENTRIES.find((r) => r.code === 'SINGLE_LARGE_TXN')?.window).toBe('PER_TRANSACTION');
  });

  it('labels MAESTRO "Maestro / MEPS"', () => {
    expect(CARD_SCHEME_LABELS.MAESTRO).toBe('Maestro / MEPS');
    expect(Object.keys(CARD_SCHEME_LABELS)).toEqual([...CARD_SCHEMES]);
  });
});

describe('label keys', () => {
  it('every entry of every list has the key enum.<list>.<code>, and codes are unique per list', () => {
    for (const [list, entries] of lists) {
      expect(entries.length, list).toBeGreaterThan(0);
      for (const e of entries) expect(e.labelKey).toBe(`enum.${list}.${e.code}`);
      expect(new Set(entries.map((e) => e.code)).size, list).toBe(entries.length);
    }
  });

  it.each(LANGUAGES)('%s labels every enum constant and every validator message', (lang) => {
    const catalogue = ENUM_LABELS[lang];
    const missing = [...lists.flatMap(([, entries]) => entries.map((e) => e.labelKey)), ...VALIDATION_MESSAGE_KEYS, ...FIELD_MESSAGE_KEYS, ...RULE_MESSAGE_KEYS].filter(
      (k) => typeof catalogue[k] !== 'string' || catalogue[k]!.trim() === '',
    );
    expect(missing).toEqual([]);
  });

  it('all three languages carry exactly the same keys, and no key belongs to no list', () => {
    const used = new Set<string>([
      ...lists.flatMap(([, entries]) => entries.map((e) => e.labelKey)),
      ...VALIDATION_MESSAGE_KEYS,
      ...FIELD_MESSAGE_KEYS,
      ...RULE_MESSAGE_KEYS,
      // The state pickers and the provider screens' menu entries.
      ...MALAYSIAN_STATES.map((st) => `state.${st.code}`),
      ...allRoutes().map((r) => r.labelKey),
    ]);
    for (const lang of LANGUAGES) expect(Object.keys(ENUM_LABELS[lang]).sort()).toEqual([...ENUM_LABEL_KEYS].sort());
    expect(ENUM_LABEL_KEYS.filter((k) => !used.has(k))).toEqual([]);
  });

  it('keeps the English texts the web app already shows', () => {
    expect(ENUM_LABELS.en['enum.serviceType.1']).toBe('E-commerce');
    expect(ENUM_LABELS.en['enum.status.VOID']).toBe('Void');
    expect(ENUM_LABELS.en['enum.paymentMethod.CC']).toBe('Credit/debit card');
    expect(ENUM_LABELS.en['enum.groupType.MERCHANT_BRANCH']).toBe('Merchant');
    expect(ENUM_LABELS.ms['enum.refundReason.RC']).toBe('Diminta oleh pelanggan');
    expect(ENUM_LABELS.zh['enum.weekday.SUNDAY']).toBe('星期日');
  });

  it('labelKeyOf gives the key of a known code and undefined otherwise', () => {
    expect(labelKeyOf('refundStatus', 'TXN_NOT_FOUND')).toBe('enum.refundStatus.TXN_NOT_FOUND');
    expect(labelKeyOf('serviceType', 3)).toBe('enum.serviceType.3');
    expect(labelKeyOf('serviceType', '3')).toBe('enum.serviceType.3');
    expect(labelKeyOf('serviceType', 9)).toBeUndefined();
    expect(labelKeyOf('status', null)).toBeUndefined();
  });
});

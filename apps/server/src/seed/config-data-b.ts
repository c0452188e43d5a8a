/**
 * Group B configuration data every Paydesk database starts with (the resources of
 * packages/contract/src/resources/defs/group-b.ts): the mobile app's permission keys and three
 * starter mobile user groups, message templates in English, Malay and Chinese, one risk
 * parameter per §9 rule, Malaysia's public holidays of 2026 and 2027, and the typed system settings.
 * Called at the end of ensureReferenceData (same transaction, same advisory lock), so it runs at
 * every start on PGlite and PostgreSQL. Inserts are `ON CONFLICT DO NOTHING` on each table's
 * natural key, so a row an administrator changed is never overwritten (a reference row deleted on
 * purpose comes back at the next start: deactivate it instead); the mobile user groups, whose names
 * administrators may change, are seeded once into an empty table.
 */
import { and, eq } from 'drizzle-orm';
import { MALAYSIAN_STATES, type RiskAlertRule } from '@paydesk/domain';
import { MOBILE_PERMISSIONS, SYSTEM_SETTINGS, type MobilePermissionKey } from '@paydesk/contract';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { messageTemplates, mobileGlobalPermissions, mobileUserGroups, payoutHolidays, riskParameters, systemSettings } from '../db/schema/index.ts';
import { settingDefaults } from '../platform/settings.ts';

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

// ---------------------------------------------------------------------------------------------
// Mobile permissions (/mobile-global) and mobile user groups (/mobile-user-group)

const ALL_MOBILE = MOBILE_PERMISSIONS.map((p) => p.key);
const except = (...drop: MobilePermissionKey[]) => ALL_MOBILE.filter((k) => !drop.includes(k));

/** Starter groups of the merchant mobile app: the owner holds everything, a branch manager no payouts or users, a cashier takes payments. */
export const REFERENCE_MOBILE_USER_GROUPS: { name: string; userType: string; description: string; permissions: string[] }[] = [
  { name: 'Merchant Owner', userType: 'MERCHANT_HQ', description: 'Head office: every mobile feature', permissions: ALL_MOBILE },
  { name: 'Branch Manager', userType: 'MERCHANT_BRANCH', description: 'A branch: sales, refunds and reports of the branch', permissions: except('settlement:view', 'user:manage') },
  { name: 'Cashier', userType: 'CASHIER', description: 'A counter: take payments and send receipts', permissions: ['payment:accept', 'transaction:view', 'receipt:send', 'notification:receive'] },
];

// ---------------------------------------------------------------------------------------------
// Message templates (/message-template)

type Texts = readonly [en: string, ms: string, zh: string];
const t = (templateKey: string, channel: 'EMAIL' | 'SMS' | 'PUSH', subject: string | null, [bodyEn, bodyMs, bodyZh]: Texts) => ({ templateKey, channel, subject, bodyEn, bodyMs, bodyZh });

/**
 * Templates of every key by e-mail; by SMS where the customer or user acts at once (reset, payment
 * link, recurring reminder, receipt); by push to the merchant app for money and risk events. The
 * subject is one (English) line; a push's subject is its title. Each uses only its key's
 * placeholders (a config-b test checks every one against the resource's rule).
 */
export const REFERENCE_MESSAGE_TEMPLATES = [
  t('WELCOME_USER', 'EMAIL', 'Your portal account is ready', [
    'Dear {{UserName}},\n\nAn account has been created for you. Sign in at {{PortalUrl}} with {{Email}} and the temporary password {{TemporaryPassword}}, then choose your own password.\n\nIf you did not expect this e-mail, please ignore it.',
    'Kepada {{UserName}},\n\nAkaun telah dicipta untuk anda. Log masuk di {{PortalUrl}} dengan {{Email}} dan kata laluan sementara {{TemporaryPassword}}, kemudian pilih kata laluan anda sendiri.\n\nJika anda tidak menjangkakan e-mel ini, sila abaikannya.',
    '{{UserName}} 您好：\n\n我们已为您创建账户。请使用 {{Email}} 和临时密码 {{TemporaryPassword}} 登录 {{PortalUrl}}，然后设置您自己的密码。\n\n如果您没有预期收到此邮件，请忽略。',
  ]),
  t('RESET_PASSWORD', 'EMAIL', 'Reset your password', [
    'Dear {{UserName}},\n\nWe received a request to reset your password. Open {{ResetLink}} within {{ExpiryMinutes}} minutes to choose a new one.\n\nIf you did not ask for this, ignore this e-mail; your password stays the same.',
    'Kepada {{UserName}},\n\nKami menerima permintaan untuk menetapkan semula kata laluan anda. Buka {{ResetLink}} dalam masa {{ExpiryMinutes}} minit untuk memilih kata laluan baharu.\n\nJika anda tidak membuat permintaan ini, abaikan e-mel ini; kata laluan anda kekal sama.',
    '{{UserName}} 您好：\n\n我们收到了重设您密码的请求。请在 {{ExpiryMinutes}} 分钟内打开 {{ResetLink}} 设置新密码。\n\n如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
  ]),
  t('RESET_PASSWORD', 'SMS', null, [
    'Reset your password within {{ExpiryMinutes}} min: {{ResetLink}}. Not you? Ignore this message.',
    'Tetapkan semula kata laluan anda dalam {{ExpiryMinutes}} minit: {{ResetLink}}. Bukan anda? Abaikan mesej ini.',
    '请在 {{ExpiryMinutes}} 分钟内重设密码：{{ResetLink}}。非本人操作请忽略。',
  ]),
  t('MERCHANT_APPROVED', 'EMAIL', 'Your merchant application is approved', [
    'Dear {{MerchantName}},\n\nYour application was approved on {{ApprovedDate}}. Your merchant ID is {{MerchantId}}. Sign in at {{PortalUrl}} to see your transactions and settlements.',
    'Kepada {{MerchantName}},\n\nPermohonan anda telah diluluskan pada {{ApprovedDate}}. ID peniaga anda ialah {{MerchantId}}. Log masuk di {{PortalUrl}} untuk melihat transaksi dan penyelesaian anda.',
    '{{MerchantName}} 您好：\n\n您的申请已于 {{ApprovedDate}} 获批。您的商户编号为 {{MerchantId}}。请登录 {{PortalUrl}} 查看交易与结算。',
  ]),
  t('MERCHANT_REJECTED', 'EMAIL', 'Your merchant application', [
    'Dear {{MerchantName}},\n\nWe are unable to approve your application ({{MerchantId}}) at this time. Reason: {{Reason}}\n\nYou may apply again once the matter is resolved.',
    'Kepada {{MerchantName}},\n\nKami tidak dapat meluluskan permohonan anda ({{MerchantId}}) buat masa ini. Sebab: {{Reason}}\n\nAnda boleh memohon semula setelah perkara ini diselesaikan.',
    '{{MerchantName}} 您好：\n\n很抱歉，我们目前无法批准您的申请（{{MerchantId}}）。原因：{{Reason}}\n\n问题解决后，您可以重新申请。',
  ]),
  t('REFUND_COMPLETED', 'EMAIL', 'Refund completed: {{TxnRefNo}}', [
    'Dear {{MerchantName}},\n\nThe refund of {{Currency}} {{RefundAmount}} for transaction {{TxnRefNo}} was completed on {{RefundDate}}.',
    'Kepada {{MerchantName}},\n\nBayaran balik {{Currency}} {{RefundAmount}} bagi transaksi {{TxnRefNo}} telah selesai pada {{RefundDate}}.',
    '{{MerchantName}} 您好：\n\n交易 {{TxnRefNo}} 的退款 {{Currency}} {{RefundAmount}} 已于 {{RefundDate}} 完成。',
  ]),
  t('REFUND_COMPLETED', 'PUSH', 'Refund completed', [
    'Refund of {{Currency}} {{RefundAmount}} for {{TxnRefNo}} completed.',
    'Bayaran balik {{Currency}} {{RefundAmount}} bagi {{TxnRefNo}} selesai.',
    '{{TxnRefNo}} 的退款 {{Currency}} {{RefundAmount}} 已完成。',
  ]),
  t('REFUND_REJECTED', 'EMAIL', 'Refund rejected: {{TxnRefNo}}', [
    'Dear {{MerchantName}},\n\nThe refund request of {{Currency}} {{RefundAmount}} for transaction {{TxnRefNo}} was rejected. Reason: {{Reason}}',
    'Kepada {{MerchantName}},\n\nPermintaan bayaran balik {{Currency}} {{RefundAmount}} bagi transaksi {{TxnRefNo}} telah ditolak. Sebab: {{Reason}}',
    '{{MerchantName}} 您好：\n\n交易 {{TxnRefNo}} 的退款申请（{{Currency}} {{RefundAmount}}）已被拒绝。原因：{{Reason}}',
  ]),
  t('PAYOUT_COMPLETED', 'EMAIL', 'Payout of {{Currency}} {{PayoutAmount}} sent', [
    'Dear {{MerchantName}},\n\nWe paid {{Currency}} {{PayoutAmount}} to your {{BankName}} account {{BankAccountNo}} on {{PayoutDate}}.',
    'Kepada {{MerchantName}},\n\nKami telah membayar {{Currency}} {{PayoutAmount}} ke akaun {{BankName}} anda {{BankAccountNo}} pada {{PayoutDate}}.',
    '{{MerchantName}} 您好：\n\n我们已于 {{PayoutDate}} 将 {{Currency}} {{PayoutAmount}} 汇入您的 {{BankName}} 账户 {{BankAccountNo}}。',
  ]),
  t('PAYOUT_COMPLETED', 'PUSH', 'Payout sent', [
    '{{Currency}} {{PayoutAmount}} paid to {{BankName}} {{BankAccountNo}} on {{PayoutDate}}.',
    '{{Currency}} {{PayoutAmount}} dibayar ke {{BankName}} {{BankAccountNo}} pada {{PayoutDate}}.',
    '{{Currency}} {{PayoutAmount}} 已于 {{PayoutDate}} 汇入 {{BankName}} {{BankAccountNo}}。',
  ]),
  t('RISK_ALERT', 'EMAIL', 'Risk alert {{RuleCode}}: {{MerchantName}}', [
    'Risk rule {{RuleCode}} was triggered for {{MerchantName}} ({{MerchantId}}) on {{AlertDate}}.\n\n{{RuleDescription}}\n\nReview it on the Risk screen of the portal.',
    'Peraturan risiko {{RuleCode}} telah dicetuskan bagi {{MerchantName}} ({{MerchantId}}) pada {{AlertDate}}.\n\n{{RuleDescription}}\n\nSemak di skrin Risiko portal.',
    '商户 {{MerchantName}}（{{MerchantId}}）于 {{AlertDate}} 触发风险规则 {{RuleCode}}。\n\n{{RuleDescription}}\n\n请在门户的风险页面查看。',
  ]),
  t('RISK_ALERT', 'PUSH', 'Risk alert', [
    '{{RuleCode}} triggered for {{MerchantName}} on {{AlertDate}}.',
    '{{RuleCode}} dicetuskan bagi {{MerchantName}} pada {{AlertDate}}.',
    '{{MerchantName}} 于 {{AlertDate}} 触发 {{RuleCode}}。',
  ]),
  t('PAYMENT_LINK', 'EMAIL', 'Payment request from {{MerchantName}}', [
    'Dear {{CustomerName}},\n\n{{MerchantName}} requests a payment of {{Currency}} {{Amount}}. Pay securely at {{PaymentLink}} before {{ExpiryDate}}.',
    'Kepada {{CustomerName}},\n\n{{MerchantName}} meminta bayaran sebanyak {{Currency}} {{Amount}}. Bayar dengan selamat di {{PaymentLink}} sebelum {{ExpiryDate}}.',
    '{{CustomerName}} 您好：\n\n{{MerchantName}} 向您发出 {{Currency}} {{Amount}} 的付款请求。请在 {{ExpiryDate}} 前通过 {{PaymentLink}} 安全付款。',
  ]),
  t('PAYMENT_LINK', 'SMS', null, [
    '{{MerchantName}}: pay {{Currency}} {{Amount}} at {{PaymentLink}} before {{ExpiryDate}}.',
    '{{MerchantName}}: bayar {{Currency}} {{Amount}} di {{PaymentLink}} sebelum {{ExpiryDate}}.',
    '{{MerchantName}}：请在 {{ExpiryDate}} 前通过 {{PaymentLink}} 支付 {{Currency}} {{Amount}}。',
  ]),
  t('RECURRING_REMINDER', 'EMAIL', 'Upcoming payment to {{MerchantName}}', [
    'Dear {{CustomerName}},\n\nYour {{Frequency}} payment of {{Currency}} {{Amount}} to {{MerchantName}} will be charged on {{NextPaymentDate}}.',
    'Kepada {{CustomerName}},\n\nBayaran {{Frequency}} anda sebanyak {{Currency}} {{Amount}} kepada {{MerchantName}} akan dicaj pada {{NextPaymentDate}}.',
    '{{CustomerName}} 您好：\n\n您向 {{MerchantName}} 的{{Frequency}}付款 {{Currency}} {{Amount}} 将于 {{NextPaymentDate}} 扣款。',
  ]),
  t('RECURRING_REMINDER', 'SMS', null, [
    '{{MerchantName}}: {{Currency}} {{Amount}} ({{Frequency}}) will be charged on {{NextPaymentDate}}.',
    '{{MerchantName}}: {{Currency}} {{Amount}} ({{Frequency}}) akan dicaj pada {{NextPaymentDate}}.',
    '{{MerchantName}}：{{Currency}} {{Amount}}（{{Frequency}}）将于 {{NextPaymentDate}} 扣款。',
  ]),
  t('PAYMENT_RECEIPT', 'EMAIL', 'Receipt {{TxnRefNo}} from {{MerchantName}}', [
    'Dear {{CustomerName}},\n\nThank you for your payment of {{Currency}} {{Amount}} to {{MerchantName}} on {{TransactionDate}}. Reference: {{TxnRefNo}}.',
    'Kepada {{CustomerName}},\n\nTerima kasih atas bayaran anda sebanyak {{Currency}} {{Amount}} kepada {{MerchantName}} pada {{TransactionDate}}. Rujukan: {{TxnRefNo}}.',
    '{{CustomerName}} 您好：\n\n感谢您于 {{TransactionDate}} 向 {{MerchantName}} 支付 {{Currency}} {{Amount}}。参考编号：{{TxnRefNo}}。',
  ]),
  t('PAYMENT_RECEIPT', 'SMS', null, [
    '{{MerchantName}}: received {{Currency}} {{Amount}} on {{TransactionDate}}, ref {{TxnRefNo}}. Thank you.',
    '{{MerchantName}}: {{Currency}} {{Amount}} diterima pada {{TransactionDate}}, rujukan {{TxnRefNo}}. Terima kasih.',
    '{{MerchantName}}：已于 {{TransactionDate}} 收到 {{Currency}} {{Amount}}，参考编号 {{TxnRefNo}}。谢谢。',
  ]),
];

// ---------------------------------------------------------------------------------------------
// Risk parameters (/risk-parameter)

type RiskRow = { threshold: string; timeUnit: 'HOUR' | 'DAY' | null; windowLength: number | null; action: 'ALERT' | 'HOLD' | 'BLOCK' };
const hour = (n: number) => ({ timeUnit: 'HOUR' as const, windowLength: n });
const day = { timeUnit: 'DAY' as const, windowLength: 1 };
const none = { timeUnit: null, windowLength: null };

/**
 * A starting threshold for every §9 rule (our choice; the acquirer tunes them): RM amounts for the
 * limits and the single large transaction (held for review), percentages for foreign-card ratios,
 * counts for velocity rules, 30 days of inactivity. Windows follow the rule names.
 */
export const REFERENCE_RISK_PARAMETERS: Record<RiskAlertRule, RiskRow> = {
  LIMIT_TXN_DAILY: { threshold: '50000.00', ...day, action: 'ALERT' },
  LIMIT_TXN_MONTHLY: { threshold: '1000000.00', ...none, action: 'ALERT' },
  FOREIGN_CARD_RATIO_DAILY: { threshold: '30.00', ...day, action: 'ALERT' },
  FOREIGN_CARD_RATIO_MONTHLY: { threshold: '30.00', ...none, action: 'ALERT' },
  CONSECUTIVE_FAILED_DAILY: { threshold: '5.00', ...day, action: 'ALERT' },
  SAME_CARD_LAST_HOUR: { threshold: '3.00', ...hour(1), action: 'ALERT' },
  SAME_CARD_LAST_24H: { threshold: '5.00', ...hour(24), action: 'ALERT' },
  SAME_CARD_DAILY: { threshold: '5.00', ...day, action: 'ALERT' },
  SAME_IP_LAST_HOUR: { threshold: '10.00', ...hour(1), action: 'ALERT' },
  SAME_IP_LAST_24H: { threshold: '30.00', ...hour(24), action: 'ALERT' },
  SAME_IP_DAILY: { threshold: '30.00', ...day, action: 'ALERT' },
  SINGLE_LARGE_TXN: { threshold: '10000.00', ...none, action: 'HOLD' },
  INACTIVE_TXN_DAYS: { threshold: '30.00', ...none, action: 'ALERT' },
  FOREIGN_IP_DAILY: { threshold: '5.00', ...day, action: 'ALERT' },
};

// ---------------------------------------------------------------------------------------------
// Payout holidays (/payout-holiday-setting)

const ALL_STATES = MALAYSIAN_STATES.map((s) => s.code as string);
const allBut = (...codes: string[]) => ALL_STATES.filter((c) => !codes.includes(c));
const only = (...codes: string[]) => ALL_STATES.filter((c) => codes.includes(c));
/**
 * Where a holiday falling on a Sunday is replaced by the next working day (Holidays Act 1951 s.3 and
 * the Sabah and Sarawak ordinances): every state with a Saturday–Sunday weekend, i.e. all but Kedah,
 * Kelantan and Terengganu (Friday–Saturday weekend; Johor returned to Saturday–Sunday in 2025). Their
 * own replacement days (a Friday or Saturday holiday moved to Sunday) fall on a Sunday, which is never
 * a payout day (interbank clearing runs Monday to Friday, packages/domain payout-calendar.ts), so
 * they are not listed.
 */
const SUNDAY_REPLACED = allBut('MY-02', 'MY-03', 'MY-11');
/** Thaipusam is a state holiday in Johor, Kedah, Negeri Sembilan, Pulau Pinang, Perak, Selangor, Kuala Lumpur and Putrajaya. */
const THAIPUSAM_STATES = only('MY-01', 'MY-02', 'MY-05', 'MY-07', 'MY-08', 'MY-10', 'MY-14', 'MY-16');
/** Nuzul Al-Quran is a state holiday in Kelantan, Pahang, Pulau Pinang, Perak, Perlis, Selangor, Terengganu and the three federal territories. */
const NUZUL_STATES = only('MY-03', 'MY-06', 'MY-07', 'MY-08', 'MY-09', 'MY-10', 'MY-11', 'MY-14', 'MY-15', 'MY-16');
/** New Year's Day is a holiday everywhere but Johor, Kedah, Kelantan, Perlis and Terengganu. */
const NEW_YEAR_STATES = allBut('MY-01', 'MY-02', 'MY-03', 'MY-09', 'MY-11');
/** The second day of Chinese New Year is a federal holiday everywhere but Kelantan and Terengganu (there it is a state holiday). */
const CNY_DAY_TWO_STATES = allBut('MY-03', 'MY-11');
/** Awal Ramadan (1 Ramadan) is a state holiday in Johor and Kedah. */
const AWAL_RAMADAN_STATES = only('MY-01', 'MY-02');
/** Deepavali is a federal holiday everywhere but Sarawak. */
const DEEPAVALI_STATES = allBut('MY-13');

/** A payout holiday row: 'YYYY-MM-DD' (MYT calendar day), its name, and its states (ISO 3166-2:MY codes; empty = nationwide). */
export interface ReferencePayoutHoliday {
  holidayDate: string;
  holidayName: string;
  states: string[];
}
const h = (holidayDate: string, holidayName: string, states: string[] = []): ReferencePayoutHoliday => ({ holidayDate, holidayName, states });

/**
 * Malaysia's public holidays of 2026 (§9 payout holidays): every federal holiday of the Jadual Hari
 * Kelepasan Am Persekutuan 2026 (Bahagian Kabinet, Perlembagaan dan Perhubungan Antara Kerajaan, JPM,
 * kabinet.gov.my HKA-2026), Thaipusam, Nuzul Al-Quran, New Year's Day and Melaka's third day of Raya
 * in the states that keep them, the state holidays that push a replacement day further (Awal Ramadan
 * in Johor and Kedah, the Sultan of Johor's birthday, Gawai Dayak in Sarawak), and the weekday
 * replacement of a Sunday holiday where s.3 of the Holidays Act gives one (cross-checked state by
 * state against the python-holidays Malaysia calendar, which cites the same HKA-2026). Hari Raya
 * Aidilfitri (1 Syawal 1447H) is Saturday 21 March as gazetted (on the evening of the 19th the new
 * moon was below the MABIMS limits, so Ramadan ran 30 days); the Prime Minister announced before
 * Syawal that, Raya falling on a Saturday, Friday 20 March is an additional holiday (s.8 of the Act),
 * and the second day, a Sunday, is replaced on Monday 23 March (on the 24th in Johor, whose Sultan's
 * birthday is the 23rd, and in Melaka, whose third day of Raya, a state holiday since 2025, is the
 * 23rd; Kedah keeps a Friday–Saturday weekend, so a Sunday holiday has no replacement there).
 * Wesak (Sunday 31 May) is replaced on Tuesday 2 June, Monday being the Agong's birthday (Sarawak:
 * 3 June, after Gawai).
 */
export const REFERENCE_PAYOUT_HOLIDAYS_2026: ReferencePayoutHoliday[] = [
  h('2026-01-01', "New Year's Day", NEW_YEAR_STATES),
  h('2026-02-01', 'Thaipusam', THAIPUSAM_STATES),
  h('2026-02-02', 'Thaipusam (replacement holiday)', THAIPUSAM_STATES.filter((c) => SUNDAY_REPLACED.includes(c))),
  h('2026-02-17', 'Chinese New Year'),
  h('2026-02-18', 'Chinese New Year (second day)', CNY_DAY_TWO_STATES),
  h('2026-02-19', 'Awal Ramadan', AWAL_RAMADAN_STATES),
  h('2026-03-07', 'Nuzul Al-Quran', NUZUL_STATES),
  h('2026-03-20', 'Hari Raya Aidilfitri (additional holiday)'),
  h('2026-03-21', 'Hari Raya Aidilfitri'),
  h('2026-03-22', 'Hari Raya Aidilfitri (second day)'),
  h('2026-03-23', 'Hari Raya Aidilfitri (replacement holiday)', allBut('MY-01', 'MY-02', 'MY-04')),
  h('2026-03-23', 'Hari Raya Aidilfitri (third day)', only('MY-04')),
  h('2026-03-23', 'Birthday of the Sultan of Johor', only('MY-01')),
  h('2026-03-24', 'Hari Raya Aidilfitri (replacement holiday)', only('MY-01', 'MY-04')),
  h('2026-05-01', 'Labour Day'),
  h('2026-05-27', 'Hari Raya Haji'),
  h('2026-05-31', 'Wesak Day'),
  h('2026-06-01', 'Birthday of the Yang di-Pertuan Agong'),
  h('2026-06-01', 'Gawai Dayak', only('MY-13')),
  h('2026-06-02', 'Gawai Dayak (second day)', only('MY-13')),
  h('2026-06-02', 'Wesak Day (replacement holiday)', SUNDAY_REPLACED.filter((c) => c !== 'MY-13')),
  h('2026-06-03', 'Wesak Day (replacement holiday)', only('MY-13')),
  h('2026-06-17', 'Awal Muharram'),
  h('2026-08-25', 'Maulidur Rasul'),
  h('2026-08-31', 'National Day'),
  h('2026-09-16', 'Malaysia Day'),
  h('2026-11-08', 'Deepavali', DEEPAVALI_STATES),
  h('2026-11-09', 'Deepavali (replacement holiday)', DEEPAVALI_STATES.filter((c) => SUNDAY_REPLACED.includes(c))),
  h('2026-12-25', 'Christmas Day'),
];

/**
 * Malaysia's public holidays of 2027, projected (replace them with the gazetted Jadual Hari
 * Kelepasan Am Persekutuan 2027 once it is confirmed at /payout-holiday-setting). Fixed days by the
 * calendar; Chinese New Year (6 February), Wesak (20 May) and Deepavali (28 October) as Singapore's
 * Ministry of Manpower has gazetted them for 2027 (the two countries share those calendars), Thaipusam
 * on 22 January. The Hijri holidays follow the MABIMS visibility rule Malaysia's Rulers apply
 * (topocentric altitude ≥ 3° and elongation ≥ 6.4° at sunset), computed for Kuala Lumpur: the rule
 * gives every Hijri holiday of 2026 above exactly as gazetted, and for 2027 1 Ramadan 8 February
 * (Nuzul Al-Quran, 17 Ramadan, 24 February), 1 Syawal 10 March, 10 Zulhijjah 17 May (Singapore's
 * gazette agrees on both), 1 Muharram 1449 6 June, 12 Rabiulawal 15 August. Sunday holidays are
 * replaced on the next working day: CNY day two on Monday 8 February (Johor: 9 February, 1 Ramadan
 * being its own holiday; Kelantan and Terengganu also rest on the 8th, for day one on their Saturday
 * weekend), Awal Muharram on Tuesday 8 June (Monday is the Agong's birthday), Maulidur Rasul on
 * Monday 16 August.
 */
export const REFERENCE_PAYOUT_HOLIDAYS_2027: ReferencePayoutHoliday[] = [
  h('2027-01-01', "New Year's Day", NEW_YEAR_STATES),
  h('2027-01-22', 'Thaipusam', THAIPUSAM_STATES),
  h('2027-02-06', 'Chinese New Year'),
  h('2027-02-07', 'Chinese New Year (second day)', CNY_DAY_TWO_STATES),
  h('2027-02-08', 'Chinese New Year (replacement holiday)', allBut('MY-01', 'MY-02')),
  h('2027-02-08', 'Awal Ramadan', AWAL_RAMADAN_STATES),
  h('2027-02-09', 'Chinese New Year (replacement holiday)', only('MY-01')),
  h('2027-02-24', 'Nuzul Al-Quran', NUZUL_STATES),
  h('2027-03-10', 'Hari Raya Aidilfitri'),
  h('2027-03-11', 'Hari Raya Aidilfitri (second day)'),
  h('2027-03-12', 'Hari Raya Aidilfitri (third day)', only('MY-04')),
  h('2027-03-23', 'Birthday of the Sultan of Johor', only('MY-01')),
  h('2027-05-01', 'Labour Day'),
  h('2027-05-17', 'Hari Raya Haji'),
  h('2027-05-20', 'Wesak Day'),
  h('2027-06-01', 'Gawai Dayak', only('MY-13')),
  h('2027-06-02', 'Gawai Dayak (second day)', only('MY-13')),
  h('2027-06-06', 'Awal Muharram'),
  h('2027-06-07', 'Birthday of the Yang di-Pertuan Agong'),
  h('2027-06-08', 'Awal Muharram (replacement holiday)', SUNDAY_REPLACED),
  h('2027-08-15', 'Maulidur Rasul'),
  h('2027-08-16', 'Maulidur Rasul (replacement holiday)', SUNDAY_REPLACED),
  h('2027-08-31', 'National Day'),
  h('2027-09-16', 'Malaysia Day'),
  h('2027-10-28', 'Deepavali', DEEPAVALI_STATES),
  h('2027-12-25', 'Christmas Day'),
];

/** Every seeded payout holiday, 2026 then 2027. */
export const REFERENCE_PAYOUT_HOLIDAYS: ReferencePayoutHoliday[] = [...REFERENCE_PAYOUT_HOLIDAYS_2026, ...REFERENCE_PAYOUT_HOLIDAYS_2027];

// ---------------------------------------------------------------------------------------------

/** Seeds the group B reference rows inside ensureReferenceData's transaction (see the file comment). */
export async function ensureConfigDataB(tx: Tx): Promise<void> {
  await tx
    .insert(mobileGlobalPermissions)
    .values(MOBILE_PERMISSIONS.map((p) => ({ permissionKey: p.key, module: p.module, description: p.description })))
    .onConflictDoNothing({ target: mobileGlobalPermissions.permissionKey });

  const [anyGroup] = await tx.select({ id: mobileUserGroups.id }).from(mobileUserGroups).limit(1);
  if (!anyGroup) await tx.insert(mobileUserGroups).values(REFERENCE_MOBILE_USER_GROUPS).onConflictDoNothing({ target: mobileUserGroups.name });

  await tx.insert(messageTemplates).values(REFERENCE_MESSAGE_TEMPLATES).onConflictDoNothing({ target: [messageTemplates.templateKey, messageTemplates.channel] });

  await tx
    .insert(riskParameters)
    .values(Object.entries(REFERENCE_RISK_PARAMETERS).map(([ruleCode, r]) => ({ ruleCode, ...r })))
    .onConflictDoNothing({ target: riskParameters.ruleCode });

  await tx.insert(payoutHolidays).values(REFERENCE_PAYOUT_HOLIDAYS).onConflictDoNothing({ target: [payoutHolidays.holidayDate, payoutHolidays.holidayName] });

  // Each setting once, with the environment's value (or the default): later changes are the administrators'.
  const defaults = settingDefaults(loadConfig(process.env));
  await tx
    .insert(systemSettings)
    .values(SYSTEM_SETTINGS.map((s) => ({ settingKey: s.key, settingValue: defaults[s.key], valueType: s.valueType, description: s.description })))
    .onConflictDoNothing({ target: systemSettings.settingKey });
  // Earlier seeds cited spec sections and error codes ("(§7)", "(SC440)") in the stored text; a row
  // still holding that exact text gets the current one (an administrator's own wording is kept).
  for (const s of SYSTEM_SETTINGS) {
    const legacy = LEGACY_SETTING_DESCRIPTIONS[s.key];
    if (legacy === undefined) continue;
    await tx
      .update(systemSettings)
      .set({ description: s.description })
      .where(and(eq(systemSettings.settingKey, s.key), eq(systemSettings.description, legacy)));
  }
}

/** The seeded descriptions that cited the spec or error codes, replaced at start (see above). */
export const LEGACY_SETTING_DESCRIPTIONS: Readonly<Partial<Record<string, string>>> = {
  SESSION_IDLE_MINUTES: 'A session idle longer than this many minutes ends (SC440).',
  PRODUCT_NAME: "The product name in the title '{product} Portal' (§1).",
  IP_LOOKUP_V4_URL: 'Where the browser asks for its public IPv4 address (§7), tried first.',
  IP_LOOKUP_V6_URL: 'Where the browser asks for its public IPv6 address (§7), tried second.',
  COUNTRY_SERVICE_URL: 'The country service for state and city lookups (§7).',
  POS_URL: 'The external point-of-sale site opened from Services (§2); empty hides the entry.',
  EXPORT_MAX_CONCURRENT: 'Exports (XLSX or CSV) one user may run at the same time; one more is refused (EXP429).',
  EXPORT_MAX_ROWS: 'Most rows one export may hold; a larger one is refused before it starts (EXP422), asking to narrow the filter.',
};

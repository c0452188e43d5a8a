import { MESSAGE_TEMPLATE_KEYS, RISK_ALERT_RULES } from '@paydesk/domain';
import type { ResourceSamples } from '../resource-samples.ts';

/**
 * Organization ids of a fresh demo database (seedDemo with the harness's seed; ids 1… in the
 * generator's order): master merchants 1–3; agencies 4–15, of master merchant 1 every third from 4
 * (4, 7, 10, 13); agents 16–55, of master merchant 1 16, 19, 22, 25 …; merchant HQs 56–455, the
 * first forty one per agent (so 56, 59, 62, 65 are master merchant 1's); branches 456–1255, two
 * per HQ (456 and 457 are HQ 56's). The demo mm@paydesk.my runs master merchant 1.
 * A configuration is one row per organization, so each create(i) uses its own organization; the
 * contract suite deletes create(1)'s row before it creates create(4).
 */
const MERCHANT_ORGS = [56, 56, 59, 62, 456];
const AGENCY_AGENT_ORGS = [4, 4, 7, 16, 10];

/** Template keys without a seeded PUSH template (the seed has PUSH for REFUND_COMPLETED, PAYOUT_COMPLETED, RISK_ALERT). */
const PUSH_FREE_KEYS = ['WELCOME_USER', 'RESET_PASSWORD', 'MERCHANT_APPROVED', 'MERCHANT_REJECTED', 'REFUND_REJECTED', 'PAYMENT_LINK', 'RECURRING_REMINDER', 'PAYMENT_RECEIPT'];

const orgConfig = (orgId: number, i: number) => ({
  OrgId: orgId,
  ServiceTypes: ['1', '3'],
  PaymentProducts: ['EC-VISA-CR', 'EC-FPX-B2C'],
  SettlementTiming: 'T_PLUS_X',
  SettlementDays: 1 + (i % 5),
  PayoutBankId: 1,
  PayoutAccountNo: `5140${String(100000 + i)}`,
  PayoutAccountName: `Sample Account ${i}`,
  CallbackUrl: `https://merchant${i}.example.my/paydesk/callback`,
  // A Standard Webhooks secret (whsec_ and the base64 of 24 bytes), one per sample.
  CallbackSecret: `whsec_${btoa(`sample callback secret ${String(i).padStart(2, '0')}`)}`,
  RiskProfile: 'STANDARD',
});
const orgConfigUpdate = { SettlementDays: 3, RiskProfile: 'ENHANCED' };
const orgConfigBad = (orgId: number) => ({ OrgId: orgId, SettlementTiming: 'T_PLUS_X', SettlementDays: 99, RiskProfile: 'STANDARD' });

export const SAMPLES_B: Record<string, ResourceSamples> = {
  UserGroup: {
    create: (i) => ({ Name: `Sample group ${i}`, GroupType: 'MERCHANT_HQ', Description: `Sample group number ${i}` }),
    update: { Description: 'Changed' },
    bad: { input: { Name: 'Bad type', GroupType: 'ROOT' }, field: 'GroupType' },
  },
  MobileUserGroup: {
    create: (i) => ({ Name: `Sample mobile group ${i}`, UserType: 'MERCHANT_BRANCH', Description: 'Sample', Permissions: ['payment:accept', 'transaction:view'] }),
    update: { Permissions: ['payment:accept', 'transaction:view', 'receipt:send'] },
    bad: { input: { Name: 'Bad key', UserType: 'CASHIER', Permissions: ['root:everything'] }, field: 'Permissions' },
  },
  MobileGlobal: {
    create: (i) => ({ PermissionKey: `sample:perm${i}`, Module: 'SAMPLE', Description: `Sample permission ${i}` }),
    update: { Description: 'Changed description' },
    bad: { input: { PermissionKey: 'Not A Key', Module: 'SAMPLE', Description: 'x' }, field: 'PermissionKey' },
  },
  MessageTemplate: {
    create: (i) => {
      const key = PUSH_FREE_KEYS[i % PUSH_FREE_KEYS.length]!;
      const first = MESSAGE_TEMPLATE_KEYS.find((k) => k.key === key)!.placeholders[0]!;
      return { TemplateKey: key, Channel: 'PUSH', Subject: `Sample title ${i}`, BodyEn: `Hello ${first}`, BodyMs: `Helo ${first}`, BodyZh: `您好 ${first}` };
    },
    update: { BodyEn: 'Changed body' },
    bad: { input: { TemplateKey: 'WELCOME_USER', Channel: 'PUSH', BodyEn: 'Hi {{MerchantName}}', BodyMs: 'x', BodyZh: 'x' }, field: 'BodyEn' },
  },
  // Every rule is seeded (RuleCode is unique): the rules create(1..4) use are freed first.
  RiskParameter: {
    prepare: async (query) => void (await query('DELETE FROM risk_parameters WHERE rule_code = ANY($1::text[])', [[1, 2, 3, 4].map((i) => RISK_ALERT_RULES[i])])),
    create: (i) => ({ RuleCode: RISK_ALERT_RULES[i % RISK_ALERT_RULES.length], Threshold: '12.00', Action: 'ALERT' }),
    update: { Threshold: '15.00' },
    bad: { input: { RuleCode: 'FOREIGN_CARD_RATIO_DAILY', Threshold: '150.00', Action: 'ALERT' }, field: 'Threshold' },
  },
  PayoutHoliday: {
    create: (i) => ({ HolidayDate: `2030-03-${String(10 + i).padStart(2, '0')}`, HolidayName: `Sample holiday ${i}`, States: ['MY-10', 'MY-14'] }),
    update: { States: [] },
    bad: { input: { HolidayDate: '2030-13-01', HolidayName: 'Bad date' }, field: 'HolidayDate' },
  },
  // No Create (the keys are fixed): the suite works on the seeded lockout settings.
  SystemSetting: {
    existing: { SettingKey: 'LOCKOUT_' },
    create: () => ({ SettingKey: 'SAMPLE', SettingValue: '1', ValueType: 'INT:1:2', Description: 'x' }),
    update: { SettingValue: '20' },
    bad: { input: { SettingValue: 'x' }, field: 'SettingValue' },
  },
  MasterMerchantConfig: {
    create: (i) => orgConfig(i === 2 ? 2 : 1, i),
    update: orgConfigUpdate,
    bad: { input: orgConfigBad(2), field: 'SettlementDays' },
    ownerEmail: 'admin@paydesk.my',
  },
  AgencyAgentConfig: {
    create: (i) => orgConfig(AGENCY_AGENT_ORGS[i] ?? 13, i),
    update: orgConfigUpdate,
    bad: { input: orgConfigBad(4), field: 'SettlementDays' },
  },
  MerchantConfig: {
    create: (i) => orgConfig(MERCHANT_ORGS[i] ?? 65, i),
    update: orgConfigUpdate,
    bad: { input: orgConfigBad(56), field: 'SettlementDays' },
  },
};

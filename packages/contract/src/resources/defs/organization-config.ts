import { z } from 'zod';
import { SERVICE_TYPES, SETTLEMENT_TIMING_ENTRIES } from '@paydesk/domain';
import { defineResource, type FieldDef, type ResourceDef } from '../define.ts';
import { bankAccount, int, multiselect, secret, select, text } from '../fields.ts';
import { codeOptions, defaulted, lookupId, optionsOf } from './b-fields.ts';

/** How closely the risk engine watches an organization. */
export const RISK_PROFILES = ['STANDARD', 'ENHANCED', 'HIGH_RISK'] as const;

/** A payment product code (the ProductCode of GetPaymentProductList), e.g. EC-FPX-B2C. */
const PRODUCT_CODE = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;

/**
 * The fields of one organization's configuration (Configuration §2), shared by the three
 * resources over `organization_configs`. OrgId is the owner (read-only here: set on create from
 * the request's OrgId or the caller's company, never moved); declaring it as a field lets the list
 * filter and sort by it and makes the one-row-per-organization conflict name OrgId.
 */
const orgConfigFields = {
  OrgId: { column: 'org_id', labelKey: 'res.orgConfig.org', input: 'number', schema: z.number().int(), readOnly: true, list: true, filter: 'eq', sortable: true } satisfies FieldDef,
  ServiceTypes: defaulted(
    multiselect('service_types', 'res.orgConfig.serviceTypes', SERVICE_TYPES.map((s) => ({ value: String(s.code) as '1' | '2' | '3' | '4' | '5' | '6', labelKey: s.labelKey })), { list: true }),
  ),
  PaymentProducts: defaulted({
    column: 'payment_products',
    labelKey: 'res.orgConfig.paymentProducts',
    input: 'multiselect',
    lookup: 'paymentProductList',
    schema: z
      .array(z.string().trim().regex(PRODUCT_CODE, 'not a payment product code'))
      .max(200)
      .refine((a) => new Set(a).size === a.length, 'lists a product twice'),
  } satisfies FieldDef),
  MdrCategoryId: lookupId('mdr_category_id', 'res.orgConfig.mdrCategory', 'mdrCategorySearch'),
  SettlementTiming: select('settlement_timing', 'res.orgConfig.settlementTiming', optionsOf(SETTLEMENT_TIMING_ENTRIES), { list: true, filter: 'eq' }),
  SettlementDays: defaulted(int('settlement_days', 'res.orgConfig.settlementDays', { min: 0, max: 30, list: true })),
  SettlementCustom: text('settlement_custom', 'res.orgConfig.settlementCustom', { max: 250, optional: true, helpKey: 'res.orgConfig.settlementCustomHelp' }),
  PayoutBankId: lookupId('payout_bank_id', 'res.orgConfig.payoutBank', 'bankList'),
  // Encrypted at rest and answered masked (last 4), in Get, Search and Export (issue 8).
  PayoutAccountNo: bankAccount('payout_account_no', 'res.orgConfig.payoutAccountNo'),
  PayoutAccountName: text('payout_account_name', 'res.orgConfig.payoutAccountName', { max: 100, optional: true }),
  CallbackUrl: text('callback_url', 'res.orgConfig.callbackUrl', { optional: true, validator: 'url', pattern: [/^https:\/\/\S+$/i, 'use an https:// address'] }),
  CallbackSecret: secret('callback_secret', 'res.orgConfig.callbackSecret', { max: 200 }),
  RiskProfile: select('risk_profile', 'res.orgConfig.riskProfile', codeOptions(RISK_PROFILES, 'res.orgConfig.riskProfile'), { list: true, filter: 'eq', sortable: true }),
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Cross-field rules of a configuration: customised settlement timing needs its description (§9
 * "T+(X) or customisation"); a payout account number goes with its bank and account name. Fields
 * a rule needs are sent together (an update that sends one without the other is refused; the
 * engine checks updates again on the stored record).
 */
function orgConfigRule(r: Record<string, unknown>) {
  if (r.SettlementTiming === 'CUSTOM' && blank(r.SettlementCustom)) return { field: 'SettlementCustom', message: 'describe the customised settlement timing' };
  if (!blank(r.PayoutAccountNo)) {
    if (blank(r.PayoutBankId)) return { field: 'PayoutBankId', message: 'choose the bank of the payout account' };
    if (blank(r.PayoutAccountName)) return { field: 'PayoutAccountName', message: 'enter the name of the payout account holder' };
  }
  return null;
}

const common = {
  table: 'organization_configs',
  scope: 'owned' as const,
  titleField: 'OrgId' as const,
  fields: orgConfigFields,
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'] as ResourceDef['actions'],
  defaultSort: { Field: 'OrgId' as const, Order: 'asc' as const },
  refine: orgConfigRule,
};

const DESCRIPTION =
  'One row per organization (OrgId unique): service types 1–6, payment products, MDR category, settlement timing T+X or custom (§9), ' +
  'payout bank account (number encrypted, answered masked), callback URL (https) and secret (encrypted, answered masked), risk profile.';

/** /master-merchant-config: configurations of master merchants (only the platform writes them). */
export const masterMerchantConfigResource = defineResource({
  ...common,
  name: 'MasterMerchantConfig',
  path: '/master-merchant-config',
  module: 'mastermerchantconfig',
  ownerLevels: ['MASTER_MERCHANT'],
  titleKey: 'nav.master-merchant-config',
  description: DESCRIPTION,
});

/** /agencyAgent-config: configurations of agencies and agents. */
export const agencyAgentConfigResource = defineResource({
  ...common,
  name: 'AgencyAgentConfig',
  path: '/agencyAgent-config',
  module: 'agencyagentconfig',
  ownerLevels: ['AGENCY', 'AGENT'],
  titleKey: 'nav.agencyAgent-config',
  description: DESCRIPTION,
});

/** /merchant-config: configurations of merchant HQs and branches. */
export const merchantConfigResource = defineResource({
  ...common,
  name: 'MerchantConfig',
  path: '/merchant-config',
  module: 'merchantconfig',
  ownerLevels: ['MERCHANT_HQ', 'MERCHANT_BRANCH'],
  titleKey: 'nav.merchant-config',
  description: DESCRIPTION,
});

import { z } from 'zod';
import { RULE_MESSAGES, SERVICE_TYPES, SETTLEMENT_TIMING_ENTRIES } from '@paydesk/domain';
import { defineResource, type FieldDef, type ResourceDef } from '../define.ts';
import { isStandardWebhookSecret } from '../../webhook-secret.ts';
import { bankAccount, int, multiselect, secret, select, text } from '../fields.ts';
import { codeOptions, defaulted, lookupId, optionsOf } from './b-fields.ts';

/** How closely the risk engine watches an organization. */
export const RISK_PROFILES = ['STANDARD', 'ENHANCED', 'HIGH_RISK'] as const;

/** A payment product code (the ProductCode of GetPaymentProductList), e.g. EC-FPX-B2C. */
const PRODUCT_CODE = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;

/**
 * The fields of one organization's configuration (Configuration §2), shared by the three
 * resources over `organization_configs`. The owner (OrgId, one configuration per organization) is
 * the engine's owned-resource column: set on create from the request's OrgId or the caller's
 * company, never moved.
 */
const orgConfigFields = {
  ServiceTypes: defaulted(
    multiselect('service_types', 'res.orgConfig.serviceTypes', SERVICE_TYPES.map((s) => ({ value: String(s.code) as '1' | '2' | '3' | '4' | '5' | '6', labelKey: s.labelKey })), { list: true }),
  ),
  PaymentProducts: defaulted({
    column: 'payment_products',
    labelKey: 'res.orgConfig.paymentProducts',
    input: 'multiselect',
    lookup: 'paymentProductList',
    schema: z
      .array(z.string().trim().regex(PRODUCT_CODE, RULE_MESSAGES.productCodeList))
      .max(200)
      .refine((a) => new Set(a).size === a.length, RULE_MESSAGES.productTwice),
  } satisfies FieldDef),
  MdrCategoryId: lookupId('mdr_category_id', 'res.orgConfig.mdrCategory', 'mdrCategorySearch'),
  SettlementTiming: select('settlement_timing', 'res.orgConfig.settlementTiming', optionsOf(SETTLEMENT_TIMING_ENTRIES), { list: true, filter: 'eq' }),
  SettlementDays: defaulted(int('settlement_days', 'res.orgConfig.settlementDays', { min: 0, max: 30, list: true })),
  SettlementCustom: text('settlement_custom', 'res.orgConfig.settlementCustom', { max: 250, optional: true, helpKey: 'res.orgConfig.settlementCustomHelp' }),
  PayoutBankId: lookupId('payout_bank_id', 'res.orgConfig.payoutBank', 'bankList'),
  // Encrypted at rest and answered masked (last 4), in Get, Search and Export.
  PayoutAccountNo: bankAccount('payout_account_no', 'res.orgConfig.payoutAccountNo'),
  PayoutAccountName: text('payout_account_name', 'res.orgConfig.payoutAccountName', { max: 100, optional: true }),
  CallbackUrl: text('callback_url', 'res.orgConfig.callbackUrl', { optional: true, validator: 'url', pattern: [/^https:\/\/\S+$/i, RULE_MESSAGES.httpsAddress] }),
  // Signs the refund acknowledgement (Standard Webhooks): only a secret the merchant's stock library reads.
  CallbackSecret: secret('callback_secret', 'res.orgConfig.callbackSecret', { max: 200, format: [isStandardWebhookSecret, RULE_MESSAGES.webhookSecret] }),
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
  if (r.SettlementTiming === 'CUSTOM' && blank(r.SettlementCustom)) return { field: 'SettlementCustom', message: RULE_MESSAGES.settlementCustom };
  if (!blank(r.PayoutAccountNo)) {
    if (blank(r.PayoutBankId)) return { field: 'PayoutBankId', message: RULE_MESSAGES.payoutBank };
    if (blank(r.PayoutAccountName)) return { field: 'PayoutAccountName', message: RULE_MESSAGES.payoutAccountName };
  }
  return null;
}

type OwnerLevel = NonNullable<ResourceDef['ownerLevels']>[number];

/**
 * The owner organization's identity, read from `organizations` (the list names each
 * organization instead of a numeric id). The organizations table has no code column of its own:
 * the codes an organization carries are its SSM registration number (every level) and, for
 * merchants, its MID; Keyword searches the name and these codes, Level filters by level.
 */
function ownerFields(levels: readonly OwnerLevel[]) {
  const text = (column: string, labelKey: string, sortable: boolean): FieldDef => ({ column, labelKey, input: 'text', schema: z.string(), owner: true, readOnly: true, list: true, sortable });
  return {
    OrgName: text('name', 'res.orgConfig.orgName', true),
    OrgRegNo: text('reg_no', 'res.orgConfig.orgRegNo', true),
    ...(levels.includes('MERCHANT_HQ') || levels.includes('MERCHANT_BRANCH') ? { OrgMid: text('mid', 'res.orgConfig.orgMid', true) } : {}),
    OrgLevel: {
      column: 'level',
      labelKey: 'res.orgConfig.orgLevel',
      input: 'select',
      options: levels.map((l) => ({ value: l, labelKey: `enum.groupType.${l}` })),
      schema: z.enum(levels as [OwnerLevel, ...OwnerLevel[]]),
      owner: true,
      readOnly: true,
      // One level (master merchants): nothing to tell apart or filter by.
      list: levels.length > 1,
      filter: levels.length > 1 ? 'eq' : undefined,
      sortable: true,
    } satisfies FieldDef,
  };
}

/** The declaration shared by the three screens, for the organizations of `levels`. */
function orgConfigResource(levels: OwnerLevel[]) {
  return {
    table: 'organization_configs',
    scope: 'owned' as const,
    ownerLevels: levels,
    listOwners: true,
    titleField: 'OrgName' as const,
    fields: { ...ownerFields(levels), ...orgConfigFields },
    actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'] as ResourceDef['actions'],
    defaultSort: { Field: 'OrgName' as const, Order: 'asc' as const },
    // One configuration per organization: an uploaded row for an organization already configured updates it.
    naturalKey: 'OrgId' as const,
    refine: orgConfigRule,
  };
}

const DESCRIPTION =
  'Lists every organization of the caller\'s scope at the screen\'s levels, configured or not (Configured), by name, registration number, MID and level. ' +
  'One row per organization (OrgId unique): service types 1–6, payment products, MDR category, settlement timing T+X or custom (§9), ' +
  'payout bank account (number encrypted, answered masked), callback URL (https) and secret (a Standard Webhooks whsec_ secret, encrypted, answered masked), risk profile.';

/** /master-merchant-config: configurations of master merchants (only the platform writes them). */
export const masterMerchantConfigResource = defineResource({
  ...orgConfigResource(['MASTER_MERCHANT']),
  name: 'MasterMerchantConfig',
  path: '/master-merchant-config',
  module: 'mastermerchantconfig',
  titleKey: 'nav.master-merchant-config',
  description: DESCRIPTION,
});

/** /agencyAgent-config: configurations of agencies and agents. */
export const agencyAgentConfigResource = defineResource({
  ...orgConfigResource(['AGENCY', 'AGENT']),
  name: 'AgencyAgentConfig',
  path: '/agencyAgent-config',
  module: 'agencyagentconfig',
  titleKey: 'nav.agencyAgent-config',
  description: DESCRIPTION,
});

/** /merchant-config: configurations of merchant HQs and branches. */
export const merchantConfigResource = defineResource({
  ...orgConfigResource(['MERCHANT_HQ', 'MERCHANT_BRANCH']),
  name: 'MerchantConfig',
  path: '/merchant-config',
  module: 'merchantconfig',
  titleKey: 'nav.merchant-config',
  description: DESCRIPTION,
});

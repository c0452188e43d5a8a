import { RULE_MESSAGES } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { select, text } from '../fields.ts';

/** Onboarding risk levels of a nature of business, lowest first. */
export const BUSINESS_RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;

/**
 * /nature-business: the natures of business merchants are onboarded under (§3 "About 80
 * business categories"), by ISO 18245 merchant category code. Where the spec is silent:
 *  - Mcc (4 digits, leading zeros kept: "0742") is the natural key (BulkUpload updates by it);
 *  - CategoryName is the card schemes' MCC description;
 *  - RiskLevel LOW / MEDIUM / HIGH is the onboarding risk the acquirer applies (HIGH for
 *    card-not-present, high-chargeback or regulated trades); LOW by default.
 * Organizations name their category by MCC: delete is refused while any does.
 */
export const natureBusinessResource = defineResource({
  name: 'NatureBusiness',
  path: '/nature-business',
  module: 'naturebusiness',
  table: 'business_categories',
  scope: 'platform',
  titleKey: 'nav.nature-business',
  titleField: 'CategoryName',
  fields: {
    Mcc: text('mcc', 'res.natureBusiness.mcc', { max: 4, list: true, filter: 'contains', sortable: true, pattern: [/^\d{4}$/, RULE_MESSAGES.mcc] }),
    CategoryName: text('category_name', 'res.natureBusiness.categoryName', { max: 250, list: true, filter: 'contains', sortable: true }),
    RiskLevel: select('risk_level', 'res.natureBusiness.riskLevel', BUSINESS_RISK_LEVELS.map((l) => ({ value: l as string, labelKey: `res.natureBusiness.riskLevel.${l}` })), {
      list: true, filter: 'eq', sortable: true, optional: true,
    }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'Mcc', Order: 'asc' },
  naturalKey: 'Mcc',
  dependents: [{ table: 'organizations', column: 'business_category', key: 'Mcc', labelKey: 'organizations' }],
  description: 'Natures of business by 4-digit MCC (natural key) with the card schemes\' name and the onboarding risk level (LOW / MEDIUM / HIGH).',
});

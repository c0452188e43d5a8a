import { defineResource } from '../define.ts';
import { int, money, text, textarea } from '../fields.ts';
import { UPPER_CODE } from './config-a-common.ts';

/**
 * /subscription-config: the subscription plans a merchant can hold. Where the spec is silent:
 *  - PlanCode is the natural key (BulkUpload updates by it), a capital code (STARTER);
 *  - MonthlyFee is ringgit with 2 decimals (0.00 for a free plan);
 *  - TxnQuota is the number of transactions a month the plan includes; empty means unlimited;
 *  - Description is free text shown to merchants (optional).
 */
export const subscriptionResource = defineResource({
  name: 'Subscription',
  path: '/subscription-config',
  module: 'subscription',
  table: 'subscription_plans',
  scope: 'platform',
  titleKey: 'nav.subscription-config',
  titleField: 'PlanName',
  fields: {
    PlanCode: text('plan_code', 'res.subscription.planCode', { max: 30, list: true, filter: 'contains', sortable: true, pattern: UPPER_CODE }),
    PlanName: text('plan_name', 'res.subscription.planName', { max: 100, list: true, filter: 'contains', sortable: true }),
    MonthlyFee: money('monthly_fee', 'res.subscription.monthlyFee', { list: true, sortable: true }),
    TxnQuota: int('txn_quota', 'res.subscription.txnQuota', { min: 1, list: true, sortable: true, optional: true, helpKey: 'res.subscription.txnQuota.help' }),
    Description: textarea('description', 'res.subscription.description', { max: 1000, optional: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'MonthlyFee', Order: 'asc' },
  naturalKey: 'PlanCode',
  description: 'Subscription plans: capital code (natural key), name, monthly fee in ringgit, monthly transaction quota (empty = unlimited) and an optional description.',
});

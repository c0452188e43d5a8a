/** Lookup endpoints (§3 lookup entities, §7 Lookups, §9): one file per operation, wired here. */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { getAcquirersByServiceType } from './get-acquirers-by-service-type.ts';
import { getBankList } from './get-bank-list.ts';
import { getCardSchemeTypes } from './get-card-scheme-types.ts';
import { getCountryList } from './get-country-list.ts';
import { getMasterMerchantList } from './get-master-merchant-list.ts';
import { getMessageTemplateKeys } from './get-message-template-keys.ts';
import { getPaymentMethods } from './get-payment-methods.ts';
import { getPaymentProductList } from './get-payment-product-list.ts';
import { getRiskViolationOptions } from './get-risk-violation-options.ts';
import { getServiceTypes } from './get-service-types.ts';
import { getSubscriptionCompanyList } from './get-subscription-company-list.ts';
import { getTerminalModels } from './get-terminal-models.ts';
import { getUserGroupList } from './get-user-group-list.ts';
import { getUserTypeSelection } from './get-user-type-selection.ts';
import { searchMdrCategories } from './search-mdr-categories.ts';

export function lookupRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;
  operation(app, 'bankList', async (input) => getBankList(database, input));
  operation(app, 'userTypeSelection', async () => getUserTypeSelection());
  operation(app, 'userGroupList', async (_input, { scope }) => getUserGroupList(database, scope));
  operation(app, 'paymentMethodList', async () => getPaymentMethods());
  operation(app, 'paymentProductList', async ({ ServiceType }) => getPaymentProductList(database, ServiceType));
  operation(app, 'mdrCategorySearch', async (input) => searchMdrCategories(database, input));
  operation(app, 'subscriptionCompanyList', async (_input, { scope }) => getSubscriptionCompanyList(database, scope));
  operation(app, 'serviceTypeList', async () => getServiceTypes());
  operation(app, 'countryList', async () => getCountryList(database));
  operation(app, 'messageTemplateKeys', async () => getMessageTemplateKeys(database));
  operation(app, 'cardSchemeTypes', async () => getCardSchemeTypes());
  operation(app, 'acquirersByServiceType', async (input) => getAcquirersByServiceType(database, input));
  operation(app, 'riskViolationOptions', async () => getRiskViolationOptions());
  operation(app, 'masterMerchantList', async (input, { scope }) => getMasterMerchantList(database, scope, input));
  operation(app, 'terminalModels', async () => getTerminalModels(database));
}

/** Lookup endpoints (§3 lookup entities, §7 Lookups, §9): one file per operation, wired here. */
import type { FastifyInstance } from 'fastify';
import type { AcquirerByServiceTypeRequest, BankListRequest, MasterMerchantListRequest, MdrCategorySearchRequest, PaymentProductParams } from '@paydesk/contract';
import type { z } from 'zod';
import { scopeOf } from '../../platform/scope.ts';
import { registerRoute } from '../../platform/route.ts';
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
  registerRoute(app, 'bankList', async (req) => getBankList(database, req.body as z.infer<typeof BankListRequest>));
  registerRoute(app, 'userTypeSelection', async () => getUserTypeSelection());
  registerRoute(app, 'userGroupList', async (req) => getUserGroupList(database, scopeOf(req)));
  registerRoute(app, 'paymentMethodList', async () => getPaymentMethods());
  registerRoute(app, 'paymentProductList', async (req) => getPaymentProductList(database, (req.params as z.infer<typeof PaymentProductParams>).ServiceType));
  registerRoute(app, 'mdrCategorySearch', async (req) => searchMdrCategories(database, req.body as z.infer<typeof MdrCategorySearchRequest>));
  registerRoute(app, 'subscriptionCompanyList', async (req) => getSubscriptionCompanyList(database, scopeOf(req)));
  registerRoute(app, 'serviceTypeList', async () => getServiceTypes());
  registerRoute(app, 'countryList', async () => getCountryList(database));
  registerRoute(app, 'messageTemplateKeys', async () => getMessageTemplateKeys(database));
  registerRoute(app, 'cardSchemeTypes', async () => getCardSchemeTypes());
  registerRoute(app, 'acquirersByServiceType', async (req) => getAcquirersByServiceType(database, req.body as z.infer<typeof AcquirerByServiceTypeRequest>));
  registerRoute(app, 'riskViolationOptions', async () => getRiskViolationOptions());
  registerRoute(app, 'masterMerchantList', async (req) => getMasterMerchantList(database, scopeOf(req), req.body as z.infer<typeof MasterMerchantListRequest>));
  registerRoute(app, 'terminalModels', async () => getTerminalModels(database));
}

/**
 * The light catalogue of every resource (issue 9, first-load budgets): name, screen path and
 * permission module of each declaration in `defs/`, and how to load the declaration itself.
 *
 * The web app's menu and route table need only these three strings per resource; the full
 * declarations (zod schemas, field lists, descriptions) load with the resource's screen through
 * `load()`, a dynamic import the bundler turns into a chunk of its own, so they stay out of the
 * sign-in page's JavaScript. `test/resource-catalog.test.ts` keeps this list equal to RESOURCES
 * (same order, same name, path and module, and `load()` answering that very declaration).
 */
import type { ResourceDef } from './define.ts';

export interface ResourceEntry {
  /** API segment, as ResourceDef.name (e.g. 'Bank'). */
  name: string;
  /** Web route of its screen (§2), as ResourceDef.path. */
  path: string;
  /** Permission module, as ResourceDef.module; the menu shows the screen to holders of `{module}:view`. */
  module: string;
  /** The full declaration; rejects only when its chunk cannot be fetched. */
  load: () => Promise<ResourceDef>;
}

const def = (m: unknown) => m as ResourceDef;

/** In the order of RESOURCES (GROUP_A then GROUP_B). */
export const RESOURCE_CATALOG: readonly ResourceEntry[] = [
  { name: 'Currency', path: '/currency-config', module: 'currency', load: () => import('./defs/currency.ts').then((m) => def(m.currencyResource)) },
  { name: 'Bank', path: '/bank-config', module: 'bank', load: () => import('./defs/bank.ts').then((m) => def(m.bankResource)) },
  { name: 'MdrCategory', path: '/mdr-category', module: 'mdrcategory', load: () => import('./defs/mdr-category.ts').then((m) => def(m.mdrCategoryResource)) },
  { name: 'PaymentCategory', path: '/payment-category', module: 'paymentcategory', load: () => import('./defs/payment-category.ts').then((m) => def(m.paymentCategoryResource)) },
  { name: 'Acquirer', path: '/acquirer', module: 'acquirer', load: () => import('./defs/acquirer.ts').then((m) => def(m.acquirerResource)) },
  { name: 'MdrProduct', path: '/mdr-products', module: 'mdrproduct', load: () => import('./defs/mdr-product.ts').then((m) => def(m.mdrProductResource)) },
  { name: 'TpaProductConfig', path: '/tpa-product-config', module: 'tpaproductconfig', load: () => import('./defs/tpa-product-config.ts').then((m) => def(m.tpaProductConfigResource)) },
  { name: 'Subscription', path: '/subscription-config', module: 'subscription', load: () => import('./defs/subscription.ts').then((m) => def(m.subscriptionResource)) },
  { name: 'NatureBusiness', path: '/nature-business', module: 'naturebusiness', load: () => import('./defs/nature-business.ts').then((m) => def(m.natureBusinessResource)) },
  { name: 'CardBin', path: '/cardBIN-maintenance', module: 'cardbin', load: () => import('./defs/card-bin.ts').then((m) => def(m.cardBinResource)) },
  { name: 'UserGroup', path: '/user-group', module: 'usergroup', load: () => import('./defs/user-group.ts').then((m) => def(m.userGroupResource)) },
  { name: 'MobileUserGroup', path: '/mobile-user-group', module: 'usergroupmobile', load: () => import('./defs/mobile-user-group.ts').then((m) => def(m.mobileUserGroupResource)) },
  { name: 'MobileGlobal', path: '/mobile-global', module: 'usergroupmobileglobal', load: () => import('./defs/mobile-global.ts').then((m) => def(m.mobileGlobalResource)) },
  { name: 'MessageTemplate', path: '/message-template', module: 'messagetemplate', load: () => import('./defs/message-template.ts').then((m) => def(m.messageTemplateResource)) },
  { name: 'RiskParameter', path: '/risk-parameter', module: 'riskparameter', load: () => import('./defs/risk-parameter.ts').then((m) => def(m.riskParameterResource)) },
  { name: 'PayoutHoliday', path: '/payout-holiday-setting', module: 'payoutholiday', load: () => import('./defs/payout-holiday.ts').then((m) => def(m.payoutHolidayResource)) },
  { name: 'SystemSetting', path: '/system-setting', module: 'systemsetting', load: () => import('./defs/system-setting.ts').then((m) => def(m.systemSettingResource)) },
  {
    name: 'MasterMerchantConfig',
    path: '/master-merchant-config',
    module: 'mastermerchantconfig',
    load: () => import('./defs/organization-config.ts').then((m) => def(m.masterMerchantConfigResource)),
  },
  { name: 'AgencyAgentConfig', path: '/agencyAgent-config', module: 'agencyagentconfig', load: () => import('./defs/organization-config.ts').then((m) => def(m.agencyAgentConfigResource)) },
  { name: 'MerchantConfig', path: '/merchant-config', module: 'merchantconfig', load: () => import('./defs/organization-config.ts').then((m) => def(m.merchantConfigResource)) },
];

/** The catalogue entry whose screen is at `path`, if any. */
export function catalogEntryByPath(path: string): ResourceEntry | undefined {
  return RESOURCE_CATALOG.find((r) => r.path === path);
}

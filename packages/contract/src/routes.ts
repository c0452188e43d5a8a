/**
 * The route table: every endpoint once, with its method, path, zod schemas, the `module:action`
 * permission it checks (§6), whether it needs a session and whether its body travels over the
 * secure channel (§7). The server registers from this table, the web client is typed by it and
 * /api/docs is generated from it.
 */
import { z } from 'zod';
import * as auth from './endpoints/auth.ts';
import * as cfg from './endpoints/config.ts';
import * as dash from './endpoints/dashboard.ts';
import * as lk from './endpoints/lookups.ts';
import * as sys from './endpoints/system.ts';
import * as txn from './endpoints/transactions.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  method: Method;
  path: string;
  summary: string;
  body?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  /** Permission checked on every call; `null` = any signed-in user; ignored when `auth` is false. */
  permission: string | null;
  auth: boolean;
  /** False for the handshake, runtime config, IP echo and multipart uploads. */
  encrypted: boolean;
  /** Answers a file (content-disposition) instead of JSON. */
  file?: boolean;
}

const def = <T extends RouteDef>(d: T) => d;

export const routes = {
  config: def({ method: 'GET', path: '/api/portal/config', summary: 'Runtime configuration', response: sys.RuntimeConfig, permission: null, auth: false, encrypted: false }),
  ipEcho: def({ method: 'GET', path: '/api/portal/ip/echo', summary: "Echoes the caller's address", response: sys.IpEcho, permission: null, auth: false, encrypted: false }),
  handshake: def({ method: 'POST', path: '/api/portal/secure/Handshake', summary: 'ECDH P-256 handshake', body: sys.HandshakeRequest, response: sys.HandshakeResponse, permission: null, auth: false, encrypted: false }),
  login: def({ method: 'POST', path: '/api/portal/auth/Login', summary: 'Sign in', body: auth.LoginRequest, response: auth.LoginResponse, permission: null, auth: false, encrypted: true }),
  changeUserGroup: def({ method: 'POST', path: '/api/portal/auth/ChangeUserUserGroup', summary: 'Switch user group', body: auth.ChangeUserGroupRequest, response: auth.ChangeUserGroupResponse, permission: null, auth: true, encrypted: true }),
  logout: def({ method: 'POST', path: '/api/portal/auth/Logout', summary: 'Sign out and revoke the session', response: auth.LogoutResponse, permission: null, auth: true, encrypted: true }),
  profile: def({ method: 'GET', path: '/api/portal/auth/GetProfile', summary: 'Current user, group, permissions', response: auth.ProfileResponse, permission: null, auth: true, encrypted: true }),
  currencies: def({ method: 'GET', path: '/api/portal/Home/GetCurrency', summary: 'Active currencies', response: sys.CurrencyList, permission: null, auth: true, encrypted: true }),
  serverTime: def({ method: 'GET', path: '/api/portal/Home/GetServerDateTime', summary: 'Server time', response: sys.ServerDateTime, permission: null, auth: true, encrypted: true }),
  dashboard: def({ method: 'POST', path: '/api/portal/Dashboard/GetSummary', summary: 'Dashboard figures', body: dash.DashboardRequest, response: dash.DashboardResponse, permission: 'dashboard:view', auth: true, encrypted: true }),
  orgSelection: def({ method: 'POST', path: '/api/portal/Organization/GetSelection', summary: 'Scoped organization picker', body: txn.OrgSelectionRequest, response: txn.OrgSelectionResponse, permission: null, auth: true, encrypted: true }),
  ecommerceSearch: def({ method: 'POST', path: '/api/portal/Transaction/Ecommerce/Search', summary: 'E-commerce transactions (keyset paged)', body: txn.TransactionSearchRequest, response: txn.TransactionSearchResponse, permission: 'transaction:ecommerce', auth: true, encrypted: true }),
  ecommerceGet: def({ method: 'GET', path: '/api/portal/Transaction/Ecommerce/Get/:Id', summary: 'E-commerce transaction detail', params: txn.TransactionGetParams, response: txn.TransactionDetail, permission: 'transaction:ecommerce', auth: true, encrypted: true }),
  ecommerceExport: def({ method: 'POST', path: '/api/portal/Transaction/Ecommerce/Export', summary: 'Export e-commerce transactions (XLSX or CSV, streamed)', body: txn.TransactionExportRequest, permission: 'transaction:export', auth: true, encrypted: true, file: true }),
  bankList: def({ method: 'POST', path: '/api/portal/Bank/GetBankList', summary: 'Active banks', body: lk.BankListRequest, response: lk.BankListResponse, permission: null, auth: true, encrypted: true }),
  userTypeSelection: def({ method: 'GET', path: '/api/portal/UserGroup/GetUserTypeSelection', summary: 'User types (group types)', response: lk.UserTypeSelectionResponse, permission: null, auth: true, encrypted: true }),
  userGroupList: def({ method: 'GET', path: '/api/portal/UserGroup/GetUserGroupList', summary: 'Portal user groups the caller may assign', response: lk.UserGroupListResponse, permission: null, auth: true, encrypted: true }),
  paymentMethodList: def({ method: 'GET', path: '/api/portal/Transaction/Payment/GetPaymentMethod', summary: 'Payment methods', response: lk.PaymentMethodListResponse, permission: null, auth: true, encrypted: true }),
  paymentProductList: def({ method: 'GET', path: '/api/portal/Transaction/GetPaymentProductList/:ServiceType', summary: 'Payment products (0 = all service types)', params: lk.PaymentProductParams, response: lk.PaymentProductListResponse, permission: null, auth: true, encrypted: true }),
  mdrCategorySearch: def({ method: 'POST', path: '/api/portal/MDRCategory/Search', summary: 'MDR categories', body: lk.MdrCategorySearchRequest, response: lk.MdrCategorySearchResponse, permission: null, auth: true, encrypted: true }),
  subscriptionCompanyList: def({ method: 'GET', path: '/api/portal/Subscription/GetSubscriptionCompanyList', summary: 'Companies that can hold a subscription', response: lk.SubscriptionCompanyListResponse, permission: null, auth: true, encrypted: true }),
  serviceTypeList: def({ method: 'GET', path: '/api/portal/Dashboard/GetServiceType', summary: 'Service types', response: lk.ServiceTypeListResponse, permission: null, auth: true, encrypted: true }),
  countryList: def({ method: 'GET', path: '/api/portal/Localization/GetAllCountry', summary: 'Countries (ISO 3166-1)', response: lk.CountryListResponse, permission: null, auth: true, encrypted: true }),
  messageTemplateKeys: def({ method: 'GET', path: '/api/portal/MessageTemplate/GetMessageTemplateKey', summary: 'Message template keys', response: lk.MessageTemplateKeyResponse, permission: null, auth: true, encrypted: true }),
  cardSchemeTypes: def({ method: 'GET', path: '/api/portal/CardBIN/GetCardSchemeType', summary: 'Card schemes and card types', response: lk.CardSchemeTypeResponse, permission: null, auth: true, encrypted: true }),
  acquirersByServiceType: def({ method: 'POST', path: '/api/portal/Acquirer/GetAcquirerByServiceType', summary: 'Acquirers serving a service type and terminal category', body: lk.AcquirerByServiceTypeRequest, response: lk.AcquirerByServiceTypeResponse, permission: null, auth: true, encrypted: true }),
  riskViolationOptions: def({ method: 'GET', path: '/api/portal/TPA/Settlement/RiskViolationOptions', summary: 'Risk violation options', response: lk.RiskViolationOptionsResponse, permission: null, auth: true, encrypted: true }),
  masterMerchantList: def({ method: 'POST', path: '/api/portal/MasterMerchant/GetMasterMerchantList', summary: 'Master merchants in scope', body: lk.MasterMerchantListRequest, response: lk.MasterMerchantListResponse, permission: null, auth: true, encrypted: true }),
  terminalModels: def({ method: 'GET', path: '/api/portal/terminal/GetTerminalModel', summary: 'Terminal models', response: lk.TerminalModelResponse, permission: null, auth: true, encrypted: true }),
  countryStates: def({ method: 'POST', path: '/api/country/states', summary: 'States of a country (Malaysia only)', body: lk.CountryStatesRequest, response: lk.CountryStatesResponse, permission: null, auth: false, encrypted: false }),
  stateCities: def({ method: 'POST', path: '/api/country/state/cities', summary: 'Cities of a state (Malaysia only)', body: lk.StateCitiesRequest, response: lk.StateCitiesResponse, permission: null, auth: false, encrypted: false }),
  userGroupPermissions: def({ method: 'GET', path: '/api/portal/UserGroup/Permissions/:Id', summary: "A user group's permissions and the catalogue to choose from", params: cfg.UserGroupPermissionsParams, response: cfg.UserGroupPermissionsResponse, permission: 'usergroup:editpermission', auth: true, encrypted: true }),
  setUserGroupPermissions: def({ method: 'PUT', path: '/api/portal/UserGroup/SetPermissions', summary: "Replace a user group's permissions (with its Version)", body: cfg.SetUserGroupPermissionsRequest, response: cfg.UserGroupPermissionsResponse, permission: 'usergroup:editpermission', auth: true, encrypted: true }),
  messageTemplatePreview: def({ method: 'POST', path: '/api/portal/MessageTemplate/Preview', summary: 'Render a message template body with sample values', body: cfg.MessageTemplatePreviewRequest, response: cfg.MessageTemplatePreviewResponse, permission: 'messagetemplate:view', auth: true, encrypted: true }),
  bulkUpdateMdrPreview: def({ method: 'POST', path: '/api/portal/BulkUpdateMdr/Preview', summary: 'Preview a bulk MDR rate file (multipart XLSX or CSV); nothing is written', response: cfg.BulkUpdateMdrPreviewResponse, permission: 'bulkupdateconfiguration:mdr', auth: true, encrypted: false }),
  bulkUpdateMdrApply: def({ method: 'POST', path: '/api/portal/BulkUpdateMdr/Apply', summary: 'Apply a bulk MDR rate file (multipart XLSX or CSV), all rows or none', response: cfg.BulkUpdateMdrApplyResponse, permission: 'bulkupdateconfiguration:mdr', auth: true, encrypted: false }),
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type BodyOf<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
export type ResponseOf<N extends RouteName> = Routes[N] extends { response: infer R extends z.ZodType } ? z.output<R> : Blob;

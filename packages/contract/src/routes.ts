/**
 * The hand-declared routes: every endpoint once, with its method, path, zod schemas, the `module:action`
 * permission it checks (§6), whether it needs a session and whether its body travels over the
 * secure channel (§7). The server registers from this table, the web client is typed by it and
 * /api/docs is generated from it. Generated routes (resources, reports) join it in ROUTE_TABLE.
 */
import { z } from 'zod';
import { LOG_FILE_SOURCE, LOG_SOURCE_SCREENS } from '@paydesk/domain';
import * as auth from './endpoints/auth.ts';
import * as cfg from './endpoints/config.ts';
import * as dash from './endpoints/dashboard.ts';
import * as lk from './endpoints/lookups.ts';
import * as rf from './endpoints/refunds.ts';
import * as rk from './endpoints/risk.ts';
import * as po from './endpoints/payout.ts';
import * as rm from './endpoints/rm-application.ts';
import * as pf from './endpoints/profiles.ts';
import * as mu from './endpoints/merchant-upload.ts';
import { PROFILE_MOVE, PROFILE_SEGMENT_KEYS, PROFILE_SEGMENT_LEVELS, PROFILE_SEGMENT_MODULES, profilePath, type ProfileSegment } from './profile-segments.ts';
import * as st from './endpoints/settlement.ts';
import * as sys from './endpoints/system.ts';
import * as txn from './endpoints/transactions.ts';
import * as um from './endpoints/users.ts';
import * as zk from './endpoints/zmk.ts';
import * as gs from './endpoints/search.ts';
import * as sv from './endpoints/saved-views.ts';
import * as eh from './endpoints/export-history.ts';
import * as fw from './endpoints/firmware.ts';
import * as otlp from './endpoints/otlp-logs.ts';
import * as lik from './endpoints/log-ingest-keys.ts';
import * as lf from './endpoints/log-files.ts';
import * as ti from './endpoints/txn-ingest.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a route's answer holds with respect to tenants, declared with the route so the generated
 * cross-tenant suite (route-tenancy.test.ts) knows how to check it. A tenant is an organization
 * subtree (a caller sees its own organization and everything under it):
 *  - 'organization': a list whose rows are organizations (row `Id` = organization id); every row
 *    must lie inside the caller's subtree.
 *  - 'transaction': a list or export whose rows are records carrying the transactions' owner
 *    columns (a report's source table; `transactions` by default), checked by
 *    `coalesce(branch_id, merchant_id)` inside the caller's subtree (an export by its key column).
 *  - 'orgOwned': a list or export whose rows each carry the organization they belong to (`OrgId`;
 *    an export's `ID` column names the row of the owned table): every owner inside the subtree.
 *  - 'user': a list of users, each with its memberships: every user shown has at least one
 *    membership and every membership shown is of the caller's subtree.
 *  - 'summary': figures grouped by organization (the sales reports): checked by their own case
 *    (every group inside the subtree, a foreign organization filter refused).
 *  - 'own': the caller's own data (its profile, memberships, recovery codes) or one record the
 *    caller names or makes (its id kind, `idOf`, is probed by the suite's id check): no rows of
 *    other tenants to check.
 *  - 'platform': reference data shared by every tenant, or data of a platform-only module that no
 *    merchant-side group can hold: no tenant boundary, the permission decides.
 *  - 'search': hits of several record kinds (the global search): each kind's rows are scoped by
 *    that kind's own rule, which its own suite checks per kind (global-search.test.ts), as the
 *    generic suite cannot tell one kind's id from another's.
 * A list-shaped route (an array, or an object with an array field, or a file) must declare one:
 * the suite fails for a list without it, so a new list cannot land unchecked.
 */
export type Tenancy = 'organization' | 'transaction' | 'orgOwned' | 'user' | 'summary' | 'own' | 'platform' | 'search';

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
  /**
   * A multipart upload (field `file`): unencrypted per §7, but signed over the SHA-256 of the body
   * with the session's channel keys, so a stolen token alone cannot upload.
   */
  upload?: boolean;
  /**
   * The kind of record whose id the route takes (path `:Id` or body `Id`), e.g. 'transaction' or a
   * resource name. The generated cross-tenant suite proves that another tenant's id of this kind
   * is neither read nor changed; a route taking an id must name it.
   */
  idOf?: string;
  /**
   * A money-moving POST: the caller must send an `Idempotency-Key` header; a
   * replay within 24 h answers the first answer, the same key with another body is refused
   * (IDEM422). The generated suites send a fresh key to these routes.
   */
  idempotent?: boolean;
  /**
   * A state-changing operation: the platform runs it in one database transaction and writes exactly
   * one `audit_log` row in it — `action`, the actor and the membership acted in, `target` (the
   * record kind) and the id the operation names, before/after or detail when it gives them, and
   * the request id. Routes without it change nothing a user did (reads, previews), or write their
   * own record where no transaction can hold it (sign-in, uploads; listed in the audit suite).
   */
  audit?: { action: string; target: string };
  /** The resource and operation of a route generated by the resource engine. */
  resource?: { name: string; op: string };
  /**
   * Answers a session that must still enrol two-factor sign-in (MFA_ENFORCE; the auth guard
   * refuses every other session route with MFA403 meanwhile). Set on exactly the enrolment steps,
   * the profile, sign-out and the one lookup the signed-in shell asks for before it knows the
   * profile (the active currencies: platform reference data, no tenant's records).
   */
  beforeMfa?: boolean;
  /** What the answer holds with respect to tenants, and so how the cross-tenant suite checks it (see Tenancy). */
  tenancy?: Tenancy;
}

const def = <T extends RouteDef>(d: T) => d;

/**
 * The routes of one profile screen (profile-segments.ts): the same ten for
 * each segment, with its permission module and its record kinds for the cross-tenant suite
 * (`{key}Profile` an organization of the segment's levels, `{key}Document` one of its documents).
 * Tenancy: the list is of organizations; a profile's detail (persons, accounts, documents), its
 * history and a document are one record, probed by the id check.
 */
function profileOps<S extends ProfileSegment>(s: S) {
  const m = PROFILE_SEGMENT_MODULES[s];
  const k = PROFILE_SEGMENT_KEYS[s];
  const who = PROFILE_SEGMENT_LEVELS[s].join(' or ');
  return {
    Search: def({ method: 'POST', path: profilePath(s, 'Search'), summary: `Profiles (${who}) of the caller's subtree, by page`, body: pf.ProfileSearchRequest, response: pf.ProfileSearchResponse, permission: `${m}:view`, auth: true, encrypted: true, tenancy: 'organization' }),
    Get: def({ method: 'GET', path: profilePath(s, 'Get'), summary: `A ${who} profile: company, persons, bank accounts (masked), documents, configuration, KYC status and the caller's allowed actions`, params: pf.ProfileIdParams, response: pf.ProfileDetail, permission: `${m}:view`, auth: true, encrypted: true, idOf: `${k}Profile`, tenancy: 'own' }),
    Create: def({ method: 'POST', path: profilePath(s, 'Create'), summary: `Create a ${who} profile under a parent of the caller's subtree (PENDING, submitted by the caller)`, body: pf.ProfileCreateRequest, response: pf.ProfileCreateResponse, permission: `${m}:create`, auth: true, encrypted: true, audit: { action: 'CREATE', target: `${s}Profile` } }),
    Update: def({ method: 'POST', path: profilePath(s, 'Update'), summary: `Update a ${who} profile with its Version; a key-data change of a VERIFIED profile makes it UNVERIFY`, body: pf.ProfileUpdateRequest, response: pf.ProfileDetail, permission: `${m}:update`, auth: true, encrypted: true, idOf: `${k}Profile`, audit: { action: 'UPDATE', target: `${s}Profile` }, tenancy: 'own' }),
    Review: def({ method: 'POST', path: profilePath(s, 'Review'), summary: `KYC decision on a ${who} profile (START_REVIEW, VERIFY, REJECT, SUSPEND, REINSTATE); never by its maker`, body: pf.ProfileReviewRequest, response: pf.ProfileDetail, permission: `${m}:review`, auth: true, encrypted: true, idOf: `${k}Profile`, audit: { action: 'KYC_REVIEW', target: `${s}Profile` }, tenancy: 'own' }),
    Submit: def({ method: 'POST', path: profilePath(s, 'Submit'), summary: `Resubmit a REJECTED ${who} profile for review (PENDING)`, body: pf.ProfileSubmitRequest, response: pf.ProfileDetail, permission: `${m}:update`, auth: true, encrypted: true, idOf: `${k}Profile`, audit: { action: 'KYC_SUBMIT', target: `${s}Profile` }, tenancy: 'own' }),
    History: def({ method: 'GET', path: profilePath(s, 'History'), summary: `A ${who} profile's onboarding status history (actor, time, reason)`, params: pf.ProfileIdParams, response: pf.ProfileHistoryResponse, permission: `${m}:view`, auth: true, encrypted: true, idOf: `${k}Profile`, tenancy: 'own' }),
    DocumentUpload: def({ method: 'POST', path: profilePath(s, 'DocumentUpload'), summary: `Add a KYC document to a ${who} profile (multipart: DocType, then file; PDF, JPEG or PNG by magic bytes, at most 5 MB)`, params: pf.ProfileIdParams, response: pf.ProfileDocument, permission: `${m}:update`, auth: true, encrypted: false, upload: true, idOf: `${k}Profile` }),
    Document: def({ method: 'GET', path: profilePath(s, 'Document'), summary: `Download a KYC document of a ${who} profile (audited)`, params: pf.ProfileIdParams, permission: `${m}:view`, auth: true, encrypted: true, file: true, idOf: `${k}Document`, tenancy: 'own' }),
    DocumentDelete: def({ method: 'POST', path: profilePath(s, 'DocumentDelete'), summary: `Remove a KYC document of a ${who} profile (kept for the audit)`, body: pf.ProfileDocumentDeleteRequest, response: pf.ProfileDocumentDeleteResponse, permission: `${m}:update`, auth: true, encrypted: true, idOf: `${k}Document`, audit: { action: 'DELETE', target: `${s}Document` } }),
  };
}
type ProfileOpsOf<S extends ProfileSegment> = ReturnType<typeof profileOps<S>>;
type ProfileRoutesOf<S extends ProfileSegment> = { [O in keyof ProfileOpsOf<S> as `${(typeof PROFILE_SEGMENT_KEYS)[S]}Profile${O & string}`]: ProfileOpsOf<S>[O] };

/** One segment's profile routes keyed by route name (`merchantProfileSearch` …). */
function profileRoutes<S extends ProfileSegment>(s: S): ProfileRoutesOf<S> {
  return Object.fromEntries(Object.entries(profileOps(s)).map(([op, d]) => [`${PROFILE_SEGMENT_KEYS[s]}Profile${op}`, d])) as ProfileRoutesOf<S>;
}

export const routes = {
  config: def({ method: 'GET', path: '/api/portal/config', summary: 'Runtime configuration', response: sys.RuntimeConfig, permission: null, auth: false, encrypted: false }),
  healthz: def({ method: 'GET', path: '/healthz', summary: 'Liveness: the process answers', response: sys.HealthResponse, permission: null, auth: false, encrypted: false }),
  readyz: def({ method: 'GET', path: '/readyz', summary: 'Readiness: database reachable and migrations applied (503 SRV503 otherwise, and while shutting down)', response: sys.ReadyResponse, permission: null, auth: false, encrypted: false }),
  ipEcho: def({ method: 'GET', path: '/api/portal/ip/echo', summary: "Echoes the caller's address", response: sys.IpEcho, permission: null, auth: false, encrypted: false }),
  handshake: def({ method: 'POST', path: '/api/portal/secure/Handshake', summary: 'ECDH P-256 handshake', body: sys.HandshakeRequest, response: sys.HandshakeResponse, permission: null, auth: false, encrypted: false }),
  login: def({ method: 'POST', path: '/api/portal/auth/Login', summary: 'Sign in', body: auth.LoginRequest, response: auth.LoginResponse, permission: null, auth: false, encrypted: true, tenancy: 'own' }),
  changeUserGroup: def({ method: 'POST', path: '/api/portal/auth/ChangeUserUserGroup', summary: 'Switch user group', body: auth.ChangeUserGroupRequest, response: auth.ChangeUserGroupResponse, permission: null, auth: true, encrypted: true, idOf: 'membership' }),
  logout: def({ method: 'POST', path: '/api/portal/auth/Logout', summary: 'Sign out and revoke the session', response: auth.LogoutResponse, permission: null, auth: true, encrypted: true, beforeMfa: true }),
  // The caller's own memberships and permissions ('own').
  profile: def({ method: 'GET', path: '/api/portal/auth/GetProfile', summary: 'Current user, group, permissions', response: auth.ProfileResponse, permission: null, auth: true, encrypted: true, beforeMfa: true, tenancy: 'own' }),
  currencies: def({ method: 'GET', path: '/api/portal/Home/GetCurrency', summary: 'Active currencies', response: sys.CurrencyList, permission: null, auth: true, encrypted: true, beforeMfa: true, tenancy: 'platform' }),
  serverTime: def({ method: 'GET', path: '/api/portal/Home/GetServerDateTime', summary: 'Server time', response: sys.ServerDateTime, permission: null, auth: true, encrypted: true }),
  // The global search (⌘K): any signed-in user; each kind of hit only with the permission of the screen it opens, inside the caller's subtree.
  globalSearch: def({ method: 'POST', path: '/api/portal/GlobalSearch/Search', summary: "Transactions (recent), organizations, terminals and refund requests of the caller's subtree matching a query: reference prefix or suffix, card last 4 or first 6 + last 4, customer e-mail, name or MID prefix, TID or serial prefix", body: gs.GlobalSearchRequest, response: gs.GlobalSearchResponse, permission: null, auth: true, encrypted: true, tenancy: 'search' }),
  // Saved views: the caller's own named list states ('own'); a view's id of another user is NF404.
  savedViewList: def({ method: 'POST', path: '/api/portal/SavedView/Search', summary: "The caller's saved views of a screen, by name", body: sv.SavedViewListRequest, response: sv.SavedViewListResponse, permission: null, auth: true, encrypted: true, tenancy: 'own' }),
  savedViewSave: def({ method: 'POST', path: '/api/portal/SavedView/Save', summary: 'Save the list state of a screen under a name (the same name replaces it); at most 30 per screen', body: sv.SavedViewSaveRequest, response: sv.SavedView, permission: null, auth: true, encrypted: true, audit: { action: 'SAVE', target: 'SavedView' }, tenancy: 'own' }),
  savedViewDelete: def({ method: 'POST', path: '/api/portal/SavedView/Delete', summary: "Delete one of the caller's saved views", body: sv.SavedViewDeleteRequest, response: sv.SavedViewDeleteResponse, permission: null, auth: true, encrypted: true, idOf: 'savedView', audit: { action: 'DELETE', target: 'SavedView' }, tenancy: 'own' }),
  // The caller's own export history (issue 29 item 8), 'own': scoped by the session's user id, never by a parameter.
  exportHistory: def({ method: 'POST', path: '/api/portal/ExportHistory/Search', summary: "The caller's own exports of any list (XLSX or CSV), newest first, by page: screen, file name, filters and sort as sent, status, rows, start, end and a failed run's error code", body: eh.ExportHistoryRequest, response: eh.ExportHistoryResponse, permission: null, auth: true, encrypted: true, tenancy: 'own' }),
  // Figures over the caller's transactions (the cross-tenant suite has no rows with ids to check here).
  dashboard: def({ method: 'POST', path: '/api/portal/Dashboard/GetSummary', summary: 'Dashboard figures', body: dash.DashboardRequest, response: dash.DashboardResponse, permission: 'dashboard:view', auth: true, encrypted: true, tenancy: 'transaction' }),
  // The organization pickers (orgSelection, masterMerchantList, subscriptionCompanyList) answer organizations
  // in scope; the other lookups here are platform reference data.
  orgSelection: def({ method: 'POST', path: '/api/portal/Organization/GetSelection', summary: 'Scoped organization picker', body: txn.OrgSelectionRequest, response: txn.OrgSelectionResponse, permission: null, auth: true, encrypted: true, tenancy: 'organization' }),
  bankList: def({ method: 'POST', path: '/api/portal/Bank/GetBankList', summary: 'Active banks', body: lk.BankListRequest, response: lk.BankListResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  userTypeSelection: def({ method: 'GET', path: '/api/portal/UserGroup/GetUserTypeSelection', summary: 'User types (group types)', response: lk.UserTypeSelectionResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  userGroupList: def({ method: 'GET', path: '/api/portal/UserGroup/GetUserGroupList', summary: 'Portal user groups the caller may assign', response: lk.UserGroupListResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  paymentMethodList: def({ method: 'GET', path: '/api/portal/Transaction/Payment/GetPaymentMethod', summary: 'Payment methods', response: lk.PaymentMethodListResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  paymentProductList: def({ method: 'GET', path: '/api/portal/Transaction/GetPaymentProductList/:ServiceType', summary: 'Payment products (0 = all service types)', params: lk.PaymentProductParams, response: lk.PaymentProductListResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  mdrCategorySearch: def({ method: 'POST', path: '/api/portal/MDRCategory/Search', summary: 'MDR categories', body: lk.MdrCategorySearchRequest, response: lk.MdrCategorySearchResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  subscriptionCompanyList: def({ method: 'GET', path: '/api/portal/Subscription/GetSubscriptionCompanyList', summary: 'Companies that can hold a subscription', response: lk.SubscriptionCompanyListResponse, permission: null, auth: true, encrypted: true, tenancy: 'organization' }),
  serviceTypeList: def({ method: 'GET', path: '/api/portal/Dashboard/GetServiceType', summary: 'Service types', response: lk.ServiceTypeListResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  countryList: def({ method: 'GET', path: '/api/portal/Localization/GetAllCountry', summary: 'Countries (ISO 3166-1)', response: lk.CountryListResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  messageTemplateKeys: def({ method: 'GET', path: '/api/portal/MessageTemplate/GetMessageTemplateKey', summary: 'Message template keys', response: lk.MessageTemplateKeyResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  cardSchemeTypes: def({ method: 'GET', path: '/api/portal/CardBIN/GetCardSchemeType', summary: 'Card schemes and card types', response: lk.CardSchemeTypeResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  acquirersByServiceType: def({ method: 'POST', path: '/api/portal/Acquirer/GetAcquirerByServiceType', summary: 'Acquirers serving a service type and terminal category', body: lk.AcquirerByServiceTypeRequest, response: lk.AcquirerByServiceTypeResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  riskViolationOptions: def({ method: 'GET', path: '/api/portal/TPA/Settlement/RiskViolationOptions', summary: 'Risk violation options', response: lk.RiskViolationOptionsResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  masterMerchantList: def({ method: 'POST', path: '/api/portal/MasterMerchant/GetMasterMerchantList', summary: 'Master merchants in scope', body: lk.MasterMerchantListRequest, response: lk.MasterMerchantListResponse, permission: null, auth: true, encrypted: true, tenancy: 'organization' }),
  terminalModels: def({ method: 'GET', path: '/api/portal/terminal/GetTerminalModel', summary: 'Terminal models', response: lk.TerminalModelResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  countryStates: def({ method: 'POST', path: '/api/country/states', summary: 'States of a country (Malaysia only)', body: lk.CountryStatesRequest, response: lk.CountryStatesResponse, permission: null, auth: false, encrypted: false, tenancy: 'platform' }),
  stateCities: def({ method: 'POST', path: '/api/country/state/cities', summary: 'Cities of a state (Malaysia only)', body: lk.StateCitiesRequest, response: lk.StateCitiesResponse, permission: null, auth: false, encrypted: false, tenancy: 'platform' }),
  // A user group's permissions: the platform's catalogue (a group of a higher type is probed by the id check).
  userGroupPermissions: def({ method: 'GET', path: '/api/portal/UserGroup/Permissions/:Id', summary: "A user group's permissions and the catalogue to choose from", params: cfg.UserGroupPermissionsParams, response: cfg.UserGroupPermissionsResponse, permission: 'usergroup:editpermission', auth: true, encrypted: true, idOf: 'UserGroup', tenancy: 'platform' }),
  setUserGroupPermissions: def({ method: 'PUT', path: '/api/portal/UserGroup/SetPermissions', summary: "Replace a user group's permissions (with its Version)", body: cfg.SetUserGroupPermissionsRequest, response: cfg.UserGroupPermissionsResponse, permission: 'usergroup:editpermission', auth: true, encrypted: true, idOf: 'UserGroup', audit: { action: 'SET_PERMISSIONS', target: 'UserGroup' }, tenancy: 'platform' }),
  messageTemplatePreview: def({ method: 'POST', path: '/api/portal/MessageTemplate/Preview', summary: 'Render a message template body with sample values', body: cfg.MessageTemplatePreviewRequest, response: cfg.MessageTemplatePreviewResponse, permission: 'messagetemplate:view', auth: true, encrypted: true, tenancy: 'platform' }),
  bulkUpdateMdrPreview: def({ method: 'POST', path: '/api/portal/BulkUpdateMdr/Preview', summary: 'Preview a bulk MDR rate file (multipart XLSX or CSV); nothing is written', response: cfg.BulkUpdateMdrPreviewResponse, permission: 'bulkupdateconfiguration:mdr', auth: true, encrypted: false, upload: true, tenancy: 'platform' }),
  bulkUpdateMdrApply: def({ method: 'POST', path: '/api/portal/BulkUpdateMdr/Apply', summary: 'Apply a bulk MDR rate file (multipart XLSX or CSV), all rows or none', response: cfg.BulkUpdateMdrApplyResponse, permission: 'bulkupdateconfiguration:mdr', auth: true, encrypted: false, upload: true }),
  // The refund desk (§7 "Refund and chargeback"). The four RiskPreChargeback paths are §7's. RequestRefund
  // answers about the caller's own new requests, a log is one request's (its id probed by the id check).
  requestRefund: def({ method: 'POST', path: '/api/portal/RiskPreChargeback/RequestRefund', summary: 'Request a refund of transactions in scope (§3 refund form)', body: rf.RequestRefundRequest, response: rf.RequestRefundResponse, permission: 'prechargeback:request', auth: true, encrypted: true, idempotent: true, audit: { action: 'REFUND_REQUEST', target: 'RefundRequest' }, tenancy: 'own' }),
  updateRefund: def({ method: 'POST', path: '/api/portal/RiskPreChargeback/UpdateRefund', summary: 'Manual refund of a pending refund request', body: rf.UpdateRefundRequest, response: rf.RefundRequestState, permission: 'prechargeback:refund', auth: true, encrypted: true, idOf: 'refundRequest', idempotent: true, audit: { action: 'REFUND', target: 'RefundRequest' } }),
  rejectRefund: def({ method: 'POST', path: '/api/portal/RiskPreChargeback/Reject', summary: 'Reject a pending refund request (description required)', body: rf.RefundDecisionRequest, response: rf.RefundRequestState, permission: 'prechargeback:reject', auth: true, encrypted: true, idOf: 'refundRequest', audit: { action: 'REFUND_REJECT', target: 'RefundRequest' } }),
  refundTxnNotFound: def({ method: 'POST', path: '/api/portal/RiskPreChargeback/TxnNotFound', summary: 'Mark a pending refund request’s transaction as not found (description required)', body: rf.RefundDecisionRequest, response: rf.RefundRequestState, permission: 'prechargeback:notfound', auth: true, encrypted: true, idOf: 'refundRequest', audit: { action: 'REFUND_TXN_NOT_FOUND', target: 'RefundRequest' } }),
  resendRefundAck: def({ method: 'POST', path: '/api/portal/RiskPreChargeback/ResendAck', summary: 'Queue the refund acknowledgement to the merchant again', body: rf.ResendAckRequest, response: rf.RefundRequestState, permission: 'prechargeback:resendack', auth: true, encrypted: true, idOf: 'refundRequest', idempotent: true, audit: { action: 'REFUND_RESEND_ACK', target: 'RefundRequest' } }),
  refundLog: def({ method: 'GET', path: '/api/portal/RiskPreChargeback/Log/:Id', summary: 'A refund request’s log: every event with actor, time and summary, delivery attempts included', params: rf.RefundLogParams, response: rf.RefundLogResponse, permission: 'prechargeback:viewlog', auth: true, encrypted: true, idOf: 'refundRequest', tenancy: 'own' }),
  // The risk desk's tickets.
  riskAssign: def({ method: 'POST', path: '/api/portal/Risk/Assign', summary: 'Take a risk alert: assigned to the caller, PENDING becomes OPEN', body: rk.RiskAssignRequest, response: rk.RiskAlertState, permission: 'risk:assign', auth: true, encrypted: true, idOf: 'riskAlert', audit: { action: 'RISK_ASSIGN', target: 'RiskAlert' } }),
  riskAssignTo: def({ method: 'POST', path: '/api/portal/Risk/AssignTo', summary: 'Give a risk alert to a colleague who may work it (the alert’s Assignees); PENDING becomes OPEN', body: rk.RiskAssignToRequest, response: rk.RiskAlertState, permission: 'risk:assign', auth: true, encrypted: true, idOf: 'riskAlert', audit: { action: 'RISK_ASSIGN_TO', target: 'RiskAlert' } }),
  riskComment: def({ method: 'POST', path: '/api/portal/Risk/Comment', summary: 'Comment on a PENDING or OPEN risk alert', body: rk.RiskCommentRequest, response: rk.RiskAlertState, permission: 'risk:assign', auth: true, encrypted: true, idOf: 'riskAlert', audit: { action: 'RISK_COMMENT', target: 'RiskAlert' } }),
  riskClose: def({ method: 'POST', path: '/api/portal/Risk/Close', summary: 'Close an OPEN risk alert with its resolution', body: rk.RiskCloseRequest, response: rk.RiskAlertState, permission: 'risk:close', auth: true, encrypted: true, idOf: 'riskAlert', audit: { action: 'RISK_CLOSE', target: 'RiskAlert' } }),
  riskLog: def({ method: 'GET', path: '/api/portal/Risk/Log/:Id', summary: 'A risk alert’s history and its evidence transactions', params: rk.RiskLogParams, response: rk.RiskLogResponse, permission: 'risk:view', auth: true, encrypted: true, idOf: 'riskAlert', tenancy: 'own' }),
  // The settlement desk: imports and bank payout batches are the platform's (no tenant owns a file or a batch).
  settlementImport: def({ method: 'POST', path: '/api/portal/Settlement/Import', summary: 'Import a provider settlement file (multipart: FormatKey, then the CSV or XLSX file); queued, once per file', response: st.SettlementImportResponse, permission: 'settlementreport:import', auth: true, encrypted: false, upload: true, tenancy: 'platform' }),
  settlementFile: def({ method: 'GET', path: '/api/portal/Settlement/File/:Id', summary: 'A settlement file import: status, progress, the failing row, items per result', params: st.SettlementFileParams, response: st.SettlementFileResponse, permission: 'settlementreport:import', auth: true, encrypted: true, idOf: 'settlementFile' }),
  reconVerify: def({ method: 'POST', path: '/api/portal/Settlement/Verify', summary: 'Verify a reconciliation difference with a note (not by the user who imported the file)', body: st.ReconDecisionRequest, response: st.ReconDecisionResponse, permission: 'settlementreport:verify', auth: true, encrypted: true, idOf: 'reconItem', audit: { action: 'VERIFY', target: 'ReconItem' } }),
  reconUnverify: def({ method: 'POST', path: '/api/portal/Settlement/Unverify', summary: 'Withdraw a verification: the item awaits verification again (UNVERIFY)', body: st.ReconDecisionRequest, response: st.ReconDecisionResponse, permission: 'settlementreport:verify', auth: true, encrypted: true, idOf: 'reconItem', audit: { action: 'UNVERIFY', target: 'ReconItem' } }),
  payoutHold: def({ method: 'POST', path: '/api/portal/Payout/Hold', summary: 'Hold a scheduled or released payout for a risk violation, with a note', body: po.PayoutHoldRequest, response: po.PayoutDecisionResponse, permission: 'tpapayoutreportv2:hold', auth: true, encrypted: true, idOf: 'payout', audit: { action: 'HOLD', target: 'Payout' } }),
  payoutBatchCreate: def({ method: 'POST', path: '/api/portal/Payout/Batch/Create', summary: 'Create a bank payout batch of the payouts due (its bulk-credit file is made with it)', body: po.PayoutBatchCreateRequest, response: po.PayoutBatchCreateResponse, permission: 'payoutreport:batch', auth: true, encrypted: true, idempotent: true, audit: { action: 'CREATE', target: 'PayoutBatch' } }),
  payoutBatchSearch: def({ method: 'POST', path: '/api/portal/Payout/Batch/Search', summary: 'Bank payout batches, newest first', body: po.PayoutBatchSearchRequest, response: po.PayoutBatchSearchResponse, permission: 'payoutreport:batch', auth: true, encrypted: true, tenancy: 'platform' }),
  payoutBatch: def({ method: 'GET', path: '/api/portal/Payout/Batch/:Id', summary: 'A bank payout batch, its totals and its log (creation, file downloads, the bank result)', params: po.PayoutBatchParams, response: po.PayoutBatchDetail, permission: 'payoutreport:batch', auth: true, encrypted: true, idOf: 'payoutBatch', tenancy: 'platform' }),
  payoutBatchFile: def({ method: 'GET', path: '/api/portal/Payout/Batch/:Id/File', summary: 'The bulk-credit file of a bank payout batch (CSV, docs/payout-bulk-credit.md; audited)', params: po.PayoutBatchParams, permission: 'payoutreport:batch', auth: true, encrypted: true, file: true, idOf: 'payoutBatch', tenancy: 'platform' }),
  payoutBatchResult: def({ method: 'POST', path: '/api/portal/Payout/Batch/:Id/Result', summary: "Record the bank's result file of a batch (multipart file): every line PAID or FAILED, once", params: po.PayoutBatchParams, response: po.PayoutBatch, permission: 'payoutreport:batchresult', auth: true, encrypted: false, upload: true, idOf: 'payoutBatch' }),
  // Profiles: /master-merchant, /agency, /agent, /merchant.
  ...profileRoutes('MasterMerchant'),
  ...profileRoutes('Agency'),
  ...profileRoutes('Agent'),
  ...profileRoutes('Merchant'),
  merchantProfileMove: def({ method: PROFILE_MOVE.method, path: PROFILE_MOVE.path, summary: 'Move a merchant HQ (with its branches) to another agent; its transactions and summaries re-keyed, audited', body: pf.ProfileMoveRequest, response: pf.ProfileDetail, permission: 'merchant:move', auth: true, encrypted: true, idOf: 'merchantProfile', audit: { action: 'MOVE', target: 'MerchantProfile' }, tenancy: 'own' }),
  // /merchant-bulk-upload: each upload row carries the company it was uploaded from (OrgId); the
  // template lists the caller's own agents (checked by merchant-upload.test.ts); one upload is probed by the id check.
  merchantUploadTemplate: def({ method: 'GET', path: '/api/portal/MerchantUpload/Template', summary: "The merchant bulk upload template (XLSX: list validations, help, the caller's agents and codes)", permission: 'merchant:bulkupload', auth: true, encrypted: true, file: true, tenancy: 'own' }),
  merchantUploadSubmit: def({ method: 'POST', path: '/api/portal/MerchantUpload', summary: 'Upload a merchant file (multipart XLSX or CSV, at most 5,000 rows); queued, then every merchant created or none', response: mu.MerchantUpload, permission: 'merchant:bulkupload', auth: true, encrypted: false, upload: true, tenancy: 'own' }),
  merchantUploadGet: def({ method: 'GET', path: '/api/portal/MerchantUpload/:Id', summary: 'A merchant upload: status, progress, every row error, the merchants created', params: mu.MerchantUploadParams, response: mu.MerchantUploadDetail, permission: 'merchant:bulkupload', auth: true, encrypted: true, idOf: 'merchantUpload', tenancy: 'own' }),
  merchantUploadSearch: def({ method: 'POST', path: '/api/portal/MerchantUpload/Search', summary: "The merchant uploads of the caller's subtree, newest first", body: mu.MerchantUploadSearchRequest, response: mu.MerchantUploadSearchResponse, permission: 'merchant:bulkupload', auth: true, encrypted: true, tenancy: 'orgOwned' }),
  payoutRelease: def({ method: 'POST', path: '/api/portal/Payout/Release', summary: 'Release a held payout with a note (not by the user who held it)', body: po.PayoutReleaseRequest, response: po.PayoutDecisionResponse, permission: 'tpapayoutreportv2:release', auth: true, encrypted: true, idOf: 'payout', audit: { action: 'RELEASE', target: 'Payout' } }),
  // The Revenue Monster application desk is the platform's (module tpaapplication, never held by a
  // merchant-side group): its list, one application with its merchant's file, one merchant's prefilled form.
  rmApplicationSearch: def({ method: 'POST', path: '/api/portal/TPA/RmApplication/Search', summary: 'Revenue Monster applications of merchants', body: rm.RmApplicationSearchRequest, response: rm.RmApplicationSearchResponse, permission: 'tpaapplication:rmview', auth: true, encrypted: true, tenancy: 'platform' }),
  rmApplicationPrefill: def({ method: 'GET', path: '/api/portal/TPA/RmApplication/Prefill/:MerchantId', summary: "A new Revenue Monster application's form, prefilled from the merchant's profile, with its bank accounts and documents", params: rm.RmApplicationMerchantParams, response: rm.RmApplicationPrefill, permission: 'tpaapplication:rmview', auth: true, encrypted: true, tenancy: 'platform' }),
  rmApplication: def({ method: 'GET', path: '/api/portal/TPA/RmApplication/:Id', summary: 'A Revenue Monster application with its merchant\'s file', params: rm.RmApplicationParams, response: rm.RmApplication, permission: 'tpaapplication:rmview', auth: true, encrypted: true, idOf: 'rmApplication', tenancy: 'platform' }),
  rmApplicationSave: def({ method: 'POST', path: '/api/portal/TPA/RmApplication/Save', summary: 'Save a Revenue Monster application as a draft (a rejected one becomes a draft again)', body: rm.RmApplicationSaveRequest, response: rm.RmApplication, permission: 'tpaapplication:rmedit', auth: true, encrypted: true, idOf: 'rmApplication', audit: { action: 'SAVE', target: 'RmApplication' }, tenancy: 'platform' }),
  rmApplicationSubmit: def({ method: 'POST', path: '/api/portal/TPA/RmApplication/Submit', summary: 'Record that a draft application went to Revenue Monster (a VERIFIED merchant with its documents on file)', body: rm.RmApplicationSubmitRequest, response: rm.RmApplication, permission: 'tpaapplication:rmedit', auth: true, encrypted: true, idOf: 'rmApplication', audit: { action: 'SUBMIT', target: 'RmApplication' }, tenancy: 'platform' }),
  rmApplicationDecide: def({ method: 'POST', path: '/api/portal/TPA/RmApplication/Decide', summary: "Record Revenue Monster's answer (not by the sender); approval creates the merchant's RM configuration", body: rm.RmApplicationDecideRequest, response: rm.RmApplication, permission: 'tpaapplication:rmdecide', auth: true, encrypted: true, idOf: 'rmApplication', audit: { action: 'DECIDE', target: 'RmApplication' }, tenancy: 'platform' }),
  // User management, invitations and two-factor sign-in (/user-management). One user with its
  // memberships (an array) is one record, its id probed by the id check; Mfa/Confirm answers the caller's own recovery codes.
  userSearch: def({ method: 'POST', path: '/api/portal/UserManagement/Search', summary: "Users with a membership in the caller's subtree (only those memberships shown)", body: um.UserSearchRequest, response: um.UserSearchResponse, permission: 'usermanagement:view', auth: true, encrypted: true, tenancy: 'user' }),
  userGet: def({ method: 'GET', path: '/api/portal/UserManagement/:Id', summary: "A user with its memberships in the caller's subtree", params: um.UserParams, response: um.UserResponse, permission: 'usermanagement:view', auth: true, encrypted: true, idOf: 'user', tenancy: 'own' }),
  userInvite: def({ method: 'POST', path: '/api/portal/UserManagement/Invite', summary: 'Invite a user by e-mail (a single-use link, 72 h) with memberships in scope, granting no permission the caller lacks', body: um.InviteUserRequest, response: um.InviteUserResponse, permission: 'usermanagement:invite', auth: true, encrypted: true, audit: { action: 'USER_INVITE', target: 'user' } }),
  userUpdate: def({ method: 'POST', path: '/api/portal/UserManagement/Update', summary: "Change a user's name, phone and its memberships in the caller's subtree (with its Version)", body: um.UpdateUserRequest, response: um.UserResponse, permission: 'usermanagement:update', auth: true, encrypted: true, idOf: 'user', audit: { action: 'USER_UPDATE', target: 'user' }, tenancy: 'own' }),
  userLock: def({ method: 'POST', path: '/api/portal/UserManagement/Lock', summary: 'Lock a user: its sessions end at once', body: um.UserActionRequest, response: um.UserResponse, permission: 'usermanagement:lock', auth: true, encrypted: true, idOf: 'user', audit: { action: 'USER_LOCK', target: 'user' }, tenancy: 'own' }),
  userUnlock: def({ method: 'POST', path: '/api/portal/UserManagement/Unlock', summary: 'Unlock a user (a manual lock or a sign-in lockout)', body: um.UserActionRequest, response: um.UserResponse, permission: 'usermanagement:lock', auth: true, encrypted: true, idOf: 'user', audit: { action: 'USER_UNLOCK', target: 'user' }, tenancy: 'own' }),
  userDeactivate: def({ method: 'POST', path: '/api/portal/UserManagement/Deactivate', summary: 'Deactivate a user: its sessions end at once', body: um.UserActionRequest, response: um.UserResponse, permission: 'usermanagement:deactivate', auth: true, encrypted: true, idOf: 'user', audit: { action: 'USER_DEACTIVATE', target: 'user' }, tenancy: 'own' }),
  userReactivate: def({ method: 'POST', path: '/api/portal/UserManagement/Reactivate', summary: 'Reactivate a deactivated user', body: um.UserActionRequest, response: um.UserResponse, permission: 'usermanagement:deactivate', auth: true, encrypted: true, idOf: 'user', audit: { action: 'USER_REACTIVATE', target: 'user' }, tenancy: 'own' }),
  userResetPassword: def({ method: 'POST', path: '/api/portal/UserManagement/ResetPassword', summary: 'E-mail a password reset link (single use, 1 h)', body: um.UserActionRequest, response: um.UserResponse, permission: 'usermanagement:reset', auth: true, encrypted: true, idOf: 'user', audit: { action: 'USER_RESET_PASSWORD', target: 'user' }, tenancy: 'own' }),
  userResendInvite: def({ method: 'POST', path: '/api/portal/UserManagement/ResendInvite', summary: 'E-mail a new invitation link to a user who has not set a password (earlier links stop working)', body: um.UserActionRequest, response: um.UserResponse, permission: 'usermanagement:invite', auth: true, encrypted: true, idOf: 'user', audit: { action: 'USER_RESEND_INVITE', target: 'user' }, tenancy: 'own' }),
  userResetMfa: def({ method: 'POST', path: '/api/portal/UserManagement/ResetMfa', summary: "Remove a user's two-factor enrolment and recovery codes (it enrols again)", body: um.UserActionRequest, response: um.UserResponse, permission: 'usermanagement:reset', auth: true, encrypted: true, idOf: 'user', audit: { action: 'USER_RESET_MFA', target: 'user' }, tenancy: 'own' }),
  tokenCheck: def({ method: 'POST', path: '/api/portal/auth/Token/Check', summary: 'Check an invitation or reset link: whose it is and the password policy', body: um.TokenCheckRequest, response: um.TokenCheckResponse, permission: null, auth: false, encrypted: true }),
  tokenSetPassword: def({ method: 'POST', path: '/api/portal/auth/Token/SetPassword', summary: 'Set the password with an invitation or reset link (once; the password policy applies)', body: um.SetPasswordRequest, response: um.SetPasswordResponse, permission: null, auth: false, encrypted: true }),
  forgotPassword: def({ method: 'POST', path: '/api/portal/auth/ForgotPassword', summary: 'Ask for a password reset link by e-mail (the same answer whether or not the account exists; single use, 1 h)', body: auth.ForgotPasswordRequest, response: auth.ForgotPasswordResponse, permission: null, auth: false, encrypted: true }),
  changePassword: def({ method: 'POST', path: '/api/portal/auth/ChangePassword', summary: "Change the signed-in user's password (current password, new password under the policy); the user's other sessions end", body: auth.ChangePasswordRequest, response: auth.ChangePasswordResponse, permission: null, auth: true, encrypted: true }),
  passwordPolicy: def({ method: 'GET', path: '/api/portal/auth/GetPasswordPolicy', summary: 'The live password policy (minimum and maximum length, symbol required)', response: auth.PasswordPolicyResponse, permission: null, auth: true, encrypted: true, tenancy: 'platform' }),
  mfaStart: def({ method: 'POST', path: '/api/portal/auth/Mfa/Start', summary: 'Start TOTP enrolment: a new secret, its otpauth URI and QR code', response: um.MfaStartResponse, permission: null, auth: true, encrypted: true, beforeMfa: true }),
  mfaConfirm: def({ method: 'POST', path: '/api/portal/auth/Mfa/Confirm', summary: 'Confirm TOTP enrolment with a first code; answers ten recovery codes, once', body: um.MfaConfirmRequest, response: um.MfaConfirmResponse, permission: null, auth: true, encrypted: true, beforeMfa: true, tenancy: 'own' }),
  // Zone master keys under dual control (/zmk-config): only check values ever leave the server.
  // Platform-only (module zmk, never held by a merchant-side group).
  zmkSearch: def({ method: 'POST', path: '/api/portal/Zmk/Search', summary: 'Zone master keys with their status, components entered and KCV', body: zk.ZmkSearchRequest, response: zk.ZmkSearchResponse, permission: 'zmk:view', auth: true, encrypted: true, tenancy: 'platform' }),
  zmkGet: def({ method: 'GET', path: '/api/portal/Zmk/:Id', summary: "A zone master key: its component slots (who entered each, its KCV), history and the caller's allowed actions", params: zk.ZmkParams, response: zk.ZmkDetail, permission: 'zmk:view', auth: true, encrypted: true, idOf: 'zmk', tenancy: 'platform' }),
  zmkCreate: def({ method: 'POST', path: '/api/portal/Zmk/Create', summary: 'Define a zone master key (name, purpose, acquirer, scheme, 2 or 3 components) and start its key ceremony', body: zk.ZmkCreateRequest, response: zk.ZmkDetail, permission: 'zmk:create', auth: true, encrypted: true, audit: { action: 'ZMK_CREATE', target: 'Zmk' }, tenancy: 'platform' }),
  zmkComponent1: def({ method: 'POST', path: '/api/portal/Zmk/Component1', summary: 'Enter component 1 of a key with its KCV (the server checks the KCV; never a second component by the same user); the last component activates the key', body: zk.ZmkComponentRequest, response: zk.ZmkDetail, permission: 'zmk:custodian1', auth: true, encrypted: true, idOf: 'zmk', audit: { action: 'ZMK_COMPONENT', target: 'Zmk' }, tenancy: 'platform' }),
  zmkComponent2: def({ method: 'POST', path: '/api/portal/Zmk/Component2', summary: 'Enter component 2 of a key with its KCV (the server checks the KCV; never a second component by the same user); the last component activates the key', body: zk.ZmkComponentRequest, response: zk.ZmkDetail, permission: 'zmk:custodian2', auth: true, encrypted: true, idOf: 'zmk', audit: { action: 'ZMK_COMPONENT', target: 'Zmk' }, tenancy: 'platform' }),
  zmkComponent3: def({ method: 'POST', path: '/api/portal/Zmk/Component3', summary: 'Enter component 3 of a key with its KCV (the server checks the KCV; never a second component by the same user); the last component activates the key', body: zk.ZmkComponentRequest, response: zk.ZmkDetail, permission: 'zmk:custodian3', auth: true, encrypted: true, idOf: 'zmk', audit: { action: 'ZMK_COMPONENT', target: 'Zmk' }, tenancy: 'platform' }),
  zmkCancel: def({ method: 'POST', path: '/api/portal/Zmk/Cancel', summary: 'Cancel a key ceremony in progress with a reason; the components entered are wiped', body: zk.ZmkCloseRequest, response: zk.ZmkDetail, permission: 'zmk:cancel', auth: true, encrypted: true, idOf: 'zmk', audit: { action: 'ZMK_CANCEL', target: 'Zmk' }, tenancy: 'platform' }),
  zmkRetire: def({ method: 'POST', path: '/api/portal/Zmk/Retire', summary: 'Retire an active key with a reason; the key is wiped, its KCV kept', body: zk.ZmkCloseRequest, response: zk.ZmkDetail, permission: 'zmk:retire', auth: true, encrypted: true, idOf: 'zmk', audit: { action: 'ZMK_RETIRE', target: 'Zmk' }, tenancy: 'platform' }),
  // Terminal firmware and staged rollouts (/terminal-firmware-management): platform-only.
  firmwareSearch: def({ method: 'POST', path: '/api/portal/Firmware/Search', summary: 'Firmware images with version, models, size and SHA-256, filtered by keyword, model and status', body: fw.FirmwareSearchRequest, response: fw.FirmwareSearchResponse, permission: 'terminalfirmware:view', auth: true, encrypted: true, tenancy: 'platform' }),
  firmwareGet: def({ method: 'GET', path: '/api/portal/Firmware/:Id', summary: "A firmware image and the caller's allowed actions", params: fw.FirmwareParams, response: fw.FirmwareDetail, permission: 'terminalfirmware:view', auth: true, encrypted: true, idOf: 'firmware', tenancy: 'platform' }),
  firmwareUpload: def({ method: 'POST', path: '/api/portal/Firmware/Upload', summary: 'Upload a firmware image (multipart: Version, Models, ReleaseNotes, optional Sha256, then file; at most 10 MiB); SHA-256 computed while reading, a differing Sha256 refused', response: fw.FirmwareDetail, permission: 'terminalfirmware:upload', auth: true, encrypted: false, upload: true, tenancy: 'platform' }),
  firmwareFile: def({ method: 'GET', path: '/api/portal/Firmware/:Id/File', summary: 'Download a firmware image (audited; X-Checksum-Sha256 header)', params: fw.FirmwareParams, permission: 'terminalfirmware:download', auth: true, encrypted: true, file: true, idOf: 'firmware', tenancy: 'platform' }),
  firmwareRetire: def({ method: 'POST', path: '/api/portal/Firmware/Retire', summary: 'Retire a firmware image with a reason (refused while a rollout of it runs or is paused)', body: fw.FirmwareRetireRequest, response: fw.FirmwareDetail, permission: 'terminalfirmware:retire', auth: true, encrypted: true, idOf: 'firmware', audit: { action: 'FIRMWARE_RETIRE', target: 'Firmware' }, tenancy: 'platform' }),
  rolloutPreview: def({ method: 'POST', path: '/api/portal/FirmwareRollout/Preview', summary: 'The terminals a rollout plan would take, per stage, and those it cannot (nothing written)', body: fw.RolloutPlanRequest, response: fw.RolloutPreviewResponse, permission: 'terminalfirmware:rollout', auth: true, encrypted: true, tenancy: 'platform' }),
  rolloutCreate: def({ method: 'POST', path: '/api/portal/FirmwareRollout/Create', summary: 'Start a staged rollout of a firmware image to chosen terminals (Idempotency-Key); its job offers the stages', body: fw.RolloutCreateRequest, response: fw.RolloutDetail, permission: 'terminalfirmware:rollout', auth: true, encrypted: true, idempotent: true, audit: { action: 'FIRMWARE_ROLLOUT_CREATE', target: 'FirmwareRollout' }, tenancy: 'platform' }),
  rolloutSearch: def({ method: 'POST', path: '/api/portal/FirmwareRollout/Search', summary: 'Firmware rollouts with their progress (targets per state, percent installed)', body: fw.RolloutSearchRequest, response: fw.RolloutSearchResponse, permission: 'terminalfirmware:view', auth: true, encrypted: true, tenancy: 'platform' }),
  rolloutGet: def({ method: 'GET', path: '/api/portal/FirmwareRollout/:Id', summary: "A rollout: progress per stage and state, history and the caller's allowed actions", params: fw.RolloutParams, response: fw.RolloutDetail, permission: 'terminalfirmware:view', auth: true, encrypted: true, idOf: 'firmwareRollout', tenancy: 'platform' }),
  rolloutTargets: def({ method: 'POST', path: '/api/portal/FirmwareRollout/Targets', summary: "A rollout's terminals with their stage and state, by page", body: fw.RolloutTargetsRequest, response: fw.RolloutTargetsResponse, permission: 'terminalfirmware:view', auth: true, encrypted: true, idOf: 'firmwareRollout', tenancy: 'platform' }),
  rolloutPause: def({ method: 'POST', path: '/api/portal/FirmwareRollout/Pause', summary: 'Pause a running rollout: no new stage starts (offers made stand)', body: fw.RolloutActionRequest, response: fw.RolloutDetail, permission: 'terminalfirmware:rollout', auth: true, encrypted: true, idOf: 'firmwareRollout', audit: { action: 'FIRMWARE_ROLLOUT_PAUSE', target: 'FirmwareRollout' }, tenancy: 'platform' }),
  rolloutResume: def({ method: 'POST', path: '/api/portal/FirmwareRollout/Resume', summary: 'Resume a paused rollout', body: fw.RolloutActionRequest, response: fw.RolloutDetail, permission: 'terminalfirmware:rollout', auth: true, encrypted: true, idOf: 'firmwareRollout', audit: { action: 'FIRMWARE_ROLLOUT_RESUME', target: 'FirmwareRollout' }, tenancy: 'platform' }),
  rolloutCancel: def({ method: 'POST', path: '/api/portal/FirmwareRollout/Cancel', summary: 'Cancel a rollout with a reason: offers not yet installed are withdrawn', body: fw.RolloutActionRequest, response: fw.RolloutDetail, permission: 'terminalfirmware:cancel', auth: true, encrypted: true, idOf: 'firmwareRollout', audit: { action: 'FIRMWARE_ROLLOUT_CANCEL', target: 'FirmwareRollout' }, tenancy: 'platform' }),
  // OTLP/HTTP logs from the terminals, the master devices API, the mobile app and the receipt uploads
  // (issue 30): no session and no secure channel; an ingest key of the source instead (modules/log-ingest).
  otlpLogs: def({ method: 'POST', path: '/api/otlp/v1/logs', summary: "OpenTelemetry OTLP/HTTP logs (ExportLogsServiceRequest as JSON or protobuf, gzip allowed; at most 4 MiB and 5,000 records): the ingest key of a source (Authorization: Bearer, or X-Ingest-Key) writes every record to the key's source, else AUTH401; nothing is stored unless the whole body is valid", body: otlp.OtlpLogsRequest, response: otlp.OtlpLogsResponse, permission: null, auth: false, encrypted: false }),
  // Terminal log files (/master-terminal-log-files): uploaded with the log file source's ingest key
  // (no session, no channel; its query is checked before the body is read), downloaded by the screen's users.
  logFileUpload: def({ method: 'POST', path: lf.LOG_FILE_UPLOAD_PATH, summary: "A terminal's log file (raw bytes, application/octet-stream, gzip allowed; query Tid, LogDate YYYY-MM-DD not after today, FileName): the master terminal source's ingest key (Authorization: Bearer, or X-Ingest-Key; another source's key 403) stores it sealed, streamed under the LOG_FILE_MAX_MB cap (413), and writes one master terminal log entry with its size and SHA-256; the same bytes again for the TID and date answer that entry", response: lf.LogFileEntry, permission: null, auth: false, encrypted: false }),
  logFileDownload: def({ method: 'GET', path: '/api/portal/Log/MasterTerminal/File/:Id', summary: "The log file of a master terminal log entry, streamed (audited; X-Checksum-Sha256 header); a merchant's users reach their own terminals' files only", params: lf.LogFileParams, permission: LOG_SOURCE_SCREENS[LOG_FILE_SOURCE].permission, auth: true, encrypted: true, file: true, idOf: 'logFile', tenancy: 'own' }),
  // The ingest keys of the OTLP sources (/log-ingest-keys): platform-only (module logfiles). A key is answered once, when issued.
  logIngestKeySearch: def({ method: 'POST', path: '/api/portal/LogIngestKey/Search', summary: 'Log ingest keys: source, label, prefix, status, who issued and revoked them and when, last use (never the key or its hash)', body: lik.LogIngestKeySearchRequest, response: lik.LogIngestKeySearchResponse, permission: 'logfiles:ingestkeys', auth: true, encrypted: true, tenancy: 'platform' }),
  logIngestKeyIssue: def({ method: 'POST', path: '/api/portal/LogIngestKey/Issue', summary: 'Issue an ingest key for a source written from outside the portal (an OTLP source, or the terminal log files) with a label; the key is answered this once (only its SHA-256 is kept)', body: lik.LogIngestKeyIssueRequest, response: lik.LogIngestKeyIssued, permission: 'logfiles:ingestkeys', auth: true, encrypted: true, audit: { action: 'INGEST_KEY_ISSUE', target: 'LogIngestKey' }, tenancy: 'platform' }),
  logIngestKeyRotate: def({ method: 'POST', path: '/api/portal/LogIngestKey/Rotate', summary: 'Rotate an active ingest key: a new key for the same source and label (answered this once) and the old one revoked, in one transaction', body: lik.LogIngestKeyActionRequest, response: lik.LogIngestKeyRotated, permission: 'logfiles:ingestkeys', auth: true, encrypted: true, idOf: 'logIngestKey', audit: { action: 'INGEST_KEY_ROTATE', target: 'LogIngestKey' }, tenancy: 'platform' }),
  logIngestKeyRevoke: def({ method: 'POST', path: '/api/portal/LogIngestKey/Revoke', summary: 'Revoke an active ingest key: its next request is refused (AUTH401)', body: lik.LogIngestKeyActionRequest, response: lik.LogIngestKeyItem, permission: 'logfiles:ingestkeys', auth: true, encrypted: true, idOf: 'logIngestKey', audit: { action: 'INGEST_KEY_REVOKE', target: 'LogIngestKey' }, tenancy: 'platform' }),
  // The ingest API of the payment gateway and the terminal host (issue 31): no session and no secure
  // channel; each request signed as Standard Webhooks signs, with a credential of the source (modules/txn-ingest).
  // Tenancy 'own': the answer lists the caller's own rows, as it posted them (a reference of another source is refused).
  txnIngest: def({ method: 'POST', path: '/api/ingest/v1/transactions', summary: "Transactions from the payment gateway or the terminal host, one or up to 5,000 (signed with the source's whsec_ credential: webhook-id, webhook-timestamp, webhook-signature; else SEC401, a reused webhook-id CF409): each row checked on its own and answered with its index (and field when rejected); Mode ALL_OR_NOTHING (default) applies nothing when a row is rejected, VALID_ROWS applies the others; a TxnRefNo posted before by the source answers DUPLICATE; the risk rules run on every row", body: ti.TxnIngestRequest, response: ti.IngestResponse, permission: null, auth: false, encrypted: false, tenancy: 'own' }),
  txnIngestEvents: def({ method: 'POST', path: '/api/ingest/v1/events', summary: "Status events of transactions posted before (SUCCESS, FAILED, VOID, REVERSE, pre-auth CAPTURE and CAPTURE_VOID), signed as txnIngest: each applied once by (source, EventId), in event-time order whatever the arrival order; an event the transaction's state does not accept is kept and answered REFUSED with why", body: ti.TxnEventsRequest, response: ti.IngestResponse, permission: null, auth: false, encrypted: false, tenancy: 'own' }),
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type BodyOf<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
export type ResponseOf<N extends RouteName> = Routes[N] extends { response: infer R extends z.ZodType } ? z.output<R> : Blob;

/**
 * The route table's addresses without its zod schemas: for each route, its method, path and
 * whether its body travels over the secure channel (§7). The browser's API client needs only
 * these, and the schemas (zod and every endpoint's shapes, ~25 KB brotli) would otherwise load
 * with the sign-in page (first-load budgets).
 *
 * One source: `routes.ts` and the report declarations stay the table; this copy is typed by it
 * (every route name, each method as declared) and `test/route-paths.test.ts` proves every path
 * and flag equal to ROUTE_TABLE's (resource routes excepted: their client builds their paths).
 */
import type { Method, RouteName, Routes } from './routes.ts';
import { REPORT_CATALOG } from './reports/catalog.ts';
import { reportRoutePaths, type ReportRouteName } from './reports/paths.ts';
import { PROFILE_MOVE, PROFILE_OPS, PROFILE_SEGMENT_KEYS, PROFILE_SEGMENTS, profilePath, type ProfileOp, type ProfileRouteName } from './profile-segments.ts';

/** The profile screens' routes (profile-segments.ts): every segment's operations and the merchant move. */
function profileRoutePaths(): Record<ProfileRouteName, RoutePath> {
  const out: Record<string, RoutePath> = { [PROFILE_MOVE.name]: { method: PROFILE_MOVE.method, path: PROFILE_MOVE.path, encrypted: PROFILE_MOVE.encrypted } };
  for (const s of PROFILE_SEGMENTS) {
    for (const op of Object.keys(PROFILE_OPS) as ProfileOp[]) {
      out[`${PROFILE_SEGMENT_KEYS[s]}Profile${op}`] = { method: PROFILE_OPS[op].method, path: profilePath(s, op), encrypted: PROFILE_OPS[op].encrypted };
    }
  }
  return out as Record<ProfileRouteName, RoutePath>;
}

/** Where a route is called: method, path (with `:Name` segments) and encryption (§7). */
export interface RoutePath<M extends Method = Method> {
  method: M;
  path: string;
  encrypted: boolean;
  /** A money-moving POST: the client sends an Idempotency-Key (routes.ts RouteDef.idempotent). */
  idempotent?: boolean;
}

/**
 * Every route of `routes` by name, and every declared report's routes (`Report.{name}.{Op}`,
 * derived from REPORT_CATALOG by `reportRoutePaths`: no zod and no declarations); the client fills `:Name` segments with
 * `resolvePath`.
 */
// One mapped type over both name sets (not an intersection), so indexing it with `never` stays `never`.
export const ROUTE_PATHS: { readonly [N in RouteName | ReportRouteName]: N extends RouteName ? RoutePath<Routes[N]['method']> : RoutePath } = {
  ...reportRoutePaths(REPORT_CATALOG),
  ...(profileRoutePaths() as { [N in ProfileRouteName]: RoutePath<Routes[N]['method']> }),
  config: { method: 'GET', path: '/api/portal/config', encrypted: false },
  healthz: { method: 'GET', path: '/healthz', encrypted: false },
  readyz: { method: 'GET', path: '/readyz', encrypted: false },
  ipEcho: { method: 'GET', path: '/api/portal/ip/echo', encrypted: false },
  handshake: { method: 'POST', path: '/api/portal/secure/Handshake', encrypted: false },
  login: { method: 'POST', path: '/api/portal/auth/Login', encrypted: true },
  changeUserGroup: { method: 'POST', path: '/api/portal/auth/ChangeUserUserGroup', encrypted: true },
  logout: { method: 'POST', path: '/api/portal/auth/Logout', encrypted: true },
  profile: { method: 'GET', path: '/api/portal/auth/GetProfile', encrypted: true },
  currencies: { method: 'GET', path: '/api/portal/Home/GetCurrency', encrypted: true },
  serverTime: { method: 'GET', path: '/api/portal/Home/GetServerDateTime', encrypted: true },
  dashboard: { method: 'POST', path: '/api/portal/Dashboard/GetSummary', encrypted: true },
  orgSelection: { method: 'POST', path: '/api/portal/Organization/GetSelection', encrypted: true },
  bankList: { method: 'POST', path: '/api/portal/Bank/GetBankList', encrypted: true },
  userTypeSelection: { method: 'GET', path: '/api/portal/UserGroup/GetUserTypeSelection', encrypted: true },
  userGroupList: { method: 'GET', path: '/api/portal/UserGroup/GetUserGroupList', encrypted: true },
  paymentMethodList: { method: 'GET', path: '/api/portal/Transaction/Payment/GetPaymentMethod', encrypted: true },
  paymentProductList: { method: 'GET', path: '/api/portal/Transaction/GetPaymentProductList/:ServiceType', encrypted: true },
  mdrCategorySearch: { method: 'POST', path: '/api/portal/MDRCategory/Search', encrypted: true },
  subscriptionCompanyList: { method: 'GET', path: '/api/portal/Subscription/GetSubscriptionCompanyList', encrypted: true },
  serviceTypeList: { method: 'GET', path: '/api/portal/Dashboard/GetServiceType', encrypted: true },
  countryList: { method: 'GET', path: '/api/portal/Localization/GetAllCountry', encrypted: true },
  messageTemplateKeys: { method: 'GET', path: '/api/portal/MessageTemplate/GetMessageTemplateKey', encrypted: true },
  cardSchemeTypes: { method: 'GET', path: '/api/portal/CardBIN/GetCardSchemeType', encrypted: true },
  acquirersByServiceType: { method: 'POST', path: '/api/portal/Acquirer/GetAcquirerByServiceType', encrypted: true },
  riskViolationOptions: { method: 'GET', path: '/api/portal/TPA/Settlement/RiskViolationOptions', encrypted: true },
  masterMerchantList: { method: 'POST', path: '/api/portal/MasterMerchant/GetMasterMerchantList', encrypted: true },
  terminalModels: { method: 'GET', path: '/api/portal/terminal/GetTerminalModel', encrypted: true },
  countryStates: { method: 'POST', path: '/api/country/states', encrypted: false },
  stateCities: { method: 'POST', path: '/api/country/state/cities', encrypted: false },
  userGroupPermissions: { method: 'GET', path: '/api/portal/UserGroup/Permissions/:Id', encrypted: true },
  setUserGroupPermissions: { method: 'PUT', path: '/api/portal/UserGroup/SetPermissions', encrypted: true },
  messageTemplatePreview: { method: 'POST', path: '/api/portal/MessageTemplate/Preview', encrypted: true },
  bulkUpdateMdrPreview: { method: 'POST', path: '/api/portal/BulkUpdateMdr/Preview', encrypted: false },
  bulkUpdateMdrApply: { method: 'POST', path: '/api/portal/BulkUpdateMdr/Apply', encrypted: false },
  requestRefund: { method: 'POST', path: '/api/portal/RiskPreChargeback/RequestRefund', encrypted: true, idempotent: true },
  updateRefund: { method: 'POST', path: '/api/portal/RiskPreChargeback/UpdateRefund', encrypted: true, idempotent: true },
  rejectRefund: { method: 'POST', path: '/api/portal/RiskPreChargeback/Reject', encrypted: true },
  refundTxnNotFound: { method: 'POST', path: '/api/portal/RiskPreChargeback/TxnNotFound', encrypted: true },
  resendRefundAck: { method: 'POST', path: '/api/portal/RiskPreChargeback/ResendAck', encrypted: true, idempotent: true },
  refundLog: { method: 'GET', path: '/api/portal/RiskPreChargeback/Log/:Id', encrypted: true },
  globalSearch: { method: 'POST', path: '/api/portal/GlobalSearch/Search', encrypted: true },
  savedViewList: { method: 'POST', path: '/api/portal/SavedView/Search', encrypted: true },
  savedViewSave: { method: 'POST', path: '/api/portal/SavedView/Save', encrypted: true },
  savedViewDelete: { method: 'POST', path: '/api/portal/SavedView/Delete', encrypted: true },
  exportHistory: { method: 'POST', path: '/api/portal/ExportHistory/Search', encrypted: true },
  riskAssign: { method: 'POST', path: '/api/portal/Risk/Assign', encrypted: true },
  riskAssignTo: { method: 'POST', path: '/api/portal/Risk/AssignTo', encrypted: true },
  riskComment: { method: 'POST', path: '/api/portal/Risk/Comment', encrypted: true },
  riskClose: { method: 'POST', path: '/api/portal/Risk/Close', encrypted: true },
  riskLog: { method: 'GET', path: '/api/portal/Risk/Log/:Id', encrypted: true },
  settlementImport: { method: 'POST', path: '/api/portal/Settlement/Import', encrypted: false },
  settlementFile: { method: 'GET', path: '/api/portal/Settlement/File/:Id', encrypted: true },
  reconVerify: { method: 'POST', path: '/api/portal/Settlement/Verify', encrypted: true },
  reconUnverify: { method: 'POST', path: '/api/portal/Settlement/Unverify', encrypted: true },
  payoutHold: { method: 'POST', path: '/api/portal/Payout/Hold', encrypted: true },
  payoutRelease: { method: 'POST', path: '/api/portal/Payout/Release', encrypted: true },
  merchantUploadTemplate: { method: 'GET', path: '/api/portal/MerchantUpload/Template', encrypted: true },
  merchantUploadSubmit: { method: 'POST', path: '/api/portal/MerchantUpload', encrypted: false },
  merchantUploadGet: { method: 'GET', path: '/api/portal/MerchantUpload/:Id', encrypted: true },
  merchantUploadSearch: { method: 'POST', path: '/api/portal/MerchantUpload/Search', encrypted: true },
  payoutBatchCreate: { method: 'POST', path: '/api/portal/Payout/Batch/Create', encrypted: true, idempotent: true },
  payoutBatchSearch: { method: 'POST', path: '/api/portal/Payout/Batch/Search', encrypted: true },
  payoutBatch: { method: 'GET', path: '/api/portal/Payout/Batch/:Id', encrypted: true },
  payoutBatchFile: { method: 'GET', path: '/api/portal/Payout/Batch/:Id/File', encrypted: true },
  payoutBatchResult: { method: 'POST', path: '/api/portal/Payout/Batch/:Id/Result', encrypted: false },
  rmApplicationSearch: { method: 'POST', path: '/api/portal/TPA/RmApplication/Search', encrypted: true },
  rmApplicationPrefill: { method: 'GET', path: '/api/portal/TPA/RmApplication/Prefill/:MerchantId', encrypted: true },
  rmApplication: { method: 'GET', path: '/api/portal/TPA/RmApplication/:Id', encrypted: true },
  rmApplicationSave: { method: 'POST', path: '/api/portal/TPA/RmApplication/Save', encrypted: true },
  rmApplicationSubmit: { method: 'POST', path: '/api/portal/TPA/RmApplication/Submit', encrypted: true },
  rmApplicationDecide: { method: 'POST', path: '/api/portal/TPA/RmApplication/Decide', encrypted: true },
  userSearch: { method: 'POST', path: '/api/portal/UserManagement/Search', encrypted: true },
  userGet: { method: 'GET', path: '/api/portal/UserManagement/:Id', encrypted: true },
  userInvite: { method: 'POST', path: '/api/portal/UserManagement/Invite', encrypted: true },
  userUpdate: { method: 'POST', path: '/api/portal/UserManagement/Update', encrypted: true },
  userLock: { method: 'POST', path: '/api/portal/UserManagement/Lock', encrypted: true },
  userUnlock: { method: 'POST', path: '/api/portal/UserManagement/Unlock', encrypted: true },
  userDeactivate: { method: 'POST', path: '/api/portal/UserManagement/Deactivate', encrypted: true },
  userReactivate: { method: 'POST', path: '/api/portal/UserManagement/Reactivate', encrypted: true },
  userResetPassword: { method: 'POST', path: '/api/portal/UserManagement/ResetPassword', encrypted: true },
  userResendInvite: { method: 'POST', path: '/api/portal/UserManagement/ResendInvite', encrypted: true },
  userResetMfa: { method: 'POST', path: '/api/portal/UserManagement/ResetMfa', encrypted: true },
  tokenCheck: { method: 'POST', path: '/api/portal/auth/Token/Check', encrypted: true },
  tokenSetPassword: { method: 'POST', path: '/api/portal/auth/Token/SetPassword', encrypted: true },
  forgotPassword: { method: 'POST', path: '/api/portal/auth/ForgotPassword', encrypted: true },
  changePassword: { method: 'POST', path: '/api/portal/auth/ChangePassword', encrypted: true },
  passwordPolicy: { method: 'GET', path: '/api/portal/auth/GetPasswordPolicy', encrypted: true },
  mfaStart: { method: 'POST', path: '/api/portal/auth/Mfa/Start', encrypted: true },
  mfaConfirm: { method: 'POST', path: '/api/portal/auth/Mfa/Confirm', encrypted: true },
  zmkSearch: { method: 'POST', path: '/api/portal/Zmk/Search', encrypted: true },
  zmkGet: { method: 'GET', path: '/api/portal/Zmk/:Id', encrypted: true },
  zmkCreate: { method: 'POST', path: '/api/portal/Zmk/Create', encrypted: true },
  zmkComponent1: { method: 'POST', path: '/api/portal/Zmk/Component1', encrypted: true },
  zmkComponent2: { method: 'POST', path: '/api/portal/Zmk/Component2', encrypted: true },
  zmkComponent3: { method: 'POST', path: '/api/portal/Zmk/Component3', encrypted: true },
  zmkCancel: { method: 'POST', path: '/api/portal/Zmk/Cancel', encrypted: true },
  zmkRetire: { method: 'POST', path: '/api/portal/Zmk/Retire', encrypted: true },
  firmwareSearch: { method: 'POST', path: '/api/portal/Firmware/Search', encrypted: true },
  firmwareGet: { method: 'GET', path: '/api/portal/Firmware/:Id', encrypted: true },
  firmwareUpload: { method: 'POST', path: '/api/portal/Firmware/Upload', encrypted: false },
  firmwareFile: { method: 'GET', path: '/api/portal/Firmware/:Id/File', encrypted: true },
  firmwareRetire: { method: 'POST', path: '/api/portal/Firmware/Retire', encrypted: true },
  otlpLogs: { method: 'POST', path: '/api/otlp/v1/logs', encrypted: false },
  logFileUpload: { method: 'POST', path: '/api/otlp/v1/log-files', encrypted: false },
  txnIngest: { method: 'POST', path: '/api/ingest/v1/transactions', encrypted: false },
  txnIngestEvents: { method: 'POST', path: '/api/ingest/v1/events', encrypted: false },
  logFileDownload: { method: 'GET', path: '/api/portal/Log/MasterTerminal/File/:Id', encrypted: true },
  logIngestKeySearch: { method: 'POST', path: '/api/portal/LogIngestKey/Search', encrypted: true },
  logIngestKeyIssue: { method: 'POST', path: '/api/portal/LogIngestKey/Issue', encrypted: true },
  logIngestKeyRotate: { method: 'POST', path: '/api/portal/LogIngestKey/Rotate', encrypted: true },
  logIngestKeyRevoke: { method: 'POST', path: '/api/portal/LogIngestKey/Revoke', encrypted: true },
  rolloutPreview: { method: 'POST', path: '/api/portal/FirmwareRollout/Preview', encrypted: true },
  rolloutCreate: { method: 'POST', path: '/api/portal/FirmwareRollout/Create', encrypted: true, idempotent: true },
  rolloutSearch: { method: 'POST', path: '/api/portal/FirmwareRollout/Search', encrypted: true },
  rolloutGet: { method: 'GET', path: '/api/portal/FirmwareRollout/:Id', encrypted: true },
  rolloutTargets: { method: 'POST', path: '/api/portal/FirmwareRollout/Targets', encrypted: true },
  rolloutPause: { method: 'POST', path: '/api/portal/FirmwareRollout/Pause', encrypted: true },
  rolloutResume: { method: 'POST', path: '/api/portal/FirmwareRollout/Resume', encrypted: true },
  rolloutCancel: { method: 'POST', path: '/api/portal/FirmwareRollout/Cancel', encrypted: true },
};

import type { GroupType } from './enums.ts';
import { allRoutes } from './navigation.ts';
import { resourceActionPermission, type ResourceActionName } from './resource-actions.ts';

/**
 * The catalogue of every `module:action` permission the portal checks (§6): the permission of
 * each navigation route plus the actions behind the screens (export, detail, switch ...).
 * Order is stable and append-only: the `modulePermission` cookie encodes held permissions as a
 * bitset over this order (see encodePermissionBits).
 */
const EXTRA_PERMISSIONS = [
  'transaction:export',
  'transaction:viewdetail',
  'dashboard:view',
  'auditlog:view',
  'usergroupmobileglobal:editpermission',
  'usergroup:editpermission',
] as const;

export { RESOURCE_ACTIONS, resourceActionPermission, type ResourceActionName } from './resource-actions.ts';

/**
 * The modules of the resource engine's first screens, in the order their permissions hold in the
 * catalogue. The catalogue is append-only (the permission cookie is a bitset over it), so
 * this order is frozen; modules of later resource screens are appended after everything else.
 */
const FIRST_RESOURCE_MODULES = [
  'usergroup', 'usergroupmobile', 'usergroupmobileglobal', 'paymentcategory', 'acquirer', 'mdrcategory', 'mdrproduct', 'tpaproductconfig',
  'subscription', 'naturebusiness', 'cardbin', 'currency', 'bank', 'messagetemplate', 'riskparameter', 'payoutholiday', 'systemsetting',
  'mastermerchantconfig', 'agencyagentconfig', 'merchantconfig',
] as const;

/**
 * Modules served by the resource engine with the write actions each allows, derived from the
 * navigation tree's resource screens (NavRoute.resource): `{module}:view` is the route
 * permission of its screen. The contract's resource declarations must agree (a test checks it).
 */
export const RESOURCE_MODULES: Readonly<Record<string, readonly ResourceActionName[]>> = Object.fromEntries(
  allRoutes()
    .filter((r) => r.resource && r.permission.endsWith(':view'))
    .map((r) => [r.permission.split(':')[0]!, r.resource!.actions]),
);

const RESOURCE_PERMISSIONS = FIRST_RESOURCE_MODULES.flatMap((m) => (RESOURCE_MODULES[m] ?? []).map((a) => `${m}:${a}`));
/**
 * The resource screens added after the first ones, at the end of the catalogue: each
 * screen's action permissions (resourceActionPermission; its route permission is already listed).
 */
const LATER_RESOURCE_PERMISSIONS = allRoutes()
  .filter((r) => r.resource && !(FIRST_RESOURCE_MODULES as readonly string[]).includes(r.permission.split(':')[0]!))
  .flatMap((r) => r.resource!.actions.map((a) => resourceActionPermission(r.permission, a)));

/**
 * The refund desk's actions, appended after the resource permissions so the
 * catalogue order of everything before them is unchanged: `request` asks for a refund from a
 * transaction's detail (merchant side); `refund`, `reject`, `notfound` and `resendack` are the
 * handling screen's actions (platform staff); `viewlog` reads a request's log.
 */
export const PRECHARGEBACK_ACTIONS = ['request', 'refund', 'reject', 'notfound', 'resendack', 'viewlog'] as const;
const PRECHARGEBACK_PERMISSIONS = PRECHARGEBACK_ACTIONS.map((a) => `prechargeback:${a}`);

/**
 * The risk desk's ticket actions: take an alert (assign it to oneself, which
 * opens it, and comment on it) and close it with a resolution. `risk:view` is the /risk route's.
 */
const RISK_PERMISSIONS = ['risk:assign', 'risk:close'];

/**
 * The settlement desk's actions: import a provider's settlement file, and
 * verify or unverify a reconciliation item. Platform-only (module `settlementreport`).
 */
const SETTLEMENT_PERMISSIONS = ['settlementreport:import', 'settlementreport:verify'];

/**
 * The payout desk's actions (/tpa-payout-report-v2 under Risks): hold a payout
 * for a risk violation, and release a hold (never one's own). Platform-only (module
 * `tpapayoutreportv2`).
 */
const PAYOUT_PERMISSIONS = ['tpapayoutreportv2:hold', 'tpapayoutreportv2:release'];

/**
 * The bank payout batches (/payout-report): make a batch and its bulk-credit
 * file (`payoutreport:batch`), record the bank's result file (`payoutreport:batchresult`). The
 * platform pays its merchants, so only its staff hold them.
 */
const PAYOUT_BATCH_PERMISSIONS = ['payoutreport:batch', 'payoutreport:batchresult'];

/**
 * The Revenue Monster application desk (/rm-application; module
 * `tpaapplication`, the platform's): prepare and send an application (`rmedit`), record RM's
 * answer (`rmdecide`). `tpaapplication:rmview` is the route's.
 */
const RM_APPLICATION_PERMISSIONS = ['tpaapplication:rmedit', 'tpaapplication:rmdecide'];

/**
 * The profile screens' actions over /master-merchant, /agency, /agent and
 * /merchant (`{module}:view` is the route's): create a profile under one's own scope, update it
 * (and its documents, and resubmit it), review it (KYC: platform staff only), and move a merchant
 * HQ to another agent (platform staff only).
 */
export const PROFILE_MODULES = ['mastermerchant', 'agency', 'agent', 'merchant'] as const;
const PROFILE_PERMISSIONS = [...PROFILE_MODULES.flatMap((m) => [`${m}:create`, `${m}:update`, `${m}:review`]), 'merchant:move'];

/**
 * User management (/user-management; `usermanagement:view` is the route's):
 * invite a user (and send the invitation again), change a user's name, phone and memberships,
 * lock and unlock, deactivate and reactivate, and reset (a password reset link, or the removal of
 * a user's two-factor enrolment). Held on the merchant side too: each level manages the users of
 * its own subtree, and never grants a permission it does not hold.
 */
export const USER_MANAGEMENT_ACTIONS = ['invite', 'update', 'lock', 'deactivate', 'reset'] as const;
const USER_MANAGEMENT_PERMISSIONS = USER_MANAGEMENT_ACTIONS.map((a) => `usermanagement:${a}`);

/**
 * Zone master keys under dual control (/zmk-config; `zmk:view` is the route's):
 * define a key and start its ceremony (`create`), enter component 1, 2 or 3 (`custodian1` …, one
 * key custodian role each: a user holding several still enters one component of a key), abandon a
 * ceremony (`cancel`), take an active key out of use (`retire`). Module `zmk` is platform-only.
 */
export const ZMK_ACTIONS = ['create', 'custodian1', 'custodian2', 'custodian3', 'cancel', 'retire'] as const;
const ZMK_PERMISSIONS = ZMK_ACTIONS.map((a) => `zmk:${a}`);

/**
 * Terminal firmware (/terminal-firmware-management; `terminalfirmware:view` is the
 * route's): upload firmware images (`upload`), download an image (`download`: the bytes go to
 * terminals, so fetching them is a permission of its own), retire an image (`retire`), start,
 * pause and resume staged rollouts (`rollout`), cancel a rollout (`cancel`). Platform-only.
 */
export const FIRMWARE_ACTIONS = ['upload', 'download', 'retire', 'rollout', 'cancel'] as const;
const FIRMWARE_PERMISSIONS = FIRMWARE_ACTIONS.map((a) => `terminalfirmware:${a}`);

/**
 * The log ingest keys (issue 30; /log-ingest-keys, reached from the OTLP sources' log screens):
 * list, issue, rotate and revoke the keys the terminals, the master devices API, the mobile app
 * and the receipt uploads send their logs with. Module `logfiles` is platform-only. Not a
 * navigation entry: a new route's permission would land among the routes' at the head of the
 * catalogue, moving every permission after it (the catalogue is append-only).
 */
export const LOG_INGEST_KEY_PERMISSION = 'logfiles:ingestkeys';

/**
 * Actions only the platform's staff hold: deciding a refund request, working a risk alert, paying
 * out, and deploying terminals (the merchant side views and exports its terminals).
 */
const PLATFORM_ONLY = new Set(['prechargeback:refund', 'prechargeback:reject', 'prechargeback:notfound', 'prechargeback:resendack', ...RISK_PERMISSIONS, ...PAYOUT_BATCH_PERMISSIONS,
  ...PROFILE_MODULES.map((m) => `${m}:review`), 'merchant:move', 'terminal:create', 'terminal:update', 'terminal:delete', 'terminal:bulkupload',
]);

export const PERMISSION_CATALOGUE: readonly string[] = Array.from(
  new Set([
    ...allRoutes().map((r) => r.permission), ...EXTRA_PERMISSIONS, ...RESOURCE_PERMISSIONS, ...PRECHARGEBACK_PERMISSIONS, ...RISK_PERMISSIONS, ...SETTLEMENT_PERMISSIONS,
    ...PAYOUT_PERMISSIONS, ...PAYOUT_BATCH_PERMISSIONS, ...RM_APPLICATION_PERMISSIONS, ...PROFILE_PERMISSIONS, ...USER_MANAGEMENT_PERMISSIONS, ...ZMK_PERMISSIONS,
    // Derived from the navigation tree, so it grows with each resource screen: it stays last.
    ...LATER_RESOURCE_PERMISSIONS,
    // The firmware permissions, appended after it: the order before is kept for catalogues already stored.
    ...FIRMWARE_PERMISSIONS,
    // Appended after everything, for the same reason.
    LOG_INGEST_KEY_PERMISSION,
  ]),
);

export interface PermissionInfo {
  permission: string;
  module: string;
  action: string;
  labelKey: string;
}

/** Catalogue entries grouped by module, for the permission editor. */
export function permissionsByModule(): Record<string, PermissionInfo[]> {
  const out: Record<string, PermissionInfo[]> = {};
  for (const p of PERMISSION_CATALOGUE) {
    const [module = '', action = ''] = p.split(':');
    (out[module] ??= []).push({ permission: p, module, action, labelKey: `perm.${module}.${action}` });
  }
  return out;
}

/** Whether a string is a catalogue permission. */
export function isKnownPermission(p: string): boolean {
  return PERMISSION_CATALOGUE.includes(p);
}

const moduleOf = (p: string) => p.split(':')[0] ?? '';

/** Modules a merchant-side group never holds: platform configuration, providers, logs, terminals' keys. */
const PLATFORM_MODULES = new Set([
  'usergroup', 'usergroupmobile', 'usergroupmobileglobal', 'paymentcategory', 'acquirer', 'mdrcategory', 'mdrproduct', 'tpaproductconfig',
  'subscription', 'naturebusiness', 'cardbin', 'currency', 'bank', 'messagetemplate', 'logfiles', 'bulkupdateconfiguration', 'riskparameter',
  'payoutholiday', 'systemsetting', 'tpaconfig', 'zmk', 'masterdevice', 'terminalfirmware', 'settlementreport', 'tpasettlementreport',
  'tpapayoutreport', 'tpapayoutreportv2', 'tpaapplication', 'terminaladvertisement', 'mobileadvertisement', 'mobiletopic', 'mobilenotification', 'contentmanagement',
  'auditlog', 'mastermerchant',
]);

/**
 * Default permission set of each group type (§6 leaves roles open; this is our choice):
 * SUPERADMIN holds every permission; the merchant side holds reports, live transactions and
 * services for its own subtree, each level losing the profile screens above it. On the refund
 * desk the merchant side requests refunds, watches its requests and reads their logs; deciding a
 * request (refund, reject, not found, resend the acknowledgement) is the platform's.
 */
export function defaultPermissions(type: GroupType): string[] {
  if (type === 'SUPERADMIN') return [...PERMISSION_CATALOGUE];
  const merchantSide = PERMISSION_CATALOGUE.filter((p) => !PLATFORM_MODULES.has(moduleOf(p)) && !PLATFORM_ONLY.has(p));
  const drop: Record<Exclude<GroupType, 'SUPERADMIN'>, string[]> = {
    MASTER_MERCHANT: ['mastermerchantconfig'],
    AGENCY: ['mastermerchantconfig', 'agencyagentconfig', 'agency', 'salesreport:agency'],
    AGENT: ['mastermerchantconfig', 'agencyagentconfig', 'agency', 'agent', 'salesreport:agency', 'salesreport:agent', 'merchant:bulkupload'],
    MERCHANT_HQ: [
      'mastermerchantconfig', 'agencyagentconfig', 'agency', 'agent', 'salesreport:agency', 'salesreport:agent',
      'merchant:bulkupload', 'numbereddraw', 'cashbackevent', 'cashbackpayout', 'cashbackvoid', 'risk', 'risktransaction', 'payoutreport',
    ],
    MERCHANT_BRANCH: [
      'mastermerchantconfig', 'agencyagentconfig', 'merchantconfig', 'agency', 'agent', 'merchant', 'salesreport', 'usermanagement',
      'numbereddraw', 'cashbackevent', 'cashbackpayout', 'cashbackvoid', 'risk', 'risktransaction', 'payoutreport', 'transaction:export',
      'transactionterminal:beta', 'prechargeback',
    ],
  };
  const dropped = drop[type];
  // Only a master merchant changes the configuration of its subtree; agencies, agents and merchant HQs read it.
  const readOnlyConfig = type === 'AGENCY' || type === 'AGENT' || type === 'MERCHANT_HQ';
  const isConfigWrite = (p: string) => /config$/.test(moduleOf(p)) && RESOURCE_MODULES[moduleOf(p)] !== undefined && !/:(view|export)$/.test(p);
  return merchantSide.filter((p) => !dropped.some((d) => (d.includes(':') ? p === d : moduleOf(p) === d)) && !(readOnlyConfig && isConfigWrite(p)));
}

/**
 * Encodes held permissions as a base64url bitset over PERMISSION_CATALOGUE, prefixed with the
 * catalogue length ("<n>.<bits>"), so the `modulePermission` cookie stays far below 4 KB.
 */
export function encodePermissionBits(held: Iterable<string>): string {
  const set = new Set(held);
  const bytes = new Uint8Array(Math.ceil(PERMISSION_CATALOGUE.length / 8));
  PERMISSION_CATALOGUE.forEach((p, i) => {
    if (set.has(p)) bytes[i >> 3]! |= 1 << (i & 7);
  });
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `${PERMISSION_CATALOGUE.length}.${btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** Decodes encodePermissionBits; unknown or malformed input gives an empty list. */
export function decodePermissionBits(encoded: string): string[] {
  const [, b64 = ''] = encoded.split('.');
  let bin: string;
  try {
    bin = atob(b64.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return [];
  }
  return PERMISSION_CATALOGUE.filter((_, i) => ((bin.charCodeAt(i >> 3) || 0) >> (i & 7)) & 1);
}

import { RULE_MESSAGES } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { text } from '../fields.ts';

/**
 * The permission keys of the merchant mobile app (§6 "portal and mobile user groups exist, with
 * user types"; contents not shown — this list is our choice). The app checks these keys, so a key
 * exists only once the app implements it: the list is code, released with the app, and is the
 * fixed option list of MobileUserGroup.Permissions. The server seeds one mobile_global_permissions
 * row per key (its module and description) on every start when missing.
 */
export const MOBILE_PERMISSIONS = [
  { key: 'dashboard:view', module: 'DASHBOARD', description: "Today's sales figures of the merchant or branch" },
  { key: 'payment:accept', module: 'PAYMENT', description: 'Accept a payment (DuitNow QR, e-wallet QR, tap on phone)' },
  { key: 'transaction:view', module: 'TRANSACTION', description: 'List and open transactions' },
  { key: 'transaction:void', module: 'TRANSACTION', description: 'Void a sale of the same business day' },
  { key: 'refund:request', module: 'REFUND', description: 'Ask for a refund of a settled transaction' },
  { key: 'paymentlink:create', module: 'PAYMENT_LINK', description: 'Create and share a payment link' },
  { key: 'receipt:send', module: 'RECEIPT', description: 'Send an e-receipt by e-mail or SMS' },
  { key: 'settlement:view', module: 'SETTLEMENT', description: 'Settlement and payout reports' },
  { key: 'report:sales', module: 'REPORT', description: 'Sales reports by day, method and branch' },
  { key: 'notification:receive', module: 'NOTIFICATION', description: 'Payment and payout push notifications' },
  { key: 'terminal:view', module: 'TERMINAL', description: 'Terminals of the merchant and their status' },
  { key: 'user:manage', module: 'USER', description: 'Invite, block and assign groups to the mobile users of the merchant' },
] as const;
export type MobilePermissionKey = (typeof MOBILE_PERMISSIONS)[number]['key'];

/** `module:action`, lower case (the portal's permission form). */
export const MOBILE_PERMISSION_KEY = /^[a-z][a-z0-9]*:[a-z][a-z0-9]*$/;

/**
 * /mobile-global: the mobile app's global permission catalogue (module `usergroupmobileglobal`).
 * A row describes a key (module, description); deactivating it switches the key off for every
 * mobile user at once (the app treats an inactive key as not held). Keys are written in the
 * portal's `module:action` form. A key still assigned to a mobile user group cannot be renamed or
 * deleted (the server checks).
 */
export const mobileGlobalResource = defineResource({
  name: 'MobileGlobal',
  path: '/mobile-global',
  module: 'usergroupmobileglobal',
  table: 'mobile_global_permissions',
  scope: 'platform',
  titleKey: 'nav.mobile-global',
  titleField: 'PermissionKey',
  fields: {
    PermissionKey: text('permission_key', 'res.mobileGlobal.permissionKey', {
      max: 60,
      list: true,
      filter: 'contains',
      sortable: true,
      pattern: [MOBILE_PERMISSION_KEY, RULE_MESSAGES.permissionKey],
    }),
    Module: text('module', 'res.mobileGlobal.module', { max: 40, list: true, filter: 'eq', sortable: true, pattern: [/^[A-Z][A-Z0-9_]*$/, RULE_MESSAGES.permissionModule] }),
    Description: text('description', 'res.mobileGlobal.description', { max: 250, list: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export'],
  defaultSort: { Field: 'PermissionKey', Order: 'asc' },
  naturalKey: 'PermissionKey',
  description: 'The mobile app permission keys (module:action) with module and description; inactive = switched off for everyone.',
});

import { RULE_MESSAGES, fieldMessage } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { multiselect, select, text, textarea } from '../fields.ts';
import { codeOptions, defaulted } from './b-fields.ts';
import { MOBILE_PERMISSIONS } from './mobile-global.ts';

/**
 * The user types of the merchant mobile app (§6 "mobile user groups exist, with user types"):
 * the merchant's head office, a branch, and a cashier at a counter (who only takes payments).
 */
export const MOBILE_USER_TYPES = ['MERCHANT_HQ', 'MERCHANT_BRANCH', 'CASHIER'] as const;

/** Keys a cashier never holds: money leaving the merchant, reports of the whole business, users. */
export const CASHIER_EXCLUDED_PERMISSIONS: readonly string[] = ['refund:request', 'settlement:view', 'report:sales', 'user:manage'];

/**
 * /mobile-user-group: groups of the merchant mobile app's users (module `usergroupmobile`):
 * unique name, user type and the mobile permission keys held. Permissions are a multiselect over
 * the fixed MOBILE_PERMISSIONS list (code released with the app, see mobile-global.ts), so both
 * the form and the server refuse a key the app does not know; a cashier group cannot hold
 * refunds, settlement, sales reports or user management.
 */
export const mobileUserGroupResource = defineResource({
  name: 'MobileUserGroup',
  path: '/mobile-user-group',
  module: 'usergroupmobile',
  table: 'mobile_user_groups',
  scope: 'platform',
  titleKey: 'nav.mobile-user-group',
  titleField: 'Name',
  fields: {
    Name: text('name', 'res.mobileUserGroup.name', { max: 100, list: true, filter: 'contains', sortable: true }),
    UserType: select('user_type', 'res.mobileUserGroup.userType', codeOptions(MOBILE_USER_TYPES, 'res.mobileUserGroup.userType'), { list: true, filter: 'eq', sortable: true }),
    Description: textarea('description', 'res.mobileUserGroup.description', { max: 500, optional: true }),
    Permissions: defaulted(
      multiselect(
        'permissions',
        'res.mobileUserGroup.permissions',
        MOBILE_PERMISSIONS.map((p) => ({ value: p.key, labelKey: `res.mobileGlobal.key.${p.key}` })),
        { list: true },
      ),
    ),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'Name', Order: 'asc' },
  naturalKey: 'Name',
  refine: (r) => {
    if (r.UserType !== 'CASHIER' || !Array.isArray(r.Permissions)) return null;
    const bad = (r.Permissions as string[]).filter((p) => CASHIER_EXCLUDED_PERMISSIONS.includes(p));
    return bad.length ? { field: 'Permissions', message: fieldMessage(RULE_MESSAGES.cashierPermissions, { permissions: bad.join(', ') }) } : null;
  },
  description: 'Mobile app user groups: name, user type (HQ, branch, cashier) and the mobile permission keys held.',
});

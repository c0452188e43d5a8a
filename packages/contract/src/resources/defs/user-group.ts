import { GROUP_TYPE_ENTRIES } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { flag, select, text, textarea } from '../fields.ts';
import { optionsOf } from './b-fields.ts';

/**
 * /user-group: portal user groups (§6: a named permission set of one group type). The
 * permissions themselves are edited with the permission editor (GET UserGroup/Permissions/:Id,
 * PUT UserGroup/SetPermissions, permission `usergroup:editpermission`), not through Update.
 * Rules the server adds (modules/user-groups): a default group (one per type, kept by the
 * reference data) keeps its type and can be neither deactivated nor deleted; a group with members
 * keeps its type (its memberships' companies are of that level) and cannot be deleted; nobody can
 * deactivate the group they are signed in with. Names are not unique in the table, so BulkUpload
 * only adds groups (no natural key) and never changes an existing one.
 */
export const userGroupResource = defineResource({
  name: 'UserGroup',
  path: '/user-group',
  module: 'usergroup',
  table: 'user_groups',
  scope: 'platform',
  titleKey: 'nav.user-group',
  titleField: 'Name',
  fields: {
    Name: text('name', 'res.userGroup.name', { max: 100, list: true, filter: 'contains', sortable: true }),
    GroupType: select('group_type', 'res.userGroup.groupType', optionsOf(GROUP_TYPE_ENTRIES), { list: true, filter: 'eq', sortable: true }),
    Description: textarea('description', 'res.userGroup.description', { max: 500, optional: true, list: true }),
    /** Members must enrol two-factor sign-in before they reach anything (SUPERADMIN groups always do). */
    MfaRequired: flag('mfa_required', 'res.userGroup.mfaRequired', { list: true, filter: 'eq', optional: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'Name', Order: 'asc' },
  dependents: [{ table: 'memberships', column: 'group_id', labelKey: 'user memberships' }],
  description: 'Name, group type (§6), description and whether members must use two-factor sign-in; permissions through the permission editor. Default groups keep their type.',
});

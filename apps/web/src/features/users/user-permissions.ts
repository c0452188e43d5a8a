/**
 * The permission each /user-management control needs, as the route table
 * declares it for the endpoint the control calls (packages/contract/src/routes.ts): the screen
 * offers a control only to its holders, and the server checks the same permission.
 */
import type { UserAction } from './user-api.ts';

export const VIEW_PERMISSION = 'usermanagement:view';
export const INVITE_PERMISSION = 'usermanagement:invite';

/** Edit (`update`) and every per-user action. */
export const ACTION_PERMISSIONS: Readonly<Record<UserAction | 'update', string>> = {
  update: 'usermanagement:update',
  lock: 'usermanagement:lock',
  unlock: 'usermanagement:lock',
  deactivate: 'usermanagement:deactivate',
  reactivate: 'usermanagement:deactivate',
  resetPassword: 'usermanagement:reset',
  resendInvite: 'usermanagement:invite',
  resetMfa: 'usermanagement:reset',
};

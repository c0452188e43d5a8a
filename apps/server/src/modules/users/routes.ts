/**
 * User management, invitations and two-factor enrolment (issue 13 Build 5): wiring only.
 * UserManagement Search / :Id / Invite / Update and the account actions (account-actions.ts);
 * the public link endpoints auth/Token/Check and SetPassword (token-links.ts); the signed-in
 * user's auth/Mfa/Start and Confirm (mfa-enrolment.ts). Two-factor sign-in is in auth/login.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { InviteUserRequest, UpdateUserRequest, UserActionRequest, UserParams, UserSearchRequest } from '@paydesk/contract';
import type { RouteName } from '@paydesk/contract';
import { scopeOf } from '../../platform/scope.ts';
import { registerRoute } from '../../platform/route.ts';
import { liveSettings } from '../../platform/settings.ts';
import { runAccountAction, type AccountAction } from './account-actions.ts';
import { getUser } from './get-user.ts';
import { inviteUser } from './invite-user.ts';
import { mfaConfirmHandler, mfaStartHandler } from './mfa-enrolment.ts';
import { searchUsers } from './search-users.ts';
import { setPasswordHandler, tokenCheckHandler } from './token-links.ts';
import { updateUser } from './update-user.ts';

/** The account action behind each route. */
const ACTION_ROUTES: readonly [RouteName, AccountAction][] = [
  ['userLock', 'lock'],
  ['userUnlock', 'unlock'],
  ['userDeactivate', 'deactivate'],
  ['userReactivate', 'reactivate'],
  ['userResetPassword', 'resetPassword'],
  ['userResendInvite', 'resendInvite'],
  ['userResetMfa', 'resetMfa'],
];

export function userRoutes(app: FastifyInstance): void {
  const { database, now } = app.ctx;
  registerRoute(app, 'userSearch', async (req) => {
    const { productName } = await liveSettings(app.ctx);
    return searchUsers(database, scopeOf(req), req.body as z.output<typeof UserSearchRequest>, now(), productName);
  });
  registerRoute(app, 'userGet', async (req) => {
    const { productName } = await liveSettings(app.ctx);
    return getUser(database.query, scopeOf(req), (req.params as z.output<typeof UserParams>).Id, now(), productName);
  });
  registerRoute(app, 'userInvite', async (req) => inviteUser(app, req, scopeOf(req), req.body as z.output<typeof InviteUserRequest>));
  registerRoute(app, 'userUpdate', async (req) => updateUser(app, req, scopeOf(req), req.body as z.output<typeof UpdateUserRequest>));
  for (const [name, action] of ACTION_ROUTES) {
    registerRoute(app, name, async (req) => runAccountAction(app, req, scopeOf(req), action, req.body as z.output<typeof UserActionRequest>));
  }
  registerRoute(app, 'tokenCheck', tokenCheckHandler(app));
  registerRoute(app, 'tokenSetPassword', setPasswordHandler(app));
  registerRoute(app, 'mfaStart', mfaStartHandler(app));
  registerRoute(app, 'mfaConfirm', mfaConfirmHandler(app));
}

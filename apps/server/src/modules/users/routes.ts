/**
 * User management, invitations, password self-service and two-factor enrolment: wiring only.
 * UserManagement Search / :Id / Invite / Update and the account actions (account-actions.ts),
 * each write audited once by the platform (the route table's `audit`); the public link endpoints
 * auth/Token/Check and SetPassword (token-links.ts) and ForgotPassword (forgot-password.ts), the
 * signed-in user's auth/ChangePassword and GetPasswordPolicy (change-password.ts) and
 * auth/Mfa/Start and Confirm (mfa-enrolment.ts), which write their own audit rows: a password set
 * by a link is recorded as an accepted invitation or a reset, a reset request and a password
 * change as a success or a failure (a refused request is recorded too, outside the transaction
 * that would roll it back), and a confirmation as a failure, a lockout or a success, so no one
 * declared row fits them. Two-factor sign-in is in auth/login.ts.
 */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { runAccountAction, type AccountAction } from './account-actions.ts';
import { changePassword, passwordPolicyOf } from './change-password.ts';
import { forgotPassword } from './forgot-password.ts';
import { getUser } from './get-user.ts';
import { inviteUser } from './invite-user.ts';
import { confirmMfa, startMfa } from './mfa-enrolment.ts';
import { searchUsers } from './search-users.ts';
import { checkToken, setPassword } from './token-links.ts';
import { updateUser } from './update-user.ts';

/** The account action behind each route. */
const ACTION_ROUTES = [
  ['userLock', 'lock'],
  ['userUnlock', 'unlock'],
  ['userDeactivate', 'deactivate'],
  ['userReactivate', 'reactivate'],
  ['userResetPassword', 'resetPassword'],
  ['userResendInvite', 'resendInvite'],
  ['userResetMfa', 'resetMfa'],
] as const satisfies readonly (readonly [string, AccountAction])[];

export function userRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;
  operation(app, 'userSearch', async (input, { scope, now, settings }) => searchUsers(database, scope, input, now(), settings.productName));
  operation(app, 'userGet', async ({ Id }, { scope, q, now, settings }) => getUser(q, scope, Id, now(), settings.productName));
  operation(app, 'userInvite', async (input, ctx) => inviteUser(app, ctx, input));
  operation(app, 'userUpdate', async (input, ctx) => updateUser(app, ctx, input));
  for (const [name, action] of ACTION_ROUTES) {
    operation(app, name, async (input, ctx) => runAccountAction(app, ctx, action, input));
  }
  operation(app, 'tokenCheck', async (input, ctx) => checkToken(app, input, ctx));
  operation(app, 'tokenSetPassword', async (input, ctx) => setPassword(app, input, ctx));
  operation(app, 'forgotPassword', async (input, ctx) => forgotPassword(app, input, ctx));
  operation(app, 'changePassword', async (input, ctx) => changePassword(app, input, ctx));
  operation(app, 'passwordPolicy', async (_input, { settings }) => passwordPolicyOf(settings));
  operation(app, 'mfaStart', async (_input, ctx) => startMfa(app, ctx));
  operation(app, 'mfaConfirm', async (input, ctx) => confirmMfa(app, input, ctx));
}

/**
 * The account actions of /user-management, each `{Id, Version}` → the user as it now is: Lock,
 * Unlock, Deactivate, Reactivate, ResetPassword, ResendInvite, ResetMfa. Every one needs a user the
 * caller controls (all its memberships in the caller's subtree, so a SUPERADMIN account only by a
 * SUPERADMIN; user-access.ts), the current Version (stale → 409 CF409), runs in the operation's
 * transaction with its one audit record (USER_LOCK … USER_RESET_MFA, target `user`: declared in the
 * route table, written by the platform), and bumps the Version. Nobody locks, deactivates or
 * removes the second factor of their own account. Locking and deactivating end the user's sessions
 * at once (revoked here; this server's session cache is dropped after the answer, auth-guard
 * SESSION_MODULES) and its unused invitation and reset links (Unlock and Reactivate bring none
 * back: the administrator sends a new one).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@paydesk/domain';
import type { UserRow } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditNote } from '../../platform/operation.ts';
import type { Scope } from '../../platform/scope.ts';
import type { LiveSettings } from '../../platform/settings.ts';
import { endLinks, endSessions, requireControl, requireVersion, requireVisibleUser, toUserRows, type UserRaw } from './user-access.ts';
import { sendUserLink } from './user-links.ts';

/** An administrator's lock has no end of its own: it lasts until Unlock. */
export const ADMIN_LOCK_UNTIL = new Date('9999-12-31T00:00:00Z');

export type AccountAction = 'lock' | 'unlock' | 'deactivate' | 'reactivate' | 'resetPassword' | 'resendInvite' | 'resetMfa';

interface ActionContext {
  app: FastifyInstance;
  req: FastifyRequest;
  q: Query;
  scope: Scope;
  user: UserRaw;
  now: Date;
  /** The product name the e-mailed links speak of (live settings). */
  productName: string;
}

const conflict = (message: string) => new AppError(409, ERROR_CODES.CONFLICT, message);

/** What each action does to the locked user row (the version is bumped by the runner). */
const ACTIONS: Record<AccountAction, { notSelf?: string; run: (c: ActionContext) => Promise<void> }> = {
  lock: {
    notSelf: 'You cannot lock your own account',
    // Its links die too: a lock answers a suspicion (a mailbox read by someone else, say), and a
    // link sent before it must not set a password after Unlock; a new one is sent when unlocked.
    run: async ({ q, user, now }) => {
      await q(`UPDATE users SET locked_until = $2 WHERE id = $1`, [user.id, ADMIN_LOCK_UNTIL]);
      await endSessions(q, user.id, now);
      await endLinks(q, user.id, now);
    },
  },
  unlock: {
    // Both locks go: the administrator's and a sign-in lockout with its failure count.
    run: async ({ q, user }) => {
      await q(`UPDATE users SET locked_until = NULL WHERE id = $1`, [user.id]);
      await q(`DELETE FROM login_throttle WHERE account_key = lower($1)`, [user.email]);
    },
  },
  deactivate: {
    notSelf: 'You cannot deactivate your own account',
    // Its links die with it, so Reactivate does not bring an old invitation or reset back.
    run: async ({ q, user, now }) => {
      await q(`UPDATE users SET is_active = 0 WHERE id = $1`, [user.id]);
      await endSessions(q, user.id, now);
      await endLinks(q, user.id, now);
    },
  },
  reactivate: {
    run: async ({ q, user }) => {
      await q(`UPDATE users SET is_active = 1 WHERE id = $1`, [user.id]);
    },
  },
  resetPassword: {
    run: async ({ app, req, q, scope, user, productName }) => {
      if (Number(user.is_active) !== 1) throw conflict('The user is deactivated: reactivate it first');
      if (user.password_hash === null) throw conflict('The user has not accepted the invitation yet: send the invitation again instead');
      await sendUserLink(app, req, q, { id: user.id, email: user.email, nickName: user.nick_name }, 'RESET', scope.userId, productName);
    },
  },
  resendInvite: {
    run: async ({ app, req, q, scope, user, productName }) => {
      if (Number(user.is_active) !== 1) throw conflict('The user is deactivated: reactivate it first');
      if (user.password_hash !== null) throw conflict('The user has already set a password: reset the password instead');
      await sendUserLink(app, req, q, { id: user.id, email: user.email, nickName: user.nick_name }, 'INVITE', scope.userId, productName);
    },
  },
  resetMfa: {
    notSelf: 'You cannot remove your own two-factor authentication',
    run: async ({ q, user }) => {
      await q(`UPDATE users SET mfa_secret = NULL, mfa_pending_secret = NULL, mfa_enabled_at = NULL, mfa_last_step = NULL WHERE id = $1`, [user.id]);
      await q(`DELETE FROM user_recovery_codes WHERE user_id = $1`, [user.id]);
    },
  },
};

/** What an account action needs of its operation: the transaction, the request, the caller, the clock and its audit note. */
export interface ActionCall {
  q: Query;
  req: FastifyRequest;
  scope: Scope;
  now: () => Date;
  /** The live settings, read before the transaction (OperationContext.settings). */
  settings: LiveSettings;
  audit: (note: AuditNote) => void;
}

/**
 * Runs `action` on user `input.Id` for the caller, through the operation's transaction `call.q`,
 * and notes the user's e-mail for its audit row. Resolves with the user as it now is; throws
 * AppError: NF404 (not in the caller's subtree), PERM403 (oneself, or an account the caller does
 * not control), CF409 (stale Version, or the action does not fit the user's state).
 */
export async function runAccountAction(app: FastifyInstance, call: ActionCall, action: AccountAction, input: { Id: number; Version: number }): Promise<UserRow> {
  const { q, req, scope } = call;
  const now = call.now();
  const { productName } = call.settings;
  const def = ACTIONS[action];
  await q(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [input.Id]);
  const user = await requireVisibleUser(q, scope, input.Id);
  if (def.notSelf && user.id === scope.userId) throw new AppError(403, ERROR_CODES.FORBIDDEN, def.notSelf);
  await requireControl(q, scope, user.id);
  requireVersion(user.version, input.Version);
  await def.run({ app, req, q, scope, user, now, productName });
  await q(`UPDATE users SET version = version + 1 WHERE id = $1`, [user.id]);
  call.audit({ targetId: user.id, detail: { email: user.email } });
  const fresh = await requireVisibleUser(q, scope, user.id);
  const [row] = await toUserRows(q, scope, [fresh], now, productName);
  return row!;
}

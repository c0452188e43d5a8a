/**
 * The signed-in user's own password (any session, no module permission, like GetProfile and Logout):
 * - GET /api/portal/auth/GetPasswordPolicy: the live policy, for the form's hints;
 * - POST /api/portal/auth/ChangePassword {CurrentPassword, NewPassword}: checks the current
 *   password (argon2id), that the new one differs and meets the live policy, then in one
 *   transaction stores the new hash, ends the user's OTHER sessions (the calling one stays signed
 *   in) and every unused invitation or reset link (a reset asked for before the change must not
 *   undo it), and writes one USER_CHANGE_PASSWORD audit row.
 *
 * A wrong current password is recorded (a FAILURE row) and rate limited per user (the attempts of
 * LOGIN_RATE_LIMIT_PER_MINUTE a minute, in the database like sign-in's), so a stolen session
 * cannot guess the password quickly. It is not counted in the sign-in lockout: a lockout from
 * inside a session would lock the account out of sign-in on any typo of the signed-in user, and
 * the session already proves a sign-in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES } from '@paydesk/domain';
import type { ChangePasswordRequest } from '@paydesk/contract';
import { MAX_PASSWORD_LENGTH, passwordPolicyMessage, passwordProblems } from '../../auth/password-policy.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { forgetSessions } from '../../auth/session-store.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError, badInput, invalidSession } from '../../platform/errors.ts';
import { hitRateLimit } from '../../platform/rate-limit.ts';
import type { Scope } from '../../platform/scope.ts';
import type { LiveSettings } from '../../platform/settings.ts';
import { endLinks } from './user-access.ts';

/** The audit action of a password change (SUCCESS, or FAILURE for a wrong current password). */
export const CHANGE_PASSWORD_ACTION = 'USER_CHANGE_PASSWORD';

/** What a call needs of its operation: the caller, its request and reply, the live settings. */
interface ChangeCall {
  scope: Scope;
  req: FastifyRequest;
  reply: FastifyReply;
  settings: LiveSettings;
}

/** GetPasswordPolicy: `{MinLength, MaxLength, RequireSymbol}` from the live settings. */
export function passwordPolicyOf(settings: LiveSettings) {
  return { MinLength: settings.passwordMinLength, MaxLength: MAX_PASSWORD_LENGTH, RequireSymbol: settings.passwordRequireSymbol };
}

/**
 * ChangePassword: resolves with `{Success: true}`. Throws RL429 past the per-user attempts,
 * VAL400 `CurrentPassword: …` when it is wrong (recorded), `NewPassword: …` when it equals the
 * current one, the policy's multi-line Password message (§8) when the policy refuses it, and
 * SC499 when the account has no password any more (changed meanwhile: sign in again).
 */
export async function changePassword(app: FastifyInstance, body: z.output<typeof ChangePasswordRequest>, { scope, req, reply, settings }: ChangeCall) {
  const { database, config, now } = app.ctx;
  const actor = { actorUserId: scope.userId, actorEmail: scope.email, targetType: 'user', targetId: scope.userId };
  const verdict = await hitRateLimit(database, `password:user:${scope.userId}`, { limit: config.loginRateLimitPerMinute, windowMs: 60_000 }, now());
  if (!verdict.allowed) {
    void reply.header('Retry-After', String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
    throw new AppError(429, ERROR_CODES.RATE_LIMITED, 'Too many attempts, please try again later');
  }
  const [user] = await database.query<{ password_hash: string | null }>(`SELECT password_hash FROM users WHERE id = $1`, [scope.userId]);
  if (!user?.password_hash) throw invalidSession();
  if (!(await verifyPassword(user.password_hash, body.CurrentPassword))) {
    await writeAudit(database, req, { action: CHANGE_PASSWORD_ACTION, result: 'FAILURE', ...actor, detail: { reason: 'wrong current password' } });
    throw badInput('CurrentPassword', 'the current password is wrong');
  }
  if (body.NewPassword === body.CurrentPassword) throw badInput('NewPassword', 'must differ from the current password');
  const problems = passwordProblems(body.NewPassword, settings);
  if (problems.length > 0) throw new AppError(400, ERROR_CODES.VALIDATION, passwordPolicyMessage(problems));
  const hash = await hashPassword(body.NewPassword);
  await database.transaction(async (q) => {
    const t = now();
    // Only over the hash just checked: a concurrent change (or reset) wins, and this one is refused.
    const [changed] = await q<{ id: number }>(`UPDATE users SET password_hash = $2, password_changed_at = $3, version = version + 1 WHERE id = $1 AND password_hash = $4 RETURNING id`, [
      scope.userId,
      hash,
      t,
      user.password_hash,
    ]);
    if (!changed) throw badInput('CurrentPassword', 'the password was changed meanwhile: enter the current one again');
    await q(`UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`, [scope.userId, scope.sessionId, t]);
    await endLinks(q, scope.userId, t);
    await writeAudit(q, req, { action: CHANGE_PASSWORD_ACTION, result: 'SUCCESS', ...actor });
  });
  forgetSessions(database);
  return { Success: true as const };
}

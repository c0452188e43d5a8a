/**
 * The public side of the e-mailed links (no session, over the secure channel):
 * POST /api/portal/auth/Token/Check tells the link's page whose link it is and the live password
 * policy; POST /api/portal/auth/Token/SetPassword sets the password (argon2id) and uses the token.
 * An unknown, used or expired token, or one of a deactivated user, answers the same 410 TOK410,
 * so the answers tell nothing about which tokens existed. Both are rate limited per client address
 * like sign-in (LOGIN_RATE_LIMIT_PER_MINUTE, shared by every server through the database).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES, type UserTokenPurpose } from '@paydesk/domain';
import type { SetPasswordRequest, TokenCheckRequest } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { MAX_PASSWORD_LENGTH, passwordPolicyMessage, passwordProblems } from '../../auth/password-policy.ts';
import { hashPassword } from '../../auth/password.ts';
import { forgetSessions } from '../../auth/session-store.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { hitRateLimit } from '../../platform/rate-limit.ts';
import { liveSettings } from '../../platform/settings.ts';
import { endLinks, endSessions } from './user-access.ts';
import { tokenHash } from './user-links.ts';

const invalidLink = () => new AppError(410, ERROR_CODES.TOKEN_INVALID, 'This link is no longer valid (unknown, already used or expired): ask your administrator for a new one');

interface LiveToken {
  id: number;
  user_id: number;
  purpose: UserTokenPurpose;
  email: string;
  nick_name: string;
}

/** The live token `token` (unused, unexpired, of an active user) at `now`, or null. */
async function liveToken(q: Query, token: string, now: Date): Promise<LiveToken | null> {
  const [r] = await q<LiveToken>(
    `SELECT t.id, t.user_id, t.purpose, u.email, u.nick_name FROM user_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2 AND u.is_active = 1`,
    [tokenHash(token), now],
  );
  return r ?? null;
}

/** RL429 past the per-address limit (Retry-After in whole seconds). */
async function throttle(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const verdict = await hitRateLimit(app.ctx.database, `token:ip:${req.ip}`, { limit: app.ctx.config.loginRateLimitPerMinute, windowMs: 60_000 }, app.ctx.now());
  if (!verdict.allowed) {
    void reply.header('Retry-After', String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
    throw new AppError(429, ERROR_CODES.RATE_LIMITED, 'Too many attempts, please try again later');
  }
}

/** The request and reply of a link call (the client address to throttle, the Retry-After header). */
interface LinkCall {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Token/Check: `{Email, NickName, Purpose, MinLength, MaxLength, RequireSymbol}`; throws TOK410 or RL429. */
export async function checkToken(app: FastifyInstance, body: z.output<typeof TokenCheckRequest>, { req, reply }: LinkCall) {
  await throttle(app, req, reply);
  const t = await liveToken(app.ctx.database.query, body.Token, app.ctx.now());
  if (!t) throw invalidLink();
  const settings = await liveSettings(app.ctx);
  return { Email: t.email, NickName: t.nick_name, Purpose: t.purpose, MinLength: settings.passwordMinLength, MaxLength: MAX_PASSWORD_LENGTH, RequireSymbol: settings.passwordRequireSymbol };
}

/**
 * Token/SetPassword: checks the policy (every broken rule in one VAL400 message), then, in one
 * transaction, uses the token (once: a concurrent second use finds it used), stores the argon2id
 * hash, ends the user's other sessions on a reset, and audits it itself (USER_ACCEPT_INVITE or
 * USER_PASSWORD_RESET, by the link's purpose, acted by the link's user: there is no session).
 * Resolves with `{Success: true}`; throws TOK410, VAL400 or RL429.
 */
export async function setPassword(app: FastifyInstance, body: z.output<typeof SetPasswordRequest>, { req, reply }: LinkCall) {
  await throttle(app, req, reply);
  const { database, now } = app.ctx;
  const found = await liveToken(database.query, body.Token, now());
  if (!found) throw invalidLink();
  const problems = passwordProblems(body.Password, await liveSettings(app.ctx));
  if (problems.length > 0) throw new AppError(400, ERROR_CODES.VALIDATION, passwordPolicyMessage(problems));
  const hash = await hashPassword(body.Password);
  await database.transaction(async (q) => {
    const t = now();
    const [used] = await q<{ id: number }>(`UPDATE user_tokens SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2 RETURNING id`, [found.id, t]);
    if (!used) throw invalidLink();
    await q(`UPDATE users SET password_hash = $2, password_changed_at = $3, version = version + 1 WHERE id = $1`, [found.user_id, hash, t]);
    // Every other link of the user dies with this one (an older invitation after a reset, and the reverse).
    await endLinks(q, found.user_id, t);
    if (found.purpose === 'RESET') await endSessions(q, found.user_id, t);
    await writeAudit(q, req, { action: found.purpose === 'INVITE' ? 'USER_ACCEPT_INVITE' : 'USER_PASSWORD_RESET', result: 'SUCCESS', actorUserId: found.user_id, actorEmail: found.email, targetType: 'user', targetId: found.user_id });
  });
  forgetSessions(database);
  return { Success: true as const };
}

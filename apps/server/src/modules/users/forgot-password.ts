/**
 * POST /api/portal/auth/ForgotPassword (no session, over the secure channel): a user who forgot
 * the password asks for a reset link by e-mail. The link is the administrator's ResetPassword link
 * (user-links.ts `sendUserLink`, purpose RESET: single use, 1 h, earlier reset links die), and
 * /auth/invite completes it through Token/SetPassword (token-links.ts), which ends the user's
 * sessions and other links.
 *
 * No enumeration: every e-mail, known or not, gets the same 200 answer, the same rate limits and
 * one audit row; only an ACTIVE account (active, password set, not locked by an administrator or
 * a sign-in lockout; user-access.ts `statusOf`) gets a mail. What differs is invisible to the
 * caller: a known account's link is written in one transaction (token, outbox row, job, audit row)
 * and delivered later by the mail queue. A user gets at most MAIL_LIMIT links an hour; further
 * requests are answered alike and send nothing, so the form cannot flood a mailbox.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES } from '@paydesk/domain';
import type { ForgotPasswordRequest } from '@paydesk/contract';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { portalUrl } from '../../platform/public-url.ts';
import { hitRateLimit, type RateLimit } from '../../platform/rate-limit.ts';
import type { LiveSettings } from '../../platform/settings.ts';
import { statusOf, USER_COLUMNS, USER_FROM, type UserRaw } from './user-access.ts';
import { sendUserLink } from './user-links.ts';

/** The one answer of ForgotPassword, whatever the e-mail. */
export const FORGOT_PASSWORD_MESSAGE = 'If an account with this e-mail may sign in, a link to set a new password is on its way. It works once, for 1 hour.';

/** Reset links e-mailed to one user per hour at most, by this form (more are dropped, answered alike). */
export const MAIL_LIMIT: RateLimit = { limit: 5, windowMs: 3_600_000 };

/** The audit action of every ForgotPassword request (SUCCESS: a link was sent; FAILURE: none, with the reason). */
export const FORGOT_PASSWORD_ACTION = 'USER_FORGOT_PASSWORD';

/** What a ForgotPassword call needs of its operation. */
interface ForgotCall {
  req: FastifyRequest;
  reply: FastifyReply;
  /** The live settings (the product name of the mail), read before any transaction. */
  settings: LiveSettings;
}

/** RL429 with a Retry-After header (whole seconds). */
function rateLimited(reply: FastifyReply, retryAfterMs: number): AppError {
  void reply.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return new AppError(429, ERROR_CODES.RATE_LIMITED, 'Too many attempts, please try again later');
}

/**
 * ForgotPassword: resolves with `{Success: true, Message}` (FORGOT_PASSWORD_MESSAGE) for every
 * e-mail; e-mails a RESET link only to an ACTIVE account (see the module comment) and writes one
 * audit row (USER_FORGOT_PASSWORD, target the user; SUCCESS, or FAILURE with the reason: unknown
 * account, its status, or the hourly mail limit). Throws RL429 past the per-address or per-e-mail
 * limit (LOGIN_RATE_LIMIT_PER_MINUTE a minute, as sign-in), and SRV503 — for every e-mail alike,
 * before anything is looked up — when no link origin may be used (platform/public-url.ts).
 */
export async function forgotPassword(app: FastifyInstance, body: z.output<typeof ForgotPasswordRequest>, { req, reply, settings }: ForgotCall) {
  const { database, config, now } = app.ctx;
  const email = body.Email.toLowerCase();
  const perMinute: RateLimit = { limit: config.loginRateLimitPerMinute, windowMs: 60_000 };
  const byAddress = await hitRateLimit(database, `forgot:ip:${req.ip}`, perMinute, now());
  if (!byAddress.allowed) throw rateLimited(reply, byAddress.retryAfterMs);
  const byEmail = await hitRateLimit(database, `forgot:account:${email}`, perMinute, now());
  if (!byEmail.allowed) throw rateLimited(reply, byEmail.retryAfterMs);
  // A refused origin refuses every e-mail alike, so a 503 tells nothing about the account.
  portalUrl(app, req, '/auth/invite');

  const answer = { Success: true as const, Message: FORGOT_PASSWORD_MESSAGE };
  const [found] = await database.query<UserRaw>(`SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE lower(u.email) = $1`, [email]);
  const refuse = (reason: string) =>
    writeAudit(database, req, { action: FORGOT_PASSWORD_ACTION, result: 'FAILURE', actorUserId: found?.id ?? null, actorEmail: email, ...(found ? { targetType: 'user', targetId: found.id } : {}), detail: { reason } });
  if (!found) {
    await refuse('unknown account');
    return answer;
  }
  const status = statusOf(found, now());
  if (status !== 'ACTIVE') {
    await refuse(`account ${status.toLowerCase()}`);
    return answer;
  }
  if (!(await hitRateLimit(database, `forgot:mail:${found.id}`, MAIL_LIMIT, now())).allowed) {
    await refuse('hourly link limit reached');
    return answer;
  }
  const sent = await database.transaction(async (q) => {
    // Under the row lock, as Lock and Deactivate take it: a link is never issued beside them.
    await q(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [found.id]);
    const [user] = await q<UserRaw>(`SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE u.id = $1`, [found.id]);
    if (!user || statusOf(user, now()) !== 'ACTIVE') return false;
    await sendUserLink(app, req, q, { id: user.id, email: user.email, nickName: user.nick_name }, 'RESET', user.id, settings.productName);
    await writeAudit(q, req, { action: FORGOT_PASSWORD_ACTION, result: 'SUCCESS', actorUserId: user.id, actorEmail: user.email, targetType: 'user', targetId: user.id });
    return true;
  });
  if (!sent) await refuse('account changed meanwhile');
  return answer;
}

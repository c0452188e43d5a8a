/**
 * POST /api/portal/auth/Login (§3, §7): verifies the argon2id password, locks the account after
 * LOCKOUT_THRESHOLD failures for LOCKOUT_MINUTES (system settings, default 10 and 30), creates a
 * session bound to the secure channel, sets the cookies and answers exactly
 * `UserId, Email, JWT {toke_type, access_token}, CompanyList, NickName`.
 * Errors: RL429 too many attempts (per client address or per account, per minute), AUTH401 bad
 * credentials, AUTH423 locked (lockout, or an administrator's lock), PERM403 no usable membership,
 * MFA401 a right password of an account with two-factor authentication but no code, or a wrong or
 * reused code (OtpCode, a TOTP code accepted once; or RecoveryCode, single use).
 *
 * Hardening: the rate limits and the lockout live in the database (platform/rate-limit.ts,
 * auth/login-throttle.ts), so every server on it enforces the same ones; the attempt is reserved
 * before the password is checked, so parallel guesses cannot outrun the lockout; and an unknown or
 * inactive account goes through the same limits, the same gate, one argon2id verification of the
 * same cost and the same answers as a known one, so neither codes nor work tell which exist.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@paydesk/domain';
import type { LoginRequest } from '@paydesk/contract';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { requestAddresses, writeAudit } from '../../platform/audit.ts';
import { liveSettings } from '../../platform/settings.ts';
import { hitRateLimit } from '../../platform/rate-limit.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { accountLocked, lockedUntil, recordFailure, recordSuccess, reserveAttempt, type LockoutPolicy } from '../../auth/login-throttle.ts';
import { setSessionCookies } from '../../auth/cookies.ts';
import { createSession, loadSession } from '../../auth/session-store.ts';
import { issueToken } from '../../auth/tokens.ts';
import { acceptTotp, useRecoveryCode } from '../../auth/totp.ts';
import { openSecret } from '../../engine/secret-fields.ts';
import { companyList } from './company-list.ts';

const BAD_CREDENTIALS = 'Invalid email or password';
/** MFA401's message: the web then shows the code field and sends the password again with the code. */
const MFA_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
/** The rate-limit window of sign-in, ms (LOGIN_RATE_LIMIT_PER_MINUTE). */
const MINUTE_MS = 60_000;

/**
 * The password check sign-in calls, as a replaceable member: tests spy on it to prove that a known
 * and an unknown account cost the same verification, and hold it to keep checks in flight.
 */
export const passwordCheck = { verify: verifyPassword };

let dummyHash: Promise<string> | undefined;
/**
 * An argon2id hash (same parameters as stored ones) of a random password nobody knows, verified in
 * place of a real hash for unknown and inactive accounts so their sign-in costs the same work.
 * Started when the route is registered, so the first unknown e-mail does not also pay a hash.
 */
function dummyPasswordHash(): Promise<string> {
  return (dummyHash ??= hashPassword(randomBytes(32).toString('base64url')));
}

/** RL429, with a Retry-After header (whole seconds) on the reply. */
function rateLimited(reply: FastifyReply, retryAfterMs: number): AppError {
  void reply.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return new AppError(429, ERROR_CODES.RATE_LIMITED, 'Too many sign-in attempts, please try again later');
}

/** Computes the dummy hash now (at route registration), so the first unknown e-mail does not wait for it. */
export function prepareSignIn(): void {
  void dummyPasswordHash();
}

/**
 * Signs in with `body` over `app.ctx` (database, configuration, keys, clock), setting the session
 * cookies on `reply`. Writes its own audit rows (a failed sign-in, a lockout, the sign-in), as no
 * one declared row fits. Resolves with the Login answer or throws AppError (RL429, AUTH401,
 * AUTH423, PERM403, MFA401); a database failure rejects, which the error handler answers as SRV500
 * (it fails closed).
 */
export async function signIn(app: FastifyInstance, body: z.output<typeof LoginRequest>, { req, reply }: { req: FastifyRequest; reply: FastifyReply }) {
  const { database, config, keys, now } = app.ctx;
  // The account key: the lower-cased e-mail, whether or not a user has it.
  const email = body.Email.toLowerCase();
  const t = now();
  const perMinute = { limit: config.loginRateLimitPerMinute, windowMs: MINUTE_MS };
  const settings = await liveSettings(app.ctx);
  const policy: LockoutPolicy = { threshold: settings.lockoutThreshold, lockoutMs: settings.lockoutMs };

  // Per client address first (req.ip: X-Forwarded-For only when TRUST_PROXY is set), then per
  // account, so guesses spread over many addresses are still throttled on the one account.
  const byAddress = await hitRateLimit(database, `login:ip:${req.ip}`, perMinute, t);
  if (!byAddress.allowed) throw rateLimited(reply, byAddress.retryAfterMs);
  const byAccount = await hitRateLimit(database, `login:account:${email}`, perMinute, t);
  if (!byAccount.allowed) {
    // A locked account answers with the lockout, whatever the rate, so the answer is stable.
    const until = await lockedUntil(database, email, t);
    if (until) throw accountLocked(until, policy.threshold);
    throw rateLimited(reply, byAccount.retryAfterMs);
  }

  const [user] = await database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  // An invited user who has not set a password yet signs in like an unknown one.
  const usable = user !== undefined && user.isActive === 1 && user.passwordHash !== null;
  const actor = { actorUserId: user?.id ?? null, actorEmail: email };
  const lockTarget = user ? { targetType: 'user', targetId: user.id } : { targetType: 'account', targetId: email };

  const reservation = await reserveAttempt(database, email, t, policy);
  if (!reservation.admitted) {
    if (reservation.lockedNow) await writeAudit(database, req, { action: 'LOCKOUT', result: 'SUCCESS', ...actor, ...lockTarget, detail: { reason: 'attempts in flight reached the threshold' } });
    await writeAudit(database, req, { action: 'LOGIN', result: 'FAILURE', ...actor, detail: { reason: 'locked' } });
    throw accountLocked(reservation.lockedUntil, policy.threshold);
  }

  // One verification of the same cost on every path: the user's hash, or the dummy one.
  const matches = await passwordCheck.verify(usable && user.passwordHash ? user.passwordHash : await dummyPasswordHash(), body.Password);
  if (!usable || !matches) {
    const verdict = await recordFailure(database, email, now(), policy);
    const reason = !user ? 'unknown user' : !usable ? 'inactive' : 'bad password';
    await writeAudit(database, req, { action: 'LOGIN', result: 'FAILURE', ...actor, detail: { reason, failures: reservation.failures } });
    if (verdict.lockedNow) {
      await writeAudit(database, req, { action: 'LOCKOUT', result: 'SUCCESS', ...actor, ...lockTarget });
      throw accountLocked(verdict.lockedUntil, policy.threshold);
    }
    throw new AppError(401, ERROR_CODES.BAD_CREDENTIALS, BAD_CREDENTIALS);
  }
  // An administrator's lock (user management) holds whatever the password: told only to who knows it.
  if (user.lockedUntil && user.lockedUntil.getTime() > t.getTime()) {
    await writeAudit(database, req, { action: 'LOGIN', result: 'FAILURE', ...actor, detail: { reason: 'locked by an administrator' } });
    throw new AppError(423, ERROR_CODES.ACCOUNT_LOCKED, 'Account is locked by an administrator');
  }
  // The second factor, checked only after a right password.
  if (user.mfaEnabledAt && user.mfaSecret) {
    if (!body.OtpCode && !body.RecoveryCode) {
      // The reservation stays counted, so asking for the code cannot be used to reset the count.
      await writeAudit(database, req, { action: 'LOGIN', result: 'FAILURE', ...actor, detail: { reason: 'second factor required' } });
      throw new AppError(401, ERROR_CODES.MFA_CODE_REQUIRED, MFA_CODE_MESSAGE);
    }
    const accepted = body.OtpCode
      ? await acceptTotp(database.query, user.id, openSecret(keys.fieldKey, user.mfaSecret), body.OtpCode, t)
      : await useRecoveryCode(database.query, keys.fieldKey, user.id, body.RecoveryCode!, t);
    if (!accepted) {
      // A wrong or reused code is a failed sign-in: it counts towards the lockout.
      const verdict = await recordFailure(database, email, now(), policy);
      await writeAudit(database, req, { action: 'LOGIN', result: 'FAILURE', ...actor, detail: { reason: body.OtpCode ? 'wrong authentication code' : 'wrong recovery code', failures: reservation.failures } });
      if (verdict.lockedNow) {
        await writeAudit(database, req, { action: 'LOCKOUT', result: 'SUCCESS', ...actor, ...lockTarget });
        throw accountLocked(verdict.lockedUntil, policy.threshold);
      }
      throw new AppError(401, ERROR_CODES.MFA_CODE_REQUIRED, body.OtpCode ? `The code is wrong or was already used: ${MFA_CODE_MESSAGE.toLowerCase()}` : 'The recovery code is wrong or was already used');
    }
    if (body.RecoveryCode) await writeAudit(database, req, { action: 'MFA_RECOVERY_CODE_USED', result: 'SUCCESS', ...actor, targetType: 'user', targetId: user.id });
  }
  if (!(await recordSuccess(database, email, now()))) {
    // The threshold was passed while this password was being checked: no session.
    await writeAudit(database, req, { action: 'LOGIN', result: 'FAILURE', ...actor, detail: { reason: 'locked during the check' } });
    throw accountLocked(await lockedUntil(database, email, now()), policy.threshold);
  }

  const companies = await companyList(database, user.id, settings.productName);
  const chosen = companies.find((c) => c.IsDefault) ?? companies[0];
  if (!chosen) {
    await writeAudit(database, req, { action: 'LOGIN', result: 'FAILURE', ...actor, detail: { reason: 'no membership' } });
    throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Your account has no active user group');
  }
  const { clientIp, socketIp } = requestAddresses(req);
  const sid = await createSession(database, {
    userId: user.id,
    membershipId: chosen.MembershipId,
    channelId: req.channel?.channelId ?? null,
    clientIp,
    socketIp,
    userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
    now: t,
  });
  // users.failed_logins is left alone: login_throttle is the sign-in lockout's only source.
  await database.db.update(users).set({ lastLoginAt: t }).where(eq(users.id, user.id));
  const token = await issueToken(keys.jwtKey, sid, user.id, t.getTime());
  const session = await loadSession(database, sid);
  setSessionCookies(req, reply, token, session?.scope.permissions ?? [], config.secureCookies);
  await writeAudit(database, req, { action: 'LOGIN', result: 'SUCCESS', ...actor, targetType: 'session', targetId: sid, detail: { membershipId: chosen.MembershipId } });
  return {
    UserId: user.id,
    Email: user.email,
    JWT: { toke_type: 'Bearer' as const, access_token: token },
    CompanyList: companies.map(({ IsDefault: _d, ...c }) => c),
    NickName: user.nickName,
  };
}

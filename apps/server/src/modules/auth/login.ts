/**
 * POST /api/portal/auth/Login (§3, §7): verifies the argon2id password, locks the account after
 * LOCKOUT_THRESHOLD failures for LOCKOUT_MINUTES (system settings, default 10 and 30), creates a session bound to the secure channel, sets the cookies
 * and answers exactly `UserId, Email, JWT {toke_type, access_token}, CompanyList, NickName`.
 * Errors: AUTH401 bad credentials, AUTH423 locked, PERM403 no usable membership.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, formatDateTime } from '@paydesk/domain';
import type { LoginRequest } from '@paydesk/contract';
import type { z } from 'zod';
import { users } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { requestAddresses, writeAudit } from '../../platform/audit.ts';
import { liveSettings } from '../../platform/settings.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { setSessionCookies } from '../../auth/cookies.ts';
import { createSession, loadSession } from '../../auth/session-store.ts';
import { issueToken } from '../../auth/tokens.ts';
import { companyList } from './company-list.ts';

const BAD_CREDENTIALS = 'Invalid email or password';
let dummyHash: Promise<string> | undefined;

export function loginHandler(app: FastifyInstance) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { database, config, keys, now } = app.ctx;
    const body = req.body as z.infer<typeof LoginRequest>;
    const email = body.Email.toLowerCase();
    const t = now();
    const settings = await liveSettings(app.ctx);
    const [user] = await database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    if (!user || user.isActive !== 1) {
      // Same work as a real check, so timing does not tell which emails exist.
      await verifyPassword(await (dummyHash ??= hashPassword('not-a-real-password')), body.Password);
      await writeAudit(database, req, { action: 'LOGIN', result: 'FAILURE', actorEmail: email, detail: { reason: user ? 'inactive' : 'unknown user' } });
      throw new AppError(401, ERROR_CODES.BAD_CREDENTIALS, BAD_CREDENTIALS);
    }
    if (user.lockedUntil && user.lockedUntil > t) {
      await writeAudit(database, req, { action: 'LOGIN', result: 'FAILURE', actorUserId: user.id, actorEmail: email, detail: { reason: 'locked' } });
      throw new AppError(423, ERROR_CODES.ACCOUNT_LOCKED, `Account is locked after too many failed sign-ins until ${formatDateTime(user.lockedUntil)}`);
    }
    if (!(await verifyPassword(user.passwordHash, body.Password))) {
      const failures = user.failedLogins + 1;
      const lock = failures >= settings.lockoutThreshold;
      await database.db
        .update(users)
        .set(lock ? { failedLogins: 0, lockedUntil: new Date(t.getTime() + settings.lockoutMs) } : { failedLogins: failures })
        .where(eq(users.id, user.id));
      await writeAudit(database, req, { action: 'LOGIN', result: 'FAILURE', actorUserId: user.id, actorEmail: email, detail: { reason: 'bad password', failures } });
      if (lock) {
        await writeAudit(database, req, { action: 'LOCKOUT', result: 'SUCCESS', actorUserId: user.id, actorEmail: email, targetType: 'user', targetId: user.id });
        throw new AppError(423, ERROR_CODES.ACCOUNT_LOCKED, `Account is locked after ${settings.lockoutThreshold} failed sign-ins for ${settings.lockoutMs / 60_000} minutes`);
      }
      throw new AppError(401, ERROR_CODES.BAD_CREDENTIALS, BAD_CREDENTIALS);
    }
    const companies = await companyList(database, user.id, settings.productName);
    const chosen = companies.find((c) => c.IsDefault) ?? companies[0];
    if (!chosen) {
      await writeAudit(database, req, { action: 'LOGIN', result: 'FAILURE', actorUserId: user.id, actorEmail: email, detail: { reason: 'no membership' } });
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
    await database.db.update(users).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: t }).where(eq(users.id, user.id));
    const token = await issueToken(keys.jwtKey, sid, user.id, t.getTime());
    const session = await loadSession(database, sid);
    setSessionCookies(req, reply, token, session?.scope.permissions ?? [], config.secureCookies);
    await writeAudit(database, req, { action: 'LOGIN', result: 'SUCCESS', actorUserId: user.id, actorEmail: email, targetType: 'session', targetId: sid, detail: { membershipId: chosen.MembershipId } });
    return {
      UserId: user.id,
      Email: user.email,
      JWT: { toke_type: 'Bearer' as const, access_token: token },
      CompanyList: companies.map(({ IsDefault: _d, ...c }) => c),
      NickName: user.nickName,
    };
  };
}

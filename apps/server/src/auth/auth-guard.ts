/**
 * The auth guard (§4, §6, §8): on every route that needs a session it checks the token (bearer
 * header, else the `token` cookie), the server-side session (revoked → SC499, idle → SC440),
 * the binding to the secure channel (encrypted routes and signed uploads), the anti-forgery
 * header for cookie-authenticated writes, two-factor enrolment (MFA_ENFORCE: MFA403 on every route
 * not flagged `beforeMfa` while the user must enrol) and the route's `module:action` permission;
 * then it renews the token past half its life. A token presented over another channel than its
 * session's ends that session (SC499).
 *
 * Sessions come from the short-lived cache of session-store.ts. A successful write to a module
 * that feeds sessions (SESSION_MODULES: user groups, their permissions, users) drops this
 * server's whole cache before the answer is sent, so the change applies from the next request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, TOKEN_LIFETIME_MS } from '@paydesk/domain';
import { CHANNEL_HEADERS } from '@paydesk/contract';
import { AppError, forbidden, idleTimeout, invalidSession } from '../platform/errors.ts';
import { onModuleWrite } from '../platform/module-cache.ts';
import { routeConfig } from '../platform/route.ts';
import { freshSettings, liveSettings } from '../platform/settings.ts';
import { COOKIE_TOKEN, COOKIE_XSRF, HEADER_RENEWED_TOKEN, HEADER_XSRF, setSessionCookies } from './cookies.ts';
import { cachedSession, forgetSessions, freshSession, revokeSession, touchSession, type SessionRow } from './session-store.ts';
import { issueToken, verifyToken } from './tokens.ts';

/** Writes of lastSeenAt are skipped when the previous one is this recent (ms). */
const TOUCH_INTERVAL_MS = 15_000;

/**
 * Permission modules whose writes change what a session is allowed (group active, group type,
 * permissions, user active): a successful non-GET call on one of them forgets the cached sessions.
 */
export const SESSION_MODULES: ReadonlySet<string> = new Set(['usergroup', 'user', 'usermanagement']);

/**
 * MFA403: with MFA_ENFORCE on, the user holds a membership whose group requires two-factor
 * sign-in (session-store.ts `mfaSetupRequired`, whichever group the session has selected) and has
 * not enrolled. Meanwhile only the routes flagged `beforeMfa` in the route table answer (the
 * enrolment steps, the profile, sign-out, the header's currency list); every other session route,
 * lookups and the group switch included, is refused with this error.
 */
export const mfaSetupRequired = () => new AppError(403, ERROR_CODES.MFA_SETUP_REQUIRED, 'Set up two-factor authentication to continue');

/** Reads the token of a request: bearer header first, then the cookie. */
export function tokenOf(req: FastifyRequest): { token: string; viaCookie: boolean } | null {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ') && h.length > 7) return { token: h.slice(7), viaCookie: false };
  const c = req.cookies[COOKIE_TOKEN];
  return c ? { token: c, viaCookie: true } : null;
}

/**
 * Resolves a live session from a token or throws SC499/SC440. Used by the guard and by the
 * page guard for HTML requests.
 */
export async function resolveSession(app: FastifyInstance, token: string): Promise<{ session: SessionRow; iat: number }> {
  const { database, keys, now } = app.ctx;
  const t = now();
  const claims = verifyToken(keys.jwtKey, token, t.getTime());
  if (!claims) throw invalidSession();
  // Cached values are taken without a promise (most requests): only a read waits.
  const session = freshSession(database, claims.sid) ?? (await cachedSession(database, claims.sid));
  if (!session || session.revokedAt || !session.userActive || !session.groupActive || session.expiresAt <= t) throw invalidSession();
  // The idle limit is the SESSION_IDLE_MINUTES system setting, read live (a change applies at once).
  const { idleTimeoutMs } = freshSettings(app.ctx) ?? (await liveSettings(app.ctx));
  if (t.getTime() - session.lastSeenAt.getTime() > idleTimeoutMs) {
    await revokeSession(database, session.id, t);
    throw idleTimeout();
  }
  return { session, iat: claims.iat };
}

async function guard(this: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const cfg = routeConfig(req);
  if (!cfg.auth) return;
  const found = tokenOf(req);
  if (!found) throw invalidSession('Please sign in');
  const { session, iat } = await resolveSession(this, found.token);
  // A token is only good over its own channel: encrypted calls and signed uploads (a stolen token
  // without the channel keys cannot be used). Before an upload's body is read the channel is the
  // one its X-Channel-Id claims; the signature over the body proves it right after.
  const channelId = req.channel?.channelId ?? (cfg.upload ? req.headers[CHANNEL_HEADERS.channel.toLowerCase()] : undefined);
  if ((cfg.encrypted || cfg.upload) && session.channelId && channelId !== session.channelId) {
    // The token left its channel, so it is in hands that do not hold the channel keys: the
    // session ends for everyone (docs/API.md SC499), not just this request.
    await revokeSession(this.ctx.database, session.id, this.ctx.now());
    throw invalidSession('Session is bound to another secure channel, please sign in again');
  }
  // Known from here on, so a refusal below (anti-forgery, permission) is audited with its actor.
  req.scope = session.scope;
  if (found.viaCookie && req.method !== 'GET') {
    const cookie = req.cookies[COOKIE_XSRF];
    if (!cookie || req.headers[HEADER_XSRF] !== cookie) throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Missing or wrong anti-forgery header');
  }
  if (session.mfaSetupRequired && this.ctx.config.mfaEnforce && !cfg.beforeMfa) throw mfaSetupRequired();
  if (cfg.permission && !session.scope.permissions.has(cfg.permission)) throw forbidden(cfg.permission);
  const now = this.ctx.now();
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(this.ctx.database, session.id, now);
  if (now.getTime() - iat * 1000 > TOKEN_LIFETIME_MS / 2) {
    const renewed = await issueToken(this.ctx.keys.jwtKey, session.id, session.userId, now.getTime());
    reply.header(HEADER_RENEWED_TOKEN, renewed);
    setSessionCookies(req, reply, renewed, session.scope.permissions, this.ctx.config.secureCookies);
  }
}

/**
 * Registers the guard as a preValidation hook (after the secure channel has opened the body), and
 * the onSend hook that forgets cached sessions after a successful write to a SESSION_MODULES module.
 */
export function installAuthGuard(app: FastifyInstance): void {
  // A route without a session (sign-in, the handshake, public pages) passes without a promise.
  app.addHook('preValidation', function (this: FastifyInstance, req, reply, done) {
    if (!routeConfig(req).auth) return done();
    guard.call(this, req, reply).then(() => done(), done);
  });
  // Uploads are guarded once more before their body is read (see installUploadGate).
  onModuleWrite(app, SESSION_MODULES, () => forgetSessions(app.ctx.database));
}

/**
 * Guards upload routes BEFORE their body is read (a preParsing hook; install it before the secure
 * channel plugin, whose preParsing reads and verifies the body): without a live session of that
 * channel and the route's permission, nobody makes the server buffer up to 10 MB. The
 * preValidation guard runs again once the body's signature has proven the channel.
 */
export function installUploadGate(app: FastifyInstance): void {
  // A callback hook: every other route passes without a promise.
  app.addHook('preParsing', function (this: FastifyInstance, req, reply, payload, done) {
    // Without a channel header the secure channel refuses it (SEC404), also before reading the body.
    if (!routeConfig(req).upload || req.headers[CHANNEL_HEADERS.channel.toLowerCase()] === undefined) return done(null, payload);
    guard.call(this, req, reply).then(
      () => done(null, payload),
      (err: Error) => {
        // The body stays unread: the connection is not reused.
        void reply.header('connection', 'close');
        done(err);
      },
    );
  });
}

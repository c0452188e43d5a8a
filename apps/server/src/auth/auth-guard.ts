/**
 * The auth guard (§4, §6, §8): on every route that needs a session it checks the token (bearer
 * header, else the `token` cookie), the server-side session (revoked → SC499, idle → SC440),
 * the binding to the secure channel, the anti-forgery header for cookie-authenticated writes and
 * the route's `module:action` permission; then it renews the token past half its life.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, TOKEN_LIFETIME_MS } from '@paydesk/domain';
import { AppError, forbidden, idleTimeout, invalidSession } from '../platform/errors.ts';
import type { Scope } from '../platform/scope.ts';
import { liveSettings } from '../platform/settings.ts';
import { COOKIE_TOKEN, COOKIE_XSRF, HEADER_RENEWED_TOKEN, HEADER_XSRF, setSessionCookies } from './cookies.ts';
import { loadSession, revokeSession, touchSession, type SessionRow } from './session-store.ts';
import { issueToken, verifyToken } from './tokens.ts';

/** Writes of lastSeenAt are skipped when the previous one is this recent (ms). */
const TOUCH_INTERVAL_MS = 15_000;

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
  const claims = await verifyToken(keys.jwtKey, token, t.getTime());
  if (!claims) throw invalidSession();
  const session = await loadSession(database, claims.sid);
  if (!session || session.revokedAt || !session.userActive || !session.groupActive || session.expiresAt <= t) throw invalidSession();
  // The idle limit is the SESSION_IDLE_MINUTES system setting, read live (a change applies at once).
  const { idleTimeoutMs } = await liveSettings(app.ctx);
  if (t.getTime() - session.lastSeenAt.getTime() > idleTimeoutMs) {
    await revokeSession(database, session.id, t);
    throw idleTimeout();
  }
  return { session, iat: claims.iat };
}

async function guard(this: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const cfg = req.routeOptions.config;
  if (!cfg.auth) return;
  const found = tokenOf(req);
  if (!found) throw invalidSession('Please sign in');
  const { session, iat } = await resolveSession(this, found.token);
  if (cfg.encrypted && session.channelId && req.channel?.channelId !== session.channelId) {
    throw invalidSession('Session is bound to another secure channel, please sign in again');
  }
  if (found.viaCookie && req.method !== 'GET') {
    const cookie = req.cookies[COOKIE_XSRF];
    if (!cookie || req.headers[HEADER_XSRF] !== cookie) throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Missing or wrong anti-forgery header');
  }
  if (cfg.permission && !session.scope.permissions.has(cfg.permission)) throw forbidden(cfg.permission);
  req.scope = session.scope;
  const now = this.ctx.now();
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(this.ctx.database, session.id, now);
  if (now.getTime() - iat * 1000 > TOKEN_LIFETIME_MS / 2) {
    const renewed = await issueToken(this.ctx.keys.jwtKey, session.id, session.userId, now.getTime());
    reply.header(HEADER_RENEWED_TOKEN, renewed);
    setSessionCookies(req, reply, renewed, session.scope.permissions, this.ctx.config.secureCookies);
  }
}

/** Registers the guard as a preValidation hook (after the secure channel has opened the body). */
export function installAuthGuard(app: FastifyInstance): void {
  app.addHook('preValidation', guard);
}

/** The scope of a guarded request; throws SC499 if the guard did not run (a wiring bug). */
export function scopeOf(req: FastifyRequest): Scope {
  if (!req.scope) throw invalidSession();
  return req.scope;
}

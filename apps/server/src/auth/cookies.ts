/**
 * The session cookies (§3, §4): `token` (HttpOnly, SameSite=Strict, half a day, Secure behind
 * HTTPS), `modulePermission` (readable by the app: a bitset of held permissions) and
 * `XSRF-TOKEN` (readable; echoed back in the X-XSRF-TOKEN header).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_LIFETIME_MS, encodePermissionBits } from '@paydesk/domain';

export const COOKIE_TOKEN = 'token';
export const COOKIE_PERMISSIONS = 'modulePermission';
export const COOKIE_XSRF = 'XSRF-TOKEN';
export const HEADER_XSRF = 'x-xsrf-token';
export const HEADER_RENEWED_TOKEN = 'access_token';

function secure(req: FastifyRequest, setting: 'auto' | boolean): boolean {
  return setting === 'auto' ? req.protocol === 'https' : setting;
}

/** Sets the three cookies after sign-in, group switch or token renewal. */
export function setSessionCookies(
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  permissions: Iterable<string>,
  secureSetting: 'auto' | boolean,
): void {
  const base = { path: '/', sameSite: 'strict' as const, secure: secure(req, secureSetting), maxAge: TOKEN_LIFETIME_MS / 1000 };
  reply.setCookie(COOKIE_TOKEN, token, { ...base, httpOnly: true });
  reply.setCookie(COOKIE_PERMISSIONS, encodePermissionBits(permissions), { ...base, httpOnly: false });
  if (!req.cookies[COOKIE_XSRF]) reply.setCookie(COOKIE_XSRF, randomBytes(18).toString('base64url'), { ...base, httpOnly: false });
}

/** Clears the session cookies through response headers (§4). */
export function clearSessionCookies(reply: FastifyReply): void {
  for (const name of [COOKIE_TOKEN, COOKIE_PERMISSIONS, COOKIE_XSRF]) reply.clearCookie(name, { path: '/' });
}

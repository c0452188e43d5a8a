/**
 * Session JWTs (HS256): the token names a server-side session (`sid`) and expires with the
 * cookie after half a day (§9). Revocation, idle limit and group live in the session row.
 * Tokens are signed with jose; they are verified with Node's synchronous HMAC (no
 * WebCrypto thread hop per request), accepting only what jose would with
 * `{issuer: 'paydesk', algorithms: ['HS256']}`. A token that verified is remembered (per key, at
 * most VERIFIED_MAX) until its own expiry, which is still checked on every use: the signature
 * check is a pure function of token and key, so remembering it changes no verdict.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { TOKEN_LIFETIME_MS } from '@paydesk/domain';

export interface TokenClaims {
  sid: string;
  uid: number;
  /** Issued-at, seconds since epoch (UTC). */
  iat: number;
}

/** Signs a token for session `sid`; expires TOKEN_LIFETIME_MS after `now` (ms). */
export async function issueToken(key: Uint8Array, sid: string, uid: number, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ sid, uid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_MS / 1000)
    .setIssuer('paydesk')
    .sign(key);
}

const B64URL = /^[A-Za-z0-9_-]+$/;
/** Most verified tokens remembered per key; the oldest are dropped past it. */
const VERIFIED_MAX = 10_000;
const verified = new WeakMap<Uint8Array, Map<string, TokenClaims & { exp: number }>>();

function json(b64url: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(b64url, 'base64url').toString('utf8'));
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Verifies a compact HS256 token made by {@link issueToken}: the header names HS256 (no `crit`),
 * the signature matches (constant time), `iss` is paydesk, `exp` is after `now` (ms) and the
 * claims have their types. Returns null when anything fails (the caller answers SC499); never throws.
 * Synchronous: a request's guard waits on nothing here.
 */
export function verifyToken(key: Uint8Array, token: string, now = Date.now()): TokenClaims | null {
  let known = verified.get(key);
  if (!known) verified.set(key, (known = new Map()));
  let claims = known.get(token);
  if (!claims) {
    const checked = checkToken(key, token);
    if (!checked) return null;
    known.set(token, (claims = checked));
    if (known.size > VERIFIED_MAX) known.delete(known.keys().next().value!);
  }
  if (claims.exp <= Math.floor(now / 1000)) return null;
  return { sid: claims.sid, uid: claims.uid, iat: claims.iat };
}

/** Header, signature, issuer and claim types of a token; its claims with `exp`, or null. */
function checkToken(key: Uint8Array, token: string): (TokenClaims & { exp: number }) | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, sig] = parts as [string, string, string];
  if (!B64URL.test(h) || !B64URL.test(p) || !B64URL.test(sig)) return null;
  const header = json(h);
  if (!header || header.alg !== 'HS256' || 'crit' in header) return null;
  const expected = createHmac('sha256', key).update(`${h}.${p}`).digest();
  const given = Buffer.from(sig, 'base64url');
  // The canonical encoding only: a signature re-encoded with other trailing bits is not the same token.
  if (given.length !== expected.length || given.toString('base64url') !== sig || !timingSafeEqual(given, expected)) return null;
  const payload = json(p);
  if (!payload || payload.iss !== 'paydesk') return null;
  const { sid, uid, iat, exp } = payload;
  if (typeof sid !== 'string' || typeof uid !== 'number' || typeof iat !== 'number' || typeof exp !== 'number') return null;
  return { sid, uid, iat, exp };
}

/**
 * Session JWTs (HS256, jose): the token names a server-side session (`sid`) and expires with the
 * cookie after half a day (§9). Revocation, idle limit and group live in the session row.
 */
import { SignJWT, jwtVerify } from 'jose';
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

/** Verifies signature, issuer and expiry; null when any fails (the caller answers SC499). */
export async function verifyToken(key: Uint8Array, token: string, now = Date.now()): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: 'paydesk', algorithms: ['HS256'], currentDate: new Date(now) });
    if (typeof payload.sid !== 'string' || typeof payload.uid !== 'number' || typeof payload.iat !== 'number') return null;
    return { sid: payload.sid, uid: payload.uid, iat: payload.iat };
  } catch {
    return null;
  }
}

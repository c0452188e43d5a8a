/**
 * Session tokens (auth/tokens.ts): signed with jose, verified with Node's HMAC. A token verifies
 * exactly when jose's own check would pass, also when it is asked again (the verified-token memory)
 * and after it expires.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_MS } from '@paydesk/domain';
import { issueToken, verifyToken } from '../../src/auth/tokens.ts';

const key = new Uint8Array(randomBytes(32));
const T = Date.UTC(2026, 0, 1, 8, 0, 0);

describe('session tokens', () => {
  it('verifies its own token, again from memory, and agrees with jose', async () => {
    const token = await issueToken(key, 'sid-1', 7, T);
    const expected = { sid: 'sid-1', uid: 7, iat: Math.floor(T / 1000) };
    expect(verifyToken(key, token, T + 1000)).toEqual(expected);
    expect(verifyToken(key, token, T + 2000)).toEqual(expected);
    const { payload } = await jwtVerify(token, key, { issuer: 'paydesk', algorithms: ['HS256'], currentDate: new Date(T + 1000) });
    expect(payload.sid).toBe('sid-1');
  });

  it('refuses it at and after expiry, even when it verified before', async () => {
    const token = await issueToken(key, 'sid-2', 7, T);
    expect(verifyToken(key, token, T)).not.toBeNull();
    expect(verifyToken(key, token, T + TOKEN_LIFETIME_MS)).toBeNull();
    expect(verifyToken(key, token, T + TOKEN_LIFETIME_MS - 1000)).not.toBeNull();
  });

  it('refuses another key, a tampered payload or signature, alg none, another issuer and junk', async () => {
    const token = await issueToken(key, 'sid-3', 7, T);
    const [h, p, s] = token.split('.') as [string, string, string];
    expect(verifyToken(new Uint8Array(randomBytes(32)), token, T)).toBeNull();
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), uid: 1 })).toString('base64url');
    expect(verifyToken(key, `${h}.${forgedPayload}.${s}`, T)).toBeNull();
    expect(verifyToken(key, `${h}.${p}.${s.slice(0, -2)}AA`, T)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyToken(key, `${none}.${p}.`, T)).toBeNull();
    expect(verifyToken(key, `${none}.${p}.${s}`, T)).toBeNull();
    const stranger = await new SignJWT({ sid: 'sid-3', uid: 7 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(T / 1000).setExpirationTime(T / 1000 + 3600).setIssuer('someone').sign(key);
    expect(verifyToken(key, stranger, T)).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c.d', '!!.??.**']) expect(verifyToken(key, junk, T)).toBeNull();
  });
});

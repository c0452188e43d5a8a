/**
 * Time-based one-time passwords (RFC 6238) for two-factor sign-in, with the
 * `otpauth` package: SHA1, 6 digits, 30-second steps — what every authenticator app reads from a
 * QR code — accepting the step before and after (±30 s of clock drift). A code is accepted once:
 * `users.mfa_last_step` keeps the last accepted step, and only a later step passes (one atomic
 * UPDATE, so two requests with one code cannot both win). Recovery codes: ten single-use codes
 * XXXX-XXXX (40 bits each), kept as HMAC-SHA256 under the field key.
 */
import { createHmac, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Query } from '../db/client.ts';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are accepted. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

/** The TOTP of a base32 secret, labelled for the authenticator app. */
export function totpOf(secretBase32: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A new random 160-bit secret, base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step `code` belongs to at `now` (UTC ms) within the window, or null when it is not a current code. */
export function totpStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secretBase32, 'x', 'x').validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/**
 * Accepts `code` for user `userId` when it is a current code of `secretBase32` of a step later
 * than any accepted before (recorded atomically). Resolves false for a wrong, stale or reused code.
 */
export async function acceptTotp(q: Query, userId: number, secretBase32: string, code: string, now: Date): Promise<boolean> {
  const step = totpStep(secretBase32, code, now.getTime());
  if (step === null) return false;
  const rows = await q(`UPDATE users SET mfa_last_step = $2 WHERE id = $1 AND (mfa_last_step IS NULL OR mfa_last_step < $2) RETURNING id`, [userId, step]);
  return rows.length === 1;
}

/** Letters and digits of recovery codes, without the look-alikes 0/O and 1/I/L. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten new recovery codes XXXX-XXXX (shown once). */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** The stored form of a recovery code of `userId`: HMAC-SHA256 under the field key, hex. */
export function recoveryCodeHash(fieldKey: Uint8Array, userId: number, code: string): string {
  return createHmac('sha256', fieldKey).update(`${userId}:${code.trim().toUpperCase()}`).digest('hex');
}

/** Uses recovery code `code` of user `userId` once (atomic); resolves false when it is unknown or used. */
export async function useRecoveryCode(q: Query, fieldKey: Uint8Array, userId: number, code: string, now: Date): Promise<boolean> {
  const rows = await q(`UPDATE user_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`, [userId, recoveryCodeHash(fieldKey, userId, code), now]);
  return rows.length === 1;
}

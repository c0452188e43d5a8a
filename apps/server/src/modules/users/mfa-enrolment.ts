/**
 * TOTP enrolment of the signed-in user (any session, no permission, and `beforeMfa` in the route
 * table, so a user who must enrol under MFA_ENFORCE can still reach it):
 * - POST /api/portal/auth/Mfa/Start: a new secret, kept sealed in `users.mfa_pending_secret`
 *   (a running enrolment is replaced), answered with its otpauth URI and a QR code (PNG data URL)
 *   for the authenticator app; 409 CF409 once enrolled (an administrator's ResetMfa comes first);
 * - POST /api/portal/auth/Mfa/Confirm {Code}: a current code of the pending secret moves it to
 *   `users.mfa_secret`, enables MFA and answers ten recovery codes, once (older ones are
 *   replaced). A wrong code: 400 VAL400, counted by the sign-in lockout (the threshold's wrong
 *   code locks the account, AUTH423, and ends the session). The session cache is dropped, so the
 *   enforcement of MFA_ENFORCE lifts from the next request. Both audited by this module (a
 *   confirmation writes a failure, a lockout or a success: no single declared row fits).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import QRCode from 'qrcode';
import { ERROR_CODES } from '@paydesk/domain';
import type { MfaConfirmRequest } from '@paydesk/contract';
import type { Scope } from '../../platform/scope.ts';
import { accountLocked, lockedUntil, recordFailure, recordSuccess, reserveAttempt, type LockoutPolicy } from '../../auth/login-throttle.ts';
import { forgetSessions, revokeSession } from '../../auth/session-store.ts';
import { acceptTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpOf } from '../../auth/totp.ts';
import { openSecret, sealSecret } from '../../engine/secret-fields.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { liveSettings } from '../../platform/settings.ts';

/** The signed-in caller of an enrolment call and its request (for the audit rows). */
interface MfaCall {
  scope: Scope;
  req: FastifyRequest;
}

/** Mfa/Start: `{Secret, OtpAuthUri, QrDataUrl}`; throws CF409 once enrolled. */
export async function startMfa(app: FastifyInstance, { scope, req }: MfaCall) {
  const { database, keys } = app.ctx;
  const secret = newTotpSecret();
  const { productName } = await liveSettings(app.ctx);
  const uri = totpOf(secret, `${productName} Portal`, scope.email).toString();
  // Only while not enrolled: replacing a working authenticator needs more than a session (an
  // administrator's ResetMfa first), so a stolen session cannot take the second factor over.
  const started = await database.query(`UPDATE users SET mfa_pending_secret = $2 WHERE id = $1 AND mfa_enabled_at IS NULL RETURNING id`, [scope.userId, sealSecret(keys.fieldKey, secret)]);
  if (started.length === 0) throw new AppError(409, ERROR_CODES.CONFLICT, 'Two-factor authentication is already set up: ask your administrator to reset it to enrol another authenticator');
  await writeAudit(database, req, { action: 'MFA_START', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'user', targetId: scope.userId });
  return { Secret: secret, OtpAuthUri: uri, QrDataUrl: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) };
}

/** Mfa/Confirm's VAL400 without a running enrolment. */
const noEnrolment = () => new AppError(400, ERROR_CODES.VALIDATION, 'Code: start the enrolment first (scan a new QR code)');

/** What the confirmation transaction found. */
type Outcome = 'enrolled' | 'no-enrolment' | 'wrong-code' | 'locked';

/**
 * Mfa/Confirm: `{RecoveryCodes}`. Every checked code is an attempt of the sign-in lockout
 * (auth/login-throttle.ts, per lower-cased e-mail, the live LOCKOUT_THRESHOLD and LOCKOUT_MINUTES):
 * reserved before the check, so parallel guesses cannot outrun it; a right code resets the count
 * in the transaction that enrols. Throws VAL400 without a running enrolment (not counted: no code
 * is checked) or with a wrong code; AUTH423 when the account is locked — by this wrong code or
 * earlier — and then the calling session ends (revoked; its next call answers SC499).
 */
export async function confirmMfa(app: FastifyInstance, body: z.output<typeof MfaConfirmRequest>, { scope, req }: MfaCall) {
  const { database, keys, now } = app.ctx;
  const accountKey = scope.email.toLowerCase();
  const settings = await liveSettings(app.ctx);
  const policy: LockoutPolicy = { threshold: settings.lockoutThreshold, lockoutMs: settings.lockoutMs };
  const actor = { actorUserId: scope.userId, actorEmail: scope.email };
  const [running] = await database.query(`SELECT 1 AS ok FROM users WHERE id = $1 AND mfa_enabled_at IS NULL AND mfa_pending_secret IS NOT NULL`, [scope.userId]);
  if (!running) throw noEnrolment();

  /** Ends the calling session and answers the lock (audited once, by the request that set it). */
  const lockedOut = async (lockedNow: boolean, until: Date | null): Promise<AppError> => {
    if (lockedNow) await writeAudit(database, req, { action: 'LOCKOUT', result: 'SUCCESS', ...actor, targetType: 'user', targetId: scope.userId, detail: { reason: 'wrong two-factor enrolment codes' } });
    await revokeSession(database, scope.sessionId, now());
    return accountLocked(until, policy.threshold, 'failed sign-ins or codes');
  };

  const reservation = await reserveAttempt(database, accountKey, now(), policy);
  if (!reservation.admitted) throw await lockedOut(reservation.lockedNow, reservation.lockedUntil);

  const codes = newRecoveryCodes();
  const outcome = await database.transaction(async (q): Promise<Outcome> => {
    const [u] = await q<{ pending: string | null }>(`SELECT mfa_pending_secret AS pending FROM users WHERE id = $1 AND mfa_enabled_at IS NULL FOR UPDATE`, [scope.userId]);
    if (!u?.pending) return 'no-enrolment';
    const secret = openSecret(keys.fieldKey, u.pending);
    // A new secret starts its own step count.
    await q(`UPDATE users SET mfa_last_step = NULL WHERE id = $1`, [scope.userId]);
    if (!(await acceptTotp(q, scope.userId, secret, body.Code, now()))) return 'wrong-code';
    // Locked while this code was checked (the threshold passed meanwhile): nothing is enrolled.
    if (!(await recordSuccess({ query: q }, accountKey, now()))) return 'locked';
    await q(`UPDATE users SET mfa_secret = mfa_pending_secret, mfa_pending_secret = NULL, mfa_enabled_at = $2, version = version + 1 WHERE id = $1`, [scope.userId, now()]);
    await q(`DELETE FROM user_recovery_codes WHERE user_id = $1`, [scope.userId]);
    for (const c of codes) await q(`INSERT INTO user_recovery_codes (user_id, code_hash) VALUES ($1, $2)`, [scope.userId, recoveryCodeHash(keys.fieldKey, scope.userId, c)]);
    await writeAudit(q, req, { action: 'MFA_ENABLE', result: 'SUCCESS', ...actor, targetType: 'user', targetId: scope.userId });
    return 'enrolled';
  });
  if (outcome === 'no-enrolment') throw noEnrolment();
  if (outcome === 'locked') throw await lockedOut(false, await lockedUntil(database, accountKey, now()));
  if (outcome === 'wrong-code') {
    const verdict = await recordFailure(database, accountKey, now(), policy);
    await writeAudit(database, req, { action: 'MFA_ENABLE', result: 'FAILURE', ...actor, targetType: 'user', targetId: scope.userId, detail: { reason: 'wrong code', failures: reservation.failures } });
    if (verdict.lockedNow) throw await lockedOut(true, verdict.lockedUntil);
    throw new AppError(400, ERROR_CODES.VALIDATION, 'Code: the code does not match: enter the current 6-digit code from your authenticator app');
  }
  forgetSessions(database);
  return { RecoveryCodes: codes };
}

/**
 * TOTP enrolment of the signed-in user (issue 13 Build 5; any session, no permission, so an
 * unenrolled user whose group requires MFA can still reach it):
 * - POST /api/portal/auth/Mfa/Start: a new secret, kept sealed in `users.mfa_pending_secret`
 *   (a running enrolment is replaced), answered with its otpauth URI and a QR code (PNG data URL)
 *   for the authenticator app; 409 CF409 once enrolled (an administrator's ResetMfa comes first);
 * - POST /api/portal/auth/Mfa/Confirm {Code}: a current code of the pending secret moves it to
 *   `users.mfa_secret`, enables MFA and answers ten recovery codes, once (older ones are
 *   replaced). A wrong code: 400 VAL400. The session cache is dropped, so the enforcement of
 *   MFA_ENFORCE lifts from the next request. Both audited.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import QRCode from 'qrcode';
import { ERROR_CODES } from '@paydesk/domain';
import type { MfaConfirmRequest } from '@paydesk/contract';
import { scopeOf } from '../../platform/scope.ts';
import { forgetSessions } from '../../auth/session-store.ts';
import { acceptTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpOf } from '../../auth/totp.ts';
import { openSecret, sealSecret } from '../../engine/secret-fields.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { liveSettings } from '../../platform/settings.ts';

/** Mfa/Start: `{Secret, OtpAuthUri, QrDataUrl}`. */
export function mfaStartHandler(app: FastifyInstance) {
  return async (req: FastifyRequest) => {
    const scope = scopeOf(req);
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
  };
}

/** Mfa/Confirm: `{RecoveryCodes}`; throws VAL400 without a pending enrolment or with a wrong code. */
export function mfaConfirmHandler(app: FastifyInstance) {
  return async (req: FastifyRequest) => {
    const scope = scopeOf(req);
    const { database, keys, now } = app.ctx;
    const body = req.body as z.output<typeof MfaConfirmRequest>;
    const codes = newRecoveryCodes();
    await database.transaction(async (q) => {
      const [u] = await q<{ pending: string | null }>(`SELECT mfa_pending_secret AS pending FROM users WHERE id = $1 AND mfa_enabled_at IS NULL FOR UPDATE`, [scope.userId]);
      if (!u?.pending) throw new AppError(400, ERROR_CODES.VALIDATION, 'Code: start the enrolment first (scan a new QR code)');
      const secret = openSecret(keys.fieldKey, u.pending);
      // A new secret starts its own step count.
      await q(`UPDATE users SET mfa_last_step = NULL WHERE id = $1`, [scope.userId]);
      if (!(await acceptTotp(q, scope.userId, secret, body.Code, now()))) {
        throw new AppError(400, ERROR_CODES.VALIDATION, 'Code: the code does not match: enter the current 6-digit code from your authenticator app');
      }
      await q(`UPDATE users SET mfa_secret = mfa_pending_secret, mfa_pending_secret = NULL, mfa_enabled_at = $2, version = version + 1 WHERE id = $1`, [scope.userId, now()]);
      await q(`DELETE FROM user_recovery_codes WHERE user_id = $1`, [scope.userId]);
      for (const c of codes) await q(`INSERT INTO user_recovery_codes (user_id, code_hash) VALUES ($1, $2)`, [scope.userId, recoveryCodeHash(keys.fieldKey, scope.userId, c)]);
      await writeAudit(q, req, { action: 'MFA_ENABLE', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'user', targetId: scope.userId });
    });
    forgetSessions(database);
    return { RecoveryCodes: codes };
  };
}

/**
 * Error codes the portal answers with, as `{ErrorCode, ErrorMessage}` (§3, §8). SC499 and SC440
 * end the session on the client; the rest are shown as a toast.
 */
export const ERROR_CODES = {
  /** Missing, forged, expired or revoked token (§8): ends the session. */
  INVALID_SESSION: 'SC499',
  /** Session idle longer than the idle limit (§8): ends the session. */
  IDLE_TIMEOUT: 'SC440',
  VALIDATION: 'VAL400',
  NOT_FOUND: 'NF404',
  FORBIDDEN: 'PERM403',
  BAD_CREDENTIALS: 'AUTH401',
  ACCOUNT_LOCKED: 'AUTH423',
  RATE_LIMITED: 'RL429',
  CONFLICT: 'CF409',
  /**
   * The refund request's status does not accept the action (HTTP 409; refund-flow.ts): e.g. a
   * second manual refund, or a reject after the refund. Reload the request to see its status.
   */
  REFUND_STATE: 'RF409',
  /**
   * The Idempotency-Key was used before with another body or on another endpoint (HTTP 422): a
   * key names one request; send a new key for a new request.
   */
  IDEMPOTENCY_MISMATCH: 'IDEM422',
  /**
   * The transaction cannot be refunded as asked (HTTP 422): not a successful sale of a refundable
   * service type, nothing left to refund, a request already pending, or the amount shown is stale.
   */
  NOT_REFUNDABLE: 'RF422',
  /**
   * The password was right but the account has two-factor authentication (HTTP 401):
   * sign in again with the password and the 6-digit code (OtpCode) or a recovery code.
   */
  MFA_CODE_REQUIRED: 'MFA401',
  /**
   * The selected group requires two-factor authentication and the user has not enrolled (HTTP
   * 403): only the profile, sign-out, enrolment (Mfa/Start, Mfa/Confirm) and the lookups answer.
   */
  MFA_SETUP_REQUIRED: 'MFA403',
  /** An invitation or reset link that is unknown, used or expired (HTTP 410): one answer for all three. */
  TOKEN_INVALID: 'TOK410',
  BAD_SIGNATURE: 'SEC401',
  STALE_TIMESTAMP: 'SEC408',
  REPLAYED_NONCE: 'SEC409',
  UNKNOWN_CHANNEL: 'SEC404',
  BAD_PAYLOAD: 'SEC400',
  /**
   * The caller already runs as many exports as the EXPORT_MAX_CONCURRENT setting allows (HTTP 429):
   * wait for one to finish, then export again.
   */
  EXPORT_BUSY: 'EXP429',
  /**
   * The export would hold more rows than the EXPORT_MAX_ROWS setting allows (HTTP 422): narrow the
   * filter (e.g. a shorter date range) and export again.
   */
  EXPORT_TOO_LARGE: 'EXP422',
  INTERNAL: 'SRV500',
  /** Not ready: the database is unreachable, migrations are missing, or the server is shutting down. */
  UNAVAILABLE: 'SRV503',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The error body of every failed call (§3 Error response). */
export interface ErrorBody {
  ErrorCode: string;
  ErrorMessage: string;
}

/** Codes that end the session on the client (§4, §8). */
export const SESSION_ENDING_CODES: readonly string[] = [ERROR_CODES.INVALID_SESSION, ERROR_CODES.IDLE_TIMEOUT];

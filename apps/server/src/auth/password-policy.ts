/**
 * The password policy of new passwords, from the live system settings PASSWORD_MIN_LENGTH and
 * PASSWORD_REQUIRE_SYMBOL: at least that many characters (at most 128), letters and digits
 * (PCI DSS v4.0 requirement 8.3.6), and a character that is neither when symbols are required.
 * For the endpoints that set a password (user management, password change).
 */
import type { LiveSettings } from '../platform/settings.ts';

export const MAX_PASSWORD_LENGTH = 128;

/** Why a new password is refused, or null when the policy accepts it. */
export function passwordProblem(password: string, policy: Pick<LiveSettings, 'passwordMinLength' | 'passwordRequireSymbol'>): string | null {
  const length = [...password].length;
  if (length < policy.passwordMinLength) return `must have at least ${policy.passwordMinLength} characters`;
  if (length > MAX_PASSWORD_LENGTH) return `must have at most ${MAX_PASSWORD_LENGTH} characters`;
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) return 'must contain letters and digits';
  if (policy.passwordRequireSymbol && !/[^\p{L}\p{Nd}]/u.test(password)) return 'must contain a symbol (a character that is neither a letter nor a digit)';
  return null;
}

/**
 * The password policy of new passwords, from the live system settings PASSWORD_MIN_LENGTH and
 * PASSWORD_REQUIRE_SYMBOL: at least that many characters (at most 128), letters and digits
 * (PCI DSS v4.0 requirement 8.3.6), and a character that is neither when symbols are required.
 * For the endpoints that set a password (user management, password change).
 */
import type { LiveSettings } from '../platform/settings.ts';

export const MAX_PASSWORD_LENGTH = 128;

type PasswordPolicy = Pick<LiveSettings, 'passwordMinLength' | 'passwordRequireSymbol'>;

/** Every rule of the policy a new password breaks, in the policy's order; empty when it is accepted. */
export function passwordProblems(password: string, policy: PasswordPolicy): string[] {
  const length = [...password].length;
  const out: string[] = [];
  if (length < policy.passwordMinLength) out.push(`must have at least ${policy.passwordMinLength} characters`);
  if (length > MAX_PASSWORD_LENGTH) out.push(`must have at most ${MAX_PASSWORD_LENGTH} characters`);
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) out.push('must contain letters and digits');
  if (policy.passwordRequireSymbol && !/[^\p{L}\p{Nd}]/u.test(password)) out.push('must contain a symbol (a character that is neither a letter nor a digit)');
  return out;
}

/** Why a new password is refused (its first broken rule), or null when the policy accepts it. */
export function passwordProblem(password: string, policy: PasswordPolicy): string | null {
  return passwordProblems(password, policy)[0] ?? null;
}

/**
 * The one message of a refused password (§8): a first line with the word Password, a blank line,
 * then one line per broken rule — the web shows such a message as a list.
 */
export function passwordPolicyMessage(problems: readonly string[]): string {
  return `Password does not meet the password policy:\n\n${problems.map((p) => `- Password ${p}`).join('\n')}`;
}

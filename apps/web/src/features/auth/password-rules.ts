/**
 * The password policy as the invite page checks it before sending: the same
 * rules, in the same order, as the server's `passwordProblem` (apps/server/src/auth/password-policy.ts)
 * with the live settings the token check answers. The server decides; this only spares a round
 * trip and names the first broken rule at the field.
 */

export interface PasswordPolicy {
  /** PASSWORD_MIN_LENGTH: fewest characters (code points). */
  minLength: number;
  /** The most characters (code points) the server accepts. */
  maxLength: number;
  /** PASSWORD_REQUIRE_SYMBOL: a character that is neither a letter nor a digit is required. */
  requireSymbol: boolean;
}

/** A rule a password breaks. */
export type PasswordRule = 'length' | 'lettersDigits' | 'symbol';

/**
 * The rules `password` breaks under `policy`, in the server's order (length, letters and digits,
 * symbol); empty when it is accepted. Length counts code points, as the server does.
 */
export function passwordRuleErrors(password: string, policy: PasswordPolicy): PasswordRule[] {
  const broken: PasswordRule[] = [];
  const length = [...password].length;
  if (length < policy.minLength || length > policy.maxLength) broken.push('length');
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) broken.push('lettersDigits');
  if (policy.requireSymbol && !/[^\p{L}\p{Nd}]/u.test(password)) broken.push('symbol');
  return broken;
}

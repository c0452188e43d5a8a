import { z } from 'zod';
import { INT4_MAX } from '../common.ts';
import { FIELD_MESSAGES, GROUP_TYPES, RULE_MESSAGES, VALIDATION_MESSAGES, fieldMessage, validateField } from '@paydesk/domain';

/** One membership the user can switch to (user × company × group). */
export const Company = z.object({
  MembershipId: z.number().int(),
  CompanyId: z.number().int().nullable(),
  CompanyName: z.string(),
  GroupId: z.number().int(),
  GroupName: z.string(),
  GroupType: z.enum(GROUP_TYPES),
});
export type Company = z.infer<typeof Company>;

export const Jwt = z.object({ toke_type: z.literal('Bearer'), access_token: z.string() });

/** The §5 email rule of an account's e-mail, the same validator the sign-in form runs. */
const AccountEmail = z
  .string()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(250)
  .refine((v) => validateField('email', v) === true, VALIDATION_MESSAGES.email);

export const LoginRequest = z.object({
  Email: AccountEmail,
  Password: z.string().min(1, VALIDATION_MESSAGES.required).max(250),
  // Two-factor sign-in: an account with MFA answers 401 MFA401 after a right
  // password without one of these; the form then sends the password again with the code.
  /** The 6-digit code of the authenticator app. */
  OtpCode: z.string().trim().regex(/^\d{6}$/, RULE_MESSAGES.otpCode).optional(),
  /** A single-use recovery code (XXXX-XXXX), instead of OtpCode. */
  RecoveryCode: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/, RULE_MESSAGES.recoveryCode).optional(),
});
/** The Login answer, exactly `UserId, Email, JWT {toke_type, access_token}, CompanyList, NickName` (§3, §7). */
export const LoginResponse = z.object({
  UserId: z.number().int(),
  Email: z.string(),
  JWT: Jwt,
  CompanyList: z.array(Company),
  NickName: z.string(),
});

export const ChangeUserGroupRequest = z.object({ MembershipId: z.number().int().positive().max(INT4_MAX) });
export const ChangeUserGroupResponse = z.object({ JWT: Jwt });

/** The signed-in user's current state: selected membership, permissions, scope. */
export const ProfileResponse = z.object({
  UserId: z.number().int(),
  Email: z.string(),
  NickName: z.string(),
  CompanyList: z.array(Company),
  Current: Company,
  Permissions: z.array(z.string()),
  IdleTimeoutMinutes: z.number().int(),
  /** The user has enrolled an authenticator (TOTP). */
  MfaEnabled: z.boolean(),
  /**
   * With MFA_ENFORCE: the user holds a membership whose group requires two-factor authentication
   * (whichever group is selected) and has not enrolled: until enrolment (Mfa/Start, Mfa/Confirm)
   * every call but those flagged `beforeMfa` in the route table answers 403 MFA403.
   */
  MfaSetupRequired: z.boolean(),
});

export const LogoutResponse = z.object({ Success: z.literal(true) });

/**
 * POST /api/portal/auth/ForgotPassword (no session): asks for a password reset link for `Email`.
 * The answer is the same 200 whether or not an account has that e-mail (no enumeration); only an
 * active, unlocked account with a password gets the e-mailed single-use link (RESET, 1 h), which
 * /auth/invite completes through Token/SetPassword. 429 RL429 past the rate limits (per client
 * address and per e-mail, LOGIN_RATE_LIMIT_PER_MINUTE), known and unknown e-mails alike.
 */
export const ForgotPasswordRequest = z.object({ Email: AccountEmail });
/** The neutral answer: `Message` says a link was sent if the account exists, whichever it was. */
export const ForgotPasswordResponse = z.object({ Success: z.literal(true), Message: z.string() });

/** A password as typed: required, at most 1000 characters (the policy's own limit is checked by the server). */
const TypedPassword = z.string().min(1, VALIDATION_MESSAGES.required).max(1000, fieldMessage(FIELD_MESSAGES.maxLength, { max: 1000 }));

/**
 * POST /api/portal/auth/ChangePassword (signed in, no permission): the caller's current password
 * and a new one. A wrong `CurrentPassword` answers 400 VAL400 naming it; a `NewPassword` equal to
 * the current one, or one the live password policy refuses, answers 400 VAL400 (the policy's
 * message lists every broken rule, §8). On success the caller's other sessions and unused links end.
 */
export const ChangePasswordRequest = z.object({ CurrentPassword: TypedPassword, NewPassword: TypedPassword });
export const ChangePasswordResponse = z.object({ Success: z.literal(true) });

/** GET /api/portal/auth/GetPasswordPolicy (signed in): the live password policy, for the change-password form's hints. */
export const PasswordPolicyResponse = z.object({ MinLength: z.number().int(), MaxLength: z.number().int(), RequireSymbol: z.boolean() });

import { z } from 'zod';
import { INT4_MAX } from '../common.ts';
import { GROUP_TYPES, RULE_MESSAGES, VALIDATION_MESSAGES, validateField } from '@paydesk/domain';

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

export const LoginRequest = z.object({
  // The §5 email rule, the same validator the sign-in form runs.
  Email: z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGES.required)
    .max(250)
    .refine((v) => validateField('email', v) === true, VALIDATION_MESSAGES.email),
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

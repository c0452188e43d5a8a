/**
 * User management, invitations and two-factor sign-in (/user-management).
 *
 * A user is listed when one of its memberships (company × group) lies in the caller's subtree;
 * only those memberships are shown and changed. Invitations and password resets travel as
 * single-use links by e-mail (`/auth/invite?token=…`); the link's page checks the token
 * (Token/Check) and sets the password (Token/SetPassword). TOTP enrolment (Mfa/Start, Mfa/Confirm)
 * is for the signed-in user. Field names follow the portal's PascalCase (§3, §7).
 */
import { z } from 'zod';
import { FIELD_MESSAGES, RULE_MESSAGES, USER_STATUSES, USER_TOKEN_PURPOSES, VALIDATION_MESSAGES, fieldMessage, validateField } from '@paydesk/domain';
import { DbId, IsoDateTime, listRequest, listResponse } from '../common.ts';
import { Company } from './auth.ts';

/** The §5 e-mail rule (the sign-in form's), at most 250 characters. */
const Email = z
  .string()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(250, VALIDATION_MESSAGES.tooLong)
  .refine((v) => validateField('email', v) === true, VALIDATION_MESSAGES.email);

/** The name shown for the user (the portal's NickName), 1–100 characters. */
const NickName = z.string().trim().min(1, VALIDATION_MESSAGES.required).max(100, fieldMessage(FIELD_MESSAGES.maxLength, { max: 100 }));

/** A §5 phone number (Malaysian unless it has an international prefix); empty = none. */
const Phone = z
  .string()
  .trim()
  .max(30, fieldMessage(FIELD_MESSAGES.maxLength, { max: 30 }))
  .refine((v) => v === '' || validateField('phone', v) === true, VALIDATION_MESSAGES.phone);

/** The record's optimistic lock: the `Version` last read (a stale one answers 409 CF409). */
const Version = z.coerce.number().int(fieldMessage(FIELD_MESSAGES.wholeMin, { min: 1 })).min(1, fieldMessage(FIELD_MESSAGES.wholeMin, { min: 1 })).max(2_147_483_647, fieldMessage(FIELD_MESSAGES.maxValue, { max: 2_147_483_647 }));

/**
 * A membership to grant: a company of the caller's subtree and a group whose type is that
 * company's level (`CompanyId` null = the platform, with a SUPERADMIN group; SUPERADMIN callers only).
 */
export const MembershipInput = z.object({ CompanyId: DbId.nullable(), GroupId: DbId });
export type MembershipInput = z.infer<typeof MembershipInput>;

/** 1 to 20 memberships, each company × group once. */
const Memberships = z
  .array(MembershipInput)
  .min(1, fieldMessage(FIELD_MESSAGES.minItems, { min: 1 }))
  .max(20, fieldMessage(FIELD_MESSAGES.maxItems, { max: 20 }))
  .refine((ms) => new Set(ms.map((m) => `${m.CompanyId ?? 'P'}:${m.GroupId}`)).size === ms.length, RULE_MESSAGES.membershipTwice);

/** A membership as shown: the company (null = platform) and the group with its type — the sign-in's Company shape. */
export const UserMembership = Company;

/**
 * A user as the caller sees it. `Status` is derived (INVITED: no password yet; INACTIVE:
 * deactivated; LOCKED: until `LockedUntil`; ACTIVE otherwise). `Memberships` are those inside the
 * caller's scope only. Times are UTC ISO instants (shown in MYT).
 */
export const UserRow = z.object({
  Id: z.number().int(),
  Email: z.string(),
  NickName: z.string(),
  Phone: z.string().nullable(),
  Status: z.enum(USER_STATUSES),
  MfaEnabled: z.boolean(),
  LockedUntil: IsoDateTime.nullable(),
  LastLoginAt: IsoDateTime.nullable(),
  CreatedAt: IsoDateTime,
  Memberships: z.array(UserMembership),
  Version: z.number().int(),
});
export type UserRow = z.infer<typeof UserRow>;

/**
 * POST /api/portal/UserManagement/Search: the house list shape (§7, guides practice 4). Keyword
 * matches e-mail or name (contains, case-insensitive); CompanyId and GroupId narrow to users
 * holding such a membership (a company outside the scope finds nobody).
 */
export const UserSearchRequest = listRequest(
  z
    .object({
      Keyword: z.string().trim().max(250, VALIDATION_MESSAGES.tooLong).optional(),
      Status: z.enum(USER_STATUSES).optional(),
      CompanyId: DbId.optional(),
      GroupId: DbId.optional(),
    })
    .default({}),
  ['Email', 'NickName', 'CreatedAt', 'LastLoginAt'],
);
export const UserSearchResponse = listResponse(UserRow);

/** GET /api/portal/UserManagement/:Id. */
export const UserParams = z.object({ Id: DbId });

/** POST /api/portal/UserManagement/Invite: the new user has no password until the e-mailed link sets one (72 h). */
export const InviteUserRequest = z.object({ Email, NickName, Phone: Phone.optional(), Memberships });
export const InviteUserResponse = z.object({ Id: z.number().int() });

/** POST /api/portal/UserManagement/Update: memberships outside the caller's scope are kept as they are. */
export const UpdateUserRequest = z.object({ Id: DbId, Version, NickName, Phone, Memberships });

/**
 * The body of Lock, Unlock, Deactivate, Reactivate, ResetPassword, ResendInvite and ResetMfa:
 * the user and the Version last read.
 */
export const UserActionRequest = z.object({ Id: DbId, Version });

/** Every user-management change answers the user as it now is. */
export const UserResponse = UserRow;

/** The single-use token of an e-mailed link: 43 base64url characters (32 random bytes). */
const Token = z
  .string()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(100, RULE_MESSAGES.inviteToken)
  .regex(/^[A-Za-z0-9_-]{43}$/, RULE_MESSAGES.inviteToken);

/** POST /api/portal/auth/Token/Check (no session): an unknown, used or expired token answers 410 TOK410. */
export const TokenCheckRequest = z.object({ Token });
/** Whose link it is, why it was sent, and the live password policy for the form's hints. */
export const TokenCheckResponse = z.object({
  Email: z.string(),
  NickName: z.string(),
  Purpose: z.enum(USER_TOKEN_PURPOSES),
  MinLength: z.number().int(),
  MaxLength: z.number().int(),
  RequireSymbol: z.boolean(),
});

/**
 * POST /api/portal/auth/Token/SetPassword (no session). A password the policy refuses answers 400
 * VAL400 with every broken rule in one message: a first line, a blank line, then one line per rule
 * (§8: the web shows a message with a blank line and the word Password as a list).
 */
export const SetPasswordRequest = z.object({ Token, Password: z.string().min(1, VALIDATION_MESSAGES.required).max(1000, fieldMessage(FIELD_MESSAGES.maxLength, { max: 1000 })) });
export const SetPasswordResponse = z.object({ Success: z.literal(true) });

/**
 * POST /api/portal/auth/Mfa/Start: a new TOTP secret for the signed-in user (RFC 6238: SHA1, 6
 * digits, 30 s), pending until confirmed with a first code. `QrDataUrl` is a PNG data URL of
 * `OtpAuthUri`; `Secret` (base32) is for typing in by hand.
 */
export const MfaStartResponse = z.object({ Secret: z.string(), OtpAuthUri: z.string(), QrDataUrl: z.string() });

/** A 6-digit TOTP code. */
export const OtpCode = z.string().trim().regex(/^\d{6}$/, RULE_MESSAGES.otpCode);

/** A recovery code: XXXX-XXXX (letters and digits; lower case accepted). */
export const RecoveryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/, RULE_MESSAGES.recoveryCode);

/** POST /api/portal/auth/Mfa/Confirm: the first code from the authenticator enables MFA. */
export const MfaConfirmRequest = z.object({ Code: OtpCode });
/** Ten single-use recovery codes, shown once (only their hashes are kept). */
export const MfaConfirmResponse = z.object({ RecoveryCodes: z.array(z.string()) });

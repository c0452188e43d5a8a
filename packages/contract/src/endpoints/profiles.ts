/**
 * The profile screens' bodies and answers: /master-merchant, /agency,
 * /agent and /merchant share them (profile-segments.ts). A profile is the company (SSM numbers,
 * §3 company type, nature of business by MCC, address with the 16-state picker and its cities,
 * §5 phone and e-mail), its persons (§3 roles and ID types; an NRIC checked as YYMMDD-PB-###G),
 * its bank accounts (number sealed at rest, answered masked '••••' + last 4), its KYC documents,
 * its configuration (the organization_configs row) and its §4 onboarding status (onboarding.ts).
 */
import { z } from 'zod';
import {
  ACCOUNT_TYPES, COMPANY_TYPE_VALUES, FIELD_MESSAGES, GENDERS, ID_TYPES, KYC_ACTIONS, KYC_REASON_REQUIRED, KYC_REVIEW_ACTIONS, ONBOARDING_STATUSES, ORG_DOCUMENT_TYPES,
  ORG_LEVELS, PERSON_ROLES, RULE_MESSAGES, SETTLEMENT_TIMINGS, VALIDATION_MESSAGES, citiesOfState, fieldMessage, findMalaysianState, normalizeNric,
  normalizeSsmOldRegNo, normalizeSsmRegNo, validateField,
} from '@paydesk/domain';
import { DbId, IsoDateTime, SortOrder } from '../common.ts';

/** The mask a stored bank account number is answered with: '••••' and its last 4 digits. */
export const ACCOUNT_MASK_PREFIX = '••••';

const text = (max: number) => z.string().trim().min(1, VALIDATION_MESSAGES.required).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
/** §5 e-mail (required). */
const Email = text(250).refine((v) => validateField('email', v) === true, VALIDATION_MESSAGES.email);
/** §5 phone (required; read in Malaysia when it has no international prefix). */
const Phone = text(30).refine((v) => validateField('phone', v) === true, VALIDATION_MESSAGES.phone);
/**
 * An optional text checked when given: empty, null or absent is null; otherwise `check` answers
 * the stored form, or null to refuse it with `message`.
 */
const optionalChecked = (max: number, check: (v: string) => string | null, message: string) =>
  z.string().trim().max(max).nullish().transform((v, ctx) => {
    if (!v) return null;
    const out = check(v);
    if (out === null) ctx.addIssue({ code: 'custom', message });
    return out ?? v;
  });
const validOr = (type: 'email' | 'phone' | 'url') => (v: string) => (validateField(type, v) === true ? v : null);

/** A 12-digit SSM registration number, stored as its 12 digits. */
export const SsmRegNo = z.string().trim().max(20).transform((v, ctx) => {
  const n = normalizeSsmRegNo(v);
  if (n === null) ctx.addIssue({ code: 'custom', message: RULE_MESSAGES.ssmRegNo });
  return n ?? v;
});
/** An old-format SSM number (optional), stored as digits, '-' and its capital check letter. */
export const SsmOldRegNo = optionalChecked(20, normalizeSsmOldRegNo, RULE_MESSAGES.ssmRegNoOld);

/** The company part of a profile (create and update). */
const companyFields = {
  Name: text(150),
  RegNo: SsmRegNo,
  RegNoOld: SsmOldRegNo,
  CompanyType: z.enum(COMPANY_TYPE_VALUES as [string, ...string[]]),
  /** The MCC of a nature of business (/nature-business). */
  BusinessCategory: z.string().trim().regex(/^\d{4}$/, RULE_MESSAGES.mcc),
  Address1: text(150),
  Address2: optionalText(150),
  Postcode: z.string().trim().regex(/^\d{5}$/, RULE_MESSAGES.postcode),
  /** A state of the picker, by name or ISO 3166-2:MY code; stored as its name. */
  State: z.string().trim().max(80).transform((v, ctx) => {
    const s = findMalaysianState(v);
    if (!s) ctx.addIssue({ code: 'custom', message: RULE_MESSAGES.malaysianState });
    return s?.name ?? v;
  }),
  City: text(80),
  /** §9: Malaysia only. */
  Country: z.literal('MALAYSIA').default('MALAYSIA'),
  Phone,
  Email,
  Website: optionalChecked(200, validOr('url'), VALIDATION_MESSAGES.url),
};

/** A person of the profile; `Id` keeps an existing one on update (absent: a new person). */
export const ProfilePersonInput = z
  .object({
    Id: DbId.optional(),
    Name: text(150),
    Role: z.enum(PERSON_ROLES),
    IdType: z.enum(ID_TYPES),
    IdNo: text(30),
    Gender: z.enum(GENDERS).nullish().transform((v) => v ?? null),
    Nationality: optionalText(60),
    Phone: optionalChecked(30, validOr('phone'), VALIDATION_MESSAGES.phone),
    Email: optionalChecked(250, validOr('email'), VALIDATION_MESSAGES.email),
  })
  .transform((p, ctx) => {
    const idNo =
      p.IdType === 'NRIC' ? normalizeNric(p.IdNo)
        : p.IdType === 'PASSPORT_NO' ? (/^[A-Za-z0-9]{5,20}$/.test(p.IdNo) ? p.IdNo.toUpperCase() : null)
          : (normalizeSsmRegNo(p.IdNo) ?? normalizeSsmOldRegNo(p.IdNo));
    if (idNo === null) {
      const message = p.IdType === 'NRIC' ? RULE_MESSAGES.nric : p.IdType === 'PASSPORT_NO' ? RULE_MESSAGES.passportNo : RULE_MESSAGES.ssmRegNo;
      ctx.addIssue({ code: 'custom', path: ['IdNo'], message });
    }
    return { ...p, IdNo: idNo ?? p.IdNo };
  });

/**
 * A bank account of the profile. `AccountNo` is 6–20 digits; on update an existing account
 * (`Id`) may send its mask ('••••1234') back to keep the stored number.
 */
export const ProfileBankAccountInput = z
  .object({
    Id: DbId.optional(),
    BankId: DbId,
    AccountType: z.enum(ACCOUNT_TYPES),
    AccountName: text(100),
    AccountNo: z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine((v) => /^\d{6,20}$/.test(v) || /^••••\d{4}$/.test(v), fieldMessage(FIELD_MESSAGES.digitsRange, { min: 6, max: 20 })),
    IsPrimary: z.boolean().default(false),
  })
  .refine((a) => a.Id !== undefined || !a.AccountNo.startsWith(ACCOUNT_MASK_PREFIX), { path: ['AccountNo'], message: RULE_MESSAGES.maskedAccountNo });

/** The organization_configs row of the profile (Configuration §2), created with it. */
export const ProfileConfigInput = z
  .object({
    ServiceTypes: z.array(z.enum(['1', '2', '3', '4', '5', '6'])).max(6).refine((a) => new Set(a).size === a.length, FIELD_MESSAGES.option).default([]),
    PaymentProducts: z
      .array(z.string().trim().regex(/^[A-Z0-9][A-Z0-9_-]{0,39}$/, RULE_MESSAGES.productCodeList))
      .max(200)
      .refine((a) => new Set(a).size === a.length, RULE_MESSAGES.productTwice)
      .default([]),
    MdrCategoryId: DbId.nullish().transform((v) => v ?? null),
    SettlementTiming: z.enum(SETTLEMENT_TIMINGS).default('T_PLUS_X'),
    /** T+X: X business days (0–30). */
    SettlementDays: z.number().int().min(0).max(30).default(1),
    SettlementCustom: optionalText(250),
  })
  .refine((c) => c.SettlementTiming !== 'CUSTOM' || c.SettlementCustom !== null, { path: ['SettlementCustom'], message: RULE_MESSAGES.settlementCustom });

const profileBody = {
  ...companyFields,
  Persons: z.array(ProfilePersonInput).max(20).default([]),
  BankAccounts: z
    .array(ProfileBankAccountInput)
    .max(10)
    .default([])
    .refine((a) => a.length === 0 || a.filter((b) => b.IsPrimary).length === 1, RULE_MESSAGES.primaryAccount),
  Config: ProfileConfigInput.default({ ServiceTypes: [], PaymentProducts: [], MdrCategoryId: null, SettlementTiming: 'T_PLUS_X', SettlementDays: 1, SettlementCustom: null }),
};

/** The city must be one of the chosen state's (the country service's list). */
function cityOfState<T extends { State: string; City: string }>(b: T, ctx: z.RefinementCtx) {
  const cities = citiesOfState(b.State);
  if (cities.length > 0 && !cities.some((c) => c.toLowerCase() === b.City.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['City'], message: RULE_MESSAGES.cityOfState });
}

/**
 * Create a profile under `ParentId` (in the caller's subtree, of the level above: an agency
 * under a master merchant, an agent under an agency, a merchant HQ under an agent, a branch under
 * its HQ; a master merchant has none). Status PENDING, submitted by the caller.
 */
export const ProfileCreateRequest = z.object({ ParentId: DbId.nullish().transform((v) => v ?? null), ...profileBody }).superRefine(cityOfState);

/**
 * Update a profile with its Version (stale: 409 CF409). Persons and bank accounts are replaced as
 * sent (those with an Id keep it). A change of key data (name, registration numbers, company type,
 * persons' IDs, bank accounts) of a VERIFIED profile makes it UNVERIFY (history row).
 */
export const ProfileUpdateRequest = z.object({ Id: DbId, Version: z.number().int().min(1), ...profileBody }).superRefine(cityOfState);

/** A KYC decision by a reviewer (never the profile's maker); REJECT and SUSPEND need a Reason. */
export const ProfileReviewRequest = z
  .object({ Id: DbId, Version: z.number().int().min(1), Action: z.enum(KYC_REVIEW_ACTIONS), Reason: optionalText(500) })
  .refine((r) => !KYC_REASON_REQUIRED.has(r.Action) || r.Reason !== null, { path: ['Reason'], message: RULE_MESSAGES.kycReason });

/** The maker resubmits a REJECTED profile (after edits): it becomes PENDING. */
export const ProfileSubmitRequest = z.object({ Id: DbId, Version: z.number().int().min(1) });

/** A profile, a history or a document by its number (path `:Id`). */
export const ProfileIdParams = z.object({ Id: DbId });

/** Remove a KYC document (kept for the audit, no longer listed or downloadable). */
export const ProfileDocumentDeleteRequest = z.object({ Id: DbId });

/** Move a merchant HQ (with its branches) to another agent (platform staff; audited). */
export const ProfileMoveRequest = z.object({ Id: DbId, AgentId: DbId, Version: z.number().int().min(1) });

/** Columns a profile list sorts by. */
export const PROFILE_SORT_FIELDS = ['Name', 'RegNo', 'Mid', 'State', 'City', 'OnboardingStatus', 'CreatedAt', 'UpdatedAt'] as const;

/**
 * The profiles of the caller's subtree at the segment's levels, by page (offset). Keyword matches
 * the name, registration numbers and MID; Level (merchant screen only: HQ or BRANCH) narrows.
 */
export const ProfileSearchRequest = z.object({
  PageIndex: z.coerce.number().int().min(1).max(100_000).default(1),
  RowsPerPage: z.coerce.number().int().min(1).max(100).default(20),
  Keyword: z.string().trim().max(100).optional(),
  OnboardingStatus: z.enum(ONBOARDING_STATUSES).optional(),
  ParentId: DbId.optional(),
  Level: z.enum(['HQ', 'BRANCH']).optional(),
  SortField: z.enum(PROFILE_SORT_FIELDS).default('Name'),
  SortOrder: SortOrder.default('asc'),
});

/** A row of the profile list. */
export const ProfileRow = z.object({
  Id: z.number().int(),
  Name: z.string(),
  RegNo: z.string().nullable(),
  Mid: z.string().nullable(),
  Level: z.enum(ORG_LEVELS),
  ParentId: z.number().int().nullable(),
  ParentName: z.string().nullable(),
  State: z.string().nullable(),
  City: z.string().nullable(),
  OnboardingStatus: z.enum(ONBOARDING_STATUSES),
  IsActive: z.boolean(),
  CreatedAt: IsoDateTime,
  UpdatedAt: IsoDateTime,
});
export const ProfileSearchResponse = z.object({ Rows: z.array(ProfileRow), Total: z.number().int() });

export const ProfilePerson = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Role: z.enum(PERSON_ROLES),
  IdType: z.enum(ID_TYPES),
  IdNo: z.string(),
  Gender: z.enum(GENDERS).nullable(),
  Nationality: z.string().nullable(),
  Phone: z.string().nullable(),
  Email: z.string().nullable(),
});

/** A bank account as answered: AccountNo is always the mask ('••••' + last 4). */
export const ProfileBankAccount = z.object({
  Id: z.number().int(),
  BankId: z.number().int(),
  BankName: z.string(),
  AccountType: z.enum(ACCOUNT_TYPES),
  AccountName: z.string(),
  AccountNo: z.string(),
  IsPrimary: z.boolean(),
});

/** A KYC document's record (its bytes: the Document route). */
export const ProfileDocument = z.object({
  Id: z.number().int(),
  DocType: z.enum(ORG_DOCUMENT_TYPES),
  FileName: z.string(),
  MimeType: z.string(),
  /** Bytes of the stored file. */
  SizeBytes: z.number().int(),
  UploadedAt: IsoDateTime,
  UploadedBy: z.string().nullable(),
});

export const ProfileConfig = z.object({
  ServiceTypes: z.array(z.string()),
  PaymentProducts: z.array(z.string()),
  MdrCategoryId: z.number().int().nullable(),
  SettlementTiming: z.enum(SETTLEMENT_TIMINGS),
  SettlementDays: z.number().int(),
  SettlementCustom: z.string().nullable(),
});

/**
 * The whole profile. Fields an older profile may lack are null. AllowedActions
 * are the KYC actions the caller may take now (onboarding.ts `allowedKycActions`: the table, the
 * caller's permissions and maker-checker).
 */
export const ProfileDetail = z.object({
  Id: z.number().int(),
  Level: z.enum(ORG_LEVELS),
  Mid: z.string().nullable(),
  Name: z.string(),
  RegNo: z.string().nullable(),
  RegNoOld: z.string().nullable(),
  CompanyType: z.string().nullable(),
  BusinessCategory: z.string().nullable(),
  Address1: z.string().nullable(),
  Address2: z.string().nullable(),
  Postcode: z.string().nullable(),
  State: z.string().nullable(),
  City: z.string().nullable(),
  Country: z.string(),
  Phone: z.string().nullable(),
  Email: z.string().nullable(),
  Website: z.string().nullable(),
  IsActive: z.boolean(),
  Persons: z.array(ProfilePerson),
  BankAccounts: z.array(ProfileBankAccount),
  Documents: z.array(ProfileDocument),
  Config: ProfileConfig.nullable(),
  OnboardingStatus: z.enum(ONBOARDING_STATUSES),
  StatusReason: z.string().nullable(),
  SubmittedBy: z.string().nullable(),
  SubmittedAt: IsoDateTime.nullable(),
  VerifiedAt: IsoDateTime.nullable(),
  Parent: z.object({ Id: z.number().int(), Name: z.string(), Level: z.enum(ORG_LEVELS) }).nullable(),
  Version: z.number().int(),
  AllowedActions: z.array(z.enum(KYC_ACTIONS)),
});

export const ProfileCreateResponse = z.object({ Id: z.number().int(), Version: z.number().int() });

/** One onboarding status change, oldest first. */
export const ProfileHistoryRow = z.object({
  FromStatus: z.enum(ONBOARDING_STATUSES).nullable(),
  ToStatus: z.enum(ONBOARDING_STATUSES),
  Actor: z.string().nullable(),
  At: IsoDateTime,
  Reason: z.string().nullable(),
});
export const ProfileHistoryResponse = z.object({ Rows: z.array(ProfileHistoryRow) });

export const ProfileDocumentDeleteResponse = z.object({ Id: z.number().int(), Deleted: z.literal(true) });

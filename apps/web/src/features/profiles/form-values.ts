/**
 * The profile form's values and the request bodies made of them, pure so that
 * they are tested without a screen. The form's field names follow the request's shape
 * (`Persons[i].IdNo`, `Config.SettlementDays` …), so an issue of the contract's own zod schema
 * (the server's: ProfileCreateRequest / ProfileUpdateRequest) and a server answer naming
 * `Persons.0.IdNo` land on the field they name.
 *
 * A stored bank account number is never sent back whole (the server answers '••••' + last 4):
 * its input starts empty with the mask shown, and an empty input sends the mask back, which
 * keeps the stored number; a typed number replaces it.
 */
import { ProfileCreateRequest, ProfilePersonInput, ProfileUpdateRequest } from '@paydesk/contract';
import {
  RULE_MESSAGES, VALIDATION_MESSAGES, normalizeNric, normalizeSsmOldRegNo, normalizeSsmRegNo, type AccountType, type CompanyType, type Gender, type IdType, type OrgLevel,
  type PersonRole, type SettlementTiming,
} from '@paydesk/domain';
import type { ProfileCreateBody, ProfileDetail, ProfileUpdateBody } from './profile-api.ts';

export interface PersonValues {
  Id?: number;
  Name?: string;
  Role?: PersonRole;
  IdType?: IdType;
  IdNo?: string;
  Gender?: Gender | null;
  Nationality?: string | null;
  Phone?: string | null;
  Email?: string | null;
}

export interface AccountValues {
  Id?: number;
  BankId?: number;
  AccountType?: AccountType;
  AccountName?: string;
  /** Typed number; empty keeps the stored one (`Masked`) of an existing account. */
  AccountNo?: string;
  /** The stored number's mask ('••••1234') of an existing account; null for a new one. */
  Masked?: string | null;
  IsPrimary?: boolean;
}

export interface ConfigValues {
  ServiceTypes?: string[];
  PaymentProducts?: string[];
  MdrCategoryId?: number | null;
  SettlementTiming?: SettlementTiming;
  SettlementDays?: number | null;
  SettlementCustom?: string | null;
}

export interface ProfileFormValues {
  /** The kind of a new profile (the merchant screen: HQ or branch); decides the parent's level. */
  Level?: OrgLevel;
  ParentId?: number | null;
  Name?: string;
  RegNo?: string;
  RegNoOld?: string | null;
  CompanyType?: CompanyType;
  BusinessCategory?: string;
  Address1?: string;
  Address2?: string | null;
  Postcode?: string;
  State?: string;
  City?: string;
  Phone?: string;
  Email?: string;
  Website?: string | null;
  Persons?: PersonValues[];
  BankAccounts?: AccountValues[];
  Config?: ConfigValues;
}

/** A form field's name as antd's Form addresses it: `'Name'`, `['Persons', 0, 'IdNo']`. */
export type FieldPath = (string | number)[];

const DEFAULT_CONFIG: Required<ConfigValues> = { ServiceTypes: [], PaymentProducts: [], MdrCategoryId: null, SettlementTiming: 'T_PLUS_X', SettlementDays: 1, SettlementCustom: null };

/** The values of a new profile of `level` (a first bank account is the primary one). */
export function emptyValues(level: OrgLevel): ProfileFormValues {
  return { Level: level, Persons: [], BankAccounts: [], Config: { ...DEFAULT_CONFIG } };
}

/** The form's values of a stored profile: its fields, persons, bank accounts (numbers masked) and configuration. */
export function valuesOf(p: ProfileDetail): ProfileFormValues {
  const or = <T>(v: T | null): T | undefined => v ?? undefined;
  return {
    Level: p.Level,
    ParentId: p.Parent?.Id ?? null,
    Name: p.Name,
    RegNo: or(p.RegNo),
    RegNoOld: p.RegNoOld,
    CompanyType: or(p.CompanyType) as CompanyType | undefined,
    BusinessCategory: or(p.BusinessCategory),
    Address1: or(p.Address1),
    Address2: p.Address2,
    Postcode: or(p.Postcode),
    State: or(p.State),
    City: or(p.City),
    Phone: or(p.Phone),
    Email: or(p.Email),
    Website: p.Website,
    Persons: p.Persons.map((x) => ({ ...x })),
    BankAccounts: p.BankAccounts.map((a) => ({ Id: a.Id, BankId: a.BankId, AccountType: a.AccountType, AccountName: a.AccountName, AccountNo: '', Masked: a.AccountNo, IsPrimary: a.IsPrimary })),
    Config: p.Config ? { ...p.Config } : { ...DEFAULT_CONFIG },
  };
}

const blankToNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v);
const str = (v: string | null | undefined): string => v ?? '';

/** The company, persons, bank accounts and configuration of a request, from the form's values. */
function profileBody(v: ProfileFormValues) {
  const config = { ...DEFAULT_CONFIG, ...v.Config };
  return {
    Name: str(v.Name),
    RegNo: str(v.RegNo),
    RegNoOld: blankToNull(v.RegNoOld),
    CompanyType: str(v.CompanyType),
    BusinessCategory: str(v.BusinessCategory),
    Address1: str(v.Address1),
    Address2: blankToNull(v.Address2),
    Postcode: str(v.Postcode),
    State: str(v.State),
    City: str(v.City),
    Phone: str(v.Phone),
    Email: str(v.Email),
    Website: blankToNull(v.Website),
    Persons: (v.Persons ?? []).map((p) => ({
      ...(p.Id !== undefined ? { Id: p.Id } : {}),
      Name: str(p.Name),
      Role: p.Role as PersonRole,
      IdType: p.IdType as IdType,
      IdNo: str(p.IdNo),
      Gender: p.Gender ?? null,
      Nationality: blankToNull(p.Nationality),
      Phone: blankToNull(p.Phone),
      Email: blankToNull(p.Email),
    })),
    BankAccounts: (v.BankAccounts ?? []).map((a) => ({
      ...(a.Id !== undefined ? { Id: a.Id } : {}),
      BankId: a.BankId as number,
      AccountType: a.AccountType as AccountType,
      AccountName: str(a.AccountName),
      // An existing account's empty input sends its mask back: the stored number is kept.
      AccountNo: str(a.AccountNo).trim() === '' && a.Id !== undefined && a.Masked ? a.Masked : str(a.AccountNo),
      IsPrimary: a.IsPrimary === true,
    })),
    Config: {
      ServiceTypes: config.ServiceTypes,
      PaymentProducts: config.PaymentProducts,
      MdrCategoryId: config.MdrCategoryId ?? null,
      SettlementTiming: config.SettlementTiming,
      SettlementDays: config.SettlementDays ?? 0,
      SettlementCustom: config.SettlementTiming === 'CUSTOM' ? blankToNull(config.SettlementCustom) : null,
    },
  };
}

/** The Create request of the form's values (under `ParentId`; none for a master merchant). */
export function createBody(v: ProfileFormValues): ProfileCreateBody {
  return { ParentId: v.ParentId ?? null, ...profileBody(v) } as ProfileCreateBody;
}

/** The Update request of the form's values for a stored profile at its Version. */
export function updateBody(v: ProfileFormValues, stored: Pick<ProfileDetail, 'Id' | 'Version'>): ProfileUpdateBody {
  return { Id: stored.Id, Version: stored.Version, ...profileBody(v) } as ProfileUpdateBody;
}

/** One problem of a body: where (a form field, or [] for the whole form) and the catalogue message. */
export interface BodyIssue {
  path: FieldPath;
  message: string;
}

/**
 * The problems the server's own schema finds in a body, one per field (the first), in the
 * order found; [] when it would be accepted as far as its shape and rules go.
 */
export function bodyIssues(body: ProfileCreateBody | ProfileUpdateBody, mode: 'create' | 'update'): BodyIssue[] {
  const result = mode === 'create' ? ProfileCreateRequest.safeParse(body) : ProfileUpdateRequest.safeParse(body);
  if (result.success) return [];
  const seen = new Set<string>();
  const issues: BodyIssue[] = [];
  for (const issue of result.error.issues) {
    const path = issue.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
    const key = path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path, message: issue.message });
  }
  return issues;
}

/**
 * The field a server answer names ("Persons.0.IdNo: message", §8 VAL400 / CF409), as a form
 * path, with its message; null when the answer names no field.
 */
export function fieldOfAnswer(message: string | undefined): { path: FieldPath; message: string } | null {
  const m = /^([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*): ([\s\S]+)$/.exec(message ?? '');
  if (!m) return null;
  const path = m[1]!.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return { path, message: m[2]! };
}

/**
 * The catalogue message for an identity number of a person, by its type (§3 ID types), or null
 * when it is valid: an NRIC as YYMMDD-PB-###G with a real date and place-of-birth code and a
 * company registration number in the 12-digit or old SSM format (the domain's validators, as
 * the server checks them); a passport number by the contract's person schema.
 */
export function idNumberMessage(idType: IdType | undefined, value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (v === '') return VALIDATION_MESSAGES.required;
  switch (idType) {
    case 'NRIC':
      return normalizeNric(v) === null ? RULE_MESSAGES.nric : null;
    case 'COMPANY_REG_NO':
      return (normalizeSsmRegNo(v) ?? normalizeSsmOldRegNo(v)) === null ? RULE_MESSAGES.ssmRegNo : null;
    case 'PASSPORT_NO': {
      const checked = ProfilePersonInput.safeParse({ Name: '-', Role: 'OTHERS', IdType: 'PASSPORT_NO', IdNo: v });
      return checked.success ? null : (checked.error.issues.find((i) => i.path[0] === 'IdNo')?.message ?? null);
    }
    default:
      // No type chosen yet: the type's own field says so.
      return null;
  }
}

/** The catalogue message for a 12-digit SSM registration number, or null when valid. */
export function regNoMessage(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (v === '') return VALIDATION_MESSAGES.required;
  return normalizeSsmRegNo(v) === null ? RULE_MESSAGES.ssmRegNo : null;
}

/** The catalogue message for an optional old-format SSM number, or null when valid or empty. */
export function oldRegNoMessage(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (v === '') return null;
  return normalizeSsmOldRegNo(v) === null ? RULE_MESSAGES.ssmRegNoOld : null;
}

/**
 * The bank accounts with exactly the one at `index` primary (a checked "Primary" box unchecks
 * the others).
 */
export function withPrimary(accounts: readonly AccountValues[], index: number): AccountValues[] {
  return accounts.map((a, i) => ({ ...a, IsPrimary: i === index }));
}

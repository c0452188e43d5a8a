import { enumLabelKey, type EnumEntry } from '../enums.ts';

/**
 * Company types (§3 lookup entity "Company type option: DisplayName, Value"; reference list
 * "Sole Proprietorship, Private Limited Company (SDN BHD), Public Listed Company (BHD)").
 * `Value` is the stored code; `labelKey` (`enum.companyType.<Value>`) translates DisplayName.
 */
export const COMPANY_TYPES = [
  { DisplayName: 'Sole Proprietorship', Value: 'SOLE_PROPRIETORSHIP', labelKey: 'enum.companyType.SOLE_PROPRIETORSHIP' },
  { DisplayName: 'Private Limited Company (SDN BHD)', Value: 'SDN_BHD', labelKey: 'enum.companyType.SDN_BHD' },
  { DisplayName: 'Public Listed Company (BHD)', Value: 'BHD', labelKey: 'enum.companyType.BHD' },
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number]['Value'];
export const COMPANY_TYPE_VALUES = COMPANY_TYPES.map((t) => t.Value) as CompanyType[];

function entriesOf<const C extends string>(list: string, codes: readonly C[]): readonly EnumEntry<C>[] {
  return Object.freeze(codes.map((code) => Object.freeze({ code, labelKey: enumLabelKey(list, code) })));
}

/**
 * Identity document types (§3 "NRIC, PASSPORT NO, COMPANY REG NO"): the Malaysian identity card
 * number (MyKad NRIC), a passport number, and the SSM company registration number. Codes use
 * underscores; the spec's spaced forms are the English labels.
 */
export const ID_TYPES = ['NRIC', 'PASSPORT_NO', 'COMPANY_REG_NO'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_ENTRIES = entriesOf('idType', ID_TYPES);

/** Account types of a merchant or payee (§3): CORPORATE, INDIVIDUAL. */
export const ACCOUNT_TYPES = ['CORPORATE', 'INDIVIDUAL'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_ENTRIES = entriesOf('accountType', ACCOUNT_TYPES);

/** Genders of a person (§3 "Genders"), as on the Malaysian identity card. */
export const GENDERS = ['MALE', 'FEMALE'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_ENTRIES = entriesOf('gender', GENDERS);

/** Roles of a person in a company (§3). */
export const PERSON_ROLES = ['DIRECTOR', 'MAJOR_SHAREHOLDER', 'DIRECTOR_SHAREHOLDER', 'AUTHORIZED_PERSON', 'OTHERS'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];
export const PERSON_ROLE_ENTRIES = entriesOf('personRole', PERSON_ROLES);

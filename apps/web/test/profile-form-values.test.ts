/**
 * The profile form's pure parts: the identity number rules shown on the form
 * (the domain's NRIC and SSM validators, table-tested at their edges), the bodies made of the
 * form's values (a stored bank account number sent back as its mask unless retyped), the issues
 * of the server's own schema placed on the form's fields, a server answer's field, and the list
 * query kept in the URL (generated: every query survives the round trip).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ONBOARDING_STATUSES, RULE_MESSAGES, VALIDATION_MESSAGES, citiesOfState } from '@paydesk/domain';
import { PROFILE_SORT_FIELDS } from '@paydesk/contract';
import { bodyIssues, createBody, fieldOfAnswer, idNumberMessage, oldRegNoMessage, regNoMessage, updateBody, valuesOf, withPrimary, type ProfileFormValues } from '../src/features/profiles/form-values.ts';
import { isFormField } from '../src/features/profiles/profile-form.tsx';
import { DEFAULT_PROFILE_QUERY, PROFILE_PAGE_SIZES, parseProfileQuery, toProfileParams, toProfileSearchBody, type ProfileQuery } from '../src/features/profiles/list-query.ts';
import type { ProfileDetail } from '../src/features/profiles/profile-api.ts';

const city = citiesOfState('Selangor')[0]!;

/** A complete, valid new merchant HQ with one person and one bank account. */
const valid = (): ProfileFormValues => ({
  Level: 'MERCHANT_HQ',
  ParentId: 7,
  Name: 'Kedai Runcit Ali Sdn Bhd',
  RegNo: '202301012345',
  RegNoOld: '1234567-x',
  CompanyType: 'SDN_BHD',
  BusinessCategory: '5411',
  Address1: '12 Jalan Ampang',
  Postcode: '50450',
  State: 'Selangor',
  City: city,
  Phone: '+60123456789',
  Email: 'ali@kedai.example.com',
  Persons: [{ Name: 'Ali bin Abu', Role: 'DIRECTOR', IdType: 'NRIC', IdNo: '900101-14-5673', Gender: 'MALE' }],
  BankAccounts: [{ BankId: 3, AccountType: 'CORPORATE', AccountName: 'Kedai Runcit Ali', AccountNo: '1234567890', Masked: null, IsPrimary: true }],
  Config: { ServiceTypes: ['1', '2'], PaymentProducts: [], MdrCategoryId: null, SettlementTiming: 'T_PLUS_X', SettlementDays: 1, SettlementCustom: null },
});

describe('identity numbers on the form (the domain validators)', () => {
  const today = new Date();
  it.each([
    ['900101-14-5673', null],
    ['900101145673', null],
    ['000229-01-0001', null], // 2000 was a leap year
    ['991231-99-9999', null], // 99: other foreign places
    ['901301-14-5673', RULE_MESSAGES.nric], // month 13
    ['900230-14-5673', RULE_MESSAGES.nric], // 30 February
    ['900101-00-5673', RULE_MESSAGES.nric], // place code 00 is not issued
    ['900101-17-5673', RULE_MESSAGES.nric], // 17–20 are not issued
    ['900101-14-567', RULE_MESSAGES.nric], // 11 digits
    ['', VALIDATION_MESSAGES.required],
  ])('NRIC %s → %s', (value, message) => {
    expect(idNumberMessage('NRIC', value)).toBe(message);
  });

  it.each([
    ['202301012345', null],
    ['2023-01-012345', null],
    ['190003000001', null], // 1900, business
    ['189903000001', RULE_MESSAGES.ssmRegNo], // before 1900
    [`${today.getUTCFullYear() + 1}01000001`, RULE_MESSAGES.ssmRegNo], // a year to come
    ['202307012345', RULE_MESSAGES.ssmRegNo], // entity type 07
    ['202301000000', RULE_MESSAGES.ssmRegNo], // running number 0
    ['20230101234', RULE_MESSAGES.ssmRegNo], // 11 digits
    ['', VALIDATION_MESSAGES.required],
  ])('SSM number %s → %s', (value, message) => {
    expect(regNoMessage(value)).toBe(message);
  });

  it.each([
    ['', null],
    ['1234567-X', null],
    ['1234567x', null],
    ['123456789-a', null],
    ['0000000-X', RULE_MESSAGES.ssmRegNoOld],
    ['1234567890-X', RULE_MESSAGES.ssmRegNoOld],
    ['1234567-', RULE_MESSAGES.ssmRegNoOld],
  ])('old SSM number %s → %s', (value, message) => {
    expect(oldRegNoMessage(value)).toBe(message);
  });

  it('checks a person ID number by its type: a company number in either SSM format, a passport by the server schema', () => {
    expect(idNumberMessage('COMPANY_REG_NO', '202301012345')).toBeNull();
    expect(idNumberMessage('COMPANY_REG_NO', '1234567-X')).toBeNull();
    expect(idNumberMessage('COMPANY_REG_NO', '900101-14-5673')).toBe(RULE_MESSAGES.ssmRegNo);
    expect(idNumberMessage('PASSPORT_NO', 'A12345678')).toBeNull();
    expect(idNumberMessage('PASSPORT_NO', 'A1')).toBe(RULE_MESSAGES.passportNo);
    expect(idNumberMessage(undefined, 'anything')).toBeNull();
  });
});

describe('profile bodies', () => {
  it('a complete form makes a Create body the server schema accepts', () => {
    const body = createBody(valid());
    expect(bodyIssues(body, 'create')).toEqual([]);
    expect(body).toMatchObject({ ParentId: 7, RegNoOld: '1234567-x', Website: null, Persons: [{ IdNo: '900101-14-5673', Email: null }] });
  });

  it('places each problem on the field it names: a person NRIC with a bad date, a city of another state, the primary account', () => {
    const v = valid();
    v.Persons = [{ ...v.Persons![0], IdNo: '901301-14-5673' }];
    expect(bodyIssues(createBody(v), 'create')).toEqual([{ path: ['Persons', 0, 'IdNo'], message: RULE_MESSAGES.nric }]);

    const elsewhere = { ...valid(), City: citiesOfState('Johor')[0]! };
    expect(bodyIssues(createBody(elsewhere), 'create')).toEqual([{ path: ['City'], message: RULE_MESSAGES.cityOfState }]);

    const two = valid();
    two.BankAccounts = [...two.BankAccounts!, { ...two.BankAccounts![0]!, IsPrimary: true }];
    const issues = bodyIssues(createBody(two), 'create');
    expect(issues).toEqual([{ path: ['BankAccounts'], message: RULE_MESSAGES.primaryAccount }]);
    expect(isFormField(issues[0]!.path)).toBe(false);
    expect(withPrimary(two.BankAccounts, 1).map((a) => a.IsPrimary)).toEqual([false, true]);
  });

  it("keeps a stored account number by sending its mask back, and sends a retyped one; a new account's mask is refused", () => {
    const stored = { Id: 41, Version: 3 } as Pick<ProfileDetail, 'Id' | 'Version'>;
    const v = valid();
    v.BankAccounts = [{ Id: 9, BankId: 3, AccountType: 'CORPORATE', AccountName: 'Kedai', AccountNo: '', Masked: '••••7890', IsPrimary: true }];
    const kept = updateBody(v, stored);
    expect(kept).toMatchObject({ Id: 41, Version: 3, BankAccounts: [{ Id: 9, AccountNo: '••••7890' }] });
    expect(bodyIssues(kept, 'update')).toEqual([]);
    v.BankAccounts[0]!.AccountNo = '5550001234';
    expect(updateBody(v, stored).BankAccounts![0]!.AccountNo).toBe('5550001234');

    const fresh = valid();
    fresh.BankAccounts![0]!.AccountNo = '••••7890';
    expect(bodyIssues(createBody(fresh), 'create')).toEqual([{ path: ['BankAccounts', 0, 'AccountNo'], message: RULE_MESSAGES.maskedAccountNo }]);
  });

  it('reads a stored profile into the form with its account numbers masked and the typed number empty', () => {
    const detail = {
      Id: 5, Level: 'MERCHANT_HQ', Mid: null, Name: 'A', RegNo: '202301012345', RegNoOld: null, CompanyType: 'BHD', BusinessCategory: '5411', Address1: 'x', Address2: null,
      Postcode: '50450', State: 'Selangor', City: city, Country: 'MALAYSIA', Phone: '+60123456789', Email: 'a@b.example.com', Website: null, IsActive: true, Persons: [],
      BankAccounts: [{ Id: 9, BankId: 3, BankName: 'Maybank', AccountType: 'INDIVIDUAL', AccountName: 'A', AccountNo: '••••1234', IsPrimary: true }], Documents: [], Config: null,
      OnboardingStatus: 'VERIFIED', StatusReason: null, SubmittedBy: null, SubmittedAt: null, VerifiedAt: null, Parent: { Id: 2, Name: 'Agent', Level: 'AGENT' }, Version: 4, AllowedActions: [],
    } as ProfileDetail;
    const v = valuesOf(detail);
    expect(v.BankAccounts).toEqual([{ Id: 9, BankId: 3, AccountType: 'INDIVIDUAL', AccountName: 'A', AccountNo: '', Masked: '••••1234', IsPrimary: true }]);
    expect(v.ParentId).toBe(2);
    expect(v.Config).toMatchObject({ SettlementTiming: 'T_PLUS_X' });
    expect(bodyIssues(updateBody(v, detail), 'update')).toEqual([]);
  });

  it("reads the field a server answer names, nested or not", () => {
    expect(fieldOfAnswer('Persons.0.IdNo: enter the NRIC')).toEqual({ path: ['Persons', 0, 'IdNo'], message: 'enter the NRIC' });
    expect(fieldOfAnswer('Version: the profile was changed')).toEqual({ path: ['Version'], message: 'the profile was changed' });
    expect(fieldOfAnswer('No such profile')).toBeNull();
    expect(isFormField(['Persons', 0, 'IdNo'])).toBe(true);
    expect(isFormField(['Config', 'SettlementDays'])).toBe(true);
    expect(isFormField(['Version'])).toBe(false);
  });
});

describe('the profile list query in the URL', () => {
  const query = fc.record({
    keyword: fc.option(fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s !== ''), { nil: undefined }),
    status: fc.option(fc.constantFrom(...ONBOARDING_STATUSES), { nil: undefined }),
    parentId: fc.option(fc.integer({ min: 1, max: 999_999_999 }), { nil: undefined }),
    kind: fc.option(fc.constantFrom('HQ' as const, 'BRANCH' as const), { nil: undefined }),
    sort: fc.constantFrom(...PROFILE_SORT_FIELDS),
    order: fc.constantFrom('asc' as const, 'desc' as const),
    page: fc.integer({ min: 1, max: 100_000 }),
    size: fc.constantFrom(...PROFILE_PAGE_SIZES),
  });

  it('survives the round trip through the URL (generated queries)', () => {
    fc.assert(
      fc.property(query, (q: ProfileQuery) => {
        expect(parseProfileQuery(toProfileParams(q))).toEqual(q);
      }),
    );
  });

  it('drops what is not valid, and leaves defaults out', () => {
    expect(parseProfileQuery(new URLSearchParams('status=NOPE&parent=-3&kind=x&sort=Drop&page=0&size=7'))).toEqual(DEFAULT_PROFILE_QUERY);
    expect(toProfileParams(DEFAULT_PROFILE_QUERY).toString()).toBe('');
    expect(toProfileSearchBody({ ...DEFAULT_PROFILE_QUERY, status: 'PENDING', kind: 'BRANCH' })).toMatchObject({ PageIndex: 1, RowsPerPage: 20, OnboardingStatus: 'PENDING', Level: 'BRANCH', SortField: 'Name' });
  });
});

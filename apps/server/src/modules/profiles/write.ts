/**
 * Creating and updating profiles, each in one transaction with its status
 * history row and audit record:
 *  - Create: under a parent of the caller's subtree of the level above (a master merchant has
 *    none and only the platform makes one); status PENDING, submitted by the caller; persons, bank
 *    accounts (numbers sealed under the field key) and the organization_configs row with it. A
 *    merchant gets a 15-digit MID '9' + 14 digits of its id (demo MIDs start '0000': never equal).
 *  - Update: with its Version (stale: 409 CF409); persons and bank accounts replaced as sent
 *    (those sent with their Id keep it; an account sent with its mask keeps its stored number). A
 *    change of key data (name, registration numbers, company type, persons' ID numbers, bank
 *    accounts) makes the caller the profile's maker and moves its status (statusAfterKeyChange:
 *    VERIFIED → UNVERIFY, REVIEWING → PENDING) with a history row.
 */
import type { z } from 'zod';
import { PROFILE_SEGMENT_LEVELS, SECRET_MASK, type ProfileBankAccountInput, type ProfileCreateRequest, type ProfilePersonInput, type ProfileSegment, type ProfileUpdateRequest } from '@paydesk/contract';
import { ERROR_CODES, statusAfterKeyChange, type OnboardingStatus, type OrgLevel } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { openSecret, sealSecret } from '../../engine/secret-fields.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { subtreeSql, type Scope } from '../../platform/scope.ts';
import { findScopedOrg, type OrgRow } from './read.ts';

type ProfileBody = Omit<z.output<typeof ProfileCreateRequest>, 'ParentId'>;
type PersonIn = z.output<typeof ProfilePersonInput>;
type AccountIn = z.output<typeof ProfileBankAccountInput>;

/** The level a new profile of `segment` takes under a parent of `parentLevel` (null: refused). */
function childLevel(segment: ProfileSegment, parentLevel: OrgLevel | null): OrgLevel | null {
  const table: Record<ProfileSegment, Partial<Record<OrgLevel | 'NONE', OrgLevel>>> = {
    MasterMerchant: { NONE: 'MASTER_MERCHANT' },
    Agency: { MASTER_MERCHANT: 'AGENCY' },
    Agent: { AGENCY: 'AGENT' },
    Merchant: { AGENT: 'MERCHANT_HQ', MERCHANT_HQ: 'MERCHANT_BRANCH' },
  };
  return table[segment][parentLevel ?? 'NONE'] ?? null;
}

/** The parent a segment's profile hangs under, for the message naming it. */
const PARENT_OF: Record<ProfileSegment, string> = {
  MasterMerchant: 'no parent (a master merchant is at the top)',
  Agency: 'a master merchant',
  Agent: 'an agency',
  Merchant: 'an agent (for a merchant HQ) or a merchant HQ (for a branch)',
};

/** One status change row: who, when (now, UTC), from what to what and why. */
export async function addHistory(q: Query, scope: Scope, orgId: number, from: OnboardingStatus | null, to: OnboardingStatus, reason: string | null, at: Date): Promise<void> {
  await q(`INSERT INTO org_status_history (org_id, from_status, to_status, actor_user_id, actor_email, reason, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    orgId, from, to, scope.userId, scope.email, reason, at,
  ]);
}

/** Refuses references the schemas cannot check: nature of business, banks, MDR category (VAL400 naming the field). */
async function checkReferences(q: Query, body: ProfileBody): Promise<void> {
  const [mcc] = await q(`SELECT 1 FROM business_categories WHERE mcc = $1`, [body.BusinessCategory]);
  if (!mcc) throw badInput('BusinessCategory', 'choose a nature of business from the list');
  const bankIds = [...new Set(body.BankAccounts.map((a) => a.BankId))];
  if (bankIds.length) {
    const found = await q<{ id: number }>(`SELECT id FROM banks WHERE id = ANY($1::int[])`, [bankIds]);
    const missing = body.BankAccounts.findIndex((a) => !found.some((b) => Number(b.id) === a.BankId));
    if (missing >= 0) throw badInput(`BankAccounts.${missing}.BankId`, 'choose a bank from the list');
  }
  if (body.Config.MdrCategoryId !== null) {
    const [c] = await q(`SELECT 1 FROM mdr_categories WHERE id = $1`, [body.Config.MdrCategoryId]);
    if (!c) throw badInput('Config.MdrCategoryId', 'choose an MDR category from the list');
  }
}

/** Writes the organization_configs row of `orgId` (one per organization). */
async function upsertConfig(q: Query, orgId: number, c: ProfileBody['Config'], at: Date): Promise<void> {
  await q(
    `INSERT INTO organization_configs (org_id, service_types, payment_products, mdr_category_id, settlement_timing, settlement_days, settlement_custom)
     VALUES ($1, $2::text[], $3::text[], $4, $5, $6, $7)
     ON CONFLICT (org_id) DO UPDATE SET service_types = EXCLUDED.service_types, payment_products = EXCLUDED.payment_products, mdr_category_id = EXCLUDED.mdr_category_id,
       settlement_timing = EXCLUDED.settlement_timing, settlement_days = EXCLUDED.settlement_days, settlement_custom = EXCLUDED.settlement_custom,
       version = organization_configs.version + 1, updated_at = $8`,
    [orgId, c.ServiceTypes, c.PaymentProducts, c.MdrCategoryId, c.SettlementTiming, c.SettlementDays, c.SettlementCustom, at],
  );
}

/** A stored account: its sealed number opened (the field key) for comparison. */
interface StoredAccount {
  id: number;
  bank_id: number;
  account_type: string;
  account_name: string;
  account_no: string;
  is_primary: boolean;
}

/**
 * Replaces the persons of `orgId` with `persons` (sent Ids must be this profile's: VAL400
 * otherwise). Answers whether any person's identity (ID type and number) was added, removed or
 * changed: key data.
 */
async function replacePersons(q: Query, orgId: number, persons: PersonIn[], at: Date): Promise<boolean> {
  const stored = await q<{ id: number; id_type: string; id_no: string }>(`SELECT id, id_type, id_no FROM org_persons WHERE org_id = $1`, [orgId]);
  const byId = new Map(stored.map((p) => [Number(p.id), p]));
  persons.forEach((p, i) => {
    if (p.Id !== undefined && !byId.has(p.Id)) throw badInput(`Persons.${i}.Id`, 'this person is not on the profile; send a new person without an Id');
  });
  const ids = (list: { type: string; no: string }[]) => list.map((x) => `${x.type}:${x.no}`).sort().join('|');
  const keyChanged = ids(stored.map((p) => ({ type: p.id_type, no: p.id_no }))) !== ids(persons.map((p) => ({ type: p.IdType, no: p.IdNo })));
  const kept = persons.flatMap((p) => (p.Id === undefined ? [] : [p.Id]));
  await q(`DELETE FROM org_persons WHERE org_id = $1 AND NOT (id = ANY($2::int[]))`, [orgId, kept]);
  for (const p of persons) {
    const v = [p.Name, p.Role, p.IdType, p.IdNo, p.Gender, p.Nationality, p.Phone, p.Email];
    if (p.Id === undefined) {
      await q(`INSERT INTO org_persons (org_id, name, role, id_type, id_no, gender, nationality, phone, email) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [orgId, ...v]);
    } else {
      await q(
        `UPDATE org_persons SET name = $2, role = $3, id_type = $4, id_no = $5, gender = $6, nationality = $7, phone = $8, email = $9, version = version + 1, updated_at = $10 WHERE id = $1`,
        [p.Id, ...v, at],
      );
    }
  }
  return keyChanged;
}

/**
 * Replaces the bank accounts of `orgId` with `accounts`, sealing new numbers under `fieldKey`
 * (an account sent with its Id and its mask keeps the stored number). Answers whether any
 * account was added, removed or changed (bank, type, name or number): key data.
 */
async function replaceAccounts(q: Query, orgId: number, accounts: AccountIn[], fieldKey: Uint8Array, at: Date): Promise<boolean> {
  const stored = await q<StoredAccount>(`SELECT id, bank_id, account_type, account_name, account_no, is_primary FROM org_bank_accounts WHERE org_id = $1`, [orgId]);
  const byId = new Map(stored.map((a) => [Number(a.id), a]));
  const resolved = accounts.map((a, i) => {
    const old = a.Id === undefined ? undefined : byId.get(a.Id);
    if (a.Id !== undefined && !old) throw badInput(`BankAccounts.${i}.Id`, 'this bank account is not on the profile; send a new account without an Id');
    const masked = a.AccountNo.startsWith(SECRET_MASK);
    if (masked && old && !openSecret(fieldKey, old.account_no).endsWith(a.AccountNo.slice(SECRET_MASK.length))) {
      throw badInput(`BankAccounts.${i}.AccountNo`, 'the mask does not match the stored account number; enter the whole number to change it');
    }
    const plain = masked && old ? openSecret(fieldKey, old.account_no) : a.AccountNo;
    return { ...a, plain, sealed: masked && old ? old.account_no : sealSecret(fieldKey, plain) };
  });
  const sig = (list: { bank: number; type: string; name: string; no: string }[]) => list.map((x) => `${x.bank}:${x.type}:${x.name}:${x.no}`).sort().join('|');
  const keyChanged =
    sig(stored.map((a) => ({ bank: Number(a.bank_id), type: a.account_type, name: a.account_name, no: openSecret(fieldKey, a.account_no) }))) !==
    sig(resolved.map((a) => ({ bank: a.BankId, type: a.AccountType, name: a.AccountName, no: a.plain })));
  const kept = resolved.flatMap((a) => (a.Id === undefined ? [] : [a.Id]));
  await q(`DELETE FROM org_bank_accounts WHERE org_id = $1 AND NOT (id = ANY($2::int[]))`, [orgId, kept]);
  for (const a of resolved) {
    const v = [a.BankId, a.AccountType, a.AccountName, a.sealed, a.plain.slice(-4), a.IsPrimary];
    if (a.Id === undefined) {
      await q(`INSERT INTO org_bank_accounts (org_id, bank_id, account_type, account_name, account_no, account_last4, is_primary) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [orgId, ...v]);
    } else {
      await q(
        `UPDATE org_bank_accounts SET bank_id = $2, account_type = $3, account_name = $4, account_no = $5, account_last4 = $6, is_primary = $7, version = version + 1, updated_at = $8 WHERE id = $1`,
        [a.Id, ...v, at],
      );
    }
  }
  return keyChanged;
}

/** The company columns of a profile body, in the order of COMPANY_COLUMNS. */
const COMPANY_COLUMNS = ['name', 'reg_no', 'reg_no_old', 'company_type', 'business_category', 'address1', 'address2', 'postcode', 'state', 'city', 'country', 'phone', 'email', 'website'] as const;
const companyValues = (b: ProfileBody) => [b.Name, b.RegNo, b.RegNoOld, b.CompanyType, b.BusinessCategory, b.Address1, b.Address2, b.Postcode, b.State, b.City, b.Country, b.Phone, b.Email, b.Website];

/**
 * Creates a profile of `segment` (see the file comment). Throws VAL400 naming ParentId when the
 * parent is missing, outside the caller's subtree or of a level the segment does not hang under.
 */
export async function createProfile(q: Query, scope: Scope, segment: ProfileSegment, body: z.output<typeof ProfileCreateRequest>, fieldKey: Uint8Array, at: Date): Promise<{ id: number; version: number }> {
  let parent: Pick<OrgRow, 'id' | 'level' | 'path'> | null = null;
  if (body.ParentId !== null) {
    const sub = subtreeSql(scope, 'o', 2);
    const [p] = await q<{ id: number; level: OrgLevel; path: string }>(`SELECT o.id, o.level, o.path FROM organizations o WHERE o.id = $1 AND ${sub.text} FOR UPDATE`, [body.ParentId, ...sub.values]);
    if (!p) throw badInput('ParentId', `choose ${PARENT_OF[segment]} of your scope`);
    parent = { id: Number(p.id), level: p.level, path: p.path };
  } else if (segment !== 'MasterMerchant' || scope.orgPath !== null) {
    throw badInput('ParentId', `choose ${PARENT_OF[segment]} of your scope`);
  }
  const level = childLevel(segment, parent?.level ?? null);
  if (!level) throw badInput('ParentId', `choose ${PARENT_OF[segment]} of your scope`);
  await checkReferences(q, body);
  const cols = COMPANY_COLUMNS.join(', ');
  const params = COMPANY_COLUMNS.map((_, i) => `$${i + 3}`).join(', ');
  const [row] = await q<{ id: number }>(
    `INSERT INTO organizations (level, parent_id, path, ${cols}, onboarding_status, submitted_by_user_id, submitted_at, created_by_user_id, is_active, created_at, updated_at)
     VALUES ($1, $2, '', ${params}, 'PENDING', $${COMPANY_COLUMNS.length + 3}, $${COMPANY_COLUMNS.length + 4}, $${COMPANY_COLUMNS.length + 3}, 1, $${COMPANY_COLUMNS.length + 4}, $${COMPANY_COLUMNS.length + 4}) RETURNING id`,
    [level, parent?.id ?? null, ...companyValues(body), scope.userId, at],
  );
  const id = Number(row!.id);
  const mid = PROFILE_SEGMENT_LEVELS.Merchant.includes(level as 'MERCHANT_HQ') ? `9${String(id).padStart(14, '0')}` : null;
  await q(`UPDATE organizations SET path = $2, mid = $3 WHERE id = $1`, [id, `${parent?.path ?? '/'}${id}/`, mid]);
  await replacePersons(q, id, body.Persons, at);
  await replaceAccounts(q, id, body.BankAccounts, fieldKey, at);
  await upsertConfig(q, id, body.Config, at);
  await addHistory(q, scope, id, null, 'PENDING', null, at);
  return { id, version: 1 };
}

/** What an update did, for the audit and the answer. */
export interface UpdateOutcome {
  org: OrgRow;
  keyChanged: boolean;
  from: OnboardingStatus;
  to: OnboardingStatus;
}

/** The 409 of a stale Version (someone else saved the profile since it was read). */
export const staleVersion = (current: number) =>
  new AppError(409, ERROR_CODES.CONFLICT, `Version: the profile was changed by someone else (now version ${current}); reload it and try again`);

/** Updates a profile of `segment` (see the file comment); answers the row after the change. */
export async function updateProfile(q: Query, scope: Scope, segment: ProfileSegment, body: z.output<typeof ProfileUpdateRequest>, fieldKey: Uint8Array, at: Date): Promise<UpdateOutcome> {
  const org = await findScopedOrg(q, scope, body.Id, PROFILE_SEGMENT_LEVELS[segment], true);
  if (org.version !== body.Version) throw staleVersion(org.version);
  await checkReferences(q, body);
  const companyKey = org.name !== body.Name || org.reg_no !== body.RegNo || org.reg_no_old !== body.RegNoOld || org.company_type !== body.CompanyType;
  const personsKey = await replacePersons(q, org.id, body.Persons, at);
  const accountsKey = await replaceAccounts(q, org.id, body.BankAccounts, fieldKey, at);
  await upsertConfig(q, org.id, body.Config, at);
  const keyChanged = companyKey || personsKey || accountsKey;
  const to = keyChanged ? statusAfterKeyChange(org.onboarding_status) : org.onboarding_status;
  const sets = COMPANY_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ');
  const n = COMPANY_COLUMNS.length + 2;
  await q(
    `UPDATE organizations SET ${sets}, onboarding_status = $${n}, version = version + 1, updated_at = $${n + 1}
       ${keyChanged ? `, submitted_by_user_id = $${n + 2}, submitted_at = $${n + 1}` : ''}
     WHERE id = $1`,
    [org.id, ...companyValues(body), to, at, ...(keyChanged ? [scope.userId] : [])],
  );
  if (to !== org.onboarding_status) await addHistory(q, scope, org.id, org.onboarding_status, to, 'key data changed', at);
  const after = await findScopedOrg(q, scope, org.id, PROFILE_SEGMENT_LEVELS[segment]);
  return { org: after, keyChanged, from: org.onboarding_status, to };
}

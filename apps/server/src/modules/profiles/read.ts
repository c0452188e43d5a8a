/**
 * Reading profiles: an organization of a profile screen's levels inside the
 * caller's subtree (`organizations.path`, platform/scope.ts) — another tenant's id answers the
 * same 404 as a missing one — and its whole profile: company, persons, bank accounts (numbers
 * masked '••••' + last 4; never opened here), documents, configuration, KYC status and the KYC
 * actions the caller may take now (onboarding.ts, maker-checker applied).
 */
import type { z } from 'zod';
import { PROFILE_SEGMENT_LEVELS, PROFILE_SEGMENT_MODULES, SECRET_MASK, type ProfileDetail, type ProfileHistoryResponse, type ProfileSegment } from '@paydesk/contract';
import { allowedKycActions, type OnboardingStatus, type OrgLevel } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { subtreeSql, type Scope } from '../../platform/scope.ts';

/** An `organizations` row as the profile handlers use it (snake_case as stored). */
export interface OrgRow {
  id: number;
  level: OrgLevel;
  parent_id: number | null;
  path: string;
  name: string;
  reg_no: string | null;
  reg_no_old: string | null;
  company_type: string | null;
  mid: string | null;
  business_category: string | null;
  address1: string | null;
  address2: string | null;
  postcode: string | null;
  state: string | null;
  city: string | null;
  country: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  is_active: number;
  onboarding_status: OnboardingStatus;
  status_reason: string | null;
  submitted_by_user_id: number | null;
  submitted_at: Date | null;
  verified_at: Date | null;
  version: number;
}

/** The levels of a segment, as a plain array for SQL. */
export const levelsOf = (segment: ProfileSegment): OrgLevel[] => [...PROFILE_SEGMENT_LEVELS[segment]];

/**
 * The organization `id` of `levels` inside the caller's subtree, locked FOR UPDATE when
 * `lock` (inside a transaction). Throws NF404 'Profile not found' for a missing id and for one
 * outside the subtree alike.
 */
export async function findScopedOrg(q: Query, scope: Scope, id: number, levels: readonly OrgLevel[], lock = false): Promise<OrgRow> {
  const sub = subtreeSql(scope, 'o', 3);
  const [row] = await q<OrgRow>(`SELECT o.* FROM organizations o WHERE o.id = $1 AND o.level = ANY($2::text[]) AND ${sub.text}${lock ? ' FOR UPDATE' : ''}`, [id, levels, ...sub.values]);
  if (!row) throw notFound('Profile');
  return { ...row, id: Number(row.id), parent_id: row.parent_id === null ? null : Number(row.parent_id), version: Number(row.version) };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The KYC actor of `scope` on a profile (its permissions of the segment, and whether it is the maker). */
export function kycActorOf(scope: Scope, segment: ProfileSegment, org: Pick<OrgRow, 'submitted_by_user_id'>) {
  const m = PROFILE_SEGMENT_MODULES[segment];
  return {
    canReview: scope.permissions.has(`${m}:review`),
    canUpdate: scope.permissions.has(`${m}:update`),
    isMaker: org.submitted_by_user_id !== null && Number(org.submitted_by_user_id) === scope.userId,
  };
}

/** The whole profile of `org` (already found in scope) as answered by Get, Update, Review and Submit. */
export async function profileDetail(q: Query, scope: Scope, segment: ProfileSegment, org: OrgRow): Promise<z.output<typeof ProfileDetail>> {
  const [persons, accounts, documents, configs, parents, submitters] = await Promise.all([
    q<Record<string, unknown>>(`SELECT id, name, role, id_type, id_no, gender, nationality, phone, email FROM org_persons WHERE org_id = $1 ORDER BY id`, [org.id]),
    q<Record<string, unknown>>(
      `SELECT a.id, a.bank_id, b.bank_name, a.account_type, a.account_name, a.account_last4, a.is_primary FROM org_bank_accounts a JOIN banks b ON b.id = a.bank_id WHERE a.org_id = $1 ORDER BY a.id`,
      [org.id],
    ),
    q<Record<string, unknown>>(
      `SELECT d.id, d.doc_type, d.file_name, d.mime_type, d.size_bytes, d.uploaded_at, u.email AS uploaded_by FROM org_documents d LEFT JOIN users u ON u.id = d.uploaded_by_user_id
       WHERE d.org_id = $1 AND d.deleted_at IS NULL ORDER BY d.id`,
      [org.id],
    ),
    q<Record<string, unknown>>(`SELECT service_types, payment_products, mdr_category_id, settlement_timing, settlement_days, settlement_custom FROM organization_configs WHERE org_id = $1`, [org.id]),
    org.parent_id === null ? Promise.resolve([]) : q<Record<string, unknown>>(`SELECT id, name, level FROM organizations WHERE id = $1`, [org.parent_id]),
    org.submitted_by_user_id === null ? Promise.resolve([]) : q<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [org.submitted_by_user_id]),
  ]);
  const config = configs[0];
  const parent = parents[0];
  return {
    Id: org.id,
    Level: org.level,
    Mid: org.mid,
    Name: org.name,
    RegNo: org.reg_no,
    RegNoOld: org.reg_no_old,
    CompanyType: org.company_type,
    BusinessCategory: org.business_category?.trim() ?? null,
    Address1: org.address1,
    Address2: org.address2,
    Postcode: org.postcode,
    State: org.state,
    City: org.city,
    Country: org.country,
    Phone: org.phone,
    Email: org.email,
    Website: org.website,
    IsActive: Number(org.is_active) === 1,
    Persons: persons.map((p) => ({
      Id: Number(p.id), Name: String(p.name), Role: p.role as 'DIRECTOR', IdType: p.id_type as 'NRIC', IdNo: String(p.id_no), Gender: (p.gender as 'MALE' | null) ?? null,
      Nationality: (p.nationality as string | null) ?? null, Phone: (p.phone as string | null) ?? null, Email: (p.email as string | null) ?? null,
    })),
    BankAccounts: accounts.map((a) => ({
      Id: Number(a.id), BankId: Number(a.bank_id), BankName: String(a.bank_name), AccountType: a.account_type as 'CORPORATE', AccountName: String(a.account_name),
      AccountNo: `${SECRET_MASK}${String(a.account_last4)}`, IsPrimary: Boolean(a.is_primary),
    })),
    Documents: documents.map((d) => ({
      Id: Number(d.id), DocType: d.doc_type as 'OTHER', FileName: String(d.file_name), MimeType: String(d.mime_type), SizeBytes: Number(d.size_bytes),
      UploadedAt: iso(d.uploaded_at as Date)!, UploadedBy: (d.uploaded_by as string | null) ?? null,
    })),
    Config: config
      ? {
          ServiceTypes: (config.service_types as string[]) ?? [], PaymentProducts: (config.payment_products as string[]) ?? [],
          MdrCategoryId: config.mdr_category_id === null ? null : Number(config.mdr_category_id), SettlementTiming: config.settlement_timing as 'T_PLUS_X',
          SettlementDays: Number(config.settlement_days), SettlementCustom: (config.settlement_custom as string | null) ?? null,
        }
      : null,
    OnboardingStatus: org.onboarding_status,
    StatusReason: org.status_reason,
    SubmittedBy: submitters[0]?.email ?? null,
    SubmittedAt: iso(org.submitted_at),
    VerifiedAt: iso(org.verified_at),
    Parent: parent ? { Id: Number(parent.id), Name: String(parent.name), Level: parent.level as OrgLevel } : null,
    Version: org.version,
    AllowedActions: allowedKycActions(org.onboarding_status, kycActorOf(scope, segment, org)),
  };
}

/** A profile's onboarding status history, oldest first (the profile already found in scope). */
export async function profileHistory(q: Query, orgId: number): Promise<z.output<typeof ProfileHistoryResponse>> {
  const rows = await q<Record<string, unknown>>(`SELECT from_status, to_status, actor_email, at, reason FROM org_status_history WHERE org_id = $1 ORDER BY at, id`, [orgId]);
  return {
    Rows: rows.map((r) => ({
      FromStatus: (r.from_status as OnboardingStatus | null) ?? null, ToStatus: r.to_status as OnboardingStatus, Actor: (r.actor_email as string | null) ?? null,
      At: iso(r.at as Date)!, Reason: (r.reason as string | null) ?? null,
    })),
  };
}

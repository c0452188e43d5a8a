/**
 * What a Revenue Monster application reads from its merchant's file: the
 * merchant HQ inside the caller's scope, its bank accounts (masked: '••••' + last 4), its
 * documents on file with the required types missing, and the form prefilled from its profile.
 */
import { RM_REQUIRED_DOCUMENTS, SECRET_MASK, type RmApplicationForm } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';

/** The merchant HQ an application is for. */
export interface RmMerchant {
  id: number;
  name: string;
  onboardingStatus: string;
}

/**
 * The merchant HQ `merchantId` when the caller's scope holds it (the platform: every one);
 * NF404 otherwise, the same answer as for an id that does not exist.
 */
export async function scopedMerchant(q: Query, scope: Scope, merchantId: number): Promise<RmMerchant> {
  const [m] = await q<{ id: number; name: string; onboarding_status: string }>(
    `SELECT id, name, onboarding_status FROM organizations WHERE id = $1 AND level = 'MERCHANT_HQ' AND ($2::text IS NULL OR path LIKE $2 || '%')`,
    [merchantId, scope.orgPath],
  );
  if (!m || (scope.orgPath === null && scope.groupType !== 'SUPERADMIN')) throw notFound('Merchant');
  return { id: Number(m.id), name: m.name, onboardingStatus: m.onboarding_status };
}

/** A bank account of the file, masked. */
export interface RmBankAccount {
  Id: number;
  BankName: string;
  AccountName: string;
  AccountNo: string;
  AccountType: string;
  IsPrimary: boolean;
}

/** The merchant's bank accounts, primary first. */
export async function bankAccountsOf(q: Query, orgId: number): Promise<RmBankAccount[]> {
  const rows = await q<{ id: number; bank_name: string; account_name: string; account_last4: string; account_type: string; is_primary: boolean }>(
    `SELECT a.id, b.bank_name, a.account_name, a.account_last4, a.account_type, a.is_primary
     FROM org_bank_accounts a JOIN banks b ON b.id = a.bank_id WHERE a.org_id = $1 ORDER BY a.is_primary DESC, a.id`,
    [orgId],
  );
  return rows.map((r) => ({ Id: Number(r.id), BankName: r.bank_name, AccountName: r.account_name, AccountNo: `${SECRET_MASK}${r.account_last4}`, AccountType: r.account_type, IsPrimary: r.is_primary }));
}

/** The merchant's documents on file (not removed), newest first, and the required types it lacks. */
export async function documentsOf(q: Query, orgId: number): Promise<{ documents: { Id: number; DocType: string; FileName: string; UploadedAt: string }[]; missing: string[] }> {
  const rows = await q<{ id: number; doc_type: string; file_name: string; uploaded_at: Date }>(
    `SELECT id, doc_type, file_name, uploaded_at FROM org_documents WHERE org_id = $1 AND deleted_at IS NULL ORDER BY uploaded_at DESC, id DESC`,
    [orgId],
  );
  const documents = rows.map((r) => ({ Id: Number(r.id), DocType: r.doc_type, FileName: r.file_name, UploadedAt: new Date(r.uploaded_at).toISOString() }));
  const held = new Set(documents.map((d) => d.DocType));
  return { documents, missing: RM_REQUIRED_DOCUMENTS.filter((t) => !held.has(t)) };
}

/**
 * The form as far as the profile fills it: company, address, contacts, the first director (or
 * the first person), the primary bank account, and RM's usual defaults for the modes (online
 * service, dynamic QR generated per payment). Volumes and e-wallets are the applicant's to give.
 */
export async function prefillForm(q: Query, orgId: number): Promise<Partial<RmApplicationForm>> {
  const [o] = await q<{
    name: string; reg_no: string | null; company_type: string | null; business_category: string | null; website: string | null; address1: string | null; address2: string | null;
    postcode: string | null; city: string | null; state: string | null; phone: string | null; email: string | null;
  }>(`SELECT name, reg_no, company_type, business_category, website, address1, address2, postcode, city, state, phone, email FROM organizations WHERE id = $1`, [orgId]);
  const [director] = await q<{ name: string; id_type: string; id_no: string; phone: string | null; email: string | null }>(
    `SELECT name, id_type, id_no, phone, email FROM org_persons WHERE org_id = $1
     ORDER BY CASE role WHEN 'DIRECTOR' THEN 0 WHEN 'DIRECTOR_SHAREHOLDER' THEN 1 ELSE 2 END, id LIMIT 1`,
    [orgId],
  );
  const [account] = await bankAccountsOf(q, orgId);
  const form: Partial<RmApplicationForm> = {
    CompanyName: o?.name,
    RegNo: o?.reg_no ?? undefined,
    CompanyType: o?.company_type ?? undefined,
    BusinessCategory: o?.business_category ?? undefined,
    Website: o?.website ?? '',
    Address1: o?.address1 ?? undefined,
    Address2: o?.address2 ?? '',
    Postcode: o?.postcode ?? undefined,
    City: o?.city ?? undefined,
    State: o?.state ?? undefined,
    ContactName: director?.name,
    ContactPhone: director?.phone ?? o?.phone ?? undefined,
    ContactEmail: director?.email ?? o?.email ?? undefined,
    DirectorName: director?.name,
    DirectorIdType: (director?.id_type as RmApplicationForm['DirectorIdType'] | undefined) ?? undefined,
    DirectorIdNo: director?.id_no,
    BankAccountId: account?.Id,
    ServiceMode: 'ONLINE',
    QrMode: 'GENERATE',
  };
  // Absent values stay absent (the form shows them empty), so the answer carries no undefined keys.
  return Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined && v !== null)) as Partial<RmApplicationForm>;
}

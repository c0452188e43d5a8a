/**
 * Revenue Monster applications (the choices are the contract's, endpoints/
 * rm-application.ts): read, list, save a draft, send, and record RM's answer. Every write runs in
 * the caller's transaction with the row locked (`FOR UPDATE`) and its version checked, so two
 * people cannot send, or approve, one application twice; approval creates the merchant's RM
 * configuration in the same transaction.
 *
 * Errors: NF404 (no such application or merchant in scope), CF409 (stale version, a status that
 * does not take the action, a second application for a merchant, an unverified merchant or
 * missing documents on send, a bank account that is not the merchant's), PERM403 (the sender
 * records RM's answer).
 */
import { ERROR_CODES, type RmApplicationStatus } from '@paydesk/domain';
import type { RM_APPLICATION_ACTIONS, RmApplicationForm } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { bankAccountsOf, documentsOf, scopedMerchant } from './merchant-file.ts';

type Action = (typeof RM_APPLICATION_ACTIONS)[number];

const conflict = (message: string) => new AppError(409, ERROR_CODES.CONFLICT, message);

interface Row {
  id: number;
  org_id: number;
  status: RmApplicationStatus;
  form: RmApplicationForm | string;
  reason: string | null;
  submitted_by_user_id: number | null;
  submitted_by: string | null;
  submitted_at: Date | null;
  decided_by: string | null;
  decided_at: Date | null;
  rm_merchant_id: string | null;
  rm_store_id: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
  merchant_name: string;
  onboarding_status: string;
  path: string;
}

const SELECT = `SELECT a.*, o.name AS merchant_name, o.onboarding_status, o.path, su.email AS submitted_by, du.email AS decided_by
  FROM rm_applications a JOIN organizations o ON o.id = a.org_id
  LEFT JOIN users su ON su.id = a.submitted_by_user_id LEFT JOIN users du ON du.id = a.decided_by_user_id`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The application `id` inside the caller's scope, optionally locked; NF404 otherwise. */
async function loadRow(q: Query, scope: Scope, id: number, lock = false): Promise<Row> {
  if (lock) await q(`SELECT 1 FROM rm_applications WHERE id = $1 FOR UPDATE`, [id]);
  const [r] = await q<Row>(`${SELECT} WHERE a.id = $1`, [id]);
  const visible = r && (scope.orgPath === null ? scope.groupType === 'SUPERADMIN' : r.path.startsWith(scope.orgPath));
  if (!visible) throw notFound('Application');
  return r;
}

/** The actions of an application its caller may take now (the web shows these buttons). */
export function allowedActions(scope: Scope, r: Pick<Row, 'status' | 'submitted_by_user_id'>): Action[] {
  const out: Action[] = [];
  const edits = scope.permissions.has('tpaapplication:rmedit');
  if (edits && (r.status === 'DRAFT' || r.status === 'REJECTED')) out.push('SAVE');
  if (edits && r.status === 'DRAFT') out.push('SUBMIT');
  if (scope.permissions.has('tpaapplication:rmdecide') && r.status === 'SUBMITTED' && r.submitted_by_user_id !== scope.userId) out.push('APPROVE', 'REJECT');
  return out;
}

/** An application as the contract's RmApplication answers it. */
export async function applicationView(q: Query, scope: Scope, id: number) {
  const r = await loadRow(q, scope, id);
  const files = await documentsOf(q, r.org_id);
  return {
    Id: Number(r.id),
    MerchantId: Number(r.org_id),
    MerchantName: r.merchant_name,
    OnboardingStatus: r.onboarding_status,
    Status: r.status,
    Form: (typeof r.form === 'string' ? JSON.parse(r.form) : r.form) as RmApplicationForm,
    Reason: r.reason,
    SubmittedBy: r.submitted_by,
    SubmittedAt: iso(r.submitted_at),
    DecidedBy: r.decided_by,
    DecidedAt: iso(r.decided_at),
    RmMerchantId: r.rm_merchant_id,
    RmStoreId: r.rm_store_id,
    BankAccounts: await bankAccountsOf(q, r.org_id),
    Documents: files.documents,
    MissingDocuments: files.missing,
    AllowedActions: allowedActions(scope, r),
    Version: Number(r.version),
    CreatedAt: new Date(r.created_at).toISOString(),
    UpdatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** CF409 unless the form's bank account is one of the merchant's. */
async function checkAccount(q: Query, orgId: number, accountId: number): Promise<void> {
  const [a] = await q(`SELECT 1 FROM org_bank_accounts WHERE id = $1 AND org_id = $2`, [accountId, orgId]);
  if (!a) throw conflict(`BankAccountId: bank account ${accountId} is not one of this merchant's accounts`);
}

const staleCheck = (r: Row, version: number | undefined) => {
  if (version !== undefined && Number(r.version) !== version) throw conflict('This application was changed by someone else: reload it and try again');
};

/**
 * Saves a draft (see RmApplicationSaveRequest): a new application for the merchant (CF409 when it
 * has one), or the given one at its version — a REJECTED one becomes a DRAFT again and keeps RM's
 * reason for the record in the audit, not on the row. Answers the application id.
 */
export async function saveApplication(q: Query, scope: Scope, input: { id?: number; merchantId: number; version?: number; form: RmApplicationForm; at: Date }): Promise<number> {
  const merchant = await scopedMerchant(q, scope, input.merchantId);
  await checkAccount(q, merchant.id, input.form.BankAccountId);
  if (input.id === undefined) {
    const [made] = await q<{ id: number }>(
      `INSERT INTO rm_applications (org_id, status, form, created_at, updated_at) VALUES ($1, 'DRAFT', $2::jsonb, $3, $3) ON CONFLICT (org_id) DO NOTHING RETURNING id`,
      [merchant.id, JSON.stringify(input.form), input.at],
    );
    if (!made) throw conflict(`${merchant.name} already has a Revenue Monster application: open it from the list`);
    return Number(made.id);
  }
  const r = await loadRow(q, scope, input.id, true);
  if (Number(r.org_id) !== merchant.id) throw conflict('MerchantId: an application stays with its merchant');
  staleCheck(r, input.version);
  if (r.status !== 'DRAFT' && r.status !== 'REJECTED') throw conflict(`The application is ${r.status}: only a draft or a rejected application can be changed`);
  await q(`UPDATE rm_applications SET form = $2::jsonb, status = 'DRAFT', reason = NULL, version = version + 1, updated_at = $3 WHERE id = $1`, [r.id, JSON.stringify(input.form), input.at]);
  return Number(r.id);
}

/** Sends a DRAFT (records that it went to RM): a VERIFIED merchant with the required documents on file. */
export async function submitApplication(q: Query, scope: Scope, input: { id: number; version: number; at: Date }): Promise<void> {
  const r = await loadRow(q, scope, input.id, true);
  staleCheck(r, input.version);
  if (r.status !== 'DRAFT') throw conflict(`The application is ${r.status}: only a draft can be sent`);
  if (r.onboarding_status !== 'VERIFIED') throw conflict(`${r.merchant_name} is ${r.onboarding_status}: Revenue Monster takes verified merchants only`);
  const { missing } = await documentsOf(q, r.org_id);
  if (missing.length) throw conflict(`Upload to the merchant's profile first: ${missing.join(', ')}`);
  const form = (typeof r.form === 'string' ? JSON.parse(r.form) : r.form) as RmApplicationForm;
  await checkAccount(q, r.org_id, form.BankAccountId);
  await q(`UPDATE rm_applications SET status = 'SUBMITTED', submitted_by_user_id = $2, submitted_at = $3, version = version + 1, updated_at = $3 WHERE id = $1`, [r.id, scope.userId, input.at]);
}

/**
 * Records RM's answer to a SUBMITTED application, never by its sender. APPROVED stores RM's
 * merchant and store ids and creates the merchant's RM configuration (tpa_merchant_configs: the
 * form's service mode, QR mode and e-wallets); CF409 when one exists already.
 */
export async function decideApplication(
  q: Query,
  scope: Scope,
  input: { id: number; version: number; decision: 'APPROVED' | 'REJECTED'; reason: string; rmMerchantId: string; rmStoreId: string; at: Date },
): Promise<void> {
  const r = await loadRow(q, scope, input.id, true);
  staleCheck(r, input.version);
  if (r.status !== 'SUBMITTED') throw conflict(`The application is ${r.status}: only a sent application takes Revenue Monster's answer`);
  if (r.submitted_by_user_id === scope.userId) throw new AppError(403, ERROR_CODES.FORBIDDEN, 'You sent this application: another user must record the answer');
  await q(
    `UPDATE rm_applications SET status = $2, reason = nullif($3, ''), rm_merchant_id = nullif($4, ''), rm_store_id = nullif($5, ''), decided_by_user_id = $6, decided_at = $7,
       version = version + 1, updated_at = $7 WHERE id = $1`,
    [r.id, input.decision, input.reason, input.rmMerchantId, input.rmStoreId, scope.userId, input.at],
  );
  if (input.decision !== 'APPROVED') return;
  const form = (typeof r.form === 'string' ? JSON.parse(r.form) : r.form) as RmApplicationForm;
  const [made] = await q<{ id: number }>(
    `INSERT INTO tpa_merchant_configs (provider, org_id, provider_merchant_id, provider_store_id, service_mode, qr_mode, wallet_products, application_id, created_at, updated_at)
     VALUES ('RM', $1, $2, nullif($3, ''), $4, $5, $6::text[], $7, $8, $8) ON CONFLICT (provider, org_id) DO NOTHING RETURNING id`,
    [r.org_id, input.rmMerchantId, input.rmStoreId, form.ServiceMode, form.QrMode, form.WalletProducts, r.id, input.at],
  );
  if (!made) throw conflict(`${r.merchant_name} already has a Revenue Monster configuration`);
}

const SORT_SQL: Record<string, string> = { MerchantName: 'o.name', Status: 'a.status', UpdatedAt: 'a.updated_at', SubmittedAt: 'a.submitted_at' };

/** A page of applications in scope, filtered by status and a keyword (merchant name or SSM number). */
export async function searchApplications(
  q: Query,
  scope: Scope,
  input: { keyword: string; status?: RmApplicationStatus; pageIndex: number; rowsPerPage: number; sort?: { Field: string; Order: 'asc' | 'desc' } },
) {
  const where = `($1::text IS NULL OR o.path LIKE $1 || '%') AND ($2::text IS NULL OR a.status = $2)
    AND ($3 = '' OR o.name ILIKE '%' || $3 || '%' OR coalesce(o.reg_no, '') LIKE $3 || '%')`;
  const keyword = input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
  const params = [scope.orgPath, input.status ?? null, keyword];
  const order = `${SORT_SQL[input.sort?.Field ?? 'UpdatedAt'] ?? 'a.updated_at'} ${input.sort?.Order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, a.id DESC`;
  const rows = await q<{ id: number; org_id: number; merchant_name: string; reg_no: string | null; status: RmApplicationStatus; submitted_at: Date | null; decided_at: Date | null; reason: string | null; rm_merchant_id: string | null; updated_at: Date }>(
    `SELECT a.id, a.org_id, o.name AS merchant_name, o.reg_no, a.status, a.submitted_at, a.decided_at, a.reason, a.rm_merchant_id, a.updated_at
     FROM rm_applications a JOIN organizations o ON o.id = a.org_id WHERE ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`,
    [...params, input.rowsPerPage, (input.pageIndex - 1) * input.rowsPerPage],
  );
  const [n] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM rm_applications a JOIN organizations o ON o.id = a.org_id WHERE ${where}`, params);
  return {
    Items: rows.map((r) => ({
      Id: Number(r.id), MerchantId: Number(r.org_id), MerchantName: r.merchant_name, RegNo: r.reg_no ?? '', Status: r.status, SubmittedAt: iso(r.submitted_at), DecidedAt: iso(r.decided_at),
      Reason: r.reason, RmMerchantId: r.rm_merchant_id, UpdatedAt: new Date(r.updated_at).toISOString(),
    })),
    TotalRecords: Number(n?.n ?? 0),
    PageIndex: input.pageIndex,
    RowsPerPage: input.rowsPerPage,
  };
}

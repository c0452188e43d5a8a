/**
 * Revenue Monster applications (the choices are the contract's, endpoints/
 * rm-application.ts): read, list, save a draft, send, and record RM's answer. Every write runs in
 * the caller's transaction with the row locked (`FOR UPDATE`) and its version checked, so two
 * people cannot send, or approve, one application twice; approval creates the merchant's RM
 * configuration in the same transaction. A change of an existing application is a move of the
 * workflow engine (application-record.ts, domain RM_APPLICATION_MACHINE): the machine decides
 * which status takes which action, and each move writes one event (rm_application_events) with
 * the acting user; a new application's first event is CREATE.
 *
 * Errors: NF404 (no such application or merchant in scope), CF409 (stale version, a status that
 * does not take the action, a second application for a merchant, an unverified merchant or
 * missing documents on send, a bank account that is not the merchant's), PERM403 (the sender
 * records RM's answer).
 */
import { ERROR_CODES, RM_APPLICATION_FLOW_ACTIONS, RM_APPLICATION_MACHINE, type RmApplicationStatus } from '@paydesk/domain';
import type { RM_APPLICATION_ACTIONS, RmApplicationForm } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { logEvent, move, readEvents } from '../../workflows/engine.ts';
import { RM_APPLICATIONS, type LockedApplication } from './application-record.ts';
import { bankAccountsOf, documentsOf, scopedMerchant } from './merchant-file.ts';

type Action = (typeof RM_APPLICATION_ACTIONS)[number];
/** The machine's actions, in the contract's order (the assignment fails to compile should the two lists part). */
const ACTIONS: readonly Action[] = RM_APPLICATION_FLOW_ACTIONS;

/** A move as the audit row tells it: the application and its status before and after. */
export interface Moved {
  id: number;
  from: RmApplicationStatus | null;
  to: RmApplicationStatus;
}

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

/** The application `id` inside the caller's scope; NF404 otherwise. */
async function loadRow(q: Query, scope: Scope, id: number): Promise<Row> {
  const [r] = await q<Row>(`${SELECT} WHERE a.id = $1`, [id]);
  const visible = r && (scope.orgPath === null ? scope.groupType === 'SUPERADMIN' : r.path.startsWith(scope.orgPath));
  if (!visible) throw notFound('Application');
  return r;
}

/**
 * The actions of an application its caller may take now (the web shows these buttons): those its
 * status accepts (the machine) that the caller's permissions allow — SAVE and SUBMIT with
 * `tpaapplication:rmedit`, APPROVE and REJECT with `tpaapplication:rmdecide` and never to the
 * application's sender (maker-checker). In the contract's order.
 */
export function allowedActions(scope: Scope, r: Pick<Row, 'status' | 'submitted_by_user_id'>): Action[] {
  const edits = scope.permissions.has('tpaapplication:rmedit');
  const decides = scope.permissions.has('tpaapplication:rmdecide') && r.submitted_by_user_id !== scope.userId;
  return ACTIONS.filter((a) => RM_APPLICATION_MACHINE.next(r.status, a) !== null && (a === 'SAVE' || a === 'SUBMIT' ? edits : decides));
}

/** An application as the contract's RmApplication answers it, with its event log (oldest first; times UTC). NF404 outside the caller's scope. */
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
    Events: await readEvents(q, RM_APPLICATIONS.events, Number(r.id)),
  };
}

/** CF409 unless the form's bank account is one of the merchant's. */
async function checkAccount(q: Query, orgId: number, accountId: number): Promise<void> {
  const [a] = await q(`SELECT 1 FROM org_bank_accounts WHERE id = $1 AND org_id = $2`, [accountId, orgId]);
  if (!a) throw conflict(`BankAccountId: bank account ${accountId} is not one of this merchant's accounts`);
}

/** CF409 when the caller's `version` (absent: not checked) is not the locked row's: someone else changed it since the caller read it. */
const staleCheck = (r: LockedApplication, version: number | undefined) => {
  if (version !== undefined && r.version !== version) throw conflict('This application was changed by someone else: reload it and try again');
};

/** Locks application `id` in the caller's scope (NF404 otherwise, the same answer as for an id that does not exist). */
async function lockInScope(q: Query, scope: Scope, id: number): Promise<LockedApplication> {
  const r = await RM_APPLICATIONS.lock(q, id, scope);
  if (!r) throw notFound(RM_APPLICATIONS.noun);
  return r;
}

/**
 * Saves a draft (see RmApplicationSaveRequest) at `at` (UTC): a new application for the merchant
 * (CF409 when it has one; its first event is CREATE, from none to DRAFT), or the given one at its
 * version (CF409 when stale) by the machine's SAVE — a REJECTED one becomes a DRAFT again and
 * keeps RM's reason in its event log and the audit, not on the row; CF409 in any other status.
 * Answers the application and its status before (null: new) and after.
 */
export async function saveApplication(q: Query, scope: Scope, input: { id?: number; merchantId: number; version?: number; form: RmApplicationForm; at: Date }): Promise<Moved> {
  const merchant = await scopedMerchant(q, scope, input.merchantId);
  await checkAccount(q, merchant.id, input.form.BankAccountId);
  if (input.id === undefined) {
    const [made] = await q<{ id: number }>(
      `INSERT INTO rm_applications (org_id, status, form, created_at, updated_at) VALUES ($1, 'DRAFT', $2::jsonb, $3, $3) ON CONFLICT (org_id) DO NOTHING RETURNING id`,
      [merchant.id, JSON.stringify(input.form), input.at],
    );
    if (!made) throw conflict(`${merchant.name} already has a Revenue Monster application: open it from the list`);
    const id = Number(made.id);
    await logEvent(q, RM_APPLICATIONS.events, id, { action: 'CREATE', from: null, to: 'DRAFT', actorUserId: scope.userId, summary: null, at: input.at });
    return { id, from: null, to: 'DRAFT' };
  }
  const r = await lockInScope(q, scope, input.id);
  if (r.orgId !== merchant.id) throw conflict('MerchantId: an application stays with its merchant');
  staleCheck(r, input.version);
  const { to } = await move(q, RM_APPLICATIONS, r, 'SAVE', scope.userId, input.at, () => ({
    summary: null, set: { form: JSON.stringify(input.form), reason: null }, increment: ['version'],
  }));
  return { id: r.id, from: r.status, to };
}

/**
 * Sends a DRAFT at `at` (UTC; records that it went to RM) by the machine's SUBMIT: a VERIFIED
 * merchant with the required documents on file and the form's bank account still its own
 * (CF409 otherwise, as for a stale version or another status). The caller is its sender.
 */
export async function submitApplication(q: Query, scope: Scope, input: { id: number; version: number; at: Date }): Promise<Moved> {
  const r = await lockInScope(q, scope, input.id);
  staleCheck(r, input.version);
  const { to } = await move(q, RM_APPLICATIONS, r, 'SUBMIT', scope.userId, input.at, async () => {
    if (r.onboardingStatus !== 'VERIFIED') throw conflict(`${r.merchantName} is ${r.onboardingStatus}: Revenue Monster takes verified merchants only`);
    const { missing } = await documentsOf(q, r.orgId);
    if (missing.length) throw conflict(`Upload to the merchant's profile first: ${missing.join(', ')}`);
    await checkAccount(q, r.orgId, r.form.BankAccountId);
    return { summary: null, set: { submitted_by_user_id: scope.userId, submitted_at: input.at }, increment: ['version'] };
  });
  return { id: r.id, from: r.status, to };
}

/**
 * Records RM's answer to a SUBMITTED application at `at` (UTC) by the machine's APPROVE or
 * REJECT (CF409 in another status or at a stale version), never by its sender (PERM403).
 * APPROVED stores RM's merchant and store ids and creates the merchant's RM configuration
 * (tpa_merchant_configs: the form's service mode, QR mode and e-wallets; CF409 when one exists
 * already); REJECTED stores RM's reason. The event's summary is the reason, or RM's ids.
 */
export async function decideApplication(
  q: Query,
  scope: Scope,
  input: { id: number; version: number; decision: 'APPROVED' | 'REJECTED'; reason: string; rmMerchantId: string; rmStoreId: string; at: Date },
): Promise<Moved> {
  const r = await lockInScope(q, scope, input.id);
  staleCheck(r, input.version);
  const approve = input.decision === 'APPROVED';
  const { to } = await move(q, RM_APPLICATIONS, r, approve ? 'APPROVE' : 'REJECT', scope.userId, input.at, () => {
    if (r.submittedByUserId === scope.userId) throw new AppError(403, ERROR_CODES.FORBIDDEN, 'You sent this application: another user must record the answer');
    return {
      summary: approve ? `RM merchant ${input.rmMerchantId}${input.rmStoreId ? `, store ${input.rmStoreId}` : ''}` : input.reason,
      set: {
        reason: input.reason || null, rm_merchant_id: input.rmMerchantId || null, rm_store_id: input.rmStoreId || null, decided_by_user_id: scope.userId, decided_at: input.at,
      },
      increment: ['version'],
      also: approve ? () => createRmConfig(q, r, input.rmMerchantId, input.rmStoreId, input.at) : undefined,
    };
  });
  return { id: r.id, from: r.status, to };
}

/** Creates the merchant's RM configuration from approved application `r`'s form; CF409 when the merchant has one already. */
async function createRmConfig(q: Query, r: LockedApplication, rmMerchantId: string, rmStoreId: string, at: Date): Promise<void> {
  const [made] = await q<{ id: number }>(
    `INSERT INTO tpa_merchant_configs (provider, org_id, provider_merchant_id, provider_store_id, service_mode, qr_mode, wallet_products, application_id, created_at, updated_at)
     VALUES ('RM', $1, $2, nullif($3, ''), $4, $5, $6::text[], $7, $8, $8) ON CONFLICT (provider, org_id) DO NOTHING RETURNING id`,
    [r.orgId, rmMerchantId, rmStoreId, r.form.ServiceMode, r.form.QrMode, r.form.WalletProducts, r.id, at],
  );
  if (!made) throw conflict(`${r.merchantName} already has a Revenue Monster configuration`);
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

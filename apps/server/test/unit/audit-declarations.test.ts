/**
 * Every state-changing operation of the route table declares its audit row (RouteDef.audit), so
 * the platform writes exactly one per call (platform/operation.ts) and the integration harness
 * checks that row on every successful call (test/integration/audit-trail.ts). Generated over the
 * whole table: a new write cannot land without an audit declaration or a reason here.
 *
 * What counts as state-changing: PUT and DELETE, and every POST but the reads named by the last
 * segment of their path (searches, exports, previews, totals, summaries, live tails, lookups).
 */
import { describe, expect, it } from 'vitest';
import { LIST_REPORTS, ROUTE_TABLE, type RouteDef } from '@paydesk/contract';

/** POSTs that read: the last path segment (`:Param`s left out). */
const READ_SEGMENT = /^(Search|Export|Preview|Summary|Totals|Tail|Targets|Check|Handshake|states|cities|Get[A-Z]\w*)$/;

/**
 * Reads that are themselves audited: the reads of a report declaring `readAudit` (the log
 * screens: PCI DSS 10.2.1, access to the audit trails), each row naming that report's action.
 */
function isAuditedRead(r: RouteDef): boolean {
  const report = (r as RouteDef & { report?: { name: string } }).report;
  const def = report && LIST_REPORTS.find((d) => d.name === report.name);
  return Boolean(def?.readAudit && r.audit?.action === def.readAudit.action);
}

/**
 * Writes that record their own audit rows, each for a reason a single declared row cannot hold.
 * The resource engine's routes (RouteDef.resource) write theirs in engine/crud.ts.
 */
const OWN_AUDIT: Record<string, string> = {
  login: 'writes SUCCESS, FAILURE and LOCKOUT rows before any session exists',
  logout: 'the session it ends is the actor; written as the session is revoked',
  changeUserGroup: 'records the membership left and the one entered',
  mfaStart: 'an enrolment step: written with the secret it replaces, before two-factor holds',
  mfaConfirm: 'a wrong code is recorded too, and counted in the sign-in lockout',
  tokenSetPassword: 'no session: the link names the actor',
  forgotPassword: 'no session: every request writes a row (a link sent, or why not), outside any transaction when none is sent',
  changePassword: 'a wrong current password is recorded too, outside the transaction that would roll it back',
  settlementImport: 'an upload, read outside any transaction; the same bytes again add nothing and write no row',
  merchantUploadSubmit: 'an upload, stored before its transaction: writes UPLOAD, and its job one row per merchant created',
  firmwareUpload: 'an upload, hashed while read outside any transaction; the same image again writes no row',
  bulkUpdateMdrApply: 'an upload: one row per rate changed, beside its summary',
  payoutBatchResult: "an upload: the bank's result file is parsed outside the transaction; the same file again changes nothing and writes no row",
  masterMerchantProfileDocumentUpload: 'an upload, hashed and stored before its row; the same file again writes none',
  agencyProfileDocumentUpload: 'an upload, hashed and stored before its row; the same file again writes none',
  agentProfileDocumentUpload: 'an upload, hashed and stored before its row; the same file again writes none',
  merchantProfileDocumentUpload: 'an upload, hashed and stored before its row; the same file again writes none',
  otlpLogs: 'machine log records (OTLP), no user act: the entries are their own record; the ingest keys are audited when issued, rotated, revoked',
  logFileUpload: "a terminal's log file, no user act: its log entry is its own record (the same bytes again write none); its download is audited",
  txnIngest: 'machine transactions (the payment gateway, the terminal host), no user act: each request leaves a payment log entry naming the credential, status and counts, each row carries its source; the signing credentials are audited when issued, rotated, revoked',
  txnIngestEvents: 'machine status events, no user act: each is kept once in transaction_events with its fate, and each request leaves a payment log entry',
};

/** Whether a route changes state by its method and path. */
function isStateChanging(r: RouteDef): boolean {
  if (r.method === 'GET') return false;
  if (r.method !== 'POST') return true;
  const last = r.path.split('/').filter((s) => s && !s.startsWith(':')).pop() ?? '';
  return !READ_SEGMENT.test(last);
}

describe('audit declarations', () => {
  const entries = Object.entries(ROUTE_TABLE);
  const writes = entries.filter(([, r]) => isStateChanging(r) && !r.resource);

  it('declares an audit row on every state-changing route, or says why it writes its own', () => {
    const missing = writes.filter(([name, r]) => !r.audit && !OWN_AUDIT[name]).map(([name, r]) => `${name} (${r.method} ${r.path})`);
    expect(missing).toEqual([]);
    expect(writes.length).toBeGreaterThan(50);
  });

  it('declares audit rows only on state-changing routes, and no exception is left over', () => {
    const reads = entries.filter(([, r]) => r.audit && !isStateChanging(r) && !isAuditedRead(r)).map(([name]) => name);
    expect(reads).toEqual([]);
    const stale = Object.keys(OWN_AUDIT).filter((name) => !ROUTE_TABLE[name] || ROUTE_TABLE[name]!.audit || !isStateChanging(ROUTE_TABLE[name]!));
    expect(stale).toEqual([]);
  });

  it('names an UPPER_SNAKE action and a record kind (letters, as the rows written elsewhere: user, PayoutBatch) in every declaration', () => {
    const bad = entries.filter(([, r]) => r.audit && !(/^[A-Z][A-Z0-9_]*$/.test(r.audit.action) && /^[A-Za-z]+$/.test(r.audit.target))).map(([name]) => name);
    expect(bad).toEqual([]);
  });
});

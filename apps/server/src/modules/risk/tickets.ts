/**
 * Risk alerts as tickets (§4 ticket status): PENDING (raised) → OPEN (taken by
 * a staff member: assigned to the caller) → CLOSE (closed by its assignee or any holder of
 * `risk:close`, with a resolution). Taking an OPEN alert reassigns it to the caller. Comments are
 * kept on PENDING and OPEN alerts. A CLOSE alert accepts nothing (409 CF409); a PENDING one must be
 * taken before it is closed, so every closed alert names who looked at it. Each action locks the
 * alert inside the caller's scope (another tenant's id is NF404) and writes one history event
 * with the actor (risk_alert_events); it is an audited operation, so the platform writes one
 * audit row naming the alert in the same transaction. The history answers with the evidence
 * transactions.
 */
import type { z } from 'zod';
import type { RiskAlertState, Routes } from '@paydesk/contract';
import { ERROR_CODES, type TicketStatus } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AuditNote, OperationFn } from '../../platform/operation.ts';
import { ownerConditionSql, type Scope } from '../../platform/scope.ts';

type Action = 'ASSIGN' | 'COMMENT' | 'CLOSE';
/** The statuses each action accepts. */
const ACCEPTS: Record<Action, readonly TicketStatus[]> = { ASSIGN: ['PENDING', 'OPEN'], COMMENT: ['PENDING', 'OPEN'], CLOSE: ['OPEN'] };

async function lockAlert(q: Query, id: number, scope: Scope): Promise<{ id: number; status: TicketStatus }> {
  const owner = ownerConditionSql(scope, 'a', 2);
  const [a] = await q<{ id: number; status: TicketStatus }>(`SELECT a.id, a.status FROM risk_alerts a WHERE a.id = $1 AND ${owner.text} FOR UPDATE`, [id, ...owner.values]);
  if (!a) throw notFound('Risk alert');
  return a;
}

async function alertState(q: Query, id: number): Promise<z.input<typeof RiskAlertState>> {
  const [a] = await q<Record<string, unknown>>(
    `SELECT a.id, a.status, u.email, a.resolution, a.updated_at FROM risk_alerts a LEFT JOIN users u ON u.id = a.assignee_user_id WHERE a.id = $1`,
    [id],
  );
  return { Id: Number(a!.id), Status: a!.status as TicketStatus, Assignee: (a!.email as string | null) ?? null, Resolution: (a!.resolution as string | null) ?? null, UpdatedAt: new Date(a!.updated_at as string).toISOString() };
}

/** What a ticket action needs of its operation's context: the transaction, the caller, the clock, the audit note. */
interface TicketContext {
  q: Query;
  scope: Scope;
  now: () => Date;
  audit: (note: AuditNote) => void;
}

/**
 * One ticket action on alert `id` (`text`: the comment or the resolution): lock, check the status,
 * write, log, note the audit row (status before and after, the event's summary); answers the
 * alert's state. Throws NF404 (not in scope) or 409 CF409 (the status does not accept it).
 */
async function ticketAction(ctx: TicketContext, id: number, action: Action, text?: string): Promise<z.input<typeof RiskAlertState>> {
  const { q, scope } = ctx;
  const a = await lockAlert(q, id, scope);
  if (!ACCEPTS[action].includes(a.status)) {
    throw new AppError(409, ERROR_CODES.CONFLICT, `Risk alert ${a.id} is ${a.status}: ${action === 'CLOSE' && a.status === 'PENDING' ? 'take it before closing it' : `${action.toLowerCase()} is not allowed`}`);
  }
  const at = ctx.now();
  let summary: string;
  let to: TicketStatus = a.status;
  if (action === 'ASSIGN') {
    await q(`UPDATE risk_alerts SET status = 'OPEN', assignee_user_id = $2, updated_at = $3 WHERE id = $1`, [a.id, scope.userId, at]);
    summary = `${a.status === 'PENDING' ? 'Taken' : 'Reassigned'} by ${scope.email}`;
    to = 'OPEN';
  } else if (action === 'COMMENT') {
    await q(`UPDATE risk_alerts SET updated_at = $2 WHERE id = $1`, [a.id, at]);
    summary = text!;
  } else {
    await q(`UPDATE risk_alerts SET status = 'CLOSE', resolution = $2, updated_at = $3 WHERE id = $1`, [a.id, text, at]);
    summary = `Closed: ${text}`;
    to = 'CLOSE';
  }
  await q(`INSERT INTO risk_alert_events (alert_id, at, actor_user_id, action, summary) VALUES ($1, $2, $3, $4, $5)`, [a.id, at, scope.userId, action, summary]);
  ctx.audit({ targetId: a.id, before: { Status: a.status }, after: { Status: to }, detail: summary });
  return alertState(q, a.id);
}

/** Assign: the caller takes the alert (PENDING or OPEN becomes OPEN, assigned to the caller). */
export const riskAssign: OperationFn<Routes['riskAssign']> = async (body, ctx) => ticketAction(ctx, body.Id, 'ASSIGN');
/** Comment: kept in the history of a PENDING or OPEN alert. */
export const riskComment: OperationFn<Routes['riskComment']> = async (body, ctx) => ticketAction(ctx, body.Id, 'COMMENT', body.Comment);
/** Close: an OPEN alert becomes CLOSE with its resolution. */
export const riskClose: OperationFn<Routes['riskClose']> = async (body, ctx) => ticketAction(ctx, body.Id, 'CLOSE', body.Resolution);

/** GET /api/portal/Risk/Log/:Id: the alert's history (oldest first, RAISED first) and its evidence. */
export const riskLog: OperationFn<Routes['riskLog']> = async ({ Id }, { q: query, scope }) => {
  const owner = ownerConditionSql(scope, 'a', 2);
  const [a] = await query<Record<string, unknown>>(
    `SELECT a.id, a.rule_code, a.status, a.threshold::text AS threshold, a.observed::text AS observed, a.created_at FROM risk_alerts a WHERE a.id = $1 AND ${owner.text}`,
    [Id, ...owner.values],
  );
  if (!a) throw notFound('Risk alert');
  const [events, txns] = await Promise.all([
    query<Record<string, unknown>>(
      `SELECT e.at, e.action, u.email, e.summary FROM risk_alert_events e LEFT JOIN users u ON u.id = e.actor_user_id WHERE e.alert_id = $1 ORDER BY e.at, e.id LIMIT 500`,
      [Id],
    ),
    query<Record<string, unknown>>(
      `SELECT transaction_id, txn_ref_no, txn_created_at, status, amount::text AS amount, currency FROM risk_alert_transactions WHERE alert_id = $1 ORDER BY txn_created_at, transaction_id`,
      [Id],
    ),
  ]);
  const iso = (v: unknown) => new Date(v as string).toISOString();
  return {
    Id: Number(a.id), RuleCode: String(a.rule_code), Status: a.status as TicketStatus, Threshold: String(a.threshold), Observed: String(a.observed),
    Events: [
      { At: iso(a.created_at), Action: 'RAISED', Actor: null, Summary: `${String(a.rule_code)}: observed ${String(a.observed)} against the threshold ${String(a.threshold)}` },
      ...events.map((e) => ({ At: iso(e.at), Action: String(e.action), Actor: (e.email as string | null) ?? null, Summary: String(e.summary) })),
    ],
    Transactions: txns.map((t) => ({ Id: Number(t.transaction_id), TxnRefNo: String(t.txn_ref_no), CreatedAt: iso(t.txn_created_at), Status: String(t.status), TxnAmount: String(t.amount), Currency: String(t.currency) })),
  };
};

/**
 * Risk alerts as tickets (§4 ticket status): PENDING (raised) → OPEN (taken by
 * a staff member: assigned to the caller, or given to a colleague: assignees.ts) → CLOSE (closed by its assignee or any holder of
 * `risk:close`, with a resolution). Taking an OPEN alert reassigns it to the caller. Comments are
 * kept on PENDING and OPEN alerts. A CLOSE alert accepts nothing (409 CF409); a PENDING one must be
 * taken before it is closed, so every closed alert names who looked at it. Each action locks the
 * alert inside the caller's scope (another tenant's id is NF404) and writes one history event
 * with the actor (risk_alert_events); it is an audited operation, so the platform writes one
 * audit row naming the alert in the same transaction. The history answers with the evidence
 * transactions.
 */
import type { z } from 'zod';
import { RISK_ALERT_WORKFLOW, WORKFLOW_PERMISSIONS, type RiskAlertState, type Routes } from '@paydesk/contract';
import { ERROR_CODES, TICKET_MACHINE, type TicketAction, type TicketStatus } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { OperationFn } from '../../platform/operation.ts';
import { ownerConditionSql, type Scope } from '../../platform/scope.ts';
import { alertAssignees } from './assignees.ts';
import { command, readEvents, type LockedRecord, type WorkflowTable } from '../../workflows/engine.ts';

/** A locked alert: its status and its assignee (a user id, null while unassigned). */
type LockedAlert = LockedRecord<TicketStatus> & { assignee: number | null };

/** Locks alert `id` FOR UPDATE (inside `scope` when given); null when absent or outside. */
async function lockAlert(q: Query, id: number, scope?: Scope): Promise<LockedAlert | null> {
  const owner = scope ? ownerConditionSql(scope, 'a', 2) : { text: 'true', values: [] };
  const [a] = await q<{ id: number; status: TicketStatus; assignee_user_id: number | null }>(
    `SELECT a.id, a.status, a.assignee_user_id FROM risk_alerts a WHERE a.id = $1 AND ${owner.text} FOR UPDATE`,
    [id, ...owner.values],
  );
  return a ? { id: Number(a.id), status: a.status, assignee: a.assignee_user_id === null ? null : Number(a.assignee_user_id) } : null;
}

/**
 * The ticket actions `scope` may take on an alert in `status` assigned to `assignee`: the machine
 * accepts it, the route's permission is held, ASSIGN not on the caller's own alert (§4), and
 * ASSIGN_TO only when there is a colleague to give it to (`colleagues`: how many).
 */
export function allowedTicketActions(scope: Scope, status: TicketStatus, assignee: number | null, colleagues: number): TicketAction[] {
  return RISK_ALERT_WORKFLOW.commands
    .filter((c) => TICKET_MACHINE.next(status, c.action) !== null && scope.permissions.has(WORKFLOW_PERMISSIONS[c.route] ?? '\0'))
    .filter((c) => (c.action !== 'ASSIGN' || assignee !== scope.userId) && (c.action !== 'ASSIGN_TO' || colleagues > 0))
    .map((c) => c.action);
}

/** The risk alert as a workflow record (workflows/engine.ts): its machine, lock and event log. */
export const RISK_ALERTS: WorkflowTable<TicketStatus, TicketAction, LockedAlert> = {
  machine: TICKET_MACHINE,
  table: 'risk_alerts',
  noun: 'Risk alert',
  conflict: ERROR_CODES.CONFLICT,
  refusal: (a, action) => `Risk alert ${a.id} is ${a.status}: ${action === 'CLOSE' && a.status === 'PENDING' ? 'take it before closing it' : `${action.toLowerCase()} is not allowed`}`,
  lock: lockAlert,
  events: { table: 'risk_alert_events', key: 'alert_id', fromTo: false },
};

async function alertState(q: Query, id: number): Promise<z.input<typeof RiskAlertState>> {
  const [a] = await q<Record<string, unknown>>(
    `SELECT a.id, a.status, u.email, a.resolution, a.updated_at FROM risk_alerts a LEFT JOIN users u ON u.id = a.assignee_user_id WHERE a.id = $1`,
    [id],
  );
  return { Id: Number(a!.id), Status: a!.status as TicketStatus, Assignee: (a!.email as string | null) ?? null, Resolution: (a!.resolution as string | null) ?? null, UpdatedAt: new Date(a!.updated_at as string).toISOString() };
}

/** Assign: the caller takes the alert (PENDING or OPEN becomes OPEN, assigned to the caller). */
export const riskAssign: OperationFn<Routes['riskAssign']> = command(RISK_ALERTS, 'ASSIGN', (a, _body, ctx) => {
  // Taking over one's own case would only write a history line: refused, as the desk does not offer it.
  if (a.assignee === ctx.scope.userId) throw new AppError(409, ERROR_CODES.CONFLICT, `Risk alert ${a.id} is already assigned to you`);
  return { summary: `${a.status === 'PENDING' ? 'Taken' : 'Reassigned'} by ${ctx.scope.email}`, set: { assignee_user_id: ctx.scope.userId } };
}, alertState);

/**
 * Assign to: the alert is given to `AssigneeUserId`, who must be one of its Assignees for this
 * caller (assignees.ts; 400 VAL400 naming the field otherwise). PENDING or OPEN becomes OPEN.
 */
export const riskAssignTo: OperationFn<Routes['riskAssignTo']> = command(RISK_ALERTS, 'ASSIGN_TO', async (a, body, ctx) => {
  const colleague = (await alertAssignees(ctx.q, ctx.scope, a.id)).find((u) => u.Id === body.AssigneeUserId);
  if (!colleague) throw badInput('AssigneeUserId', 'is not a colleague who may work this alert');
  return { summary: `Assigned to ${colleague.Email} by ${ctx.scope.email}`, set: { assignee_user_id: colleague.Id } };
}, alertState);

/** Comment: kept in the history of a PENDING or OPEN alert. */
export const riskComment: OperationFn<Routes['riskComment']> = command(RISK_ALERTS, 'COMMENT', (_a, body) => ({ summary: body.Comment, set: {} }), alertState);

/** Close: an OPEN alert becomes CLOSE with its resolution. */
export const riskClose: OperationFn<Routes['riskClose']> = command(RISK_ALERTS, 'CLOSE', (_a, body) => ({ summary: `Closed: ${body.Resolution}`, set: { resolution: body.Resolution } }), alertState);

/** GET /api/portal/Risk/Log/:Id: the alert's history (oldest first, RAISED first) and its evidence. */
export const riskLog: OperationFn<Routes['riskLog']> = async ({ Id }, { q: query, scope }) => {
  const owner = ownerConditionSql(scope, 'a', 2);
  const [a] = await query<Record<string, unknown>>(
    `SELECT a.id, a.rule_code, a.status, a.threshold::text AS threshold, a.observed::text AS observed, a.currency, a.assignee_user_id, a.created_at FROM risk_alerts a WHERE a.id = $1 AND ${owner.text}`,
    [Id, ...owner.values],
  );
  if (!a) throw notFound('Risk alert');
  const mayAssign = scope.permissions.has(WORKFLOW_PERMISSIONS.riskAssignTo ?? '\0') && TICKET_MACHINE.next(a.status as TicketStatus, 'ASSIGN_TO') !== null;
  const [events, txns, assignees] = await Promise.all([
    readEvents(query, RISK_ALERTS.events, Id),
    query<Record<string, unknown>>(
      `SELECT transaction_id, txn_ref_no, txn_created_at, status, amount::text AS amount, currency, service_type, payment_method, masked_pan, client_ip
         FROM risk_alert_transactions WHERE alert_id = $1 ORDER BY txn_created_at, transaction_id`,
      [Id],
    ),
    mayAssign ? alertAssignees(query, scope, Id) : Promise.resolve([]),
  ]);
  const iso = (v: unknown) => new Date(v as string).toISOString();
  return {
    Id: Number(a.id), RuleCode: String(a.rule_code), Status: a.status as TicketStatus, Threshold: String(a.threshold), Observed: String(a.observed), Currency: (a.currency as string | null) ?? null,
    Events: [
      { At: iso(a.created_at), Action: 'RAISED', Actor: null, Summary: `${String(a.rule_code)}: observed ${String(a.observed)} against the threshold ${String(a.threshold)}` },
      ...events.map((e) => ({ At: e.At, Action: e.Action, Actor: e.Actor, Summary: e.Summary })),
    ],
    Transactions: txns.map((t) => ({
      Id: Number(t.transaction_id), TxnRefNo: String(t.txn_ref_no), CreatedAt: iso(t.txn_created_at), Status: String(t.status), TxnAmount: String(t.amount), Currency: String(t.currency),
      ServiceType: Number(t.service_type), PaymentMethod: String(t.payment_method), MaskedPAN: (t.masked_pan as string | null) ?? null, ClientIp: (t.client_ip as string | null) ?? null,
    })),
    AllowedActions: allowedTicketActions(scope, a.status as TicketStatus, a.assignee_user_id === null ? null : Number(a.assignee_user_id), assignees.length),
    Assignees: assignees,
  };
};

/**
 * Risk alerts as tickets (issue 11 Build 7; §4 ticket status): PENDING (raised) → OPEN (taken by
 * a staff member: assigned to the caller) → CLOSE (closed by its assignee or any holder of
 * `risk:close`, with a resolution). Taking an OPEN alert reassigns it to the caller. Comments are
 * kept on PENDING and OPEN alerts. A CLOSE alert accepts nothing (409 CF409); a PENDING one must be
 * taken before it is closed, so every closed alert names who looked at it. Each action locks the
 * alert inside the caller's scope (another tenant's id is NF404) and writes one history event
 * with the actor (risk_alert_events). The history answers with the evidence transactions.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RiskCloseRequest, RiskCommentRequest } from '@paydesk/contract';
import { ERROR_CODES, type TicketStatus } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { ownerConditionSql, type Scope, scopeOf } from '../../platform/scope.ts';

type Action = 'ASSIGN' | 'COMMENT' | 'CLOSE';
/** The statuses each action accepts. */
const ACCEPTS: Record<Action, readonly TicketStatus[]> = { ASSIGN: ['PENDING', 'OPEN'], COMMENT: ['PENDING', 'OPEN'], CLOSE: ['OPEN'] };

async function lockAlert(q: Query, id: number, scope: Scope): Promise<{ id: number; status: TicketStatus }> {
  const owner = ownerConditionSql(scope, 'a', 2);
  const [a] = await q<{ id: number; status: TicketStatus }>(`SELECT a.id, a.status FROM risk_alerts a WHERE a.id = $1 AND ${owner.text} FOR UPDATE`, [id, ...owner.values]);
  if (!a) throw notFound('Risk alert');
  return a;
}

async function alertState(q: Query, id: number) {
  const [a] = await q<Record<string, unknown>>(
    `SELECT a.id, a.status, u.email, a.resolution, a.updated_at FROM risk_alerts a LEFT JOIN users u ON u.id = a.assignee_user_id WHERE a.id = $1`,
    [id],
  );
  return { Id: Number(a!.id), Status: a!.status as TicketStatus, Assignee: (a!.email as string | null) ?? null, Resolution: (a!.resolution as string | null) ?? null, UpdatedAt: new Date(a!.updated_at as string).toISOString() };
}

/** One ticket action: lock, check the status, write, log; answers the alert's state. */
function ticketHandler(app: FastifyInstance, action: Action) {
  return async (req: FastifyRequest) => {
    const scope = scopeOf(req);
    const body = req.body as { Id: number } & Partial<z.infer<typeof RiskCommentRequest> & z.infer<typeof RiskCloseRequest>>;
    const { database, now } = app.ctx;
    return database.transaction(async (q) => {
      const a = await lockAlert(q, body.Id, scope);
      if (!ACCEPTS[action].includes(a.status)) {
        throw new AppError(409, ERROR_CODES.CONFLICT, `Risk alert ${a.id} is ${a.status}: ${action === 'CLOSE' && a.status === 'PENDING' ? 'take it before closing it' : `${action.toLowerCase()} is not allowed`}`);
      }
      const at = now();
      let summary: string;
      if (action === 'ASSIGN') {
        await q(`UPDATE risk_alerts SET status = 'OPEN', assignee_user_id = $2, updated_at = $3 WHERE id = $1`, [a.id, scope.userId, at]);
        summary = `${a.status === 'PENDING' ? 'Taken' : 'Reassigned'} by ${scope.email}`;
      } else if (action === 'COMMENT') {
        await q(`UPDATE risk_alerts SET updated_at = $2 WHERE id = $1`, [a.id, at]);
        summary = body.Comment!;
      } else {
        await q(`UPDATE risk_alerts SET status = 'CLOSE', resolution = $2, updated_at = $3 WHERE id = $1`, [a.id, body.Resolution, at]);
        summary = `Closed: ${body.Resolution}`;
      }
      await q(`INSERT INTO risk_alert_events (alert_id, at, actor_user_id, action, summary) VALUES ($1, $2, $3, $4, $5)`, [a.id, at, scope.userId, action, summary]);
      return alertState(q, a.id);
    });
  };
}

export const riskAssignHandler = (app: FastifyInstance) => ticketHandler(app, 'ASSIGN');
export const riskCommentHandler = (app: FastifyInstance) => ticketHandler(app, 'COMMENT');
export const riskCloseHandler = (app: FastifyInstance) => ticketHandler(app, 'CLOSE');

/** GET /api/portal/Risk/Log/:Id: the alert's history (oldest first, RAISED first) and its evidence. */
export function riskLogHandler(app: FastifyInstance) {
  return async (req: FastifyRequest) => {
    const scope = scopeOf(req);
    const { Id } = req.params as { Id: number };
    const { query } = app.ctx.database;
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
}

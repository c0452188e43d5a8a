/**
 * The append-only audit log (sign-in, failed sign-in, lockout, group switch, sign-out and
 * every change). A database trigger refuses UPDATE and DELETE on the table.
 */
import type { FastifyRequest } from 'fastify';
import type { Database, Query } from '../db/client.ts';

export interface AuditEntry {
  action: string;
  result: 'SUCCESS' | 'FAILURE';
  actorUserId?: number | null;
  actorEmail?: string | null;
  /** The membership acted in; defaults to the request's session membership. */
  actorMembershipId?: number | null;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  detail?: unknown;
}

/** The client-reported public IP (recorded, never trusted) and the socket address (trusted). */
export function requestAddresses(req: FastifyRequest): { clientIp: string | null; socketIp: string } {
  const header = req.headers['x-client-public-ip'];
  const clientIp = typeof header === 'string' && header.length <= 64 && /^[0-9a-fA-F:.]+$/.test(header) ? header : null;
  return { clientIp, socketIp: req.ip };
}

/**
 * Appends one audit record through `query` — the database, or a transaction's query so the
 * record commits or rolls back with the change it describes. Times are UTC (now()). With `req`,
 * the row carries the request id (the `reqId` of its log lines) and the session's membership.
 */
export async function writeAudit(query: Database | Query, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  const q: Query = typeof query === 'function' ? query : query.query;
  const addr = req ? requestAddresses(req) : { clientIp: null, socketIp: null };
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  await q(
    `INSERT INTO audit_log (action, result, actor_user_id, actor_email, actor_membership_id, request_id, target_type, target_id, client_ip, socket_ip, before, after, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      e.action, e.result, e.actorUserId ?? null, e.actorEmail ?? null, e.actorMembershipId ?? req?.scope?.membershipId ?? null, req ? String(req.id) : null,
      e.targetType ?? null, e.targetId === undefined ? null : String(e.targetId), addr.clientIp, addr.socketIp, json(e.before), json(e.after), json(e.detail),
    ],
  );
}

/**
 * The append-only audit log (issue: sign-in, failed sign-in, lockout, group switch, sign-out and
 * every change). A database trigger refuses UPDATE and DELETE on the table.
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export interface AuditEntry {
  action: string;
  result: 'SUCCESS' | 'FAILURE';
  actorUserId?: number | null;
  actorEmail?: string | null;
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

/** Appends one audit record. Times are UTC (database default now()). */
export async function writeAudit(database: Database, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  const addr = req ? requestAddresses(req) : { clientIp: null, socketIp: null };
  await database.db.insert(auditLog).values({
    action: e.action,
    result: e.result,
    actorUserId: e.actorUserId ?? null,
    actorEmail: e.actorEmail ?? null,
    targetType: e.targetType ?? null,
    targetId: e.targetId === undefined ? null : String(e.targetId),
    clientIp: addr.clientIp,
    socketIp: addr.socketIp,
    before: e.before ?? null,
    after: e.after ?? null,
    detail: e.detail ?? null,
  });
}

/** The append-only audit log. */
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/** Append-only audit log (a trigger refuses UPDATE and DELETE). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email'),
    /** The membership (user group and company) the actor acted in; null for sign-in and jobs. */
    actorMembershipId: integer('actor_membership_id'),
    /** The request's id (pino `reqId`, the X-Request-Id answered), so a row leads to its log lines. */
    requestId: text('request_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    result: text('result').notNull(),
    clientIp: text('client_ip'),
    socketIp: text('socket_ip'),
    before: jsonb('before'),
    after: jsonb('after'),
    detail: jsonb('detail'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_actor_idx').on(t.actorUserId, t.at)],
);

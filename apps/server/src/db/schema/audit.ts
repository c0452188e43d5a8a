/** The append-only audit log, and the history of the resource engine's records with a lifecycle. */
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, workflowEvent } from './columns.ts';

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

/**
 * The history of every record with a lifecycle on the resource engine (contract
 * `ResourceDef.lifecycle`; the workflow engine's `EventTable` with `kind`): one table for all of
 * them, keyed by the resource's name and the record's id, so a new lifecycle record needs no event
 * table of its own. Read only after the record itself was found in the caller's scope.
 */
export const resourceEvents = pgTable(
  'resource_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    ...workflowEvent(),
  },
  (t) => [index('resource_events_record_idx').on(t.resource, t.recordId, t.at, t.id)],
);

/**
 * Column helpers shared by the schema's files (not tables: index.ts does not re-export them).
 * Times are `timestamptz` read as Date (UTC); `managed()` and `owner()` are the column groups
 * their docstrings describe.
 */
import { integer, text, timestamp } from 'drizzle-orm/pg-core';

/** A `timestamptz` column read as a Date (UTC). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Columns every table served by the resource engine carries besides id and is_active: an
 * optimistic-lock version (a stale Update is refused) and change times (UTC).
 */
export const managed = () => ({
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Owner columns of every transaction-sized table: the denormalized ancestors, as on `transactions`. */
export const owner = () => ({
  masterMerchantId: integer('master_merchant_id').notNull(),
  agencyId: integer('agency_id').notNull(),
  agentId: integer('agent_id').notNull(),
  merchantId: integer('merchant_id').notNull(),
  branchId: integer('branch_id'),
});

/**
 * The columns of a workflow engine's event table after its key (apps/server/src/workflows/engine.ts
 * `EventTable` with fromTo): when (UTC), who (null: the system), the action, the state before
 * (null for the record's first event) and after, and a summary (null: none).
 */
export const workflowEvent = () => ({
  at: ts('at').notNull().defaultNow(),
  actorUserId: integer('actor_user_id'),
  action: text('action').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  summary: text('summary'),
});

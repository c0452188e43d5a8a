/**
 * What the ingest API keeps beside the transactions it writes (issue 31 item 1, modules/txn-ingest):
 * the status events of each transaction and the message ids already received.
 */
import { bigint, bigserial, index, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/**
 * Status events (domain txn-events.ts), one row per (source, event id): the transaction's state is
 * the fold of its rows, so an event applies once and the arrival order does not matter. The first
 * event of a transaction stores its BASE first (`type` 'BASE', `base` the row as created), taken
 * under the transaction's row lock, so later folds start where the transaction started.
 * `outcome`: null when the fold accepted the event, else why it was refused.
 */
export const transactionEvents = pgTable(
  'transaction_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    eventAt: ts('event_at').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    opRef: text('op_ref'),
    responseCode: text('response_code'),
    responseMessage: text('response_message'),
    base: jsonb('base'),
    outcome: text('outcome'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('transaction_events_source_event_uq').on(t.source, t.eventId), index('transaction_events_txn_idx').on(t.transactionId, t.eventAt)],
);

/**
 * Message ids (`webhook-id`) received, per source: a second message with the same id is refused.
 * Kept INGEST_MESSAGE_KEEP_MS (past the 5-minute timestamp tolerance, after which a replayed
 * message is refused for its timestamp anyway), then swept by a job.
 */
export const ingestMessages = pgTable(
  'ingest_messages',
  {
    source: text('source').notNull(),
    messageId: text('message_id').notNull(),
    credentialId: bigint('credential_id', { mode: 'number' }).notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.messageId] }), index('ingest_messages_received_idx').on(t.receivedAt)],
);

/**
 * Zone master keys under dual control (/zmk-config; modules/zmk). Key material
 * is only ever stored sealed under the field key (engine/secret-fields.ts): a component while its
 * ceremony runs (wiped when the key is completed or the ceremony cancelled), the combined key
 * while it is ACTIVE (wiped when it is retired). Check values are kept for the record.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, managed } from './columns.ts';
import { acquirers } from './reference.ts';

/** A zone master key shared with an acquirer's host; `status` AWAITING_COMPONENTS → ACTIVE → RETIRED, or CANCELLED. */
export const zmkKeys = pgTable(
  'zmk_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    purpose: text('purpose').notNull(),
    acquirerId: integer('acquirer_id').notNull().references(() => acquirers.id),
    scheme: text('scheme').notNull(),
    componentCount: smallint('component_count').notNull(),
    status: text('status').notNull().default('AWAITING_COMPONENTS'),
    /** The combined key, sealed; set on activation, wiped on retirement. */
    keySealed: text('key_sealed'),
    kcv: text('kcv'),
    /** TDES only: every byte of the combined key has odd parity. */
    oddParity: boolean('odd_parity'),
    createdByUserId: integer('created_by_user_id').notNull(),
    activatedAt: ts('activated_at'),
    closedByUserId: integer('closed_by_user_id'),
    closedAt: ts('closed_at'),
    closeReason: text('close_reason'),
    ...managed(),
  },
  (t) => [
    uniqueIndex('zmk_keys_name_uq').on(t.name),
    check('zmk_keys_component_count_ck', sql`${t.componentCount} IN (2, 3)`),
    // An active key always has its sealed key and KCV; nothing else holds a key.
    check('zmk_keys_active_ck', sql`(${t.status} = 'ACTIVE') = (${t.keySealed} IS NOT NULL)`),
  ],
);

/**
 * One custodian's component of a key: who entered it and its KCV, and the component itself
 * sealed until the ceremony ends. One row per slot, and one per user: a user never enters two
 * components of the same key, whatever custodian permissions it holds.
 */
export const zmkComponents = pgTable(
  'zmk_components',
  {
    id: serial('id').primaryKey(),
    keyId: integer('key_id').notNull().references(() => zmkKeys.id),
    seq: smallint('seq').notNull(),
    userId: integer('user_id').notNull(),
    /** The component, sealed; NULL once the ceremony has ended (wiped). */
    componentSealed: text('component_sealed'),
    kcv: text('kcv').notNull(),
    enteredAt: ts('entered_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('zmk_components_slot_uq').on(t.keyId, t.seq),
    uniqueIndex('zmk_components_user_uq').on(t.keyId, t.userId),
    check('zmk_components_seq_ck', sql`${t.seq} BETWEEN 1 AND 3`),
  ],
);

/** A key's history: CREATED, COMPONENT_ENTERED (slot, KCV), ACTIVATED (KCV), CANCELLED, RETIRED (reason). */
export const zmkEvents = pgTable(
  'zmk_events',
  {
    id: serial('id').primaryKey(),
    keyId: integer('key_id').notNull().references(() => zmkKeys.id),
    event: text('event').notNull(),
    seq: smallint('seq'),
    kcv: text('kcv'),
    reason: text('reason'),
    userId: integer('user_id'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('zmk_events_key_idx').on(t.keyId, t.id)],
);

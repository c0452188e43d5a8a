/**
 * Terminals and devices: the hardware inventory, the terminals at merchants, and terminal
 * firmware with its staged rollouts. One file because a terminal names the firmware offered to it
 * and a rollout names its terminals (no import cycle between schema files).
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, char, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, managed } from './columns.ts';
import { organizations } from './hierarchy.ts';
import { acquirers, terminalModels } from './reference.ts';

/** The terminal hardware inventory (/master-devices): one row per device, by its serial. */
export const masterDevices = pgTable('master_devices', {
  id: serial('id').primaryKey(),
  serialNo: text('serial_no').notNull().unique(),
  // A model of the terminal models list (GetTerminalModel): an unknown one is refused naming Model.
  model: text('model').notNull().references(() => terminalModels.model),
  imei: text('imei'),
  simIccid: text('sim_iccid'),
  simMsisdn: text('sim_msisdn'),
  status: text('status').notNull().default('IN_STOCK'),
  notes: text('notes'),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/**
 * Payment terminals at merchants (/terminal-management), owned by a merchant HQ or branch. The
 * device serial refers to the inventory (a device carries one terminal at a time).
 */
export const terminals = pgTable(
  'terminals',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => organizations.id),
    tid: text('tid').notNull().unique(),
    serialNo: text('serial_no').unique().references(() => masterDevices.serialNo, { onUpdate: 'cascade' }),
    model: text('model').notNull().references(() => terminalModels.model),
    acquirerId: integer('acquirer_id').notNull().references(() => acquirers.id),
    mid: text('mid').notNull(),
    status: text('status').notNull().default('PENDING'),
    lastSeenAt: ts('last_seen_at'),
    firmwareVersion: text('firmware_version'),
    /**
     * The firmware a rollout offers this terminal (modules/firmware): set when its stage
     * starts, cleared when it reports that version or the offer is withdrawn. The terminal
     * management host reads it to deliver the image; nothing in the portal pushes to a terminal.
     */
    pendingFirmwareId: integer('pending_firmware_id').references((): AnyPgColumn => firmwareFiles.id),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  // org_id: the owner scope of every read; acquirer_id: an acquirer's delete probes its terminals.
  // (tid, org_id): the key a provider mapping refers to, so a mapping's terminal is its own organization's.
  (t) => [
    index('terminals_org_idx').on(t.orgId),
    index('terminals_acquirer_idx').on(t.acquirerId),
    uniqueIndex('terminals_tid_org_uq').on(t.tid, t.orgId),
  ],
);

// Terminal firmware and staged rollouts (/terminal-firmware-management; modules/firmware).
// The image bytes live in the object storage of KYC documents (platform/object-storage.ts, disk
// under DATA_DIR or S3), under `firmware/<uuid>`; the rows keep their SHA-256, size and storage.

/** A firmware image; `status` ACTIVE → RETIRED. */
export const firmwareFiles = pgTable(
  'firmware_files',
  {
    id: serial('id').primaryKey(),
    // Not `version`: that is managed()'s optimistic-lock counter.
    firmwareVersion: text('firmware_version').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    storage: text('storage').notNull(),
    storageKey: text('storage_key').notNull(),
    releaseNotes: text('release_notes').notNull().default(''),
    status: text('status').notNull().default('ACTIVE'),
    uploadedByUserId: integer('uploaded_by_user_id').notNull(),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    retiredByUserId: integer('retired_by_user_id'),
    retiredAt: ts('retired_at'),
    retireReason: text('retire_reason'),
    ...managed(),
  },
  (t) => [index('firmware_files_uploaded_idx').on(t.uploadedAt), check('firmware_files_status_ck', sql`${t.status} IN ('ACTIVE', 'RETIRED')`)],
);

/**
 * The models an image supports, with its version copied so that one model has at most one image
 * of a version (retired images included): "terminal T of model M reports V" names one image.
 */
export const firmwareFileModels = pgTable(
  'firmware_file_models',
  {
    firmwareId: integer('firmware_id').notNull().references(() => firmwareFiles.id),
    model: text('model').notNull().references(() => terminalModels.model),
    firmwareVersion: text('firmware_version').notNull(),
  },
  (t) => [primaryKey({ columns: [t.firmwareId, t.model] }), uniqueIndex('firmware_file_models_version_uq').on(t.model, t.firmwareVersion)],
);

/** A staged rollout of an image; `status` RUNNING ⇄ PAUSED → COMPLETED or CANCELLED. */
export const firmwareRollouts = pgTable(
  'firmware_rollouts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    firmwareId: integer('firmware_id').notNull().references(() => firmwareFiles.id),
    status: text('status').notNull().default('RUNNING'),
    /** Cumulative percentages, e.g. [10, 50, 100]. */
    stages: jsonb('stages').$type<number[]>().notNull(),
    /** The models and merchant the plan chose (for the record; the targets are the truth). */
    models: jsonb('models').$type<string[]>().notNull(),
    merchantId: integer('merchant_id'),
    /** The stage started last, 1-based; 0 before the first. */
    currentStage: smallint('current_stage').notNull().default(0),
    stageWaitMinutes: integer('stage_wait_minutes').notNull(),
    /** Hours the last stage's terminals have to report before the rollout completes without them. */
    finalWaitHours: integer('final_wait_hours').notNull().default(72),
    stageStartedAt: ts('stage_started_at'),
    total: integer('total').notNull(),
    createdByUserId: integer('created_by_user_id').notNull(),
    finishedAt: ts('finished_at'),
    ...managed(),
  },
  (t) => [index('firmware_rollouts_firmware_idx').on(t.firmwareId), check('firmware_rollouts_status_ck', sql`${t.status} IN ('RUNNING', 'PAUSED', 'COMPLETED', 'CANCELLED')`)],
);

/**
 * One terminal of a rollout, in its stage. A terminal is in at most one open target (WAITING or
 * OFFERED) — that is, in at most one rollout that still holds it — by the partial unique index.
 */
export const firmwareRolloutTargets = pgTable(
  'firmware_rollout_targets',
  {
    id: serial('id').primaryKey(),
    rolloutId: integer('rollout_id').notNull().references(() => firmwareRollouts.id),
    terminalId: integer('terminal_id').notNull().references(() => terminals.id),
    stage: smallint('stage').notNull(),
    state: text('state').notNull().default('WAITING'),
    offeredAt: ts('offered_at'),
    installedAt: ts('installed_at'),
  },
  (t) => [
    uniqueIndex('firmware_rollout_targets_open_uq').on(t.terminalId).where(sql`${t.state} IN ('WAITING', 'OFFERED')`),
    uniqueIndex('firmware_rollout_targets_rollout_uq').on(t.rolloutId, t.terminalId),
    index('firmware_rollout_targets_stage_idx').on(t.rolloutId, t.stage, t.state),
    check('firmware_rollout_targets_state_ck', sql`${t.state} IN ('WAITING', 'OFFERED', 'INSTALLED', 'NOT_REPORTED', 'CANCELLED')`),
  ],
);

/** A rollout's history: CREATED, STAGE_STARTED (stage), PAUSED, RESUMED, CANCELLED (reason), COMPLETED. */
export const firmwareRolloutEvents = pgTable(
  'firmware_rollout_events',
  {
    id: serial('id').primaryKey(),
    rolloutId: integer('rollout_id').notNull().references(() => firmwareRollouts.id),
    event: text('event').notNull(),
    stage: smallint('stage'),
    reason: text('reason'),
    userId: integer('user_id'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('firmware_rollout_events_rollout_idx').on(t.rolloutId, t.id)],
);

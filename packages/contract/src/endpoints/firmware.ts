/**
 * /terminal-firmware-management (§2 Terminal group): firmware images with their SHA-256,
 * version and compatible terminal models, and staged rollouts of an image to chosen terminals.
 * The facts (statuses, limits, stage arithmetic) are the domain's firmware.ts.
 *
 * Where the spec is silent, our choices:
 *  - Upload is multipart (fields Version, Models — comma-separated names of GetTerminalModel —,
 *    ReleaseNotes, optional Sha256, then the file): the server computes the SHA-256 while it reads
 *    the file and refuses a declared Sha256 that differs (VAL400 naming Sha256) before anything is
 *    stored. (Model, Version) is unique: see the domain's firmware.ts.
 *  - A rollout targets ACTIVE terminals of the image's models (optionally fewer models, one
 *    merchant's subtree, or a list of TIDs), not already on the version, in stages of cumulative
 *    percentages; the next stage starts when every target of the current one has reported the
 *    version or after StageWaitMinutes, whichever comes first. A terminal is in at most one
 *    RUNNING or PAUSED rollout. Create carries an Idempotency-Key.
 *  - "Delivered" is what the terminal reports: there is no terminal host in this portal. An offer
 *    sets the terminal's pending firmware (terminals.pending_firmware_id) for the terminal
 *    management host to pull; a terminal whose reported firmware (terminals.firmware_version)
 *    equals the image's version counts as INSTALLED.
 */
import { z } from 'zod';
import {
  FIELD_MESSAGES, FIRMWARE_STATUSES, ROLLOUT_DEFAULT_FINAL_WAIT_HOURS, ROLLOUT_MAX_FINAL_WAIT_HOURS, ROLLOUT_MAX_STAGES, ROLLOUT_MAX_WAIT_MINUTES, ROLLOUT_STATUSES, ROLLOUT_TARGET_STATES, RULE_MESSAGES, VALIDATION_MESSAGES, fieldMessage, validStages,
} from '@paydesk/domain';
import { DbId, IsoDateTime, listRequest, listResponse } from '../common.ts';

/** Required text of at most `max` characters (trimmed). */
const text = (max: number) => z.string().trim().min(1, VALIDATION_MESSAGES.required).max(max, fieldMessage(FIELD_MESSAGES.maxLength, { max }));
const keyword = z.string().trim().max(100, fieldMessage(FIELD_MESSAGES.maxLength, { max: 100 })).default('');
const wholeRange = (min: number, max: number) =>
  z.coerce.number().int(fieldMessage(FIELD_MESSAGES.wholeRange, { min, max })).min(min, fieldMessage(FIELD_MESSAGES.wholeRange, { min, max })).max(max, fieldMessage(FIELD_MESSAGES.wholeRange, { min, max }));

export const FirmwareParams = z.object({ Id: DbId });

/** The actions on an image its caller may take now. */
export const FIRMWARE_ACTIONS_ALLOWED = ['DOWNLOAD', 'RETIRE', 'ROLLOUT'] as const;

export const FirmwareRow = z.object({
  Id: DbId,
  Version: z.string(),
  FileName: z.string(),
  /** Bytes. */
  SizeBytes: z.number().int(),
  /** SHA-256 of the image, 64 lower-case hex digits. */
  Sha256: z.string(),
  Models: z.array(z.string()),
  ReleaseNotes: z.string(),
  Status: z.enum(FIRMWARE_STATUSES),
  UploadedBy: z.string(),
  UploadedAt: IsoDateTime,
  RetiredBy: z.string().nullable(),
  RetiredAt: IsoDateTime.nullable(),
  RetireReason: z.string().nullable(),
  /** Rollouts of this image RUNNING or PAUSED. */
  ActiveRollouts: z.number().int(),
});
export const FirmwareDetail = FirmwareRow.extend({ AllowedActions: z.array(z.enum(FIRMWARE_ACTIONS_ALLOWED)) });

export const FirmwareSort = ['Version', 'UploadedAt', 'SizeBytes', 'Status'] as const;
export const FirmwareSearchRequest = listRequest(
  z
    .object({
      /** Version or file name, contains. */
      Keyword: keyword,
      /** Images compatible with this model. */
      Model: z.string().trim().max(100, fieldMessage(FIELD_MESSAGES.maxLength, { max: 100 })).optional(),
      Status: z.enum(FIRMWARE_STATUSES, { error: FIELD_MESSAGES.option }).optional(),
    })
    .default({ Keyword: '' }),
  [...FirmwareSort],
);
export const FirmwareSearchResponse = listResponse(FirmwareRow);

/** Retires an image, with the reason; refused while a rollout of it is RUNNING or PAUSED. */
export const FirmwareRetireRequest = z.object({ Id: DbId, Reason: text(500) });

/** A TID as the terminal list keeps it. */
const Tid = z.string().trim().min(1, VALIDATION_MESSAGES.required).max(20, fieldMessage(FIELD_MESSAGES.maxLength, { max: 20 }));

/** Which terminals a rollout takes, and how. */
export const RolloutPlanRequest = z.object({
  FirmwareId: DbId,
  /** Only these of the image's models (default: every model of the image). */
  Models: z.array(z.string().trim().min(1, VALIDATION_MESSAGES.required).max(100, fieldMessage(FIELD_MESSAGES.maxLength, { max: 100 }))).max(50, fieldMessage(FIELD_MESSAGES.maxItems, { max: 50 })).optional(),
  /** Only terminals of this merchant HQ or branch (and, for an HQ, its branches). */
  MerchantId: DbId.optional(),
  /** Only these terminals; each must be ACTIVE and of a model of the image. */
  Tids: z.array(Tid).max(5000, fieldMessage(FIELD_MESSAGES.maxItems, { max: 5000 })).optional(),
  /** Cumulative percentages of the targets, strictly increasing, the last 100 (e.g. [10, 50, 100]). */
  Stages: z
    .array(wholeRange(1, 100))
    .min(1, fieldMessage(FIELD_MESSAGES.minItems, { min: 1 }))
    .max(ROLLOUT_MAX_STAGES, fieldMessage(FIELD_MESSAGES.maxItems, { max: ROLLOUT_MAX_STAGES }))
    .refine(validStages, RULE_MESSAGES.rolloutStages),
  /** Minutes the next stage waits for the current stage's terminals to report (0 … 10080). */
  StageWaitMinutes: wholeRange(0, ROLLOUT_MAX_WAIT_MINUTES),
  /** Hours the last stage's terminals have to report before the rollout completes without them (1 … 720, default 72). */
  FinalWaitHours: wholeRange(1, ROLLOUT_MAX_FINAL_WAIT_HOURS).default(ROLLOUT_DEFAULT_FINAL_WAIT_HOURS),
});

/** What a plan would take, nothing written: targets per stage, and the terminals it cannot take. */
export const RolloutPreviewResponse = z.object({
  Total: z.number().int(),
  StageCounts: z.array(z.number().int()),
  /** Matching terminals already on the image's version (not targeted). */
  AlreadyCurrent: z.number().int(),
  /** Matching terminals held by another RUNNING or PAUSED rollout (the plan is refused while any). */
  Busy: z.number().int(),
  /** Up to 20 of the busy TIDs. */
  BusyTids: z.array(z.string()),
});

export const RolloutCreateRequest = RolloutPlanRequest.extend({ Name: text(100) });

export const RolloutParams = z.object({ Id: DbId });
/** Pause, resume or cancel a rollout; a reason is required to cancel, optional otherwise. */
export const RolloutActionRequest = z.object({ Id: DbId, Reason: z.string().trim().max(500, fieldMessage(FIELD_MESSAGES.maxLength, { max: 500 })).default('') });

export const ROLLOUT_ACTIONS_ALLOWED = ['PAUSE', 'RESUME', 'CANCEL'] as const;

/** Targets per state. */
export const RolloutCounts = z.object(Object.fromEntries(ROLLOUT_TARGET_STATES.map((s) => [s, z.number().int()])) as Record<(typeof ROLLOUT_TARGET_STATES)[number], z.ZodNumber>);

export const RolloutRow = z.object({
  Id: DbId,
  Name: z.string(),
  FirmwareId: DbId,
  FirmwareVersion: z.string(),
  Status: z.enum(ROLLOUT_STATUSES),
  Stages: z.array(z.number().int()),
  /** The stage started last (1-based); 0 before the first starts. */
  CurrentStage: z.number().int(),
  StageWaitMinutes: z.number().int(),
  FinalWaitHours: z.number().int(),
  StageStartedAt: IsoDateTime.nullable(),
  Total: z.number().int(),
  Counts: RolloutCounts,
  /** INSTALLED of Total, 0–100 with one decimal. */
  PercentInstalled: z.number(),
  CreatedBy: z.string(),
  CreatedAt: IsoDateTime,
  FinishedAt: IsoDateTime.nullable(),
});

export const RolloutStage = z.object({ Stage: z.number().int(), Percent: z.number().int(), Targets: z.number().int(), Offered: z.number().int(), Installed: z.number().int(), StartedAt: IsoDateTime.nullable() });
export const RolloutEvent = z.object({
  Event: z.enum(['CREATED', 'STAGE_STARTED', 'PAUSED', 'RESUMED', 'CANCELLED', 'COMPLETED']),
  Stage: z.number().int().nullable(),
  Reason: z.string().nullable(),
  By: z.string().nullable(),
  At: IsoDateTime,
});
export const RolloutDetail = RolloutRow.extend({
  Models: z.array(z.string()),
  MerchantId: z.number().int().nullable(),
  StageProgress: z.array(RolloutStage),
  History: z.array(RolloutEvent),
  AllowedActions: z.array(z.enum(ROLLOUT_ACTIONS_ALLOWED)),
});

export const RolloutSort = ['CreatedAt', 'Status', 'Name'] as const;
export const RolloutSearchRequest = listRequest(
  z
    .object({
      Keyword: keyword,
      Status: z.enum(ROLLOUT_STATUSES, { error: FIELD_MESSAGES.option }).optional(),
      FirmwareId: DbId.optional(),
    })
    .default({ Keyword: '' }),
  [...RolloutSort],
);
export const RolloutSearchResponse = listResponse(RolloutRow);

export const RolloutTarget = z.object({
  Tid: z.string(),
  Model: z.string(),
  MerchantName: z.string(),
  Stage: z.number().int(),
  State: z.enum(ROLLOUT_TARGET_STATES),
  /** What the terminal last reported. */
  ReportedVersion: z.string().nullable(),
  OfferedAt: IsoDateTime.nullable(),
  InstalledAt: IsoDateTime.nullable(),
});
export const RolloutTargetsRequest = listRequest(
  z.object({
    Id: DbId,
    /** TID contains. */
    Keyword: keyword,
    State: z.enum(ROLLOUT_TARGET_STATES, { error: FIELD_MESSAGES.option }).optional(),
  }),
  ['Tid', 'Stage', 'State'],
);
export const RolloutTargetsResponse = listResponse(RolloutTarget);

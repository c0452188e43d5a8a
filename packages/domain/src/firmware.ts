/**
 * Terminal firmware and staged rollouts (/terminal-firmware-management; §2 Terminal
 * group, §6 permissions). Pure facts shared by the contract, the server and the web app.
 *
 * Our choices, where the spec is silent:
 *  - A firmware image is identified by its Version for each model it supports: one terminal
 *    model has at most one image of a given version (the database keeps (model, version) unique,
 *    retired images included), so "terminal T reports version V" always names exactly one image.
 *    Two vendors may still ship the same version text for different models.
 *  - Images are at most FIRMWARE_MAX_BYTES: the portal's signed multipart uploads are read whole
 *    and capped at 10 MiB (platform/secure-channel.ts UPLOAD_MAX_BYTES), which holds a payment
 *    application package; a full OS image would need that cap raised first.
 *  - A rollout offers the image to its targets in stages: cumulative percentages of the targets,
 *    strictly increasing and ending at 100 (e.g. 10, 50, 100: a canary of 10 %, then up to half,
 *    then all). `planStageCounts` says how many targets each stage takes.
 */
import { stateMachine } from './state-machine.ts';

/** Largest firmware image accepted, in bytes (10 MiB: the signed upload limit). */
export const FIRMWARE_MAX_BYTES = 10 * 1024 * 1024;

/** A version as vendors write them: starts with a letter or digit; letters, digits, '.', '_', '+', '-'; 1–40 characters. */
export const FIRMWARE_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,39}$/;

/** A SHA-256 as 64 hexadecimal digits (any case on input; stored and answered in lower case). */
export const SHA256_PATTERN = /^[0-9a-fA-F]{64}$/;

/** A firmware image: ACTIVE (may be rolled out) or RETIRED (kept for the record, offered no more). */
export const FIRMWARE_STATUSES = ['ACTIVE', 'RETIRED'] as const;
export type FirmwareStatus = (typeof FIRMWARE_STATUSES)[number];

/**
 * A rollout: RUNNING (the job advances its stages), PAUSED (no new stage starts; offers already
 * made stand), COMPLETED (every stage started and every target reported, or the last stage's wait
 * ended), CANCELLED (offers not yet installed withdrawn).
 */
export const ROLLOUT_STATUSES = ['RUNNING', 'PAUSED', 'COMPLETED', 'CANCELLED'] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];
/** What happens to a rollout: the desk's pause, resume and cancel, and the job's completion. */
export const ROLLOUT_ACTIONS = ['PAUSE', 'RESUME', 'CANCEL', 'COMPLETE'] as const;
export type RolloutAction = (typeof ROLLOUT_ACTIONS)[number];

/** A rollout's machine: COMPLETED and CANCELLED are final (the workflow engine's rollout record). */
export const ROLLOUT_MACHINE = stateMachine<RolloutStatus, RolloutAction>({
  RUNNING: { PAUSE: 'PAUSED', CANCEL: 'CANCELLED', COMPLETE: 'COMPLETED' },
  PAUSED: { RESUME: 'RUNNING', CANCEL: 'CANCELLED' },
  COMPLETED: {},
  CANCELLED: {},
});

/** The statuses in which a rollout holds its terminals (a terminal is in at most one such rollout). */
export const ACTIVE_ROLLOUT_STATUSES: readonly RolloutStatus[] = ['RUNNING', 'PAUSED'];

/**
 * One terminal of a rollout: WAITING (its stage has not started), OFFERED (assigned: the
 * terminal's pending firmware is set for the terminal management host to deliver), INSTALLED (the
 * terminal reported the version), NOT_REPORTED (the rollout ended before it reported; the offer is
 * withdrawn), CANCELLED (the rollout was cancelled first).
 */
export const ROLLOUT_TARGET_STATES = ['WAITING', 'OFFERED', 'INSTALLED', 'NOT_REPORTED', 'CANCELLED'] as const;
export type RolloutTargetState = (typeof ROLLOUT_TARGET_STATES)[number];
/** Target states that still hold the terminal. */
export const OPEN_TARGET_STATES: readonly RolloutTargetState[] = ['WAITING', 'OFFERED'];

/** At most this many stages, and this many targets in one rollout. */
export const ROLLOUT_MAX_STAGES = 10;
export const ROLLOUT_MAX_TARGETS = 20_000;
/** The longest wait between stages: 7 days, in minutes. */
export const ROLLOUT_MAX_WAIT_MINUTES = 7 * 24 * 60;
/**
 * How long, in hours, the last stage's terminals have to report before the rollout completes
 * without them (1 … 720, 72 by default: a terminal switched off over a long weekend still gets it).
 */
export const ROLLOUT_MAX_FINAL_WAIT_HOURS = 720;
export const ROLLOUT_DEFAULT_FINAL_WAIT_HOURS = 72;

/** Whether `percents` are valid stages: 1–10 whole numbers, strictly increasing, 1–100, the last 100. */
export function validStages(percents: readonly number[]): boolean {
  if (percents.length < 1 || percents.length > ROLLOUT_MAX_STAGES) return false;
  for (let i = 0; i < percents.length; i++) {
    const p = percents[i]!;
    if (!Number.isInteger(p) || p < 1 || p > 100) return false;
    if (i > 0 && p <= percents[i - 1]!) return false;
  }
  return percents[percents.length - 1] === 100;
}

/**
 * How many of `total` targets each stage takes, for cumulative `percents` (validStages): stage k
 * reaches ceil(total × percents[k] / 100) targets in all, so a small canary is never empty while
 * there is a target, and the counts add up to `total` exactly. A stage may take 0 when the rounding
 * of a small total puts nothing in it (it then starts and ends at once).
 */
export function planStageCounts(total: number, percents: readonly number[]): number[] {
  let before = 0;
  return percents.map((p) => {
    const upTo = Math.min(total, Math.ceil((total * p) / 100));
    const n = upTo - before;
    before = upTo;
    return n;
  });
}

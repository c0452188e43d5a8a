/**
 * The firmware rollout as a workflow record (workflows/engine.ts, domain ROLLOUT_MACHINE): its
 * lock (platform-only: a caller who does not see firmware gets NF404), its 409 message and its
 * event log (firmware_rollout_events: user_id, event, reason). The desk's pause, resume and
 * cancel (rollout-actions.ts) and the job's completion and failure pause (rollout-advance.ts,
 * rollout-jobs.ts) all move a rollout through it.
 */
import { ERROR_CODES, ROLLOUT_MACHINE, type RolloutAction, type RolloutStatus } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import type { Scope } from '../../platform/scope.ts';
import type { LockedRecord, WorkflowTable } from '../../workflows/engine.ts';
import { seesFirmware } from './access.ts';

export interface LockedRollout extends LockedRecord<RolloutStatus> {
  firmwareId: number;
}

/** Locks rollout `id` FOR UPDATE; null when absent or when `scope` does not see firmware (platform only). */
export async function lockRollout(q: Query, id: number, scope?: Scope): Promise<LockedRollout | null> {
  if (scope && !seesFirmware(scope)) return null;
  const [r] = await q<{ status: RolloutStatus; firmware_id: number }>(`SELECT status, firmware_id FROM firmware_rollouts WHERE id = $1 FOR UPDATE`, [id]);
  return r ? { id, status: r.status, firmwareId: Number(r.firmware_id) } : null;
}

/** The rollout as a workflow record: its machine, lock and event log. */
export const ROLLOUTS: WorkflowTable<RolloutStatus, RolloutAction, LockedRollout> = {
  machine: ROLLOUT_MACHINE,
  table: 'firmware_rollouts',
  noun: 'Rollout',
  conflict: ERROR_CODES.CONFLICT,
  refusal: (r, action) => {
    const from = ROLLOUT_MACHINE.accepting(action);
    return `The rollout is ${r.status}: only a rollout ${from.join(' or ')} can be ${ROLLOUT_MACHINE.next(from[0]!, action)!.toLowerCase()}`;
  },
  lock: lockRollout,
  events: { table: 'firmware_rollout_events', key: 'rollout_id', fromTo: false, columns: { actor: 'user_id', action: 'event', summary: 'reason' } },
};


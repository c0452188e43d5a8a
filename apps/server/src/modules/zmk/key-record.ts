/**
 * The zone master key as a workflow record (workflows/engine.ts, domain ZMK_MACHINE): its lock
 * (platform-only: a caller who does not see keys gets NF404), its 409 messages and its event log
 * (zmk_events: user_id, event, reason, and a component's slot and KCV in seq and kcv). Component
 * entry and activation (enter-component.ts), cancel and retire (close-key.ts) move a key through
 * it; creation (create-key.ts) logs its first event.
 */
import { ERROR_CODES, ZMK_MACHINE, type ZmkKeyAction, type ZmkScheme, type ZmkStatus } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import type { Scope } from '../../platform/scope.ts';
import type { LockedRecord, WorkflowTable } from '../../workflows/engine.ts';
import { seesKeys } from './read.ts';

/** A key as read under its row lock: its scheme and how many components make it. */
export interface LockedKey extends LockedRecord<ZmkStatus> {
  scheme: ZmkScheme;
  componentCount: number;
}

/**
 * The name each action's event keeps in zmk_events (and the history's Event): the names the log
 * had before the engine, which say what happened rather than what was asked.
 */
export const ZMK_EVENT_NAMES: Readonly<Record<ZmkKeyAction, string>> = {
  ENTER_COMPONENT: 'COMPONENT_ENTERED',
  ACTIVATE: 'ACTIVATED',
  CANCEL: 'CANCELLED',
  RETIRE: 'RETIRED',
};

/**
 * Locks key `id` FOR UPDATE in the caller's transaction `q`, so concurrent entries of one key are
 * taken one after the other; null when there is none, or when `scope` is given and does not see
 * keys (platform staff only), so a caller never learns whether a key exists.
 */
export async function lockKey(q: Query, id: number, scope?: Scope): Promise<LockedKey | null> {
  if (scope && !seesKeys(scope)) return null;
  const [k] = await q<{ status: ZmkStatus; scheme: ZmkScheme; component_count: number }>(`SELECT status, scheme, component_count FROM zmk_keys WHERE id = $1 FOR UPDATE`, [id]);
  return k ? { id, status: k.status, scheme: k.scheme, componentCount: Number(k.component_count) } : null;
}

/**
 * The 409 messages the desk had before the engine: a component refused by a closed key says it
 * takes no more; a cancel or retire names the only status that takes it.
 */
function refusal(key: LockedKey, action: ZmkKeyAction): string {
  if (action === 'ENTER_COMPONENT' || action === 'ACTIVATE') return `The key is ${key.status}: it takes no more components`;
  const from = ZMK_MACHINE.accepting(action);
  return `The key is ${key.status}: only a key ${from.join(' or ')} can be ${ZMK_MACHINE.next(from[0]!, action)!.toLowerCase()}`;
}

/** The zone master key as a workflow record: its machine, lock and event log. */
export const ZMK_KEYS: WorkflowTable<ZmkStatus, ZmkKeyAction, LockedKey> = {
  machine: ZMK_MACHINE,
  table: 'zmk_keys',
  noun: 'Zone master key',
  conflict: ERROR_CODES.CONFLICT,
  refusal,
  lock: lockKey,
  events: { table: 'zmk_events', key: 'key_id', fromTo: false, columns: { actor: 'user_id', action: 'event', summary: 'reason' } },
};

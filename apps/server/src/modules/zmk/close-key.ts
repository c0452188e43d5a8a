/**
 * Ends a zone master key's ceremony or life, with a reason, in the caller's transaction with the
 * key's row locked (the key as a workflow record, key-record.ts): CANCEL a ceremony in progress
 * (its components are wiped), RETIRE an active key (the key is wiped; its KCV stays for the
 * record). Both are final.
 */
import type { Query } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { move } from '../../workflows/engine.ts';
import { ZMK_EVENT_NAMES, ZMK_KEYS } from './key-record.ts';

/**
 * Moves key `id` by `action` as the caller at `at` (UTC): the status the machine gives, the key's
 * sealed value cleared, who closed it, when and why, the version bumped, every component's sealed
 * value cleared, and one event (CANCELLED or RETIRED) with the reason.
 * Errors: NF404 (no such key, or a caller who does not see keys), CF409 (a status that does not
 * take the action; nothing written).
 */
export async function closeKey(q: Query, scope: Scope, input: { id: number; action: 'CANCEL' | 'RETIRE'; reason: string; at: Date }): Promise<void> {
  const key = await ZMK_KEYS.lock(q, input.id, scope);
  if (!key) throw notFound(ZMK_KEYS.noun);
  await move(q, ZMK_KEYS, key, input.action, scope.userId, input.at, () => ({
    summary: input.reason,
    event: ZMK_EVENT_NAMES[input.action],
    set: { key_sealed: null, closed_by_user_id: scope.userId, closed_at: input.at, close_reason: input.reason },
    increment: ['version'],
    also: () => q(`UPDATE zmk_components SET component_sealed = NULL WHERE key_id = $1`, [input.id]),
  }));
}

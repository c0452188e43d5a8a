/**
 * Ends a zone master key's ceremony or life, with a reason, in the caller's
 * transaction with the key's row locked: CANCEL a ceremony in progress (its components are
 * wiped), RETIRE an active key (the key is wiped; its KCV stays for the record). Both are final.
 * Errors: NF404, CF409 (a status that does not take the action).
 */
import { ERROR_CODES, type ZmkStatus } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { seesKeys } from './read.ts';

/** The status each closing action takes a key from, and leaves it in. */
const CLOSING = { CANCEL: { from: 'AWAITING_COMPONENTS', to: 'CANCELLED' }, RETIRE: { from: 'ACTIVE', to: 'RETIRED' } } as const;

export async function closeKey(q: Query, scope: Scope, input: { id: number; action: keyof typeof CLOSING; reason: string; at: Date }): Promise<void> {
  if (!seesKeys(scope)) throw notFound('Zone master key');
  const [key] = await q<{ status: ZmkStatus }>(`SELECT status FROM zmk_keys WHERE id = $1 FOR UPDATE`, [input.id]);
  if (!key) throw notFound('Zone master key');
  const { from, to } = CLOSING[input.action];
  if (key.status !== from) throw new AppError(409, ERROR_CODES.CONFLICT, `The key is ${key.status}: only a key ${from} can be ${to.toLowerCase()}`);
  await q(
    `UPDATE zmk_keys SET status = $2, key_sealed = NULL, closed_by_user_id = $3, closed_at = $4, close_reason = $5, version = version + 1, updated_at = $4 WHERE id = $1`,
    [input.id, to, scope.userId, input.at, input.reason],
  );
  await q(`UPDATE zmk_components SET component_sealed = NULL WHERE key_id = $1`, [input.id]);
  await q(`INSERT INTO zmk_events (key_id, event, reason, user_id, at) VALUES ($1, $2, $3, $4, $5)`, [input.id, to, input.reason, scope.userId, input.at]);
}

/**
 * Pausing, resuming and cancelling a rollout, in the caller's transaction with the
 * rollout's row locked. Pause stops new stages (offers made stand: a terminal may still install
 * and is counted on resume); resume lets the job go on (the route queues a tick); cancel withdraws
 * every offer not yet installed (targets CANCELLED, pending firmware cleared) and is final.
 * Errors: NF404; CF409 for a status that does not take the action; VAL400 naming Reason when a
 * cancel has none.
 */
import { ERROR_CODES } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { seesFirmware } from './access.ts';

export type RolloutAction = 'PAUSE' | 'RESUME' | 'CANCEL';

const RULES = {
  PAUSE: { from: ['RUNNING'], to: 'PAUSED', event: 'PAUSED' },
  RESUME: { from: ['PAUSED'], to: 'RUNNING', event: 'RESUMED' },
  CANCEL: { from: ['RUNNING', 'PAUSED'], to: 'CANCELLED', event: 'CANCELLED' },
} as const;

/** Applies `action`; answers how many offers a cancel withdrew (0 otherwise). */
export async function actOnRollout(q: Query, scope: Scope, input: { id: number; action: RolloutAction; reason: string; at: Date }): Promise<{ withdrawn: number }> {
  if (!seesFirmware(scope)) throw notFound('Rollout');
  if (input.action === 'CANCEL' && !input.reason) throw badInput('Reason', 'This field cannot be empty');
  const [r] = await q<{ status: string; firmware_id: number }>(`SELECT status, firmware_id FROM firmware_rollouts WHERE id = $1 FOR UPDATE`, [input.id]);
  if (!r) throw notFound('Rollout');
  const rule = RULES[input.action];
  if (!(rule.from as readonly string[]).includes(r.status)) throw new AppError(409, ERROR_CODES.CONFLICT, `The rollout is ${r.status}: only a rollout ${rule.from.join(' or ')} can be ${rule.to.toLowerCase()}`);
  let withdrawn = 0;
  if (input.action === 'CANCEL') {
    const gone = await q<{ terminal_id: number }>(`UPDATE firmware_rollout_targets SET state = 'CANCELLED' WHERE rollout_id = $1 AND state IN ('WAITING', 'OFFERED') RETURNING terminal_id`, [input.id]);
    withdrawn = gone.length;
    if (gone.length) await q(`UPDATE terminals SET pending_firmware_id = NULL WHERE id = ANY($1::int[]) AND pending_firmware_id = $2`, [gone.map((g) => Number(g.terminal_id)), Number(r.firmware_id)]);
  }
  await q(
    `UPDATE firmware_rollouts SET status = $2, finished_at = CASE WHEN $2 = 'CANCELLED' THEN $3::timestamptz ELSE finished_at END, version = version + 1, updated_at = $3 WHERE id = $1`,
    [input.id, rule.to, input.at],
  );
  await q(`INSERT INTO firmware_rollout_events (rollout_id, event, reason, user_id, at) VALUES ($1, $2, $3, $4, $5)`, [input.id, rule.event, input.reason || null, scope.userId, input.at]);
  return { withdrawn };
}

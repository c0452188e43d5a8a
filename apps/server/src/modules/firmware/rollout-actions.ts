/**
 * Pausing, resuming and cancelling a rollout: the rollout as a workflow record
 * (workflows/engine.ts, domain ROLLOUT_MACHINE), each desk action a row command in the caller's
 * transaction with the rollout's row locked. Pause stops new stages (offers made stand: a
 * terminal may still install and is counted on resume); resume lets the job go on (a tick is
 * queued in the same transaction); cancel withdraws every offer not yet installed (targets
 * CANCELLED, pending firmware cleared) and is final. Each writes one event (firmware_rollout_events:
 * PAUSED, RESUMED, CANCELLED with the reason and the user) and one audit row (the reason, and the
 * offers a cancel withdrew).
 * Errors: NF404 (also for a caller who does not see firmware); CF409 for a status that does not
 * take the action; VAL400 naming Reason when a cancel has none.
 */
import type { FastifyInstance } from 'fastify';
import type { Routes } from '@paydesk/contract';
import { badInput } from '../../platform/errors.ts';
import type { OperationFn } from '../../platform/operation.ts';
import { command } from '../../workflows/engine.ts';
import { enqueueRolloutTick } from './rollout-jobs.ts';
import { ROLLOUTS } from './rollout-record.ts';
import { rolloutView } from './rollout-read.ts';

/** Pause: no new stage starts. */
export const rolloutPause: OperationFn<Routes['rolloutPause']> = command(ROLLOUTS, 'PAUSE', (r, b) => ({
  summary: b.Reason || null, event: 'PAUSED', increment: ['version'], detail: { reason: b.Reason || null },
}), (q, id, ctx) => rolloutView(q, ctx.scope, id));

/** Resume: the job goes on (a tick is queued with the change). */
export function rolloutResume(app: FastifyInstance): OperationFn<Routes['rolloutResume']> {
  return command(ROLLOUTS, 'RESUME', (r, b, ctx) => ({
    summary: b.Reason || null, event: 'RESUMED', increment: ['version'], detail: { reason: b.Reason || null },
    also: () => enqueueRolloutTick(app.jobs, r.id, ctx.q),
  }), (q, id, ctx) => rolloutView(q, ctx.scope, id));
}

/** Cancel: a reason is required; every offer not yet installed is withdrawn. */
export const rolloutCancel: OperationFn<Routes['rolloutCancel']> = command(ROLLOUTS, 'CANCEL', async (r, b, ctx) => {
  if (!b.Reason) throw badInput('Reason', 'This field cannot be empty');
  const gone = await ctx.q<{ terminal_id: number }>(`UPDATE firmware_rollout_targets SET state = 'CANCELLED' WHERE rollout_id = $1 AND state IN ('WAITING', 'OFFERED') RETURNING terminal_id`, [r.id]);
  if (gone.length) await ctx.q(`UPDATE terminals SET pending_firmware_id = NULL WHERE id = ANY($1::int[]) AND pending_firmware_id = $2`, [gone.map((g) => Number(g.terminal_id)), r.firmwareId]);
  return { summary: b.Reason, event: 'CANCELLED', set: { finished_at: ctx.now() }, increment: ['version'], detail: { reason: b.Reason, withdrawn: gone.length } };
}, (q, id, ctx) => rolloutView(q, ctx.scope, id));

/**
 * Starting a staged rollout, in the caller's transaction: the rollout row RUNNING at
 * stage 0, one WAITING target per terminal with its stage, and a CREATED event. Its job (queued by
 * the route in the same transaction) starts stage 1 at once.
 *
 * Stage membership: the targets are ordered by SHA-256 of "<rollout id>:<TID>" — a fixed, even
 * shuffle, so a canary stage spreads over merchants and models instead of taking the lowest TIDs,
 * and the order can be recomputed for an audit — and cut by planStageCounts.
 */
import { createHash } from 'node:crypto';
import { planStageCounts } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import type { Scope } from '../../platform/scope.ts';
import { resolvePlan, targetsOf, type Plan } from './rollout-plan.ts';

/** Creates the rollout; answers its id and target count. Errors: resolvePlan's and targetsOf's. */
export async function createRollout(q: Query, scope: Scope, input: Plan & { Name: string }, at: Date): Promise<{ id: number; total: number; version: string }> {
  const plan = await resolvePlan(q, scope, input);
  const targets = targetsOf(plan);
  const [made] = await q<{ id: number }>(
    `INSERT INTO firmware_rollouts (name, firmware_id, stages, models, merchant_id, stage_wait_minutes, final_wait_hours, total, created_by_user_id, created_at, updated_at)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7, $8, $9, $10, $10) RETURNING id`,
    [input.Name, plan.firmwareId, JSON.stringify(input.Stages), JSON.stringify(plan.models), input.MerchantId ?? null, input.StageWaitMinutes, input.FinalWaitHours, targets.length, scope.userId, at],
  );
  const id = Number(made!.id);
  const order = targets
    .map((t) => ({ t, k: createHash('sha256').update(`${id}:${t.tid}`).digest('hex') }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .map((x) => x.t);
  const stageOf: number[] = [];
  planStageCounts(order.length, input.Stages).forEach((n, i) => {
    for (let k = 0; k < n; k++) stageOf.push(i + 1);
  });
  // The partial unique index refuses a terminal another rollout took meanwhile (CF409 by the error mapping).
  await q(
    `INSERT INTO firmware_rollout_targets (rollout_id, terminal_id, stage) SELECT $1, t, s FROM unnest($2::int[], $3::int[]) AS u(t, s)`,
    [id, order.map((t) => t.id), stageOf],
  );
  await q(`INSERT INTO firmware_rollout_events (rollout_id, event, user_id, at) VALUES ($1, 'CREATED', $2, $3)`, [id, scope.userId, at]);
  return { id, total: order.length, version: plan.version };
}

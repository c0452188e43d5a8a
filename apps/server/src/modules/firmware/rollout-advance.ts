/**
 * Advancing a rollout: what its job does on every tick, under the rollout's row lock in
 * one transaction, so two servers (or a retried job) never start a stage twice. Idempotent: a tick
 * with nothing to do changes nothing.
 *
 * What "delivered" means here: the portal has no terminal host. Offering a stage sets each target
 * terminal's pending firmware (terminals.pending_firmware_id), which the terminal management host
 * reads to deliver the image; a terminal whose reported firmware (terminals.firmware_version, what
 * the host records when the terminal checks in) equals the image's version is INSTALLED, and its
 * pending firmware is cleared.
 *
 * The rule: stage k+1 starts once every target of stage k has reported, or StageWaitMinutes after
 * stage k started, whichever comes first; targets still OFFERED then stay OFFERED. After the last
 * stage the rollout is COMPLETED once every target has reported, or FinalWaitHours after the last
 * stage started; targets that never reported then turn NOT_REPORTED with their offer withdrawn (so
 * those terminals are free for another rollout). The final wait is its own setting because the
 * stage wait may be 0 (offer every stage at once), and an offer must not be withdrawn at once.
 * A PAUSED, COMPLETED or CANCELLED rollout is left alone.
 */
import type { Query } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { move } from '../../workflows/engine.ts';
import { ROLLOUTS } from './rollout-record.ts';

/** What one tick did, for its audit and the tests. */
export interface TickResult {
  installed: number;
  stagesStarted: number[];
  completed: boolean;
}

/** Marks the rollout's open targets whose terminal reports the version INSTALLED and clears their offers; answers how many. */
async function markInstalled(q: Query, id: number, firmwareId: number, at: Date): Promise<number> {
  const done = await q<{ terminal_id: number }>(
    `UPDATE firmware_rollout_targets x SET state = 'INSTALLED', installed_at = $3
     FROM terminals t, firmware_files f
     WHERE x.rollout_id = $1 AND x.state IN ('WAITING', 'OFFERED') AND t.id = x.terminal_id AND f.id = $2 AND t.firmware_version = f.firmware_version
       AND (x.state = 'OFFERED' OR x.stage <= (SELECT current_stage FROM firmware_rollouts WHERE id = $1))
     RETURNING x.terminal_id`,
    [id, firmwareId, at],
  );
  if (done.length) await q(`UPDATE terminals SET pending_firmware_id = NULL WHERE id = ANY($1::int[]) AND pending_firmware_id = $2`, [done.map((d) => Number(d.terminal_id)), firmwareId]);
  return done.length;
}

/**
 * One tick of rollout `id` at `at`, in the caller's transaction (database.transaction's query).
 * Writes STAGE_STARTED / COMPLETED events and one audit record per change (actor: the system).
 */
export async function advanceRollout(q: Query, id: number, at: Date): Promise<TickResult> {
  const result: TickResult = { installed: 0, stagesStarted: [], completed: false };
  const [r] = await q<{ status: string; firmware_id: number; stages: number[] | string; current_stage: number; stage_wait_minutes: number; final_wait_hours: number; stage_started_at: Date | null }>(
    `SELECT status, firmware_id, stages, current_stage, stage_wait_minutes, final_wait_hours, stage_started_at FROM firmware_rollouts WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!r || r.status !== 'RUNNING') return result;
  const firmwareId = Number(r.firmware_id);
  const stages = (typeof r.stages === 'string' ? JSON.parse(r.stages) : r.stages) as number[];
  let current = Number(r.current_stage);
  let startedAt = r.stage_started_at ? new Date(r.stage_started_at) : null;
  result.installed = await markInstalled(q, id, firmwareId, at);
  for (;;) {
    if (current > 0 && current < stages.length) {
      const [open] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM firmware_rollout_targets WHERE rollout_id = $1 AND stage = $2 AND state = 'OFFERED'`, [id, current]);
      const waited = startedAt !== null && at.getTime() - startedAt.getTime() >= Number(r.stage_wait_minutes) * 60_000;
      if (Number(open?.n ?? 0) > 0 && !waited) break;
    }
    if (current >= stages.length) {
      // Last stage done (or its wait over): the rollout ends once nothing is still on offer, or at the wait's end.
      const [left] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM firmware_rollout_targets WHERE rollout_id = $1 AND state = 'OFFERED'`, [id]);
      const waited = startedAt !== null && at.getTime() - startedAt.getTime() >= Number(r.final_wait_hours) * 3_600_000;
      if (Number(left?.n ?? 0) > 0 && !waited) break;
      const dropped = await q<{ terminal_id: number }>(
        `UPDATE firmware_rollout_targets SET state = 'NOT_REPORTED' WHERE rollout_id = $1 AND state IN ('WAITING', 'OFFERED') RETURNING terminal_id`,
        [id],
      );
      if (dropped.length) await q(`UPDATE terminals SET pending_firmware_id = NULL WHERE id = ANY($1::int[]) AND pending_firmware_id = $2`, [dropped.map((d) => Number(d.terminal_id)), firmwareId]);
      await move(q, ROLLOUTS, { id, status: 'RUNNING', firmwareId }, 'COMPLETE', null, at, () => ({ summary: null, event: 'COMPLETED', set: { finished_at: at }, increment: ['version'] }));
      await writeAudit(q, null, { action: 'FIRMWARE_ROLLOUT_COMPLETE', result: 'SUCCESS', targetType: 'FirmwareRollout', targetId: String(id), detail: { notReported: dropped.length } });
      result.completed = true;
      break;
    }
    current += 1;
    startedAt = at;
    const offered = await q<{ terminal_id: number }>(
      `UPDATE firmware_rollout_targets SET state = 'OFFERED', offered_at = $3 WHERE rollout_id = $1 AND stage = $2 AND state = 'WAITING' RETURNING terminal_id`,
      [id, current, at],
    );
    if (offered.length) await q(`UPDATE terminals SET pending_firmware_id = $2 WHERE id = ANY($1::int[])`, [offered.map((o) => Number(o.terminal_id)), firmwareId]);
    await q(`UPDATE firmware_rollouts SET current_stage = $2, stage_started_at = $3, version = version + 1, updated_at = $3 WHERE id = $1`, [id, current, at]);
    await q(`INSERT INTO firmware_rollout_events (rollout_id, event, stage, at) VALUES ($1, 'STAGE_STARTED', $2, $3)`, [id, current, at]);
    await writeAudit(q, null, { action: 'FIRMWARE_ROLLOUT_STAGE', result: 'SUCCESS', targetType: 'FirmwareRollout', targetId: String(id), detail: { stage: current, offered: offered.length } });
    result.stagesStarted.push(current);
    // Terminals of the new stage already on the version count at once (then the stage may be done already).
    result.installed += await markInstalled(q, id, firmwareId, at);
  }
  return result;
}

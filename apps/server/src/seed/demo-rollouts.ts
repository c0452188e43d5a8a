/**
 * The demo's staged firmware rollouts (/terminal-firmware-management), told in time order:
 *  - COMPLETED: CASTLES_OS_2.4.1 to every active Castles terminal, stages 10/50/100 % a day apart,
 *    about two months ago; the terminals that report 2.4.1 today installed it (those seen after
 *    their stage's offer), the others ended NOT_REPORTED when the final 72-hour wait ran out;
 *  - PAUSED: the new PAX build (demo-firmware.ts NEW_PAX_BUILD) to the PAX A920 fleet, stages
 *    5/25/100 % two days apart, started about nine days ago: most of stage 1 and part of stage 2
 *    installed (those terminals now report it), the rest of stage 2 still on offer (their pending
 *    firmware set), stage 3 waiting — paused by the platform administrator with a reason.
 * The rollout and its targets are made by the module's createRollout (same target selection and
 * stage order as a Create), pause and completion are moves of its workflow record (ROLLOUTS, with
 * their events). The job's tick (advanceRollout) is not called: it stamps its audit rows with the
 * database clock, which the demo's past cannot have; the stage starts and installations are
 * written as the tick writes them (targets OFFERED / INSTALLED, the terminals' pending firmware and
 * reported version, current stage, STAGE_STARTED events), at their own times.
 */
import type { Query } from '../db/client.ts';
import { createRollout } from '../modules/firmware/rollout-create.ts';
import { ROLLOUTS } from '../modules/firmware/rollout-record.ts';
import { move } from '../workflows/engine.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, officeTimeBetween } from './demo-clock.ts';
import { NEW_PAX_BUILD, type DemoImage } from './demo-firmware.ts';
import type { DemoStaff } from './demo-staff.ts';
import { Rng } from './random.ts';

/** One rollout's story: its plan, when it starts, and how it ends. */
interface RolloutStory {
  name: string;
  version: string;
  models?: string[];
  stages: number[];
  waitMinutes: number;
  /** The start, as [earliest, latest] days before now. */
  startDaysAgo: [number, number];
  /** Share of a stage's offered terminals that install (among those seen after the offer). */
  installShare: (stage: number) => number;
  /** PAUSE after this stage started (by the platform administrator, with `reason`); none: it runs to completion. */
  pause?: { afterStage: number; reason: string };
  /** The build the terminals that did not install report (the one they had before). */
  previous: string;
}

const STORIES: readonly RolloutStory[] = [
  { name: 'Castles OS 2.4.1 to the Castles fleet', version: 'CASTLES_OS_2.4.1', stages: [10, 50, 100], waitMinutes: 1440, startDaysAgo: [70, 55], installShare: () => 0.9, previous: 'CASTLES_OS_2.3.0' },
  {
    name: 'PayDroid 9.1.0 to the A920 fleet', version: NEW_PAX_BUILD, models: ['PAX A920', 'PAX A920 Pro'], stages: [5, 25, 100], waitMinutes: 2880, startDaysAgo: [10, 9],
    installShare: (stage) => (stage === 1 ? 0.85 : 0.55), previous: 'PayDroid_9.0.2',
    pause: { afterStage: 2, reason: 'Two merchants report receipts cut short on 9.1.0; paused until PAX confirms the printer fix' },
  },
];

/**
 * Writes the demo rollouts (see the file comment) of `images` in the caller's transaction `q`,
 * created by the first of `staff` (the platform administrator), before `now` (UTC). A story
 * whose image is missing, or that matches no active terminal, is skipped. Answers the rollouts
 * written. Throws what createRollout throws (nothing on a fresh demo: no other rollout holds the
 * terminals).
 */
export async function seedDemoRollouts(q: Query, o: { staff: readonly DemoStaff[]; images: readonly DemoImage[]; now: Date }): Promise<number> {
  const admin = o.staff[0];
  if (!admin) return 0;
  const rng = new Rng(0x5ea9_2026);
  let made = 0;
  for (const s of STORIES) {
    const image = o.images.find((i) => i.version === s.version);
    if (!image) continue;
    if (await tellRollout(q, rng, s, image, admin, o.now.getTime())) made++;
  }
  return made;
}

/** Writes one story; false when no terminal matches it. */
async function tellRollout(q: Query, rng: Rng, s: RolloutStory, image: DemoImage, admin: DemoStaff, nowMs: number): Promise<boolean> {
  const start = officeTimeBetween(rng, Math.max(nowMs - s.startDaysAgo[0] * DAY_MS, image.uploadedAt + DAY_MS), Math.max(nowMs - s.startDaysAgo[1] * DAY_MS, image.uploadedAt + DAY_MS));
  const models = s.models ?? (await q<{ model: string }>(`SELECT model FROM firmware_file_models WHERE firmware_id = $1 ORDER BY model`, [image.id])).map((m) => m.model);
  // Before the rollout, the terminals that report the build today (and were seen since) still ran the previous one.
  await q(
    `UPDATE terminals SET firmware_version = $2 WHERE status = 'ACTIVE' AND model = ANY($3::text[]) AND firmware_version = $1 AND last_seen_at > $4`,
    [s.version, s.previous, models, new Date(start)],
  );
  const [{ n }] = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM terminals WHERE status = 'ACTIVE' AND model = ANY($1::text[]) AND firmware_version IS DISTINCT FROM $2`, [models, s.version])) as [{ n: number }];
  if (Number(n) === 0) return false;
  const { id } = await createRollout(q, admin.scope, { FirmwareId: image.id, Models: s.models, Stages: s.stages, StageWaitMinutes: s.waitMinutes, FinalWaitHours: 72, Name: s.name }, new Date(start));
  let stageAt = start + MINUTE_MS;
  for (let stage = 1; stage <= s.stages.length; stage++) {
    await startStage(q, id, image.id, stage, stageAt);
    const waitEnds = stageAt + (stage < s.stages.length ? s.waitMinutes * MINUTE_MS : 72 * HOUR_MS);
    const pauseAt = s.pause?.afterStage === stage ? officeTimeBetween(rng, stageAt + 12 * HOUR_MS, Math.min(waitEnds - HOUR_MS, nowMs - HOUR_MS)) : null;
    const installedBy = Math.min(pauseAt ?? waitEnds, nowMs - HOUR_MS);
    const { left, last } = await install(q, rng, { id, image, stage, from: stageAt, to: installedBy, share: s.installShare(stage) });
    if (pauseAt !== null) {
      await move(q, ROLLOUTS, { id, status: 'RUNNING', firmwareId: image.id }, 'PAUSE', admin.scope.userId, new Date(pauseAt), () => ({ summary: s.pause!.reason, event: 'PAUSED', increment: ['version'] }));
      return true;
    }
    // The tick moves on once every target of the stage reported, else when the wait is over (a tick a minute).
    stageAt = (left === 0 && last !== null ? last : waitEnds) + MINUTE_MS;
  }
  const finished = stageAt;
  const dropped = await q<{ terminal_id: number }>(`UPDATE firmware_rollout_targets SET state = 'NOT_REPORTED' WHERE rollout_id = $1 AND state IN ('WAITING', 'OFFERED') RETURNING terminal_id`, [id]);
  if (dropped.length) await q(`UPDATE terminals SET pending_firmware_id = NULL WHERE id = ANY($1::int[]) AND pending_firmware_id = $2`, [dropped.map((d) => Number(d.terminal_id)), image.id]);
  await move(q, ROLLOUTS, { id, status: 'RUNNING', firmwareId: image.id }, 'COMPLETE', null, new Date(finished), () => ({ summary: null, event: 'COMPLETED', set: { finished_at: new Date(finished) }, increment: ['version'] }));
  return true;
}

/** Starts `stage` at `at` as the tick does: its targets OFFERED, their terminals' pending firmware, the rollout's stage, a STAGE_STARTED event. */
async function startStage(q: Query, id: number, firmwareId: number, stage: number, at: number): Promise<void> {
  const when = new Date(at);
  const offered = await q<{ terminal_id: number }>(
    `UPDATE firmware_rollout_targets SET state = 'OFFERED', offered_at = $3 WHERE rollout_id = $1 AND stage = $2 AND state = 'WAITING' RETURNING terminal_id`,
    [id, stage, when],
  );
  if (offered.length) await q(`UPDATE terminals SET pending_firmware_id = $2 WHERE id = ANY($1::int[])`, [offered.map((t) => Number(t.terminal_id)), firmwareId]);
  await q(`UPDATE firmware_rollouts SET current_stage = $2, stage_started_at = $3, version = version + 1, updated_at = $3 WHERE id = $1`, [id, stage, when]);
  await q(`INSERT INTO firmware_rollout_events (rollout_id, event, stage, at) VALUES ($1, 'STAGE_STARTED', $2, $3)`, [id, stage, when]);
}

/**
 * Installs the image on about `share` of the stage's offered terminals that checked in after the
 * offer (last_seen_at): each at an instant between the offer plus an hour and the earlier of
 * `to` and its last check-in; the terminal then reports the version, its pending firmware cleared.
 * Answers how many of the stage's targets are still on offer and the last installation (UTC ms).
 */
async function install(
  q: Query, rng: Rng, o: { id: number; image: DemoImage; stage: number; from: number; to: number; share: number },
): Promise<{ left: number; last: number | null }> {
  const offered = await q<{ target_id: number; terminal_id: number; seen: Date | null }>(
    `SELECT x.id AS target_id, x.terminal_id, t.last_seen_at AS seen FROM firmware_rollout_targets x JOIN terminals t ON t.id = x.terminal_id
     WHERE x.rollout_id = $1 AND x.stage = $2 AND x.state = 'OFFERED' ORDER BY x.id`,
    [o.id, o.stage],
  );
  const done: { target: number; terminal: number; at: number }[] = [];
  for (const t of offered) {
    const lo = o.from + HOUR_MS;
    const hi = Math.min(o.to, t.seen ? new Date(t.seen).getTime() : 0);
    if (!rng.chance(o.share) || hi < lo) continue;
    done.push({ target: Number(t.target_id), terminal: Number(t.terminal_id), at: lo + Math.floor(rng.next() * (hi - lo)) });
  }
  if (done.length) {
    await q(
      `UPDATE firmware_rollout_targets x SET state = 'INSTALLED', installed_at = d.at FROM unnest($1::int[], $2::timestamptz[]) AS d(id, at) WHERE x.id = d.id`,
      [done.map((d) => d.target), done.map((d) => new Date(d.at).toISOString())],
    );
    await q(`UPDATE terminals SET firmware_version = $2, pending_firmware_id = NULL WHERE id = ANY($1::int[])`, [done.map((d) => d.terminal), o.image.version]);
  }
  return { left: offered.length - done.length, last: done.length ? Math.max(...done.map((d) => d.at)) : null };
}

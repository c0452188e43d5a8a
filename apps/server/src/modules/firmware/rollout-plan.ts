/**
 * Which terminals a rollout plan takes: the Preview answer and the Create selection.
 * A target is an ACTIVE terminal (status ACTIVE, not deactivated) of one of the chosen models —
 * each a model of the image —, inside the chosen merchant's subtree when one is given, among the
 * chosen TIDs when given, and not already reporting the image's version.
 */
import { ERROR_CODES, ROLLOUT_MAX_TARGETS, planStageCounts } from '@paydesk/domain';
import type { z } from 'zod';
import type { RolloutPlanRequest } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { seesFirmware } from './access.ts';

export type Plan = z.output<typeof RolloutPlanRequest>;

/** A terminal a plan matched. */
export interface Candidate {
  id: number;
  tid: string;
  busy: boolean;
  current: boolean;
}

/** The resolved plan: the image, its models chosen, and the matching terminals. */
export interface ResolvedPlan {
  firmwareId: number;
  version: string;
  models: string[];
  candidates: Candidate[];
  /** The field a refusal about the selection names: the narrowest filter given. */
  field: 'Tids' | 'MerchantId' | 'Models';
}

/**
 * Resolves `plan`. Errors: NF404 (no image the caller sees), CF409 naming FirmwareId (retired),
 * VAL400 naming Models (not a model of the image), MerchantId (not a merchant HQ or branch) or
 * Tids (unknown, inactive, of another model or outside the merchant).
 */
export async function resolvePlan(q: Query, scope: Scope, plan: Plan): Promise<ResolvedPlan> {
  if (!seesFirmware(scope)) throw notFound('Firmware');
  const [f] = await q<{ firmware_version: string; status: string; models: string[] | null }>(
    `SELECT f.firmware_version, f.status, (SELECT array_agg(m.model ORDER BY m.model) FROM firmware_file_models m WHERE m.firmware_id = f.id) AS models FROM firmware_files f WHERE f.id = $1`,
    [plan.FirmwareId],
  );
  if (!f) throw notFound('Firmware');
  if (f.status !== 'ACTIVE') throw new AppError(409, ERROR_CODES.CONFLICT, `FirmwareId: firmware ${f.firmware_version} is retired`);
  const own = f.models ?? [];
  const models = plan.Models?.length ? [...new Set(plan.Models)] : own;
  const foreign = models.filter((m) => !own.includes(m));
  if (foreign.length) throw badInput('Models', `firmware ${f.firmware_version} supports ${own.join(', ')}, not ${foreign.join(', ')}`);
  let merchantPath: string | null = null;
  if (plan.MerchantId !== undefined) {
    const [o] = await q<{ path: string }>(`SELECT path FROM organizations WHERE id = $1 AND level IN ('MERCHANT_HQ', 'MERCHANT_BRANCH')`, [plan.MerchantId]);
    if (!o) throw badInput('MerchantId', `there is no merchant ${plan.MerchantId}`);
    merchantPath = o.path;
  }
  const tids = plan.Tids?.length ? [...new Set(plan.Tids)] : null;
  if (tids) {
    const found = await q<{ tid: string; model: string; status: string; path: string }>(
      `SELECT t.tid, t.model, t.status, o.path FROM terminals t JOIN organizations o ON o.id = t.org_id WHERE t.tid = ANY($1::text[])`,
      [tids],
    );
    const byTid = new Map(found.map((x) => [x.tid, x]));
    for (const tid of tids) {
      const t = byTid.get(tid);
      if (!t) throw badInput('Tids', `there is no terminal ${tid}`);
      if (t.status !== 'ACTIVE') throw badInput('Tids', `terminal ${tid} is not active`);
      if (!models.includes(t.model)) throw badInput('Tids', `terminal ${tid} is a ${t.model}: firmware ${f.firmware_version} is for ${models.join(', ')}`);
      if (merchantPath !== null && !t.path.startsWith(merchantPath)) throw badInput('Tids', `terminal ${tid} is not a terminal of merchant ${plan.MerchantId}`);
    }
  }
  const rows = await q<{ id: number; tid: string; busy: boolean; current: boolean }>(
    `SELECT t.id, t.tid, t.firmware_version IS NOT DISTINCT FROM $1 AS current,
        EXISTS (SELECT 1 FROM firmware_rollout_targets x WHERE x.terminal_id = t.id AND x.state IN ('WAITING', 'OFFERED')) AS busy
     FROM terminals t JOIN organizations o ON o.id = t.org_id
     WHERE t.status = 'ACTIVE' AND t.model = ANY($2::text[])
       AND ($3::text IS NULL OR o.path LIKE $3 || '%') AND ($4::text[] IS NULL OR t.tid = ANY($4::text[]))
     ORDER BY t.tid`,
    [f.firmware_version, models, merchantPath, tids],
  );
  return {
    firmwareId: plan.FirmwareId,
    version: f.firmware_version,
    models,
    candidates: rows.map((r) => ({ id: Number(r.id), tid: r.tid, busy: Boolean(r.busy), current: Boolean(r.current) })),
    field: tids ? 'Tids' : plan.MerchantId !== undefined ? 'MerchantId' : 'Models',
  };
}

/** The Preview answer of a resolved plan (nothing written). */
export function previewOf(r: ResolvedPlan, stages: readonly number[]) {
  const targets = r.candidates.filter((c) => !c.current && !c.busy);
  const busy = r.candidates.filter((c) => !c.current && c.busy);
  return {
    Total: targets.length,
    StageCounts: planStageCounts(targets.length, stages),
    AlreadyCurrent: r.candidates.filter((c) => c.current).length,
    Busy: busy.length,
    BusyTids: busy.slice(0, 20).map((c) => c.tid),
  };
}

/**
 * The targets of a plan to create: refuses (CF409 naming the plan's narrowest field) while any
 * matching terminal is in another RUNNING or PAUSED rollout, and (VAL400) an empty or oversized
 * selection.
 */
export function targetsOf(r: ResolvedPlan): Candidate[] {
  const busy = r.candidates.filter((c) => !c.current && c.busy);
  if (busy.length) {
    const shown = busy.slice(0, 5).map((c) => c.tid).join(', ');
    throw new AppError(409, ERROR_CODES.CONFLICT, `${r.field}: ${busy.length} terminal${busy.length === 1 ? ' is' : 's are'} in another running or paused rollout (${shown}${busy.length > 5 ? ', …' : ''})`);
  }
  const targets = r.candidates.filter((c) => !c.current);
  if (!targets.length) throw badInput(r.field, `no active terminal of the chosen ones needs firmware ${r.version}`);
  if (targets.length > ROLLOUT_MAX_TARGETS) throw badInput(r.field, `a rollout takes at most ${ROLLOUT_MAX_TARGETS} terminals; this selection has ${targets.length}`);
  return targets;
}

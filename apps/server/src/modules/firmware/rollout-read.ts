/**
 * Reading rollouts: the list with progress, one rollout (per stage, history, allowed
 * actions) and its targets by page. Platform-only (access.ts).
 */
import { ROLLOUT_TARGET_STATES, type RolloutStatus, type RolloutTargetState } from '@paydesk/domain';
import type { ROLLOUT_ACTIONS_ALLOWED } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { seesFirmware } from './access.ts';

type Action = (typeof ROLLOUT_ACTIONS_ALLOWED)[number];

interface Row {
  id: number;
  name: string;
  firmware_id: number;
  firmware_version: string;
  status: RolloutStatus;
  stages: number[];
  models: string[];
  merchant_id: number | null;
  current_stage: number;
  stage_wait_minutes: number;
  final_wait_hours: number;
  stage_started_at: Date | null;
  total: number;
  counts: Record<string, number> | null;
  created_by: string;
  created_at: Date;
  finished_at: Date | null;
}

const SELECT = `SELECT r.id, r.name, r.firmware_id, f.firmware_version, r.status, r.stages, r.models, r.merchant_id, r.current_stage, r.stage_wait_minutes, r.final_wait_hours, r.stage_started_at, r.total,
    (SELECT jsonb_object_agg(c.state, c.n) FROM (SELECT x.state, count(*)::int AS n FROM firmware_rollout_targets x WHERE x.rollout_id = r.id GROUP BY x.state) c) AS counts,
    coalesce(u.email, '') AS created_by, r.created_at, r.finished_at
  FROM firmware_rollouts r JOIN firmware_files f ON f.id = r.firmware_id LEFT JOIN users u ON u.id = r.created_by_user_id`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const json = <T,>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function rowOf(r: Row) {
  const raw = json(r.counts ?? {});
  const Counts = Object.fromEntries(ROLLOUT_TARGET_STATES.map((s) => [s, Number(raw[s] ?? 0)])) as Record<RolloutTargetState, number>;
  const total = Number(r.total);
  return {
    Id: Number(r.id), Name: r.name, FirmwareId: Number(r.firmware_id), FirmwareVersion: r.firmware_version, Status: r.status, Stages: json(r.stages).map(Number),
    CurrentStage: Number(r.current_stage), StageWaitMinutes: Number(r.stage_wait_minutes), FinalWaitHours: Number(r.final_wait_hours), StageStartedAt: iso(r.stage_started_at), Total: total, Counts,
    PercentInstalled: total ? Math.round((Counts.INSTALLED * 1000) / total) / 10 : 0,
    CreatedBy: r.created_by, CreatedAt: new Date(r.created_at).toISOString(), FinishedAt: iso(r.finished_at),
  };
}

/** What the caller may do with a rollout now. */
export function rolloutActions(scope: Scope, status: RolloutStatus): Action[] {
  const out: Action[] = [];
  if (status === 'RUNNING' && scope.permissions.has('terminalfirmware:rollout')) out.push('PAUSE');
  if (status === 'PAUSED' && scope.permissions.has('terminalfirmware:rollout')) out.push('RESUME');
  if ((status === 'RUNNING' || status === 'PAUSED') && scope.permissions.has('terminalfirmware:cancel')) out.push('CANCEL');
  return out;
}

/** Rollout `id` as the contract's RolloutDetail; NF404 when the caller sees none. */
export async function rolloutView(q: Query, scope: Scope, id: number) {
  const [r] = seesFirmware(scope) ? await q<Row>(`${SELECT} WHERE r.id = $1`, [id]) : [];
  if (!r) throw notFound('Rollout');
  const row = rowOf(r);
  const perStage = await q<{ stage: number; targets: number; offered: number; installed: number }>(
    `SELECT stage, count(*)::int AS targets, count(*) FILTER (WHERE state = 'OFFERED')::int AS offered, count(*) FILTER (WHERE state = 'INSTALLED')::int AS installed
     FROM firmware_rollout_targets WHERE rollout_id = $1 GROUP BY stage`,
    [id],
  );
  const events = await q<{ event: string; stage: number | null; reason: string | null; email: string | null; at: Date }>(
    `SELECT e.event, e.stage, e.reason, u.email, e.at FROM firmware_rollout_events e LEFT JOIN users u ON u.id = e.user_id WHERE e.rollout_id = $1 ORDER BY e.id`,
    [id],
  );
  const started = new Map(events.filter((e) => e.event === 'STAGE_STARTED').map((e) => [Number(e.stage), new Date(e.at).toISOString()]));
  return {
    ...row,
    Models: json(r.models),
    MerchantId: r.merchant_id === null ? null : Number(r.merchant_id),
    StageProgress: row.Stages.map((percent, i) => {
      const s = perStage.find((p) => Number(p.stage) === i + 1);
      return { Stage: i + 1, Percent: percent, Targets: Number(s?.targets ?? 0), Offered: Number(s?.offered ?? 0), Installed: Number(s?.installed ?? 0), StartedAt: started.get(i + 1) ?? null };
    }),
    History: events.map((e) => ({ Event: e.event as 'CREATED', Stage: e.stage === null ? null : Number(e.stage), Reason: e.reason, By: e.email, At: new Date(e.at).toISOString() })),
    AllowedActions: rolloutActions(scope, row.Status),
  };
}

const SORT_SQL: Record<string, string> = { CreatedAt: 'r.created_at', Status: 'r.status', Name: 'r.name' };

/** A page of rollouts, newest first unless sorted; Keyword matches the name or the version. */
export async function searchRollouts(
  q: Query,
  scope: Scope,
  input: { keyword: string; status?: RolloutStatus; firmwareId?: number; pageIndex: number; rowsPerPage: number; sort?: { Field: string; Order: 'asc' | 'desc' } },
) {
  const empty = { Items: [], TotalRecords: 0, PageIndex: input.pageIndex, RowsPerPage: input.rowsPerPage };
  if (!seesFirmware(scope)) return empty;
  const where = `($1::text IS NULL OR r.status = $1) AND ($2::int IS NULL OR r.firmware_id = $2) AND ($3 = '' OR r.name ILIKE '%' || $3 || '%' OR f.firmware_version ILIKE '%' || $3 || '%')`;
  const params = [input.status ?? null, input.firmwareId ?? null, input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)];
  const order = `${SORT_SQL[input.sort?.Field ?? 'CreatedAt'] ?? 'r.created_at'} ${input.sort?.Order === 'asc' ? 'ASC' : 'DESC'}, r.id DESC`;
  const rows = await q<Row>(`${SELECT} WHERE ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`, [...params, input.rowsPerPage, (input.pageIndex - 1) * input.rowsPerPage]);
  const [n] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM firmware_rollouts r JOIN firmware_files f ON f.id = r.firmware_id WHERE ${where}`, params);
  return { Items: rows.map(rowOf), TotalRecords: Number(n?.n ?? 0), PageIndex: input.pageIndex, RowsPerPage: input.rowsPerPage };
}

const TARGET_SORT: Record<string, string> = { Tid: 't.tid', Stage: 'x.stage', State: 'x.state' };

/** A page of rollout `id`'s targets, by stage then TID unless sorted; NF404 for a rollout the caller does not see. */
export async function rolloutTargets(
  q: Query,
  scope: Scope,
  input: { id: number; keyword: string; state?: RolloutTargetState; pageIndex: number; rowsPerPage: number; sort?: { Field: string; Order: 'asc' | 'desc' } },
) {
  const [r] = seesFirmware(scope) ? await q(`SELECT 1 FROM firmware_rollouts WHERE id = $1`, [input.id]) : [];
  if (!r) throw notFound('Rollout');
  const where = `x.rollout_id = $1 AND ($2::text IS NULL OR x.state = $2) AND ($3 = '' OR t.tid ILIKE '%' || $3 || '%')`;
  const params = [input.id, input.state ?? null, input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)];
  const sort = input.sort ? `${TARGET_SORT[input.sort.Field] ?? 'x.stage'} ${input.sort.Order === 'asc' ? 'ASC' : 'DESC'}, ` : '';
  const rows = await q<{ tid: string; model: string; merchant: string; stage: number; state: RolloutTargetState; firmware_version: string | null; offered_at: Date | null; installed_at: Date | null }>(
    `SELECT t.tid, t.model, o.name AS merchant, x.stage, x.state, t.firmware_version, x.offered_at, x.installed_at
     FROM firmware_rollout_targets x JOIN terminals t ON t.id = x.terminal_id JOIN organizations o ON o.id = t.org_id
     WHERE ${where} ORDER BY ${sort}x.stage, t.tid LIMIT $4 OFFSET $5`,
    [...params, input.rowsPerPage, (input.pageIndex - 1) * input.rowsPerPage],
  );
  const [n] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM firmware_rollout_targets x JOIN terminals t ON t.id = x.terminal_id WHERE ${where}`, params);
  return {
    Items: rows.map((t) => ({ Tid: t.tid, Model: t.model, MerchantName: t.merchant, Stage: Number(t.stage), State: t.state, ReportedVersion: t.firmware_version, OfferedAt: iso(t.offered_at), InstalledAt: iso(t.installed_at) })),
    TotalRecords: Number(n?.n ?? 0),
    PageIndex: input.pageIndex,
    RowsPerPage: input.rowsPerPage,
  };
}

/**
 * Reading zone master keys: the list and one key with its component slots,
 * history and the caller's allowed actions. Keys are the platform's: a caller outside the platform
 * sees none (NF404, an empty list). No query here selects a sealed column: answers carry check
 * values only.
 */
import { ZMK_MACHINE, zmkCustodianPermission, type ZmkKeyAction, type ZmkPurpose, type ZmkScheme, type ZmkStatus } from '@paydesk/domain';
import type { ZMK_ACTIONS_ALLOWED } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';

type Action = (typeof ZMK_ACTIONS_ALLOWED)[number];

/** Whether the caller may see keys at all: the platform's staff only. */
export const seesKeys = (scope: Scope) => scope.orgPath === null && scope.groupType === 'SUPERADMIN';

interface Row {
  id: number;
  name: string;
  purpose: ZmkPurpose;
  acquirer_id: number;
  acquirer_name: string;
  scheme: ZmkScheme;
  status: ZmkStatus;
  component_count: number;
  entered: number;
  kcv: string | null;
  odd_parity: boolean | null;
  created_by: string;
  created_at: Date;
  activated_at: Date | null;
  closed_by: string | null;
  closed_at: Date | null;
}

// The columns answered, named one by one: key_sealed and component_sealed are never read here.
const SELECT = `SELECT k.id, k.name, k.purpose, k.acquirer_id, a.acq_name AS acquirer_name, k.scheme, k.status, k.component_count,
    (SELECT count(*)::int FROM zmk_components c WHERE c.key_id = k.id) AS entered, k.kcv, k.odd_parity,
    coalesce(cu.email, '') AS created_by, k.created_at, k.activated_at, xu.email AS closed_by, k.closed_at
  FROM zmk_keys k JOIN acquirers a ON a.id = k.acquirer_id LEFT JOIN users cu ON cu.id = k.created_by_user_id LEFT JOIN users xu ON xu.id = k.closed_by_user_id`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const rowOf = (r: Row) => ({
  Id: Number(r.id), Name: r.name, Purpose: r.purpose, AcquirerId: Number(r.acquirer_id), AcquirerName: r.acquirer_name, Scheme: r.scheme, Status: r.status,
  ComponentCount: Number(r.component_count), ComponentsEntered: Number(r.entered), Kcv: r.kcv, OddParity: r.odd_parity, CreatedBy: r.created_by,
  CreatedAt: new Date(r.created_at).toISOString(), ActivatedAt: iso(r.activated_at), ClosedBy: r.closed_by, ClosedAt: iso(r.closed_at),
});

/**
 * The actions the caller may take on a key now, the statuses asked of the key's machine
 * (ZMK_MACHINE) and the per-user rules kept here: enter slot N when the status takes a component
 * (and the activation that follows the last one), the caller holds zmk:custodianN, the slot is
 * still empty and the caller has entered no component of this key yet (dual control); cancel or
 * retire when the status takes it and the caller holds zmk:cancel or zmk:retire.
 */
export function allowedActions(scope: Scope, status: ZmkStatus, count: number, slots: { seq: number; userId: number }[]): Action[] {
  const accepts = (action: ZmkKeyAction) => ZMK_MACHINE.next(status, action) !== null;
  const out: Action[] = [];
  const last = slots.length + 1 >= count;
  if (accepts('ENTER_COMPONENT') && (!last || accepts('ACTIVATE'))) {
    const mine = slots.some((s) => s.userId === scope.userId);
    for (let seq = 1; seq <= count; seq++) {
      if (!mine && !slots.some((s) => s.seq === seq) && scope.permissions.has(zmkCustodianPermission(seq))) out.push(`COMPONENT${seq}` as Action);
    }
  }
  if (accepts('CANCEL') && scope.permissions.has('zmk:cancel')) out.push('CANCEL');
  if (accepts('RETIRE') && scope.permissions.has('zmk:retire')) out.push('RETIRE');
  return out;
}

/** Key `id` as the contract's ZmkDetail answers it; NF404 when there is none the caller sees. */
export async function zmkView(q: Query, scope: Scope, id: number) {
  const [r] = seesKeys(scope) ? await q<Row>(`${SELECT} WHERE k.id = $1`, [id]) : [];
  if (!r) throw notFound('Zone master key');
  const slots = await q<{ seq: number; user_id: number; email: string | null; entered_at: Date; kcv: string }>(
    `SELECT c.seq, c.user_id, u.email, c.entered_at, c.kcv FROM zmk_components c LEFT JOIN users u ON u.id = c.user_id WHERE c.key_id = $1 ORDER BY c.seq`,
    [id],
  );
  // The history keeps its own reader, not the engine's readEvents: each event answers its slot
  // and KCV (zmk_events.seq, kcv), a null reason as null, in insertion order.
  const events = await q<{ event: string; seq: number | null; kcv: string | null; reason: string | null; email: string | null; at: Date }>(
    `SELECT e.event, e.seq, e.kcv, e.reason, u.email, e.at FROM zmk_events e LEFT JOIN users u ON u.id = e.user_id WHERE e.key_id = $1 ORDER BY e.id`,
    [id],
  );
  const count = Number(r.component_count);
  return {
    ...rowOf(r),
    Components: Array.from({ length: count }, (_, i) => {
      const s = slots.find((x) => Number(x.seq) === i + 1);
      return { Seq: i + 1, Entered: Boolean(s), EnteredBy: s ? (s.email ?? '') : null, EnteredAt: s ? new Date(s.entered_at).toISOString() : null, Kcv: s?.kcv ?? null };
    }),
    History: events.map((e) => ({ Event: e.event as 'CREATED', Seq: e.seq === null ? null : Number(e.seq), Kcv: e.kcv, Reason: e.reason, By: e.email, At: new Date(e.at).toISOString() })),
    AllowedActions: allowedActions(scope, r.status, count, slots.map((s) => ({ seq: Number(s.seq), userId: Number(s.user_id) }))),
  };
}

const SORT_SQL: Record<string, string> = { Name: 'k.name', Status: 'k.status', CreatedAt: 'k.created_at', ActivatedAt: 'k.activated_at' };

/** A page of keys, filtered by status and a keyword (key or acquirer name), newest first unless sorted. */
export async function searchZmk(
  q: Query,
  scope: Scope,
  input: { keyword: string; status?: ZmkStatus; pageIndex: number; rowsPerPage: number; sort?: { Field: string; Order: 'asc' | 'desc' } },
) {
  const empty = { Items: [], TotalRecords: 0, PageIndex: input.pageIndex, RowsPerPage: input.rowsPerPage };
  if (!seesKeys(scope)) return empty;
  const where = `($1::text IS NULL OR k.status = $1) AND ($2 = '' OR k.name ILIKE '%' || $2 || '%' OR a.acq_name ILIKE '%' || $2 || '%')`;
  const params = [input.status ?? null, input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)];
  const order = `${SORT_SQL[input.sort?.Field ?? 'CreatedAt'] ?? 'k.created_at'} ${input.sort?.Order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, k.id DESC`;
  const rows = await q<Row>(`${SELECT} WHERE ${where} ORDER BY ${order} LIMIT $3 OFFSET $4`, [...params, input.rowsPerPage, (input.pageIndex - 1) * input.rowsPerPage]);
  const [n] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM zmk_keys k JOIN acquirers a ON a.id = k.acquirer_id WHERE ${where}`, params);
  return { Items: rows.map(rowOf), TotalRecords: Number(n?.n ?? 0), PageIndex: input.pageIndex, RowsPerPage: input.rowsPerPage };
}

/**
 * The workflow engine's server side: moving a record with a lifecycle through its state machine
 * (contract `WorkflowDef.machine`, a domain `StateMachine`) the same way for every record type.
 *
 * A record type gives a `WorkflowTable`: its table, the noun its messages use, the 409 code of a
 * refused move, how to lock one row (FOR UPDATE, inside the caller's subtree when a scope is
 * given) and its event table. Then:
 *  - `move` is the one write path of a state change, for the desk's commands and the system's
 *    events (a job's delivery outcome, the scheduler's expiry): it asks the machine first (refused:
 *    409, nothing written), then lets the caller plan the rest knowing the next state (checks
 *    that may still refuse, extra columns, side effects such as a transaction's refunded amount or
 *    a queued delivery), writes the row and appends exactly one event with the actor.
 *  - `command` makes a row command an operation (platform/operation.ts): lock in scope (another
 *    tenant's id is NF404), `move`, note the audit row (state before and after, the event's
 *    summary) and answer the record's state read in the same transaction.
 *  - `readEvents` is the one reader of an event log, oldest first.
 *
 * Lock order: the record, then whatever its plan locks (a refund request, then its transaction).
 */
import type { ErrorCode, StateMachine } from '@paydesk/domain';
import type { RouteDef } from '@paydesk/contract';
import type { Query } from '../db/client.ts';
import { AppError, badInput, invalidSession, notFound } from '../platform/errors.ts';
import type { AnswerOf, InputOf, OperationContext, OperationFn } from '../platform/operation.ts';
import type { Scope } from '../platform/scope.ts';

/** A row as the engine reads it under its lock: at least its id and state. */
export interface LockedRecord<S extends string> {
  id: number;
  status: S;
}

/**
 * Where a record type's events go: a table with (key, at, actor, action, summary) and optionally
 * (from_status, to_status). The actor, action and summary columns default to actor_user_id,
 * action and summary; an older table names them its own way (firmware: user_id, event, reason).
 */
export interface EventTable {
  table: string;
  /** The column naming the record. */
  key: string;
  /** Whether the table keeps the state before and after each event. */
  fromTo: boolean;
  columns?: { actor?: string; action?: string; summary?: string };
  /**
   * A table shared by several record types (resource_events): the column naming the type and this
   * type's value, written with every event and required by every read.
   */
  kind?: { column: string; value: string };
}

const columnsOf = (events: EventTable) => ({ actor: 'actor_user_id', action: 'action', summary: 'summary', ...events.columns });

export interface WorkflowTable<S extends string, A extends string, Row extends LockedRecord<S>> {
  machine: StateMachine<S, A>;
  /** The record's table (a constant, never input). */
  table: string;
  /** "Risk alert", "Refund request": NF404 and 409 messages. */
  noun: string;
  /** The code of a move the machine refuses (409). */
  conflict: ErrorCode;
  /** The refusal's message (default "<noun> <id> is <state>: <ACTION> is not allowed"). */
  refusal?: (row: Row, action: A) => string;
  /** Locks row `id` FOR UPDATE in `q` (inside `scope` when given); null when absent (or outside). */
  lock(q: Query, id: number, scope?: Scope): Promise<Row | null>;
  events: EventTable;
  /**
   * The row's own column names when they are not `status` and `updated_at` (a payout batch keeps
   * `state` and has no updated_at: null writes none).
   */
  columns?: { state?: string; updatedAt?: string | null };
}

/** What a move writes besides the state: the event's summary, extra columns, side effects. */
export interface MovePlan {
  /** The event's summary (at most 500 characters; longer is cut); null: none (a pause without a reason). */
  summary: string | null;
  /** The event's name when it is not the action's (firmware writes PAUSED for PAUSE). */
  event?: string;
  /** The audit row's detail (default the summary). */
  detail?: unknown;
  /**
   * Extra columns of the record's row (names are constants of the caller, values bound). Given,
   * even empty, the row's `updated_at` moves although the state does not (a comment).
   */
  set?: Record<string, unknown>;
  /** Columns moved up by one with the row (a version counter other writers bump too). */
  increment?: string[];
  /** Runs after the row is written, before the event: e.g. the refunded transaction's columns. */
  also?: () => Promise<unknown>;
  /** Extra columns of the event's row (a ZMK component's slot and KCV); names are the caller's constants. */
  eventExtra?: Record<string, unknown>;
}

/**
 * Moves locked row `row` by `action` at `at` (UTC) as `actorUserId` (null: the system): the
 * machine's next state or AppError 409 `conflict` (nothing written); then `plan(to)` (it may
 * throw an AppError to refuse; nothing is written then either); then the row (state, updated_at,
 * `plan.set`) when the state changes or `set` is given, `plan.also`, and one event. Answers the
 * new state and the plan. Runs inside the caller's transaction `q`.
 */
export async function move<S extends string, A extends string, Row extends LockedRecord<S>>(
  q: Query,
  wt: WorkflowTable<S, A, Row>,
  row: Row,
  action: A,
  actorUserId: number | null,
  at: Date,
  plan: (to: S) => MovePlan | Promise<MovePlan>,
): Promise<{ to: S; plan: MovePlan }> {
  const to = wt.machine.next(row.status, action);
  if (to === null) throw new AppError(409, wt.conflict, wt.refusal?.(row, action) ?? `${wt.noun} ${row.id} is ${row.status}: ${action} is not allowed`);
  const p = await plan(to);
  if (to !== row.status || p.set) {
    const extra = Object.entries(p.set ?? {});
    const state = wt.columns?.state ?? 'status';
    const updatedAt = wt.columns?.updatedAt === undefined ? 'updated_at' : wt.columns.updatedAt;
    const params: unknown[] = [row.id, to];
    const sets = [`${state} = $2`];
    if (updatedAt) sets.push(`${updatedAt} = $${params.push(at)}`);
    for (const [column, value] of extra) sets.push(`${column} = $${params.push(value)}`);
    for (const c of p.increment ?? []) sets.push(`${c} = ${c} + 1`);
    await q(`UPDATE ${wt.table} SET ${sets.join(', ')} WHERE id = $1`, params);
  }
  await p.also?.();
  await logEvent(q, wt.events, row.id, { action: p.event ?? action, from: row.status, to, actorUserId, summary: p.summary, at, extra: p.eventExtra });
  return { to, plan: p };
}

/** One event as written: `from` null for the record's first event. */
export interface EventInput {
  action: string;
  from: string | null;
  to: string;
  actorUserId: number | null;
  summary: string | null;
  at: Date;
  /** Extra columns of the event's row (names are the caller's constants, values bound). */
  extra?: Record<string, unknown>;
}

/** Appends one event of record `id` without a machine check (a creation, a delivery attempt). */
export async function logEvent(q: Query, events: EventTable, id: number, e: EventInput): Promise<void> {
  const c = columnsOf(events);
  const extra = Object.entries(e.extra ?? {});
  const kind = events.kind ? [[events.kind.column, events.kind.value] as const] : [];
  const cols = [events.key, 'at', c.actor, c.action, c.summary, ...(events.fromTo ? ['from_status', 'to_status'] : []), ...[...kind, ...extra].map(([k]) => k)];
  const values = [id, e.at, e.actorUserId, e.action, e.summary?.slice(0, 500) ?? null, ...(events.fromTo ? [e.from, e.to] : []), ...[...kind, ...extra].map(([, v]) => v)];
  await q(`INSERT INTO ${events.table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`, values);
}

/** One event as read: times ISO UTC, the actor's e-mail (null: the system). */
export interface EventRow {
  At: string;
  Action: string;
  Actor: string | null;
  Summary: string;
  FromStatus: string | null;
  ToStatus: string | null;
}

/** Events answered at most per record (a record has a handful; many resends stay bounded). */
export const EVENT_LIMIT = 500;

/** The event log of record `id`, oldest first (ties by insertion), at most EVENT_LIMIT events. */
export async function readEvents(q: Query, events: EventTable, id: number): Promise<EventRow[]> {
  const c = columnsOf(events);
  const rows = await q<Record<string, unknown>>(
    `SELECT e.at, e.${c.action} AS action, u.email, e.${c.summary} AS summary${events.fromTo ? ', e.from_status, e.to_status' : ''} FROM ${events.table} e LEFT JOIN users u ON u.id = e.${c.actor}
     WHERE e.${events.key} = $1${events.kind ? ` AND e.${events.kind.column} = $2` : ''} ORDER BY e.at, e.id LIMIT ${EVENT_LIMIT}`,
    events.kind ? [id, events.kind.value] : [id],
  );
  return rows.map((e) => ({
    At: new Date(e.at as string).toISOString(), Action: String(e.action), Actor: (e.email as string | null) ?? null, Summary: e.summary == null ? '' : String(e.summary),
    FromStatus: (e.from_status as string | null | undefined) ?? null, ToStatus: (e.to_status as string | null | undefined) ?? null,
  }));
}

/**
 * A row command as an operation: the input's `Id` is locked inside the caller's scope (NF404
 * otherwise), moved by `action` with `plan(row, input, ctx, to)`, noted for the audit row (state
 * before and after, the plan's detail or summary) and answered by `answer(q, id, ctx)` in the same transaction.
 */
export function command<D extends RouteDef & { auth: true }, S extends string, A extends string, Row extends LockedRecord<S>>(
  wt: WorkflowTable<S, A, Row>,
  action: A,
  plan: (row: Row, input: InputOf<D>, ctx: OperationContext<D>, to: S) => MovePlan | Promise<MovePlan>,
  answer: (q: Query, id: number, ctx: OperationContext<D>) => Promise<AnswerOf<D>>,
): OperationFn<D> {
  return async (input, ctx) => {
    const scope: Scope | null = ctx.scope;
    if (!scope) throw invalidSession();
    const row = await wt.lock(ctx.q, idOf(input), scope);
    if (!row) throw notFound(wt.noun);
    const { to, plan: p } = await move(ctx.q, wt, row, action, scope.userId, ctx.now(), (next) => plan(row, input, ctx, next));
    ctx.audit({ targetId: row.id, before: { Status: row.status }, after: { Status: to }, detail: p.detail ?? p.summary });
    return answer(ctx.q, row.id, ctx);
  };
}

/** The record id of a command's input (every command's body has `Id`; the schema made it a positive integer). */
function idOf(input: unknown): number {
  if (input && typeof input === 'object' && 'Id' in input && typeof input.Id === 'number') return input.Id;
  throw badInput('Id', 'a record id is required');
}

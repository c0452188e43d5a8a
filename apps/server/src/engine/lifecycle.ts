/**
 * The resource engine's records with a lifecycle (contract `ResourceDef.lifecycle`): the state
 * field moves only by the declared commands, through the workflow engine's `move`, and every
 * record's history is kept in the shared `resource_events` table (the workflow engine's
 * `EventTable` with a `kind`: the resource's name).
 *
 *  - A command locks the record in the caller's scope (NF404 outside it), checks the Version it
 *    was read at (CF409 when stale), asks the machine (CF409 naming the state it holds, nothing
 *    written), requires the reason a `note` command asks for (VAL400 `Note`), then writes the
 *    state and the next Version, one event (actor, from, to, the note) and one audit row, in one
 *    transaction.
 *  - Creation appends the record's first event (lifecycle-events.ts, from crud.ts).
 *  - `recordEvents` answers the history of a record the caller can see, oldest first.
 */
import { ERROR_CODES } from '@paydesk/domain';
import type { ResourceCommand, ResourceDef, ResourceLifecycle, RecordEvent } from '@paydesk/contract';
import { AppError, badInput, notFound } from '../platform/errors.ts';
import type { Scope } from '../platform/scope.ts';
import { move, readEvents, type WorkflowTable } from '../workflows/engine.ts';
import { auditIn, loadRow, type EngineContext } from './crud.ts';
import { lifecycleEvents } from './lifecycle-events.ts';
import { toItem } from './rows.ts';

/** A locked lifecycle row: its id, its state and the Version it holds. */
interface LockedRow {
  id: number;
  status: string;
  version: number;
  row: Record<string, unknown>;
}

/** The workflow engine's view of `def`'s table (a constant table and column from the declaration, never input). */
function tableOf(def: ResourceDef, lc: ResourceLifecycle): WorkflowTable<string, string, LockedRow> {
  const field = def.fields[lc.field]!;
  return {
    machine: lc.machine,
    table: def.table,
    noun: def.name,
    conflict: ERROR_CODES.CONFLICT,
    refusal: (r, action) => `${lc.field}: ${String(r.row[def.titleField] ?? r.id)} is ${r.status}, so ${commandOf(def, action)} is not allowed`,
    lock: async (q, id, scope) => {
      const row = scope ? await loadRow(q, def, scope, id, true) : undefined;
      return row ? { id, status: String(row[lc.field]), version: Number(row.Version), row } : null;
    },
    events: lifecycleEvents(def),
    columns: { state: field.column },
  };
}

/** The command name of a machine action (for messages), or the action itself. */
const commandOf = (def: ResourceDef, action: string) => def.commands?.find((c) => c.action === action)?.name ?? action;

/**
 * Runs lifecycle command `command` of `def` on `input.Id` at `input.Version` as the caller (see the
 * file's docstring). Answers the record as Get does. Throws NF404, CF409 (stale Version, or a state
 * the machine refuses the action from), VAL400 (`Note` missing where required).
 */
export async function runLifecycleCommand(ctx: EngineContext, def: ResourceDef, scope: Scope, command: ResourceCommand, input: { Id: number; Version: number; Note?: string }) {
  const lc = def.lifecycle!;
  const wt = tableOf(def, lc);
  return ctx.database.transaction(async (q) => {
    const locked = await wt.lock(q, input.Id, scope);
    if (!locked) throw notFound(def.name);
    if (locked.version !== input.Version) {
      throw new AppError(409, ERROR_CODES.CONFLICT, `Version: the ${def.name} was changed by someone else (now version ${locked.version}); reload and try again`);
    }
    const note = input.Note?.trim() || null;
    const { to } = await move(q, wt, locked, command.action!, scope.userId, ctx.now(), () => {
      if (command.note && !note) throw badInput('Note', `a reason is required to ${command.name}`);
      return { summary: note, increment: ['version'] };
    });
    const after = toItem(def, (await loadRow(q, def, scope, input.Id))!, ctx.fieldKey);
    await auditIn(q, ctx, scope, {
      action: command.name.toUpperCase(), def, targetId: input.Id,
      before: { [lc.field]: locked.status, Version: locked.version }, after: { [lc.field]: to, Version: after.Version }, detail: note ? { Note: note } : undefined,
    });
    return after;
  });
}

/** The history of record `id` of `def`, oldest first, when the caller can see the record; NF404 otherwise. */
export async function recordEvents(ctx: EngineContext, def: ResourceDef, scope: Scope, id: number): Promise<{ Items: RecordEvent[] }> {
  if (!(await loadRow(ctx.database.query, def, scope, id))) throw notFound(def.name);
  return { Items: await readEvents(ctx.database.query, lifecycleEvents(def), id) };
}

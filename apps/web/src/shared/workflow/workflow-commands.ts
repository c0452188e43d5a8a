/**
 * Which of a workflow's row commands a user sees on a record, and what each button reads: the
 * rule the toolbar (workflow-actions.tsx) and its tests share. A command shows when the caller
 * holds its route's permission (the route table's as the server checks it, read from its
 * schema-free copy in contract workflows/permissions.ts) and the record's state accepts its action
 * (the workflow's machine, as the server applies it); where the server also answers the record's
 * allowed actions for this caller (a key's AllowedActions: who entered which component), the
 * action must be among them too. The server decides again (409 otherwise).
 */
import { ROUTE_PATHS, WORKFLOW_PERMISSIONS, type RouteName, type WorkflowCommand, type WorkflowDef, type WorkflowRecord } from '@paydesk/contract';

/** The permission a command's route checks (the route table's, via its schema-free copy; none listed: nobody). */
export const routePermission = (route: RouteName): string | undefined => WORKFLOW_PERMISSIONS[route];

/** Whether a route moves money: the caller sends an Idempotency-Key (route table `idempotent`). */
export const routeIdempotent = (route: RouteName): boolean => ROUTE_PATHS[route].idempotent === true;

/** The record's state as the workflow reads it (its `stateColumn`, as text; '' when absent). */
export function rowState(workflow: WorkflowDef, row: WorkflowRecord): string {
  const value = row[workflow.stateColumn];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/**
 * The commands of `workflow` shown on a record in `state` to a holder of `held`, in declared
 * order: permission held and the machine's `next(state, action)` not null; when `allowed` is given
 * (the server's answer of the actions this caller may take on the record), its action listed too;
 * a command that picks (`pick`) only with at least one choice for its field in `choices`.
 */
export function visibleCommands(
  workflow: WorkflowDef,
  state: string,
  held: ReadonlySet<string>,
  allowed?: readonly string[],
  choices?: Readonly<Record<string, readonly unknown[]>>,
): WorkflowCommand<string>[] {
  return workflow.commands.filter((c) => {
    const permission = routePermission(c.route);
    const choosable = c.pick === undefined || (choices?.[c.pick.field]?.length ?? 0) > 0;
    return permission !== undefined && held.has(permission) && workflow.machine.next(state, c.action) !== null && (allowed === undefined || allowed.includes(c.action)) && choosable;
  });
}

/** The text key of a command's button in `state` (`labelWhen` when the state is its one). */
export const commandLabel = (command: WorkflowCommand<string>, state: string): string =>
  command.labelWhen && command.labelWhen.state === state ? command.labelWhen.label : command.label;

/**
 * The commands of `workflow` offered on selected rows (declared `bulk`) to a holder of `held`,
 * whatever the rows' states: the bulk bar shows those that at least one selected row accepts.
 */
export const bulkCommands = (workflow: WorkflowDef, held: ReadonlySet<string>): WorkflowCommand<string>[] =>
  workflow.commands.filter((c) => c.bulk !== undefined && c.review === undefined && held.has(routePermission(c.route) ?? '\0'));

/**
 * How a bulk command splits the selected rows, in their order: `send` those whose state accepts the
 * action (the machine), `skip` the others (their state, to say why nothing was sent). The
 * server decides each sent row again (409 for a row another user moved meanwhile).
 */
export function bulkPlan<R extends WorkflowRecord>(workflow: WorkflowDef, command: WorkflowCommand<string>, rows: readonly R[]): { send: R[]; skip: R[] } {
  const send: R[] = [];
  const skip: R[] = [];
  for (const row of rows) (workflow.machine.next(rowState(workflow, row), command.action) === null ? skip : send).push(row);
  return { send, skip };
}

/**
 * The workflow engine's declaration of a record with a lifecycle (a refund request, a risk alert,
 * and next a payment link, a recurring schedule, a cashback event, a draw): its states and
 * transitions as a domain state machine, its scoped list (a list report: columns, filters, paging,
 * export and the detail drawer come from the report engine), and its row commands, each one
 * operation of the route table. Shared by the server, which refuses what the machine does not
 * list, and the web app, which shows a command on a row only when the caller holds the operation's
 * permission and the row's state accepts it, with the note, review and prompt declared here.
 */
import type { StateMachine } from '@paydesk/domain';
import type { RouteName } from '../routes.ts';
import type { ReportRow } from '../reports/schemas.ts';

/** The icons a command may show (the web app maps each to one icon). */
export type WorkflowIcon = 'take' | 'comment' | 'close' | 'refund' | 'reject' | 'search' | 'send';

/** One row command: an action of the machine, sent as one operation. */
export interface WorkflowCommand<A extends string> {
  /** The machine's action this command performs. */
  action: A;
  /** The operation: its permission gates the button, its body is built below. */
  route: RouteName;
  /** Text key of the button (and of the note dialog's title and OK button). */
  label: string;
  /** Text key of the button when the row's state is `when` (e.g. "Take over" an OPEN alert). */
  labelWhen?: { state: string; label: string };
  icon: WorkflowIcon;
  primary?: boolean;
  danger?: boolean;
  /** A required text the user types first (at most 250 characters), sent as `body[field]`. */
  note?: { field: string; label: string };
  /**
   * The row read back to the user before anything is sent (a money-moving command): each item a
   * label key and a row column shown as text, as money (in the row's `Currency`) or as the label
   * of an enum value; `ok` is the OK button's text key (`{{amount}}`: the row's money).
   */
  review?: { items: { label: string; column: string; as?: 'money' | { enum: string } }[]; ok: string };
  /** Text key of the §8 confirmation prompt, asked after the note (none: sent at once). */
  confirm?: string;
  /** The body besides `Id` and the note, built from the row (e.g. the manual refund's form). */
  body?: (row: ReportRow) => Record<string, unknown>;
  /** Text key of the success message; `{{ref}}` is the row's `refColumn`, `{{id}}` its Id. */
  done: string;
}

export interface WorkflowDef<S extends string = string, A extends string = string> {
  /** The record type: the audit target kind and the name the app registers it by. */
  name: string;
  /** The list report's `source` (its table): the detail drawers of those reports show the commands. */
  source: string;
  /**
   * Other report sources whose rows change with a command (a refund moves the transaction's
   * refunded amount): the web app asks their lists and details again after every command.
   */
  alsoRefreshes?: string[];
  /** The row column holding the state. */
  stateColumn: string;
  /** The row column naming the record to a person in messages (default Id). */
  refColumn?: string;
  machine: StateMachine<S, A>;
  commands: WorkflowCommand<A>[];
  /** Text key of the toolbar's accessible name. */
  toolbarLabel: string;
}

/** Declares a workflow (identity: the type checks the commands' actions against the machine). */
export function defineWorkflow<S extends string, A extends string>(def: WorkflowDef<S, A>): WorkflowDef<S, A> {
  return def;
}

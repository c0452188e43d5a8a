/**
 * The workflow engine's declaration of a record with a lifecycle (a refund request, a risk alert,
 * a firmware rollout, a zone master key, and next a payment link, a recurring schedule, a cashback
 * event, a draw): its states and transitions as a domain state machine, its table (a list report
 * over it gets columns, filters, paging, export and the detail drawer from the report engine; a
 * record with its own screen has none), and its row commands, each one operation of the route
 * table. Shared by the server, which refuses what the machine does not list, and the web app, which
 * shows a command on a record only when the caller holds the operation's permission and the
 * record's state accepts it, with the note, review and prompt declared here.
 */
import type { StateMachine } from '@paydesk/domain';
import type { RouteName } from '../routes.ts';

/** The icons a command may show (the web app maps each to one icon). */
export type WorkflowIcon = 'take' | 'assign' | 'comment' | 'close' | 'refund' | 'reject' | 'search' | 'send' | 'pause' | 'resume' | 'stop' | 'retire';

/**
 * A record the commands run on, as the web app holds it: a report row or an endpoint's answer (a
 * rollout, a key), with its `Id`, its state column and whatever columns the commands read.
 */
export type WorkflowRecord = { readonly Id: number } & Readonly<Record<string, unknown>>;

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
   * A required choice the user makes first, sent as `body[field]` (e.g. the colleague an alert is
   * given to). The choices are the record's, answered by the server for this caller and handed to
   * the toolbar (`choices[field]`); with none the command does not show.
   */
  pick?: { field: string; label: string };
  /**
   * The row read back to the user before anything is sent (a money-moving command): each item a
   * label key and a row column shown as text, as money (in the row's `Currency`) or as the label
   * of an enum value; `ok` is the OK button's text key (`{{amount}}`: the row's money).
   */
  review?: { items: { label: string; column: string; as?: 'money' | { enum: string } }[]; ok: string };
  /**
   * Text key of the §8 confirmation prompt, asked after the note (none: sent at once); `{{ref}}`
   * is the record's `refColumn`, `{{id}}` its Id.
   */
  confirm?: string;
  /** Text key of the prompt's body under its title (what the command will do), if any. */
  confirmNote?: string;
  /** The body besides `Id` and the note, built from the record (e.g. the manual refund's form). */
  body?: (row: WorkflowRecord) => Record<string, unknown>;
  /** Text key of the success message; `{{ref}}` is the row's `refColumn`, `{{id}}` its Id. */
  done: string;
  /**
   * Offered on several selected rows of the list at once (the list's bulk bar): one note and one
   * prompt for all, then the command sent row by row, each its own operation (permission, scope,
   * lock, machine, one audit row), with a result per row. Only for a command without `review`:
   * money read back is read back one record at a time. `confirm`: text key of the prompt
   * (`{{count}}` rows); each row's result reads `done` (its `{{ref}}`) or the server's refusal.
   */
  bulk?: { confirm: string };
}

export interface WorkflowDef<S extends string = string, A extends string = string> {
  /** The record type: the audit target kind and the name the app registers it by. */
  name: string;
  /**
   * The record's table: the list reports whose `source` it is show the commands in their detail
   * drawers and are asked again after each one (none for a record with its own screen).
   */
  source: string;
  /**
   * Other report sources whose rows change with a command (a refund moves the transaction's
   * refunded amount): the web app asks their lists and details again after every command.
   */
  alsoRefreshes?: string[];
  /** The row column holding the state. */
  stateColumn: string;
  /** The row column naming the record to a person in prompts and messages (default Id). */
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

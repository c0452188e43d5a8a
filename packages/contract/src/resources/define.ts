/**
 * The resource engine's declarations (guides practice 3). A resource is declared once:
 * its fields with zod types, label keys and §5 validator types, list columns, filters, default
 * sort, permission module, scope rule, allowed actions and secret fields. The server serves it
 * at `/api/portal/{Name}/{Search|Get|Create|Update|SetStatus|Delete|Export|BulkUpload}` and the
 * web app renders it with one ResourceList and one ResourceForm.
 */
import { z } from 'zod';
import { resourceActionPermission, type ResourceActionName, type StateMachine } from '@paydesk/domain';
import { registerResourceTexts, type ResourceTexts } from './texts.ts';

/** §5 validator types a field may declare (checked by validateField of packages/domain). */
export type ValidatorType = 'email' | 'phone' | 'decimal' | 'url' | 'number' | 'merchantOrder';

export type ResourceAction = 'create' | 'update' | 'setStatus' | 'delete' | 'export' | 'bulkUpload';

/** How a field is edited in ResourceForm. */
export type InputKind = 'text' | 'textarea' | 'number' | 'decimal' | 'money' | 'percent' | 'select' | 'multiselect' | 'switch' | 'date' | 'datetime' | 'secret' | 'json';

/** A list column's priority: 1 key, 2 normal, 3 only on wide screens (FieldDef.priority). */
export type ListPriority = 1 | 2 | 3;

/** How a list writes a number: money (§3), a percentage, a whole count, or a plain decimal. */
export type NumberKind = 'money' | 'percent' | 'count' | 'decimal';

export interface FieldDef {
  /** zod schema of the value as the API takes it (create and update). */
  schema: z.ZodType;
  /** Database column (snake_case). */
  column: string;
  labelKey: string;
  /** §5 validator type applied on both sides (the zod schema calls validateField too). */
  validator?: ValidatorType;
  input: InputKind;
  /** Options of a select: fixed values with label keys, or the name of a lookup route. */
  options?: { value: string | number; labelKey: string }[];
  lookup?: string;
  /**
   * Arguments the lookup takes from the form (a picker that depends on another field): lookup
   * argument name → the form field whose value it takes, `OrgId` being an owned record's owner
   * (e.g. a provider mapping's TID picker lists the terminals of the organization chosen above it).
   * Until each of those fields has a value the picker waits, disabled; it asks again when one
   * changes and clears a value the new list no longer holds. Filters of such a field are typed.
   */
  lookupArgs?: Readonly<Record<string, string>>;
  /** Shown as a list column (in this order). */
  list?: boolean;
  /**
   * How much its list column matters when the screen is narrow: 1 key (identity,
   * money, rates: shown at every width and first on a phone), 2 shown from 992 px, 3 only from
   * 1600 px unless the user turns it on. Default: 1 for the title field, money and percent
   * fields, else 2.
   */
  priority?: ListPriority;
  /** A number whose kind depends on its row (e.g. a risk threshold is money, a percentage or a count by its rule); lists format it so. */
  numberKind?: (row: Record<string, unknown>) => NumberKind;
  /**
   * Filter kind in Search's SearchData: `eq` one value, `in` any of up to 50, `contains` a text
   * part (case ignored), `range` `{From, To}` inclusive (ordered kinds: numbers, money, rates,
   * dates and times). Equality, `in` and `range` compare the column with a parameter typed as
   * the column (`kinds/`), so an index on it serves them.
   */
  filter?: 'eq' | 'contains' | 'in' | 'range';
  sortable?: boolean;
  /** Stored encrypted, answered masked (last 4), never sent back whole. */
  secret?: boolean;
  /** Answered but not written by Create/Update (computed or system-managed). */
  readOnly?: boolean;
  /**
   * Written by Create only: Update does not take it and the edit form shows it read-only (a
   * payment link's amount, currency and reference: the customer may already hold the link).
   */
  createOnly?: boolean;

  /** Optional on create (the database default applies). */
  optional?: boolean;
  /** Help text key for the form. */
  helpKey?: string;
  /**
   * The limits the field's schema enforces, as declared (set by the builders of fields.ts), so a
   * form shows the real limit, never a generic one: `min`/`max` of a number (inclusive),
   * `decimals` of a decimal, `maxLength` of a text in characters.
   */
  limits?: FieldLimits;
  /**
   * Read from the owner organization's row (`organizations`, column `column`) instead of the
   * resource's table: the owner's name, code or level shown beside an owned record. Always
   * read-only (declare `readOnly: true`); owned resources only.
   */
  owner?: boolean;
}

/** See FieldDef.limits. */
export interface FieldLimits {
  min?: number;
  max?: number;
  decimals?: number;
  maxLength?: number;
}

/** What a cross-field rule answers when a record breaks it: the field to name and why. */
export interface RuleViolation {
  field: string;
  message: string;
}

/**
 * A server-side action declared on a resource: it moves one choice field of a
 * record from one of `from` to `to` under the record's row lock, at the Version the caller read,
 * audited under the command's name — e.g. a terminal's Suspend (ACTIVE → SUSPENDED). It is served
 * at `PUT /api/portal/{Name}/{name}` with `{Id, Version}` and needs `{module}:update` (a route-table
 * entry like any other, so the generated suites cover it); a record holding another value is
 * refused (CF409 naming the value it holds). The list offers it on the rows whose value allows it,
 * confirmed first when `confirm` (a step not easily undone).
 */
export interface ResourceCommand<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** PascalCase route segment and audit action, e.g. 'Suspend'. */
  name: string;
  labelKey: string;
  /** A select field with fixed options; `from` and `to` are among them. */
  field: keyof F & string;
  from: readonly string[];
  to: string;
  confirm?: boolean;
  /** A lifecycle command (ResourceDef.lifecycle): the machine's action it performs. */
  action?: string;
  /** A lifecycle command: the user types a reason first (`Note`, at most 250 characters), kept in the record's history. */
  note?: boolean;
}

/** A row command of a lifecycle (ResourceLifecycle.commands): an action of the machine under a name of its own. */
export interface LifecycleCommand {
  /** PascalCase route segment and audit action, e.g. 'Disable'. */
  name: string;
  labelKey: string;
  /** The machine's action; the states it moves from and to are the machine's. */
  action: string;
  /** Asked to confirm first (a step not easily undone). */
  confirm?: boolean;
  /** A reason is required (see ResourceCommand.note). */
  note?: boolean;
}

/**
 * A record with a lifecycle on the resource engine (the workflow engine's facet of a resource): its
 * state is a read-only select field whose options are the states of a domain state machine; the
 * declared commands are the only way the state changes, each an operation of the route table
 * (`PUT /api/portal/{Name}/{Command}` with `{Id, Version, Note?}`, `{module}:update`) that the
 * server runs through the workflow engine's `move` (the machine asked first, 409 naming the state
 * when it refuses; then the row, one event and one audit row in one transaction). Creation (one by
 * one or in a bulk upload) writes the record's first event, CREATE into the state it was stored in. `GET /api/portal/{Name}/Events/{Id}`
 * answers its history (`{Items: RecordEvent[]}`, oldest first), which the screen shows per row.
 */
export interface ResourceLifecycle<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** The state field: a read-only select whose options are exactly the machine's states. */
  field: keyof F & string;
  machine: StateMachine<string, string>;
  commands: readonly LifecycleCommand[];
}

export interface Dependent {
  /** Table and column that reference this resource; delete is refused while rows exist. */
  table: string;
  column: string;
  /** The API field whose value the column holds (default 'Id'). */
  key?: string;
  labelKey: string;
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** API segment, e.g. 'BankConfig' → /api/portal/BankConfig/Search. */
  name: string;
  /** Web route of its screen (§2), e.g. '/bank-config'. */
  path: string;
  /** Permission module: `${module}:view|create|update|setstatus|delete|export|bulkupload`. */
  module: string;
  /**
   * The screen's route permission when it is not `{module}:view` (one module holding several
   * screens, e.g. contentmanagement:nfcreceipt, tpaconfig:m1): its actions are that permission with
   * the action appended (resourceActionPermission of the domain).
   */
  viewPermission?: string;
  table: string;
  /**
   * Column values every row of this declaration has (several declarations over one table, e.g. one
   * per provider over `tpa_provider_configs`): every read, change and delete is limited to them and
   * every insert writes them. Columns and values come from the declaration, never from a request.
   */
  fixed?: Readonly<Record<string, string>>;
  /** 'platform' rows are global; 'owned' rows carry org_id and are seen by that org's subtree. */
  scope: 'platform' | 'owned';
  /**
   * Owned resources only: the table also keeps the owner's ancestors (master_merchant_id,
   * agency_id, agent_id, merchant_id, branch_id), as transaction-sized tables do; the engine writes
   * them from the owner's place in the hierarchy on every insert (a profile move re-keys them).
   */
  ancestors?: boolean;
  /** Owned resources only: the organization levels whose rows this resource serves. */
  ownerLevels?: ('MASTER_MERCHANT' | 'AGENCY' | 'AGENT' | 'MERCHANT_HQ' | 'MERCHANT_BRANCH')[];
  /**
   * Owned resources with `ownerLevels` and at most one record per organization: Search
   * and Export list every organization of the caller's scope at those levels, each with its record
   * (`Configured: true`) or without one (`Configured: false`; Id, Version, IsActive, CreatedAt,
   * UpdatedAt and the fields null), so an organization not yet configured is seen and configured
   * from the list. Get, Create, Update, SetStatus and Delete work on records as usual.
   */
  listOwners?: boolean;
  titleKey: string;
  /** The field naming a record in messages (e.g. BankName). */
  titleField: keyof F & string;
  fields: F;
  actions: ResourceAction[];
  /** A declared field, or the record's CreatedAt or UpdatedAt (newest first lists). */
  defaultSort: { Field: (keyof F & string) | 'CreatedAt' | 'UpdatedAt'; Order: 'asc' | 'desc' };
  /**
   * Natural key used by BulkUpload to update instead of insert (e.g. BankCode); 'OrgId' for an
   * owned resource with one record per organization.
   */
  naturalKey?: (keyof F & string) | 'OrgId' | readonly ((keyof F & string) | 'OrgId')[];
  dependents?: Dependent[];
  /**
   * A rule across fields (optional), e.g. "fee mode 1 needs a percent above 0". It gets a record
   * keyed by API field names and answers the field to name and the message, or null.
   *  - Create (and every BulkUpload row) checks the whole input;
   *  - Update checks the fields sent (absent ones are undefined: a rule must pass when a field it
   *    needs is absent), then the server checks again on the stored record with the change over it
   *    (stored decimals arrive as strings, so compare with Number()).
   * Applied by resourceSchemas (zod superRefine, so the web form gets the same message) and by
   * the engine's updateRow.
   */
  refine?: (record: Record<string, unknown>) => RuleViolation | null;
  /** Server-side actions declared on the resource (see ResourceCommand); a lifecycle's commands are added here by defineResource. */
  commands?: readonly ResourceCommand<F>[];
  /** A record with a lifecycle (see ResourceLifecycle). */
  lifecycle?: ResourceLifecycle<F>;
  /**
   * A change that moves money from a date (a rate): before a create or an edit is sent, the form
   * reads back each changed field (before → after) under the prompt `labelKey` (`{{date}}`: the
   * record's `dateField`, DD-MM-YYYY), and saves only on OK.
   */
  confirmSave?: { labelKey: string; dateField: keyof F & string };
  /** Why the fields are what they are where the spec is silent. */
  description: string;
  /**
   * The declaration's own texts (field, option and help labels, in en, ms and zh): registered when
   * the declaration loads (resources/texts.ts), so a new resource needs no shared catalogue edit.
   */
  texts?: ResourceTexts;
}

/**
 * Declares a resource: checked against its own field names (titleField, defaultSort, naturalKey
 * must be fields of it), then answered as a plain ResourceDef that keeps its fields' types, so
 * declarations list together (RESOURCES) without casts. (TypeScript measures ResourceDef<F> as
 * invariant in F because of `keyof F`, though a narrower declaration is a sound ResourceDef.)
 */
export function defineResource<F extends Record<string, FieldDef>>(def: ResourceDef<F>): ResourceDef & { fields: F } {
  // A record with a lifecycle has one status, its state: an active switch beside it would contradict it.
  if (def.lifecycle && def.actions.includes('setStatus')) throw new Error(`${def.name}: a lifecycle resource's status is its ${def.lifecycle.field}; declare no setStatus`);
  const full: ResourceDef<F> = def.lifecycle ? { ...def, commands: [...(def.commands ?? []), ...lifecycleCommands(def, def.lifecycle)] } : def;
  for (const c of full.commands ?? []) checkCommand(full, c);
  if (def.texts) registerResourceTexts(def.texts);
  return full as ResourceDef & { fields: F };
}

/**
 * A lifecycle's commands as resource commands over its state field: each moves from the states
 * that accept its action to the one state they all lead to. Throws at declaration when the state
 * field is writable, its options are not the machine's states, an action is accepted nowhere or
 * leads to different states (two commands are then needed).
 */
function lifecycleCommands<F extends Record<string, FieldDef>>(def: ResourceDef<F>, lc: ResourceLifecycle<F>): ResourceCommand<F>[] {
  const field = def.fields[lc.field];
  const options = (field?.options ?? []).map((o) => String(o.value));
  if (!field?.readOnly || options.join() !== lc.machine.states.join()) {
    throw new Error(`${def.name}: the lifecycle's ${lc.field} must be a read-only select whose options are the machine's states (${lc.machine.states.join(', ')})`);
  }
  return lc.commands.map((c) => {
    const from = lc.machine.accepting(c.action);
    const to = new Set(from.map((s) => lc.machine.next(s, c.action)));
    if (from.length === 0 || to.size !== 1) throw new Error(`${def.name}: command ${c.name} must be an action the machine accepts somewhere, leading to one state`);
    return { name: c.name, labelKey: c.labelKey, field: lc.field, from, to: [...to][0]!, action: c.action, ...(c.confirm ? { confirm: true } : {}), ...(c.note ? { note: true } : {}) };
  });
}

const ENGINE_OPS = new Set(['Search', 'Get', 'Create', 'Update', 'SetStatus', 'Delete', 'Export', 'BulkUpload', 'Events']);

/** A command moves a fixed-option field between its own options, under a name of its own (throws at declaration). */
function checkCommand<F extends Record<string, FieldDef>>(def: ResourceDef<F>, c: ResourceCommand<F>): void {
  const values = new Set((def.fields[c.field]?.options ?? []).map((o) => String(o.value)));
  const wrong = [c.to, ...c.from].filter((v) => !values.has(v));
  if (!/^[A-Z][A-Za-z]+$/.test(c.name) || ENGINE_OPS.has(c.name) || wrong.length || !def.actions.includes('update')) {
    throw new Error(`${def.name}: command ${c.name} must be a PascalCase name of its own over ${c.field}'s options on a resource with update (not ${wrong.join(', ')})`);
  }
}

/** The permission a resource operation checks. */
export function resourcePermission(def: Pick<ResourceDef, 'module' | 'viewPermission'>, op: 'view' | Lowercase<ResourceAction>): string {
  return resourceActionPermission(def.viewPermission ?? `${def.module}:view`, op.toLowerCase() as 'view' | ResourceActionName);
}

/** System columns every resource row answers besides its fields. */
export const SYSTEM_FIELDS = ['Id', 'Version', 'IsActive', 'CreatedAt', 'UpdatedAt'] as const;

/**
 * ResourceForm's values, pure: a record into the form's values, the form's values into the
 * Create/Update body, that body checked with the resource's own zod schema (the one the server
 * validates with, so the messages match), and the server's "Field: message" answers read back
 * onto fields.
 */
import { INVALID_FORM_VALUE, kindOf, resourceSchemas, type FieldDef, type ResourceDef, type ResourceSchemas } from '@paydesk/contract';
import type { ResourceItem } from './resource-api.ts';

export type FormMode = 'create' | 'update';
export type FormValues = Record<string, unknown>;

/** The fields a form edits: every declared field that is written (not readOnly; on update, not createOnly either). */
export function writableFields(def: ResourceDef, mode: FormMode = 'create'): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => !f.readOnly && !(mode === 'update' && f.createOnly));
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The form's starting values: the record's as each kind's control holds them (contract kinds/), or blanks. */
export function toFormValues(def: ResourceDef, item?: ResourceItem | null): FormValues {
  const values: FormValues = {};
  for (const [name, f] of writableFields(def, item ? 'update' : 'create')) values[name] = kindOf(f).toForm(item?.[name]);
  if (!item && def.scope === 'owned') values.OrgId = undefined;
  return values;
}

/** Whether a field's schema keeps null as null (a nullable column), not coerced to 0. */
function takesNull(f: FieldDef): boolean {
  const r = f.schema.safeParse(null);
  return r.success && r.data === null;
}

/** Marks a form value that cannot become a request value (JSON text that does not parse). */
export const INVALID_JSON = INVALID_FORM_VALUE;

/**
 * The Create or Update body of the form's values. An empty optional field is left out on create
 * (the database default applies) and cleared (null) on update when it may be null; an empty
 * secret is left out (the stored one stays); an empty required field is sent as typed, for the
 * schema to name.
 */
export function toBody(def: ResourceDef, values: FormValues, mode: FormMode, item?: Pick<ResourceItem, 'Id' | 'Version'> | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, f] of writableFields(def, mode)) {
    const kind = kindOf(f);
    const v = kind.fromForm(values[name]);
    if (kind.isBlank(v)) {
      // An empty credential keeps the stored one.
      if (kind.blankKeeps) continue;
      if (f.optional) {
        // Cleared on update where the field may be empty; else the stored value (or default) stays.
        if (mode === 'update' && takesNull(f)) body[name] = null;
        continue;
      }
      // A blank required text is sent as '' for the schema to name; other kinds are left out.
      if (kind.sendsBlank) body[name] = '';
      continue;
    }
    body[name] = v;
  }
  if (mode === 'create' && def.scope === 'owned' && !isBlank(values.OrgId)) body.OrgId = values.OrgId;
  if (mode === 'update' && item) {
    body.Id = item.Id;
    body.Version = item.Version;
  }
  return body;
}

const schemas = new WeakMap<ResourceDef, ResourceSchemas>();
/** The resource's schemas, built once per declaration (a form checks on every change after a failed submit). */
function schemasOf(def: ResourceDef): ResourceSchemas {
  let s = schemas.get(def);
  if (!s) schemas.set(def, (s = resourceSchemas(def)));
  return s;
}

/** A message key or text per field: the first problem the schema finds with it. */
export type FieldErrors = Record<string, string>;

export const REQUIRED_MESSAGE = 'placeholder_cannot_be_empty';
export const JSON_MESSAGE = 'resource.invalidJson';

/**
 * Checks a body with the resource's create or update schema. Returns the parsed body (what is
 * sent) or the problems by field: one message (key) per field, the first the schema finds, so a
 * field never shows two errors at once. A missing required value is reported with the required
 * message of §5 ('placeholder_cannot_be_empty') rather than zod's type message. On an update,
 * `stored` (the record being edited) lets the resource's cross-field rule judge the change over
 * it, as the server does (e.g. a system setting's value against its read-only value type), so the
 * form names the problem before anything is sent.
 */
export function checkBody(
  def: ResourceDef,
  mode: FormMode,
  body: Record<string, unknown>,
  stored?: ResourceItem | null,
): { data: Record<string, unknown> } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  for (const [k, v] of Object.entries(body)) if (v === INVALID_JSON) errors[k] = JSON_MESSAGE;
  const schema = schemasOf(def)[mode];
  const result = schema.safeParse(Object.fromEntries(Object.entries(body).filter(([, v]) => v !== INVALID_JSON)));
  if (result.success && mode === 'update' && stored && def.refine) {
    const violation = def.refine({ ...stored, ...(result.data as Record<string, unknown>) });
    if (violation && !(violation.field in errors)) errors[violation.field] = violation.message;
  }
  if (result.success && Object.keys(errors).length === 0) return { data: result.data as Record<string, unknown> };
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!field || field in errors) continue;
      errors[field] = body[field] === undefined ? REQUIRED_MESSAGE : issue.message;
    }
  }
  return { errors };
}

/** "Field: message" of a server answer (VAL400, CF409), when it names a field. */
export function fieldOfMessage(message: string | undefined): { field: string; message: string } | null {
  const m = /^([A-Za-z][A-Za-z0-9_]*): ([\s\S]+)$/.exec(message ?? '');
  return m ? { field: m[1]!, message: m[2]! } : null;
}

/** Whether two form states differ (the unsaved-changes guard). */
export function differs(a: FormValues, b: FormValues): boolean {
  const norm = (v: FormValues) => JSON.stringify(Object.keys(v).sort().map((k) => [k, v[k] === undefined || v[k] === null ? '' : v[k]]));
  return norm(a) !== norm(b);
}

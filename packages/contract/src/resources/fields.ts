/**
 * Field builders for resource declarations. Each builds the zod schema that the server validates
 * with and the web form checks with; text fields run the §5 validator (`validateField` of
 * packages/domain), so both sides answer the same message keys.
 */
import { z } from 'zod';
import { validateField } from '@paydesk/domain';
import type { FieldDef, InputKind, ValidatorType } from './define.ts';

type Common = Partial<Pick<FieldDef, 'list' | 'filter' | 'sortable' | 'optional' | 'readOnly' | 'helpKey' | 'lookup'>>;

const MAX = 250;

/** A string checked by the §5 validator of `type` (or only for length when no type). */
function checked(type: ValidatorType | undefined, max: number, required: boolean) {
  let s = z.string().trim().max(max, 'text too long');
  if (required) s = s.min(1, 'placeholder_cannot_be_empty');
  if (!type) return s;
  return s.superRefine((v, ctx) => {
    const r = validateField(type, v);
    if (r !== true) ctx.addIssue({ code: 'custom', message: r });
  });
}

function field(column: string, labelKey: string, input: InputKind, schema: z.ZodType, o: Common & { validator?: ValidatorType } = {}): FieldDef {
  return { column, labelKey, input, schema: o.optional ? schema.nullable() : schema, ...o };
}

/** Free text; `pattern` adds a format rule with its own message (e.g. an ISO code). */
export const text = (column: string, labelKey: string, o: Common & { max?: number; validator?: ValidatorType; pattern?: [RegExp, string] } = {}) => {
  const { pattern, ...rest } = o;
  const base = checked(o.validator, o.max ?? MAX, !o.optional);
  const schema = pattern ? base.refine((v) => v === '' || pattern[0].test(v), pattern[1]) : base;
  return field(column, labelKey, 'text', schema, rest);
};

export const textarea = (column: string, labelKey: string, o: Common & { max?: number } = {}) =>
  field(column, labelKey, 'textarea', checked(undefined, o.max ?? 4000, !o.optional), o);

export const email = (column: string, labelKey: string, o: Common = {}) => field(column, labelKey, 'text', checked('email', MAX, !o.optional), { ...o, validator: 'email' });
export const phone = (column: string, labelKey: string, o: Common = {}) => field(column, labelKey, 'text', checked('phone', 30, !o.optional), { ...o, validator: 'phone' });
export const url = (column: string, labelKey: string, o: Common = {}) => field(column, labelKey, 'text', checked('url', MAX, !o.optional), { ...o, validator: 'url' });

/** An integer within [min, max]. */
export const int = (column: string, labelKey: string, o: Common & { min?: number; max?: number } = {}) =>
  field(column, labelKey, 'number', z.coerce.number().int('enter number only').min(o.min ?? 0).max(o.max ?? 2_147_483_647), o);

/** Money: a decimal string of ringgit with at most 2 decimals (never a float). */
export const money = (column: string, labelKey: string, o: Common = {}) =>
  field(column, labelKey, 'money', z.union([z.string(), z.number()]).transform(String).pipe(checked('decimal', 20, true).refine((v) => /^\d{1,16}(\.\d{1,2})?$/.test(v), 'invalid transaction amount')), o);

/** A rate in percent, 0–100 with at most 4 decimals, as a decimal string. */
export const percent = (column: string, labelKey: string, o: Common = {}) =>
  field(column, labelKey, 'percent', z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/, 'enter a rate from 0 to 100 with at most 4 decimals')), o);

/** One of fixed options (codes with label keys). */
export const select = <V extends string | number>(column: string, labelKey: string, options: { value: V; labelKey: string }[], o: Common = {}) => {
  const values = options.map((x) => x.value);
  const schema = typeof values[0] === 'number' ? z.coerce.number().refine((v) => values.includes(v as V), 'not one of the options') : z.string().refine((v) => values.includes(v as V), 'not one of the options');
  return { ...field(column, labelKey, 'select', schema, o), options };
};

/** Several of fixed options, stored as a text[] column. */
export const multiselect = <V extends string>(column: string, labelKey: string, options: { value: V; labelKey: string }[], o: Common = {}) =>
  ({ ...field(column, labelKey, 'multiselect', z.array(z.enum(options.map((x) => x.value) as [V, ...V[]])).max(options.length), o), options });

/** A yes/no flag stored as smallint 1/0. */
export const flag = (column: string, labelKey: string, o: Common = {}) => field(column, labelKey, 'switch', z.union([z.literal(0), z.literal(1)]), o);

/** A calendar date YYYY-MM-DD (MYT business day). */
export const date = (column: string, labelKey: string, o: Common = {}) =>
  // zod's ISO date checks the calendar (2026-02-30 and 2025-02-29 are refused), not only the shape.
  field(column, labelKey, 'date', z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'enter a date as YYYY-MM-DD').pipe(z.iso.date('not a real date')), o);

/** A secret (provider key, ZMK component ...): encrypted at rest, answered masked. */
export const secret = (column: string, labelKey: string, o: Common & { max?: number } = {}) =>
  ({ ...field(column, labelKey, 'secret', z.string().max(o.max ?? 500), { ...o, optional: true }), secret: true });

/**
 * What the server answers in place of a secret's value ('••••' and at most its last 4 characters).
 * A write of a value starting with it (or an empty one) keeps the stored secret.
 */
export const SECRET_MASK = '••••';

/**
 * A bank account number (issue 8 item 7): 6–20 digits on write, stored AES-256-GCM encrypted and
 * answered masked like a secret ('••••' + the last 4 digits when longer than 8), also in exports.
 * Unlike a credential it is edited in a plain text input that shows the masked value, so the
 * schema also takes the mask itself (or '') back — both mean "keep the stored number".
 */
export const bankAccount = (column: string, labelKey: string, o: Common = {}) => ({
  ...field(
    column,
    labelKey,
    'text',
    z
      .string()
      .trim()
      .max(24, 'text too long')
      .refine((v) => v === '' || v.startsWith(SECRET_MASK) || /^\d{6,20}$/.test(v), 'enter 6 to 20 digits'),
    { ...o, optional: true },
  ),
  secret: true,
});

/** Free-form JSON (for typed settings the resource validates itself). */
export const json = (column: string, labelKey: string, schema: z.ZodType, o: Common = {}) => field(column, labelKey, 'json', schema, o);

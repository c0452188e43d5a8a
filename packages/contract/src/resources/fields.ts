/**
 * Field builders for resource declarations. Each builds the zod schema that the server validates
 * with and the web form checks with; text fields run the §5 validator (`validateField` of
 * packages/domain), so both sides answer the same message keys.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, VALIDATION_MESSAGES, fieldMessage, validateField } from '@paydesk/domain';
import { INT4_MAX } from '../common.ts';
import '../zod-messages.ts';
import type { FieldDef, FieldLimits, InputKind, ValidatorType } from './define.ts';

type Common = Partial<Pick<FieldDef, 'list' | 'filter' | 'sortable' | 'optional' | 'readOnly' | 'helpKey' | 'lookup'>>;

const MAX = 250;

/** The message of a text longer than `max` characters: the field's own limit, never a generic one. */
export const maxLengthMessage = (max: number) => fieldMessage(FIELD_MESSAGES.maxLength, { max });

/**
 * A string checked by the §5 validator of `type` (or only for length when no type), at most `max`
 * characters after trimming. zod reports every failing check; the form and the server name the
 * first one only, so the order here is the order of the messages: length, then empty, then type.
 */
function checked(type: ValidatorType | undefined, max: number, required: boolean) {
  let s = z.string().trim().max(max, maxLengthMessage(max));
  if (required) s = s.min(1, VALIDATION_MESSAGES.required);
  if (!type) return s;
  return s.superRefine((v, ctx) => {
    const r = validateField(type, v);
    if (r !== true) ctx.addIssue({ code: 'custom', message: r });
  });
}

function field(column: string, labelKey: string, input: InputKind, schema: z.ZodType, o: Common & { validator?: ValidatorType; limits?: FieldLimits } = {}): FieldDef {
  return { column, labelKey, input, schema: o.optional ? schema.nullable() : schema, ...o };
}

/** Free text; `pattern` adds a format rule with its own message (e.g. an ISO code). */
export const text = (column: string, labelKey: string, o: Common & { max?: number; validator?: ValidatorType; pattern?: [RegExp, string] } = {}) => {
  const { pattern, max = MAX, ...rest } = o;
  const base = checked(o.validator, max, !o.optional);
  const schema = pattern ? base.refine((v) => v === '' || pattern[0].test(v), pattern[1]) : base;
  return field(column, labelKey, 'text', schema, { ...rest, limits: { maxLength: max } });
};

export const textarea = (column: string, labelKey: string, o: Common & { max?: number } = {}) => {
  const { max = 4000, ...rest } = o;
  return field(column, labelKey, 'textarea', checked(undefined, max, !o.optional), { ...rest, limits: { maxLength: max } });
};

export const email = (column: string, labelKey: string, o: Common = {}) =>
  field(column, labelKey, 'text', checked('email', MAX, !o.optional), { ...o, validator: 'email', limits: { maxLength: MAX } });
export const phone = (column: string, labelKey: string, o: Common = {}) =>
  field(column, labelKey, 'text', checked('phone', 30, !o.optional), { ...o, validator: 'phone', limits: { maxLength: 30 } });
export const url = (column: string, labelKey: string, o: Common = {}) =>
  field(column, labelKey, 'text', checked('url', MAX, !o.optional), { ...o, validator: 'url', limits: { maxLength: MAX } });

/**
 * The one message of a whole-number field, whatever is wrong with what was typed (not a number, a
 * fraction, out of range): it names the range, e.g. 'enter a whole number from 1 to 240'. With no
 * declared upper bound (the column's int4 maximum) it names the lower one only.
 */
export function wholeNumberMessage(min: number, max?: number): string {
  return max === undefined || max >= INT4_MAX ? fieldMessage(FIELD_MESSAGES.wholeMin, { min }) : fieldMessage(FIELD_MESSAGES.wholeRange, { min, max });
}

/** A whole number typed as text ("  42 ", "-3"), or a number; null for anything else ("4e2", "0x10", "12.5", ""). */
function wholeNumberOf(v: number | string): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  return /^\s*-?\d{1,16}\s*$/.test(v) ? Number(v) : null;
}

/**
 * An integer within [min, max] (inclusive; default 0 to the int4 maximum), as a number or its
 * digits ("240"; a spreadsheet cell, a text input). Never coerced loosely: "4e2", "0x10", "" and
 * "12.5" fail rather than become 400, 16, 0 or 12. Every failure has the one range message.
 */
export const int = (column: string, labelKey: string, o: Common & { min?: number; max?: number } = {}) => {
  const { min = 0, max, ...rest } = o;
  const top = max ?? INT4_MAX;
  const message = wholeNumberMessage(min, max);
  const schema = z
    .union([z.number(), z.string()], { error: message })
    .transform((v, ctx) => {
      const n = wholeNumberOf(v);
      if (n === null) ctx.addIssue({ code: 'custom', message });
      return n ?? z.NEVER;
    })
    .pipe(z.number().int(message).min(min, message).max(top, message));
  return field(column, labelKey, 'number', schema, { ...rest, limits: { min, max: top } });
};

/** Money: a decimal string of ringgit with at most 2 decimals (never a float). */
export const money = (column: string, labelKey: string, o: Common = {}) =>
  field(
    column,
    labelKey,
    'money',
    z.union([z.string(), z.number()]).transform(String).pipe(checked('decimal', 20, true).refine((v) => /^\d{1,16}(\.\d{1,2})?$/.test(v), VALIDATION_MESSAGES.decimal)),
    { ...o, limits: { min: 0, decimals: 2, maxLength: 20 } },
  );

/** The message of a rate field: its range and decimals ('enter a number from 0 to 100 with at most 4 decimals'). */
export const PERCENT_MESSAGE = fieldMessage(FIELD_MESSAGES.decimalRange, { min: 0, max: 100, decimals: 4 });

/** A rate in percent, 0–100 with at most 4 decimals, as a decimal string. */
export const percent = (column: string, labelKey: string, o: Common = {}) =>
  field(column, labelKey, 'percent', z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/, PERCENT_MESSAGE)), {
    ...o,
    limits: { min: 0, max: 100, decimals: 4 },
  });

/** One of fixed options (codes with label keys). */
export const select = <V extends string | number>(column: string, labelKey: string, options: { value: V; labelKey: string }[], o: Common = {}) => {
  const values = options.map((x) => x.value);
  const schema =
    typeof values[0] === 'number'
      ? z.coerce.number().refine((v) => values.includes(v as V), FIELD_MESSAGES.option)
      : z.string().refine((v) => values.includes(v as V), FIELD_MESSAGES.option);
  return { ...field(column, labelKey, 'select', schema, o), options };
};

/** Several of fixed options, stored as a text[] column. */
export const multiselect = <V extends string>(column: string, labelKey: string, options: { value: V; labelKey: string }[], o: Common = {}) =>
  ({ ...field(column, labelKey, 'multiselect', z.array(z.enum(options.map((x) => x.value) as [V, ...V[]])).max(options.length), o), options });

/** A yes/no flag stored as smallint 1/0. */
export const flag = (column: string, labelKey: string, o: Common = {}) => field(column, labelKey, 'switch', z.union([z.literal(0), z.literal(1)], { error: FIELD_MESSAGES.yesNo }), o);

/** A calendar date YYYY-MM-DD (MYT business day). */
export const date = (column: string, labelKey: string, o: Common = {}) =>
  // zod's ISO date checks the calendar (2026-02-30 and 2025-02-29 are refused), not only the shape.
  field(column, labelKey, 'date', z.string().regex(/^\d{4}-\d{2}-\d{2}$/, FIELD_MESSAGES.dateShape).pipe(z.iso.date(FIELD_MESSAGES.realDate)), o);

/**
 * A secret (provider key, ZMK component ...): encrypted at rest, answered masked. `format`: a rule
 * a new value must pass, with its message (e.g. a Standard Webhooks secret); an empty value or one
 * starting with SECRET_MASK still passes, since both keep the stored secret.
 */
export const secret = (column: string, labelKey: string, o: Common & { max?: number; format?: [(v: string) => boolean, string] } = {}) => {
  const { max = 500, format, ...rest } = o;
  const base = z.string().max(max, maxLengthMessage(max));
  const schema = format ? base.refine((v) => v === '' || v.startsWith(SECRET_MASK) || format[0](v), format[1]) : base;
  return { ...field(column, labelKey, 'secret', schema, { ...rest, optional: true, limits: { maxLength: max } }), secret: true };
};

/**
 * What the server answers in place of a secret's value ('••••' and at most its last 4 characters).
 * A write of a value starting with it (or an empty one) keeps the stored secret.
 */
export const SECRET_MASK = '••••';

const ACCOUNT_MESSAGE = fieldMessage(FIELD_MESSAGES.digitsRange, { min: 6, max: 20 });

/**
 * A bank account number: 6–20 digits on write, stored AES-256-GCM encrypted and
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
      .max(24, ACCOUNT_MESSAGE)
      .refine((v) => v === '' || v.startsWith(SECRET_MASK) || /^\d{6,20}$/.test(v), ACCOUNT_MESSAGE),
    { ...o, optional: true, limits: { maxLength: 20 } },
  ),
  secret: true,
});

/** Free-form JSON (for typed settings the resource validates itself). */
export const json = (column: string, labelKey: string, schema: z.ZodType, o: Common = {}) => field(column, labelKey, 'json', schema, o);

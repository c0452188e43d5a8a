/** Field helpers shared by the group B declarations (kept out of fields.ts, which group A owns). */
import { z } from 'zod';
import { FIELD_MESSAGES, fieldMessage, type EnumEntry } from '@paydesk/domain';
import type { FieldDef } from '../define.ts';

/**
 * Optional on create (the column's default applies when absent) but never null: for NOT NULL
 * columns with a database default. Build the field WITHOUT `optional` (so its schema is not
 * nullable), then pass it here.
 */
export const defaulted = <F extends FieldDef>(f: F): F => ({ ...f, optional: true });

/** Select options of a domain enumeration (`{code, labelKey}` rows). */
export const optionsOf = <C extends string | number>(entries: readonly EnumEntry<C>[]) => entries.map((e) => ({ value: e.code, labelKey: e.labelKey }));

/** Select options of plain codes with label keys `${prefix}.${code}`. */
export const codeOptions = <C extends string>(codes: readonly C[], prefix: string) => codes.map((c) => ({ value: c, labelKey: `${prefix}.${c}` }));

/**
 * A non-negative decimal with at most 2 decimals, as a string (§5 "decimal"; numeric(18,2)
 * columns answer e.g. "10000.00"). Used where the number is not money (counts, percentages).
 */
export const decimal2 = (column: string, labelKey: string, o: Partial<Pick<FieldDef, 'list' | 'sortable' | 'helpKey'>> = {}): FieldDef => ({
  column,
  labelKey,
  input: 'decimal',
  validator: 'decimal',
  schema: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().trim().regex(/^\d{1,16}(\.\d{1,2})?$/, fieldMessage(FIELD_MESSAGES.decimals, { decimals: 2 }))),
  ...o,
});

/** A reference to another table's id, picked from a lookup route (optional, nullable). */
export const lookupId = (column: string, labelKey: string, lookup: string, o: Partial<Pick<FieldDef, 'list' | 'filter' | 'helpKey'>> = {}): FieldDef => ({
  column,
  labelKey,
  input: 'select',
  lookup,
  optional: true,
  schema: z.coerce.number().int('enter number only').positive('enter number only').nullable(),
  ...o,
});

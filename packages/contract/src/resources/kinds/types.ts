/**
 * The field-kind registry's shape (engine v2). Everything the engine knows
 * about one input kind lives in that kind's module (`kinds/<kind>.ts`): the value an answer
 * holds, the SQL that reads it and filters on it, how a spreadsheet cell becomes a value and a
 * value a cell, how the form holds it, and how a list column shows it. The server, the web app
 * and the file import/export ask the kind (`kindOf(field)`) instead of branching on
 * `field.input`; the web app adds only the React parts (input and cell) in its own registry,
 * typed `satisfies Record<InputKind, …>` like this one so a new kind cannot be half declared.
 */
import { z } from 'zod';
import type { EnumLabelLanguage } from '@paydesk/domain';
import type { FieldDef, NumberKind } from '../define.ts';

/** How a list column of the kind is laid out: alignment, usual width in px, and whether long text ends in "…". */
export interface ColumnLayout {
  align?: 'right';
  width: number;
  ellipsis: boolean;
}

/** Marks a form value that cannot become a request value (e.g. JSON text that does not parse). */
export const INVALID_FORM_VALUE = Symbol('invalid form value');

export interface FieldKind {
  /** The value an answer holds for the field (Get, Search, Create, Update), before nullability. */
  answer(f: FieldDef): z.ZodType;
  /**
   * The SQL reading column expression `col` as the API answers it (e.g. a date as 'YYYY-MM-DD'
   * text: node-postgres would shift a date east of UTC).
   */
  select(col: string): string;
  /**
   * The value of an equality (or `in`) filter on the field. Filters compare the column with an
   * untyped parameter (`col = $n`), which PostgreSQL types as the column — so the column's index
   * serves them — and this schema makes sure the value parses as that type (a 400 naming the
   * field, not a database error).
   */
  filterValue(f: FieldDef): z.ZodType;
  /** The condition of an equality filter: column SQL `col` against parameter placeholder `param`. */
  eqSql(col: string, param: string): string;
  /** The condition of an `in` filter: column SQL `col` against an array parameter `param`. */
  inSql(col: string, param: string): string;
  /** Whether a `range` filter (From/To, inclusive) applies: numbers, money, rates and times. */
  ordered: boolean;
  /** Whether `Keyword` searches the field's text. */
  keyword: boolean;
  /** What a list writes for the value: a kind of number, or null when it is not one. */
  numberKind(f: FieldDef): NumberKind | null;
  /** An uploaded file's cell text (never '') into the value the field's schema takes. */
  parseCell(f: FieldDef, text: string): unknown;
  /** The export cell text of an answered value (never null) in `lang`. */
  cellText(f: FieldDef, value: unknown, lang: EnumLabelLanguage): string;
  /** Whether the kind is written to export files (a credential is not, even masked). */
  exported: boolean;
  /** A record's value into the value the form's control holds. */
  toForm(value: unknown): unknown;
  /** The form control's value into the request value (INVALID_FORM_VALUE when it cannot be one). */
  fromForm(value: unknown): unknown;
  /** Whether a blank form value is blank for this kind (a multiselect's [] is a value). */
  isBlank(value: unknown): boolean;
  /** A blank form value keeps the stored one: left out of the body (a credential). */
  blankKeeps: boolean;
  /** A blank required value is sent as '' for the schema to name (typed text); other kinds leave it out. */
  sendsBlank: boolean;
  /** The form marks the field required when it is not optional (a switch always has a value). */
  requiredMark: boolean;
  /** A list column's layout. */
  column(f: FieldDef): ColumnLayout;
  /** Whether the field is a key column of a list (shown at every width): money and rates. */
  keyColumn: boolean;
}

/** Blank: undefined, null or only spaces. */
export const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A stored value as the text a form's text-like control holds ('' for none). */
export const asText = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** The column SQL unchanged. */
export const plainSelect = (col: string) => col;

/** A filter value compared with a text column. */
export const textFilter = () => z.string().trim().max(100);

/** A filter value compared with an integer column: a whole number, or its digits. */
export const intFilter = () =>
  z.union([z.number().int().min(-2_147_483_647).max(2_147_483_647), z.string().trim().regex(/^-?\d{1,10}$/, 'enter a whole number')]).transform(Number).pipe(z.number().int().min(-2_147_483_647).max(2_147_483_647));

/** A filter value compared with a numeric column: a decimal number, or its text. */
export const decimalFilter = () => z.union([z.number().finite(), z.string().trim().regex(/^-?\d{1,16}(\.\d{1,4})?$/, 'enter a number')]).transform(String);

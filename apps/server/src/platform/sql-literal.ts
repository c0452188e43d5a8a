/**
 * SQL text with its parameters written in as literals, for the one statement that takes no bind
 * parameters and is needed for exports: `COPY (SELECT …) TO STDOUT`. Why
 * literals rather than a PREPAREd statement or a temp view: COPY accepts neither `EXECUTE` nor a
 * parameter, and a view cannot take one; `set_config` + `current_setting()` would bind them but
 * turn every parameter into text, losing the type inference `= ANY($n)` and `$n::timestamptz`
 * rely on. An untyped quoted literal `'…'` is resolved by context exactly as an untyped `$n` is,
 * so the statement means the same with either (an escape string `E'…'` is untyped too).
 */
import pg from 'pg';

/** A value that `sqlLiteral` can write (what the report engine binds). */
export type LiteralValue = string | number | bigint | boolean | Date | null | readonly LiteralValue[];

/**
 * Quotes a text as a SQL string literal with node-postgres's `escapeLiteral`: `'` doubled, and a
 * text holding a backslash written as an escape string `E'…'` with the backslash doubled, so the
 * literal means the same text whatever the server's standard_conforming_strings says.
 */
const quote = (text: string): string => {
  if (text.includes('\u0000')) throw new RangeError('a SQL literal cannot hold NUL');
  return pg.escapeLiteral(text);
};

/** An array element in PostgreSQL array-literal syntax: always double-quoted, `"` and `\` escaped. */
function arrayElement(v: LiteralValue): string {
  if (v === null) return 'NULL';
  if (Array.isArray(v)) return arrayText(v);
  return `"${scalarText(v as Exclude<LiteralValue, null | readonly LiteralValue[]>).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
const arrayText = (values: readonly LiteralValue[]): string => `{${values.map(arrayElement).join(',')}}`;

function scalarText(v: string | number | bigint | boolean | Date): string {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError(`a SQL literal cannot be ${v}`);
    return String(v);
  }
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) throw new RangeError('a SQL literal cannot be an invalid date');
    return v.toISOString();
  }
  return String(v);
}

/**
 * A value as an untyped SQL literal: null → NULL; a string, number, bigint, boolean or Date
 * (ISO 8601 UTC) → `'text'` (pg's `escapeLiteral`: `'` doubled; `E'…'` with doubled backslashes
 * when the text has one, so it holds under either standard_conforming_strings); an array → the
 * quoted PostgreSQL array literal `'{"a","b"}'`. Throws RangeError for NUL in a text (the input guard
 * refuses it before any query), a non-finite number or an invalid date.
 */
export function sqlLiteral(v: LiteralValue): string {
  if (v === null) return 'NULL';
  if (Array.isArray(v)) return quote(arrayText(v));
  return quote(scalarText(v as string | number | bigint | boolean | Date));
}

/**
 * `text` (positional `$1 … $n` as drizzle's PgDialect writes them) with every `$n` replaced by
 * `sqlLiteral(params[n-1])`. Only for statements built by this code base (reports/query.ts):
 * their identifiers come from the schema and their own literals hold no `$`. Throws RangeError
 * when a placeholder has no parameter or a parameter is not used.
 */
export function inlineParams(text: string, params: readonly unknown[]): string {
  const used = new Set<number>();
  const out = text.replace(/\$(\d+)\b/g, (_, d: string) => {
    const i = Number(d) - 1;
    if (i < 0 || i >= params.length) throw new RangeError(`placeholder $${d} has no parameter`);
    used.add(i);
    return sqlLiteral(params[i] as LiteralValue);
  });
  if (used.size !== params.length) throw new RangeError(`${params.length - used.size} parameter(s) not used in the statement`);
  return out;
}

/**
 * A PostgreSQL array literal ("{...}") of the values: NULL for null, numbers and booleans bare,
 * everything else double-quoted with backslash escapes. Sent as one text parameter and cast with
 * `$n::type[]`, it works the same on PGlite and node-postgres, and is far cheaper than a parameter
 * per value.
 */
export function pgArray(values: readonly (string | number | boolean | Date | null | undefined)[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) parts[i] = 'NULL';
    else if (typeof v === 'number') parts[i] = String(v);
    else if (typeof v === 'boolean') parts[i] = v ? 't' : 'f';
    else {
      const s = v instanceof Date ? v.toISOString() : v;
      parts[i] = `"${s.replace(/[\\"]/g, '\\$&')}"`;
    }
  }
  return `{${parts.join(',')}}`;
}

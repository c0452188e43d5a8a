/** CSV text of a table (RFC 4180: quoted when needed, CRLF lines), and the per-row error report. */

function cell(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  // A leading = + - @ would be read as a formula by spreadsheet programs.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

export interface RowError {
  Row: number;
  Field: string;
  Message: string;
}

/** The error report of an upload: Row, Field, Message, one line per error. */
export function errorReportCsv(errors: readonly RowError[]): string {
  return toCsv(['Row', 'Field', 'Message'], errors.map((e) => [e.Row, e.Field, e.Message]));
}

/** The per-row errors of a refused upload's answer (`Errors: [{Row, Field, Message}]`), if any. */
export function rowErrorsOf(body: Readonly<Record<string, unknown>> | undefined): RowError[] | null {
  const list = body?.Errors;
  if (!Array.isArray(list)) return null;
  return list.filter((e): e is RowError => typeof e === 'object' && e !== null && 'Row' in e).map((e) => ({ Row: Number(e.Row), Field: String(e.Field ?? ''), Message: String(e.Message ?? '') }));
}

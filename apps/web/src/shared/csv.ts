/** CSV text of a table (RFC 4180: quoted when needed, CRLF lines), and the per-row error report. */
import { csvSafeText } from '@paydesk/domain';

function cell(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  // The server's export rule (domain sheet-formula.ts): a formula-like text gets a leading quote.
  const safe = csvSafeText(s);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * CSV text of `header` and `rows` (RFC 4180: a cell with a quote, comma or line break quoted, CRLF
 * lines, a final CRLF); null and undefined are empty cells, formula-like texts are neutralised.
 */
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

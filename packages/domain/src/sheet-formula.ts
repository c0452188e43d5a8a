/**
 * Formula (CSV) injection in spreadsheets the portal writes (OWASP "CSV Injection"): a cell whose
 * text begins with `=`, `+`, `-`, `@`, a tab or a carriage return is taken by Excel, LibreOffice
 * and Google Sheets as a formula, so a bank named `=HYPERLINK(…)` or a customer named `@SUM(…)`
 * would run when the file is opened. The rule lives here once, for the server's exports
 * (platform/sheet-formula.ts) and the files the web app builds itself (shared/csv.ts), so a name
 * cannot be neutralised in one and left live in the other.
 */

/**
 * Characters that start a formula: the OWASP list (= + - @ tab CR) and their full-width forms,
 * which Excel also accepts as a formula start when typed through an East Asian input method.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A plain signed decimal: '-10.00', '+6012', '-1,234.50'. Amounts and phone numbers begin with a
 * sign but open as numbers, never as formulas, so they are left as written (prefixing them would
 * turn every negative amount of an export into text).
 */
const PLAIN_NUMBER = /^[+-](?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/;

/**
 * Whether a string cell must be neutralised before it is written to a spreadsheet: it begins with
 * one of `=`, `+`, `-`, `@`, tab, CR (or their full-width forms) and is not a plain signed decimal
 * such as `-10.00`. Number cells are never checked (they are numbers, not text). The caller then
 * writes, in CSV, the text prefixed with a single quote `'` (`csvSafeText`); in XLSX, a string
 * cell formatted as Text (never a formula).
 */
export function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

/**
 * The CSV form of a string cell: prefixed with `'` when it is formula-like once any leading
 * quotes are set aside (`=X` → `'=X`, and `'=X` → `''=X`, so `fromCsvSafeText` can tell an
 * added quote from one the text had); any other text unchanged.
 */
export const csvSafeText = (text: string): string => (isFormulaLike(text.replace(/^'+/, '')) ? `'${text}` : text);

/**
 * Undoes `csvSafeText` on a cell read from an uploaded CSV (`'=X` → `=X`, `''=X` → `'=X`); any
 * other cell, such as `'abc`, is returned unchanged. An uploaded cell is data, never evaluated,
 * so restoring it is safe, and an exported file uploads back as it was.
 */
export const fromCsvSafeText = (text: string): string => (text.startsWith("'") && isFormulaLike(text.replace(/^'+/, '')) ? text.slice(1) : text);

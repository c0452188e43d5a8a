/**
 * Formula (CSV) injection in exported spreadsheets (OWASP "CSV Injection"): streamSheet applies
 * `isFormulaLike` / `csvSafeText` to every string cell it writes and readSheet undoes the CSV form
 * with `fromCsvSafeText`, so an export can be uploaded back unchanged. The rule itself is the
 * domain's (packages/domain sheet-formula.ts), shared with the CSV files the web app builds, so
 * the server and the browser neutralise exactly the same cells.
 */
export { csvSafeText, fromCsvSafeText, isFormulaLike } from '@paydesk/domain';

/**
 * Export helpers for the e2e suites: export the screen's list as CSV through its
 * Export menu, as a user does, and read the file back. Shared by the list-report e2e
 * (reports.test.ts) and the sales-report e2e, so "file rows = the total the page shows" is
 * counted the same way everywhere.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';

/** A CSV export as the user received it: its saved name, its header line and its data rows. */
export interface CsvExport {
  /** The name the browser would save it under (e.g. `ecommerce-transactions-20261124-131500.csv`). */
  fileName: string;
  /** The header row (column titles in the screen's language). */
  header: string[];
  /** The data rows, header excluded, each a list of cells in header order. */
  rows: string[][];
}

/**
 * Parses CSV text as the portal writes it (UTF-8 with a BOM, RFC 4180 quoting, CRLF or LF; a
 * quoted cell may hold a comma or a line break, so lines are not rows). Returns the header and
 * the data rows; an empty file gives an empty header and no rows. Throws on malformed CSV.
 */
export function parseCsv(text: string): Pick<CsvExport, 'header' | 'rows'> {
  const [header = [], ...rows] = parse(text, { bom: true, relax_column_count: false }) as string[][];
  return { header, rows };
}

/** The number of data rows (header excluded) of CSV text: what "file rows = total" compares. */
export const csvDataRowCount = (text: string): number => parseCsv(text).rows.length;

/**
 * Exports the current screen's list as CSV: clicks the Export button, then the "CSV" item of its
 * menu (both found by role and accessible name), waits for the download and parses it.
 * `scope` narrows where the Export button is looked for (default the whole page).
 * Throws (times out) when there is no Export button or no download starts.
 */
export async function exportCsv(page: Page, scope = page.locator('main')): Promise<CsvExport> {
  await scope.getByRole('button', { name: /(^|\s)Export$/ }).click();
  const item = page.getByRole('menuitem', { name: 'CSV', exact: true });
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  const path = await download.path();
  return { fileName: download.suggestedFilename(), ...parseCsv(readFileSync(path, 'utf8')) };
}

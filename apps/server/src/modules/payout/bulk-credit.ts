/**
 * The bank files of a payout batch (docs/payout-bulk-credit.md is the contract
 * a bank integrates against):
 *  - `bulkCreditFile`: the bulk-credit file the platform sends its bank — CSV, UTF-8 without BOM,
 *    CRLF line ends, RFC 4180 quoting; one H (header), one D (detail) per payout, one T
 *    (trailer) record, each with its own fixed columns (H/D/T records as Malaysian banks' bulk
 *    payment templates have them; no column-name row, the record type says the layout).
 *  - `readBankResult`: the bank's result file (CSV or XLSX, read by header name, any order and
 *    case, extra columns ignored): PaymentReference, Status, and Reason when a line failed;
 *    Amount, when given, must be the line's.
 * Amounts are ringgit text with 2 places in both; internally whole sen (bigint), so totals are
 * exact. Pure functions: no database, no clock.
 */
import { stringify } from 'csv-stringify/sync';
import type { SheetRows } from '../../platform/sheet-limits.ts';

/** One payment of the file. `accountNo` is the beneficiary's whole account number (6–20 digits). */
export interface BulkCreditLine {
  lineNo: number;
  /** PD<payout id>B<batch id>: unique per attempt, the key of the bank's answer. */
  reference: string;
  name: string;
  bankCode: string;
  accountNo: string;
  amountSen: bigint;
  description: string;
}

/** The batch the file carries. `payoutDate` 'YYYY-MM-DD' (MYT), the day the bank credits. */
export interface BulkCreditBatch {
  reference: string;
  originator: string;
  payoutDate: string;
  currency: string;
}

/** Longest beneficiary name and description written (the bank's field widths we design for). */
export const NAME_MAX = 40;
export const DESCRIPTION_MAX = 35;

/** Ringgit text with 2 places of whole sen (≥ 0). */
export function senText(sen: bigint): string {
  const s = (sen < 0n ? -sen : sen).toString().padStart(3, '0');
  return `${sen < 0n ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** Whole sen of ringgit text with at most 2 places; null when it is not such a number. */
export function senOf(text: string): bigint | null {
  const m = /^(-?)(\d{1,16})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const sen = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -sen : sen;
}

/**
 * Free text as a bank field: control characters and line breaks become spaces, runs of spaces
 * one, trimmed, cut to `max` characters. (Quoting of commas and quotes is the CSV writer's.)
 */
export function bankText(text: string, max: number): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/**
 * The hash total of the trailer: the sum of every line's account number read as an integer, its
 * last 15 digits (a bank recomputes it to detect an account number altered in transit).
 */
export function accountHashTotal(accounts: readonly string[]): string {
  const sum = accounts.reduce((s, a) => s + BigInt(a), 0n);
  return (sum % 10n ** 15n).toString();
}

/**
 * The bulk-credit file of `batch` with `lines` (in line order). Throws when a line is malformed
 * (an account that is not 6–20 digits, a non-positive amount): the caller checked them, so this
 * is a programming error, never a file with a bad line.
 */
export function bulkCreditFile(batch: BulkCreditBatch, lines: readonly BulkCreditLine[]): string {
  let total = 0n;
  const records: string[][] = [];
  for (const l of lines) {
    if (!/^\d{6,20}$/.test(l.accountNo)) throw new Error(`line ${l.lineNo}: the account number is not 6-20 digits`);
    if (l.amountSen <= 0n) throw new Error(`line ${l.lineNo}: the amount is not positive`);
    total += l.amountSen;
    records.push(['D', String(l.lineNo), l.reference, bankText(l.name, NAME_MAX), l.bankCode, l.accountNo, senText(l.amountSen), bankText(l.description, DESCRIPTION_MAX)]);
  }
  const header = ['H', batch.reference, bankText(batch.originator, NAME_MAX), batch.payoutDate.replace(/-/g, ''), batch.currency, String(lines.length), senText(total)];
  const trailer = ['T', String(lines.length), senText(total), accountHashTotal(lines.map((l) => l.accountNo))];
  return stringify([header, ...records, trailer], { record_delimiter: '\r\n' });
}

/** A line of the batch as the result file must answer it. */
export interface ExpectedLine {
  reference: string;
  amountSen: bigint;
}

/** The bank's answer for one line. */
export interface BankResultLine {
  reference: string;
  result: 'PAID' | 'FAILED';
  reason: string | null;
}

/** A refusal of a result file: the row (header = 1; 0 for the file as a whole), the field and why. */
export class BankResultProblem extends Error {
  constructor(
    readonly row: number,
    readonly field: string,
    message: string,
  ) {
    super(row > 0 ? `row ${row}, ${field}: ${message}` : `${field}: ${message}`);
  }
}

/** The Status words of the result file: what a bank writes for a credited or a rejected line. */
const PAID_WORDS = new Set(['PAID', 'SUCCESS', 'SUCCESSFUL', 'ACCEPTED', 'CREDITED']);
const FAILED_WORDS = new Set(['FAILED', 'FAIL', 'REJECTED', 'UNSUCCESSFUL', 'RETURNED']);
export const REASON_MAX = 200;

/**
 * The results of a bank's result file for the batch whose lines are `expected`: every line
 * exactly once, nothing else. Throws BankResultProblem naming the first row and field at fault:
 * a missing column, an unknown or repeated reference, a Status it cannot read, a failed line
 * without a Reason (or one over 200 characters), an Amount other than the line's, or the first
 * line of the batch the file does not answer.
 */
export function readBankResult(sheet: SheetRows, expected: readonly ExpectedLine[]): BankResultLine[] {
  const byName = new Map(sheet.headers.map((h) => [h.trim().toLowerCase(), h]));
  const col = (name: string) => byName.get(name.toLowerCase());
  const refCol = col('PaymentReference');
  const statusCol = col('Status');
  if (!refCol) throw new BankResultProblem(0, 'PaymentReference', 'the file has no PaymentReference column');
  if (!statusCol) throw new BankResultProblem(0, 'Status', 'the file has no Status column');
  const reasonCol = col('Reason');
  const amountCol = col('Amount');
  const lines = new Map(expected.map((l) => [l.reference, l]));
  const seen = new Map<string, number>();
  const out: BankResultLine[] = [];
  for (const { row, values } of sheet.rows) {
    const reference = (values[refCol] ?? '').trim();
    if (!reference) throw new BankResultProblem(row, 'PaymentReference', 'This field cannot be empty');
    const line = lines.get(reference);
    if (!line) throw new BankResultProblem(row, 'PaymentReference', `${reference.slice(0, 40)} is not a line of this batch`);
    const earlier = seen.get(reference);
    if (earlier !== undefined) throw new BankResultProblem(row, 'PaymentReference', `${reference} was already answered on row ${earlier}`);
    seen.set(reference, row);
    const status = (values[statusCol] ?? '').trim().toUpperCase();
    const result = PAID_WORDS.has(status) ? 'PAID' : FAILED_WORDS.has(status) ? 'FAILED' : null;
    if (!result) throw new BankResultProblem(row, 'Status', `write PAID or FAILED (not "${status.slice(0, 20)}")`);
    if (amountCol !== undefined && (values[amountCol] ?? '').trim() !== '') {
      const sen = senOf(values[amountCol] ?? '');
      if (sen === null) throw new BankResultProblem(row, 'Amount', 'write the amount in ringgit with at most 2 decimals');
      if (sen !== line.amountSen) throw new BankResultProblem(row, 'Amount', `the line is ${senText(line.amountSen)}, not ${senText(sen)}`);
    }
    const reason = reasonCol === undefined ? '' : bankText(values[reasonCol] ?? '', 1000);
    if (result === 'FAILED' && !reason) throw new BankResultProblem(row, 'Reason', 'a failed line needs the reason the bank gave');
    if (reason.length > REASON_MAX) throw new BankResultProblem(row, 'Reason', `at most ${REASON_MAX} characters`);
    out.push({ reference, result, reason: result === 'FAILED' ? reason : null });
  }
  const missing = expected.filter((l) => !seen.has(l.reference));
  if (missing.length) throw new BankResultProblem(0, 'PaymentReference', `the file does not answer ${missing.length} line(s) of the batch, the first ${missing[0]!.reference}`);
  return out;
}

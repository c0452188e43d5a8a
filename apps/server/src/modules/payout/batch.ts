/**
 * Bank payout batches (tables `payout_batches`, `payout_batch_lines`):
 *  - create: the payouts of one channel and currency due on or before a payout date (MYT) that
 *    are SCHEDULED, RELEASED or FAILED (a retry) and have something payable become one batch;
 *    each becomes BATCHED and gets a line with a snapshot of its merchant's payout account (bank
 *    code, account name, the account number still sealed as stored). A due payout whose
 *    merchant has no payout account (or bank) stays as it is and is counted as skipped. Batches
 *    are made one at a time (advisory lock) and the payouts are locked, so a payout is never in
 *    two batches awaiting a result: money moves once.
 *  - the bulk-credit file (bulk-credit.ts) is made at creation, its SHA-256 stored; a download
 *    makes the same bytes again from the lines (opening each sealed account number only then),
 *    and refuses if they no longer hash the same.
 *  - result: the bank's result file answers every line once, PAID or FAILED with a reason; the
 *    payouts follow (PAID with the time, FAILED with the reason, to be batched again), the batch
 *    becomes COMPLETED with its paid and failed counts and totals. All or nothing; a batch's
 *    result is recorded once (409 CF409 after that): the move RECORD_RESULT of the batch's
 *    workflow record (batch-record.ts, domain PAYOUT_BATCH_MACHINE).
 *  - the batch's event log (payout_batch_events): CREATE (from none to AWAITING_RESULT), each
 *    DOWNLOAD of the file (state unchanged: who took the account numbers) and RECORD_RESULT.
 * Errors: NF404 (no such batch), CF409 (nothing due / result already recorded / the file can no
 * longer be made), VAL400 naming the file's row and field (readBankResult).
 */
import { createHash } from 'node:crypto';
import { ERROR_CODES, type PayoutBatchState, type PayoutChannel } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { isSealed, openSecret } from '../../platform/sealing.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { SheetRows } from '../../platform/sheet-limits.ts';
import { logEvent, move } from '../../workflows/engine.ts';
import { batchReference, lockPayoutBatch, PAYOUT_BATCH_EVENTS, PAYOUT_BATCHES } from './batch-record.ts';
import { BankResultProblem, bulkCreditFile, readBankResult, senOf, senText, type BulkCreditLine } from './bulk-credit.ts';

export { batchReference } from './batch-record.ts';

/** What a batch is made of and by whom. `payoutDate` 'YYYY-MM-DD' (MYT); `at` UTC. */
export interface BatchInput {
  payoutDate: string;
  channel: PayoutChannel;
  currency: string;
  userId: number;
  at: Date;
  /** The key the payout account numbers are sealed under (ServerKeys.fieldKey). */
  fieldKey: Uint8Array;
  /** The platform's name, the originator in the file's header (PRODUCT_NAME). */
  originator: string;
}

/** The file name of a batch's bulk-credit file. */
export const batchFileName = (b: { id: number; payoutDate: string; channel: string; currency: string }) =>
  `${batchReference(b.id)}-${b.payoutDate.replace(/-/g, '')}-${b.channel}-${b.currency}.csv`;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** An account number as stored: sealed (`enc:v1:`), or plain when written before it was sealed. */
function openAccount(fieldKey: Uint8Array, stored: string): string | null {
  try {
    const plain = isSealed(stored) ? openSecret(fieldKey, stored) : stored;
    return /^\d{6,20}$/.test(plain) ? plain : null;
  } catch {
    return null;
  }
}

/**
 * Makes a batch (see the module comment) inside the caller's transaction, with its CREATE event
 * by `input.userId` ("<lines> lines, <total> <currency>", total in ringgit). Answers its id and how
 * many due payouts were left out for want of a payout account. Throws CF409 when no payout with
 * an account is due.
 */
export async function createPayoutBatch(q: Query, input: BatchInput): Promise<{ id: number; skippedNoAccount: number }> {
  await q(`SELECT pg_advisory_xact_lock(hashtext('payout-batch'))`);
  const due = await q<{ id: number; payable: string; business_day: string; account_no: string | null; account_name: string | null; merchant_name: string; bank_code: string | null }>(
    `SELECT p.id, p.payable::text AS payable, p.business_day::text AS business_day, c.payout_account_no AS account_no, c.payout_account_name AS account_name,
            o.name AS merchant_name, b.bank_code
     FROM payouts p
     JOIN organizations o ON o.id = p.merchant_id
     LEFT JOIN organization_configs c ON c.org_id = p.merchant_id AND c.is_active = 1
     LEFT JOIN banks b ON b.id = c.payout_bank_id
     WHERE p.state IN ('SCHEDULED', 'RELEASED', 'FAILED') AND p.channel = $1 AND p.currency = $2 AND p.payout_date <= $3::date AND p.payable > 0
     ORDER BY p.payout_date, p.id
     FOR UPDATE OF p`,
    [input.channel, input.currency, input.payoutDate],
  );
  const payable = due.flatMap((d) => {
    const accountNo = d.account_no && d.bank_code ? openAccount(input.fieldKey, d.account_no) : null;
    return accountNo ? [{ ...d, accountNo }] : [];
  });
  const skippedNoAccount = due.length - payable.length;
  if (!payable.length) {
    throw new AppError(
      409,
      ERROR_CODES.CONFLICT,
      due.length
        ? `${due.length} ${input.channel} ${input.currency} payout(s) are due by ${input.payoutDate}, but none of their merchants has a payout bank account: set it in the merchant's configuration`
        : `No ${input.channel} ${input.currency} payout is due by ${input.payoutDate}`,
    );
  }
  const [seq] = await q<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('payout_batches', 'id'))::text AS id`);
  const id = Number(seq!.id);
  const lines: (BulkCreditLine & { payoutId: number; sealed: string })[] = payable.map((d, i) => ({
    lineNo: i + 1,
    payoutId: Number(d.id),
    reference: `PD${d.id}B${id}`,
    name: d.account_name?.trim() || d.merchant_name,
    bankCode: d.bank_code!,
    accountNo: d.accountNo,
    sealed: d.account_no!,
    amountSen: senOf(d.payable)!,
    description: `Payout ${d.business_day} ${input.channel}`,
  }));
  const file = bulkCreditFile({ reference: batchReference(id), originator: input.originator, payoutDate: input.payoutDate, currency: input.currency }, lines);
  const total = lines.reduce((s, l) => s + l.amountSen, 0n);
  await q(
    `INSERT INTO payout_batches (id, channel, currency, payout_date, state, line_count, total, file_sha256, originator, created_by_user_id, created_at)
     VALUES ($1, $2, $3, $4, 'AWAITING_RESULT', $5, $6, $7, $8, $9, $10)`,
    [id, input.channel, input.currency, input.payoutDate, lines.length, senText(total), sha256(file), input.originator, input.userId, input.at],
  );
  await q(
    `INSERT INTO payout_batch_lines (batch_id, line_no, payout_id, reference, amount, bank_code, account_name, account_no_sealed, account_last4, description)
     SELECT $1, l.line_no, l.payout_id, l.reference, l.amount, l.bank_code, l.account_name, l.sealed, right(l.last4, 4), l.description
     FROM unnest($2::int[], $3::bigint[], $4::text[], $5::numeric[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
       AS l(line_no, payout_id, reference, amount, bank_code, account_name, sealed, last4, description)`,
    [
      id, lines.map((l) => l.lineNo), lines.map((l) => l.payoutId), lines.map((l) => l.reference), lines.map((l) => senText(l.amountSen)),
      lines.map((l) => l.bankCode), lines.map((l) => l.name), lines.map((l) => l.sealed), lines.map((l) => l.accountNo.slice(-4)), lines.map((l) => l.description),
    ],
  );
  await q(
    `UPDATE payouts SET state = 'BATCHED', batch_id = $1, failure_reason = NULL, updated_at = $3 WHERE id = ANY($2::bigint[])`,
    [id, lines.map((l) => l.payoutId), input.at],
  );
  await logEvent(q, PAYOUT_BATCH_EVENTS, id, {
    action: 'CREATE', from: null, to: 'AWAITING_RESULT', actorUserId: input.userId, at: input.at, summary: `${lines.length} lines, ${senText(total)} ${input.currency}`,
  });
  return { id, skippedNoAccount };
}

/**
 * The bulk-credit file of batch `id`, remade from its lines and the originator stored with it:
 * `{fileName, content}`. Throws NF404,
 * or CF409 when an account number no longer opens or the bytes differ from those made at
 * creation (the server key changed, or a line was altered).
 */
export async function payoutBatchFile(q: Query, id: number, fieldKey: Uint8Array): Promise<{ fileName: string; content: string }> {
  const [b] = await q<{ id: number; channel: string; currency: string; payout_date: string; file_sha256: string; originator: string }>(
    `SELECT id, channel, currency, payout_date::text AS payout_date, file_sha256, originator FROM payout_batches WHERE id = $1`,
    [id],
  );
  if (!b) throw notFound('Payout batch');
  const rows = await q<{ line_no: number; reference: string; account_name: string; bank_code: string; account_no_sealed: string; amount: string; description: string }>(
    `SELECT line_no, reference, account_name, bank_code, account_no_sealed, amount::text AS amount, description FROM payout_batch_lines WHERE batch_id = $1 ORDER BY line_no`,
    [id],
  );
  const lines = rows.map((r) => {
    const accountNo = openAccount(fieldKey, r.account_no_sealed);
    if (!accountNo) throw new AppError(409, ERROR_CODES.CONFLICT, `The account number of line ${r.line_no} cannot be opened any more (the server key changed): make a new batch`);
    return { lineNo: Number(r.line_no), reference: r.reference, name: r.account_name, bankCode: r.bank_code, accountNo, amountSen: senOf(r.amount)!, description: r.description };
  });
  const batch = { id: Number(b.id), payoutDate: b.payout_date, channel: b.channel, currency: b.currency.trim() };
  const content = bulkCreditFile({ reference: batchReference(batch.id), originator: b.originator, payoutDate: batch.payoutDate, currency: batch.currency }, lines);
  if (sha256(content) !== b.file_sha256) throw new AppError(409, ERROR_CODES.CONFLICT, `The file of batch ${batchReference(batch.id)} no longer matches the one made at its creation: make a new batch`);
  return { fileName: batchFileName(batch), content };
}

/**
 * Makes batch `id`'s bulk-credit file (payoutBatchFile) for `userId` at `at` (UTC) and logs the
 * download as a DOWNLOAD event (state unchanged; summary: the file's name and SHA-256) in the
 * caller's transaction `q`: the file carries whole account numbers, so who took it is on the
 * batch's log. A read, not a move of the machine, made under the batch's row lock. Answers the
 * file and its SHA-256 (hex).
 * Throws as payoutBatchFile (nothing logged then).
 */
export async function downloadPayoutBatchFile(
  q: Query,
  input: { id: number; fieldKey: Uint8Array; userId: number; at: Date },
): Promise<{ fileName: string; content: string; sha256: string }> {
  // Under the batch's row lock, so the state the event names is the state while the file was
  // taken (a bank result recorded at the same moment waits, then logs after it).
  const locked = await lockPayoutBatch(q, input.id);
  if (!locked) throw notFound('Payout batch');
  const file = await payoutBatchFile(q, input.id, input.fieldKey);
  const hash = sha256(file.content);
  await logEvent(q, PAYOUT_BATCH_EVENTS, input.id, {
    action: 'DOWNLOAD', from: locked.status, to: locked.status, actorUserId: input.userId, at: input.at, summary: `${file.fileName} (sha256 ${hash})`,
  });
  return { fileName: file.fileName, content: file.content, sha256: hash };
}

/**
 * Records the bank's result file (`sheet`, read by readSheet; its SHA-256 `fileSha256`) for batch
 * `id` as `userId` at `at`, inside the caller's transaction: the move RECORD_RESULT of the batch's
 * workflow record (batch-record.ts), so the batch's row (state, counts, totals in ringgit,
 * result_*), its lines' and payouts' results and one RECORD_RESULT event are written together.
 * Answers the paid and failed counts, `repeated` false. The very file already recorded (same
 * SHA-256) answers `repeated` true and changes nothing: sending the bank's file twice is one
 * result, not a conflict. Throws NF404, CF409 (another result already recorded: the record's
 * refusal, nothing written), VAL400 naming the row and field (nothing written).
 */
export async function recordBankResult(
  q: Query,
  input: { id: number; sheet: SheetRows; fileSha256: string; userId: number; at: Date },
): Promise<{ paid: number; failed: number; repeated: boolean }> {
  const b = await lockPayoutBatch(q, input.id);
  if (!b) throw notFound('Payout batch');
  if (b.status !== 'AWAITING_RESULT' && b.resultFileSha256 === input.fileSha256) return { paid: 0, failed: 0, repeated: true };
  const counts = { paid: 0, failed: 0 };
  await move(q, PAYOUT_BATCHES, b, 'RECORD_RESULT', input.userId, input.at, async () => {
    const expected = await q<{ reference: string; amount: string }>(`SELECT reference, amount::text AS amount FROM payout_batch_lines WHERE batch_id = $1`, [input.id]);
    const amounts = new Map(expected.map((e) => [e.reference, senOf(e.amount)!]));
    let results;
    try {
      results = readBankResult(input.sheet, expected.map((e) => ({ reference: e.reference, amountSen: amounts.get(e.reference)! })));
    } catch (e) {
      if (e instanceof BankResultProblem) throw new AppError(400, ERROR_CODES.VALIDATION, `file: ${e.message}`);
      throw e;
    }
    // readBankResult answers every line exactly once, so the counts add up to line_count (payout_batches_counts_ck).
    let paidTotal = 0n;
    let failedTotal = 0n;
    for (const r of results) {
      if (r.result === 'PAID') {
        counts.paid += 1;
        paidTotal += amounts.get(r.reference)!;
      } else {
        counts.failed += 1;
        failedTotal += amounts.get(r.reference)!;
      }
    }
    const cur = b.currency;
    return {
      summary: `${counts.paid} paid (${senText(paidTotal)} ${cur}), ${counts.failed} failed (${senText(failedTotal)} ${cur}), result file sha256 ${input.fileSha256}`,
      set: {
        paid_count: counts.paid, paid_total: senText(paidTotal), failed_count: counts.failed, failed_total: senText(failedTotal),
        result_by_user_id: input.userId, result_at: input.at, result_file_sha256: input.fileSha256,
      },
      // The lines first, then the payouts that follow them (the batch's row is written before).
      also: async () => {
        await q(
          `UPDATE payout_batch_lines l SET result = r.result, reason = r.reason
           FROM unnest($2::text[], $3::text[], $4::text[]) AS r(reference, result, reason)
           WHERE l.batch_id = $1 AND l.reference = r.reference`,
          [input.id, results.map((r) => r.reference), results.map((r) => r.result), results.map((r) => r.reason)],
        );
        await q(
          `UPDATE payouts p SET state = l.result, paid_at = CASE WHEN l.result = 'PAID' THEN $2::timestamptz END, failure_reason = l.reason, updated_at = $2
           FROM payout_batch_lines l WHERE l.batch_id = $1 AND p.id = l.payout_id AND p.batch_id = $1 AND p.state = 'BATCHED'`,
          [input.id, input.at],
        );
      },
    };
  });
  return { paid: counts.paid, failed: counts.failed, repeated: false };
}

/** A batch as the API answers it (PayoutBatch of the contract). */
export interface PayoutBatchView {
  Id: number;
  Reference: string;
  Channel: PayoutChannel;
  Currency: string;
  PayoutDate: string;
  State: PayoutBatchState;
  LineCount: number;
  Total: string;
  PaidCount: number;
  PaidTotal: string;
  FailedCount: number;
  FailedTotal: string;
  FileName: string;
  FileSha256: string;
  CreatedAt: string;
  CreatedBy: string;
  ResultAt: string | null;
  ResultBy: string | null;
}

const BATCH_SELECT = `SELECT b.id, b.channel, b.currency, b.payout_date::text AS payout_date, b.state, b.line_count, b.total::text AS total, b.paid_count,
    b.paid_total::text AS paid_total, b.failed_count, b.failed_total::text AS failed_total, b.file_sha256, b.created_at, b.result_at,
    cu.email AS created_by, ru.email AS result_by
  FROM payout_batches b LEFT JOIN users cu ON cu.id = b.created_by_user_id LEFT JOIN users ru ON ru.id = b.result_by_user_id`;

function viewOf(r: Record<string, unknown>): PayoutBatchView {
  const id = Number(r.id);
  const batch = { id, payoutDate: String(r.payout_date), channel: String(r.channel), currency: String(r.currency).trim() };
  return {
    Id: id, Reference: batchReference(id), Channel: batch.channel as PayoutChannel, Currency: batch.currency, PayoutDate: batch.payoutDate,
    State: r.state as PayoutBatchState, LineCount: Number(r.line_count), Total: String(r.total), PaidCount: Number(r.paid_count), PaidTotal: String(r.paid_total),
    FailedCount: Number(r.failed_count), FailedTotal: String(r.failed_total), FileName: batchFileName(batch), FileSha256: String(r.file_sha256),
    CreatedAt: new Date(r.created_at as Date).toISOString(), CreatedBy: String(r.created_by ?? ''),
    ResultAt: r.result_at ? new Date(r.result_at as Date).toISOString() : null, ResultBy: (r.result_by as string | null) ?? null,
  };
}

/** Batch `id` as the API answers it; throws NF404. */
export async function payoutBatchView(q: Query, id: number): Promise<PayoutBatchView> {
  const [r] = await q<Record<string, unknown>>(`${BATCH_SELECT} WHERE b.id = $1`, [id]);
  if (!r) throw notFound('Payout batch');
  return viewOf(r);
}

/** A page of batches, newest first, optionally of one state. */
export async function searchPayoutBatches(
  q: Query,
  input: { state?: PayoutBatchState; pageIndex: number; rowsPerPage: number },
): Promise<{ Rows: PayoutBatchView[]; TotalRecords: number }> {
  const rows = await q<Record<string, unknown>>(`${BATCH_SELECT} WHERE ($1::text IS NULL OR b.state = $1) ORDER BY b.created_at DESC, b.id DESC LIMIT $2 OFFSET $3`, [
    input.state ?? null, input.rowsPerPage, (input.pageIndex - 1) * input.rowsPerPage,
  ]);
  const [n] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM payout_batches WHERE ($1::text IS NULL OR state = $1)`, [input.state ?? null]);
  return { Rows: rows.map(viewOf), TotalRecords: Number(n?.n ?? 0) };
}

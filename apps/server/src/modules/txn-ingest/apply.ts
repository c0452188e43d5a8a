/**
 * Applying what the ingest API received (issue 31 item 1).
 *
 * Transactions: the checked rows (rows.ts) go through the risk ingest (modules/risk/ingest.ts:
 * the rules on every row, in the write's database transaction, under the evaluator's lock). Under
 * that lock `admit` reads the references already on file: one posted before by the same source
 * answers DUPLICATE with the transaction as it is (a replay changes nothing, and 20 concurrent
 * posts of one batch write it once, since they queue on the lock); one of another source, or of
 * the portal's own rows, is REJECTED naming TxnRefNo.
 *
 * Mode ALL_OR_NOTHING: any rejection — found by the checks or under the lock — writes nothing and
 * answers 400 VAL400 naming the first refused row and field, with every row's result in `Rows`
 * (the others NOT_APPLIED). VALID_ROWS writes the others.
 */
import type { IngestResponse, IngestRowResult } from '@paydesk/contract';
import { ERROR_CODES, type TxnIngestSource } from '@paydesk/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { GenTxn } from '../../transactions/insert.ts';
import { ingestTransactions, UnverifiedMerchantError } from '../risk/ingest.ts';
import { rejection, type CheckedRow } from './rows.ts';

/** ALL_OR_NOTHING or VALID_ROWS (contract INGEST_MODES). */
export type IngestMode = 'ALL_OR_NOTHING' | 'VALID_ROWS';

/** The answer of an ALL_OR_NOTHING request refused for its rows: 400 VAL400 with every row's result. */
export function refusedBatch(results: readonly IngestRowResult[]): AppError {
  const first = results.find((r) => r.Result === 'REJECTED')!;
  const rows = results.map((r) => (r.Result === 'REJECTED' ? r : { ...r, Result: 'NOT_APPLIED' as const, Id: null, Status: null }));
  return new AppError(400, ERROR_CODES.VALIDATION, `Rows[${first.Index}].${first.Message} (nothing was applied: Mode ALL_OR_NOTHING)`, { Rows: rows });
}

/** The counts of an answer from its rows. */
export function answerOf(source: TxnIngestSource, rows: IngestRowResult[], alerts: number): IngestResponse {
  const count = (k: IngestRowResult['Result']) => rows.filter((r) => r.Result === k).length;
  return { Source: source, Created: count('CREATED'), Applied: count('APPLIED'), Duplicates: count('DUPLICATE'), Rejected: count('REJECTED'), Alerts: alerts, Rows: rows };
}

/** The risk ingest, a merchant suspended since the rows were checked answered 409 CF409 (post again: the row is then REJECTED naming it). */
async function ingestTransactionsOrConflict(...args: Parameters<typeof ingestTransactions>) {
  try {
    return await ingestTransactions(...args);
  } catch (e) {
    if (e instanceof UnverifiedMerchantError) throw new AppError(409, ERROR_CODES.CONFLICT, `Mid: ${e.message} (changed while the request was checked; post it again)`);
    throw e;
  }
}

/**
 * Writes the accepted rows of `checked` for `source` at `now` (see the file note). Answers every
 * row's result in the order posted. Throws the 400 of refusedBatch (ALL_OR_NOTHING), or a
 * database error (nothing written).
 */
export async function applyTransactions(database: Database, source: TxnIngestSource, checked: readonly CheckedRow[], mode: IngestMode, now: Date): Promise<IngestResponse> {
  const results = new Map<number, IngestRowResult>();
  for (const c of checked) if (!c.ok) results.set(c.index, c.result);
  const ordered = () => checked.map((c) => results.get(c.index)!);
  const pending = checked.flatMap((c) => (c.ok ? [c] : []));
  const fail = () => {
    for (const c of pending) if (!results.has(c.index)) results.set(c.index, { Index: c.index, TxnRefNo: c.txn.txnRefNo, Result: 'NOT_APPLIED', Id: null, Status: null, Field: null, Message: null });
    return refusedBatch(ordered());
  };
  if (mode === 'ALL_OR_NOTHING' && results.size) throw fail();
  const indexOf = new Map<GenTxn, number>(pending.map((c) => [c.txn, c.index]));
  const { alerts } = await ingestTransactionsOrConflict(
    database,
    pending.map((c) => c.txn),
    {
      rules: true,
      at: now,
      admit: async (q, rows) => {
        const known = await q<{ id: number; txn_ref_no: string; status: string; ingest_source: string | null }>(
          `SELECT id, txn_ref_no, status, ingest_source FROM transactions WHERE txn_ref_no = ANY($1::text[])`,
          [rows.map((r) => r.txnRefNo)],
        );
        const byRef = new Map(known.map((k) => [k.txn_ref_no, k]));
        const fresh: GenTxn[] = [];
        for (const r of rows) {
          const k = byRef.get(r.txnRefNo);
          const index = indexOf.get(r)!;
          if (!k) fresh.push(r);
          else if (k.ingest_source === source) results.set(index, { Index: index, TxnRefNo: r.txnRefNo, Result: 'DUPLICATE', Id: Number(k.id), Status: k.status, Field: null, Message: null });
          else results.set(index, rejection(index, r.txnRefNo, 'TxnRefNo', 'already the reference of another transaction'));
        }
        if (mode === 'ALL_OR_NOTHING' && [...results.values()].some((r) => r.Result === 'REJECTED')) throw fail();
        return fresh;
      },
    },
  );
  for (const c of pending) {
    if (!results.has(c.index)) results.set(c.index, { Index: c.index, TxnRefNo: c.txn.txnRefNo, Result: 'CREATED', Id: c.txn.id, Status: c.txn.status, Field: null, Message: null });
  }
  return answerOf(source, ordered(), alerts);
}

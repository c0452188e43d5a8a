/**
 * Status events through the ingest API (issue 31 item 1; domain txn-events.ts). In one database
 * transaction:
 *  1. each event is checked (the contract's TxnEventRow, no full card number, its EventId once
 *     in the request);
 *  2. the transactions named are locked (FOR UPDATE, in id order: two requests never deadlock)
 *     and must be this source's (else REJECTED naming TxnRefNo, as for an unknown reference) and
 *     take events (a pre-auth operation row does not: its PREAUTH does);
 *  3. a transaction's first event stores its BASE (the row as it is: nothing but events changes
 *     its status), then the events go in once by (source, EventId) — a second arrival is DUPLICATE;
 *  4. each transaction touched is folded again from its BASE and ALL its events: the row takes the
 *     fold's status and type (the MDR fee follows: 0 unless SUCCESS), the pre-auth's operation rows
 *     are written or updated, and every event's outcome is stored (a late event can change the fate
 *     of one that came earlier). The summary triggers follow the status.
 * The answer: APPLIED or REFUSED (with why) per new event, DUPLICATE per old one, with the
 * transaction's status after the request. ALL_OR_NOTHING as for transactions (apply.ts).
 */
import { TxnEventRow, type IngestResponse, type IngestRowResult } from '@paydesk/contract';
import { foldTxnEvents, type TransactionStatus, type TransactionType, type TxnBase, type TxnEvent, type TxnEventType, type TxnIngestSource } from '@paydesk/domain';
import type { Database, Query } from '../../db/client.ts';
import { mdrFeeSen, senToText, textToSen } from '../../transactions/default-mdr.ts';
import { insertTransactions, type GenTxn } from '../../transactions/insert.ts';
import { answerOf, refusedBatch, type IngestMode } from './apply.ts';
import { panFields, rejection } from './rows.ts';

type Event = ReturnType<typeof TxnEventRow.parse>;

interface Root {
  id: number;
  txn_ref_no: string;
  status: TransactionStatus;
  txn_type: TransactionType;
  preauth_op: string | null;
  amount: string;
  payment_method: string;
  ingest_source: string | null;
}

const ROOT_COLS = `id, txn_ref_no, status, txn_type, preauth_op, amount::text AS amount, payment_method, ingest_source`;

/** The fee of a row in `status`: the method's default rate when SUCCESS and a sale, else 0 (rows.ts). */
const feeOf = (method: string, amount: string, status: TransactionStatus, type: TransactionType) =>
  status === 'SUCCESS' && type !== 'PREAUTH' && type !== 'VOIDPREAUTH' ? senToText(mdrFeeSen(method as GenTxn['paymentMethod'], textToSen(amount))) : '0.00';

/** Folds transaction `root` again and writes what changed; answers each event's fate by event id and the root's status. */
async function refold(q: Query, root: Root, now: Date): Promise<{ fates: Record<string, string | null>; status: TransactionStatus }> {
  const rows = await q<{ event_id: string; type: string; event_at: Date | string; amount: string | null; op_ref: string | null; base: TxnBase | string | null }>(
    `SELECT event_id, type, event_at, amount::text AS amount, op_ref, base FROM transaction_events WHERE transaction_id = $1`,
    [root.id],
  );
  const baseRow = rows.find((r) => r.type === 'BASE')!;
  const base = (typeof baseRow.base === 'string' ? JSON.parse(baseRow.base) : baseRow.base) as TxnBase;
  const events: TxnEvent[] = rows
    .filter((r) => r.type !== 'BASE')
    .map((r) => ({ id: r.event_id, type: r.type as TxnEventType, at: new Date(r.event_at).getTime(), amountSen: r.amount === null ? null : textToSen(r.amount), opRef: r.op_ref }));
  const fold = foldTxnEvents(base, events);
  if (fold.status !== root.status || fold.txnType !== root.txn_type) {
    await q(`UPDATE transactions SET status = $2, txn_type = $3, mdr_fee = $4, updated_at = $5 WHERE id = $1`, [
      root.id, fold.status, fold.txnType, feeOf(root.payment_method, root.amount, fold.status, fold.txnType), now,
    ]);
  }
  if (fold.operations.length) {
    const existing = new Map(
      (await q<{ id: number; txn_ref_no: string; status: string; txn_type: string }>(`SELECT id, txn_ref_no, status, txn_type FROM transactions WHERE original_txn_id = $1`, [root.id])).map((r) => [r.txn_ref_no, r]),
    );
    const fresh: GenTxn[] = [];
    const [tmpl] = await q<Record<string, unknown>>(`SELECT * FROM transactions WHERE id = $1`, [root.id]);
    // One row per reference: two events naming one OperationRefNo make one row, the accepted one's if any.
    const byRef = new Map<string, (typeof fold.operations)[number]>();
    for (const op of fold.operations) if (!byRef.has(op.ref) || (byRef.get(op.ref)!.status === 'FAILED' && op.status !== 'FAILED')) byRef.set(op.ref, op);
    for (const op of byRef.values()) {
      const have = existing.get(op.ref);
      const amount = senToText(op.amountSen);
      if (have) {
        if (have.status !== op.status || have.txn_type !== op.txnType) {
          await q(`UPDATE transactions SET status = $2, txn_type = $3, mdr_fee = $4, updated_at = $5 WHERE id = $1`, [have.id, op.status, op.txnType, feeOf(root.payment_method, amount, op.status, op.txnType), now]);
        }
        continue;
      }
      const t = tmpl!;
      fresh.push({
        id: 0, txnRefNo: op.ref, merchantOrderNo: t.merchant_order_no as string | null, orderDescription: t.order_description as string | null, serviceType: 4,
        paymentMethod: t.payment_method as GenTxn['paymentMethod'], cardScheme: t.card_scheme as GenTxn['cardScheme'], cardType: t.card_type as string | null,
        maskedPan: t.masked_pan as string | null, panLast4: t.pan_last4 as string | null, issuerCountry: t.issuer_country as string | null, bankCode: t.bank_code as string | null,
        txnType: op.txnType, status: op.status, amount, currency: String(t.currency), mid: t.mid as string | null, tid: t.tid as string | null,
        acquirerId: t.acquirer_id as number | null, acquirerName: t.acquirer_name as string | null, provider: t.provider as string | null, authCode: null, responseCode: null, responseMessage: null,
        masterMerchantId: Number(t.master_merchant_id), agencyId: Number(t.agency_id), agentId: Number(t.agent_id), merchantId: Number(t.merchant_id),
        branchId: t.branch_id === null ? null : Number(t.branch_id), custName: t.cust_name as string | null, custPhoneNo: t.cust_phone_no as string | null,
        custEmail: t.cust_email as string | null, custRef: null, custAddress1: null, custAddress2: null, custState: null, custCity: null, custCountry: null,
        clientIp: t.client_ip as string | null, paymentCreationDate: new Date(op.at), createdAt: new Date(op.at), updatedAt: now,
        mdrFee: feeOf(root.payment_method, amount, op.status, op.txnType), preauthOp: op.op, originalTxnId: root.id, paymentLinkId: null, recurringScheduleId: null,
        recurringCycle: null, entryMode: t.entry_mode as GenTxn['entryMode'], keyedByUserId: null, terminalKind: null, batchNo: null, stan: null, rrn: null,
        walletProvider: null, bnplProvider: null, ingestSource: root.ingest_source,
      });
    }
    if (fresh.length) {
      const ids = await q<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('transactions', 'id'))::text AS id FROM generate_series(1, $1::int)`, [fresh.length]);
      fresh.forEach((r, i) => (r.id = Number(ids[i]!.id)));
      await insertTransactions(q, fresh);
    }
  }
  const ids = Object.keys(fold.refused);
  await q(
    `UPDATE transaction_events e SET outcome = f.outcome FROM unnest($2::text[], $3::text[]) AS f(event_id, outcome)
     WHERE e.transaction_id = $1 AND e.event_id = f.event_id AND e.outcome IS DISTINCT FROM f.outcome`,
    [root.id, ids, ids.map((i) => fold.refused[i])],
  );
  return { fates: fold.refused, status: fold.status };
}

/**
 * Applies `raws` from `source` at `now` (see the file note; `masked`: the body paths the input guard masked). Answers every event's result in the
 * order posted; throws the 400 of refusedBatch (ALL_OR_NOTHING) or a database error (nothing written).
 */
export async function applyEvents(database: Database, source: TxnIngestSource, raws: readonly Record<string, unknown>[], mode: IngestMode, now: Date, masked: readonly string[] = []): Promise<IngestResponse> {
  const pans = panFields('Events', masked, raws);
  const results = new Map<number, IngestRowResult>();
  const valid: { index: number; e: Event }[] = [];
  const seen = new Set<string>();
  raws.forEach((raw, index) => {
    const pan = pans.get(index);
    if (pan) return results.set(index, rejection(index, raw.TxnRefNo, pan, 'a full card number is refused and was not kept'));
    const r = TxnEventRow.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      return results.set(index, rejection(index, raw.TxnRefNo, issue.path.length ? issue.path.map(String).join('.') : 'row', issue.message));
    }
    if (Date.parse(r.data.At) > now.getTime() + 5 * 60_000) return results.set(index, rejection(index, r.data.TxnRefNo, 'At', 'more than 5 minutes ahead of the server clock'));
    if (seen.has(r.data.EventId)) return results.set(index, rejection(index, r.data.TxnRefNo, 'EventId', 'appears twice in this request'));
    seen.add(r.data.EventId);
    valid.push({ index, e: r.data });
  });
  const ordered = () => raws.map((_, i) => results.get(i)!);
  const fail = () => {
    for (const v of valid) if (!results.has(v.index)) results.set(v.index, { Index: v.index, TxnRefNo: v.e.TxnRefNo, Result: 'NOT_APPLIED', Id: null, Status: null, Field: null, Message: null });
    return refusedBatch(ordered());
  };
  if (mode === 'ALL_OR_NOTHING' && results.size) throw fail();

  await database.transaction(async (q) => {
    const roots = await q<Root>(`SELECT ${ROOT_COLS} FROM transactions WHERE txn_ref_no = ANY($1::text[]) ORDER BY id FOR UPDATE`, [[...new Set(valid.map((v) => v.e.TxnRefNo))]]);
    const byRef = new Map(roots.map((r) => [r.txn_ref_no, { ...r, id: Number(r.id) }]));
    const opRefs = valid.flatMap((v) => (v.e.OperationRefNo ? [v.e.OperationRefNo] : []));
    const takenOps = new Map(
      (await q<{ txn_ref_no: string; original_txn_id: number | null }>(`SELECT txn_ref_no, original_txn_id FROM transactions WHERE txn_ref_no = ANY($1::text[])`, [opRefs])).map((r) => [r.txn_ref_no, r.original_txn_id === null ? null : Number(r.original_txn_id)]),
    );
    const accepted: { index: number; e: Event; root: Root }[] = [];
    for (const v of valid) {
      const root = byRef.get(v.e.TxnRefNo);
      if (!root || root.ingest_source !== source) results.set(v.index, rejection(v.index, v.e.TxnRefNo, 'TxnRefNo', 'no transaction posted by this source has this reference'));
      else if (root.preauth_op !== null && root.preauth_op !== 'PREAUTH') results.set(v.index, rejection(v.index, v.e.TxnRefNo, 'TxnRefNo', `a ${root.preauth_op} operation takes no events: send them for its PREAUTH`));
      else if (v.e.OperationRefNo && takenOps.has(v.e.OperationRefNo) && takenOps.get(v.e.OperationRefNo) !== root.id) {
        results.set(v.index, rejection(v.index, v.e.TxnRefNo, 'OperationRefNo', 'already the reference of another transaction'));
      } else accepted.push({ ...v, root });
    }
    if (mode === 'ALL_OR_NOTHING' && [...results.values()].some((r) => r.Result === 'REJECTED')) throw fail();
    if (!accepted.length) return;
    const touched = [...new Map(accepted.map((a) => [a.root.id, a.root])).values()];
    await q(
      `INSERT INTO transaction_events (transaction_id, source, event_id, type, event_at, base, received_at)
       SELECT t.id, $2, 'BASE:' || t.id, 'BASE', t.created_at,
              jsonb_build_object('status', t.status, 'txnType', t.txn_type, 'preauthOp', t.preauth_op, 'amountSen', round(t.amount * 100)::bigint), $3
       FROM transactions t WHERE t.id = ANY($1::bigint[])
       ON CONFLICT (source, event_id) DO NOTHING`,
      [touched.map((t) => t.id), source, now],
    );
    const col = <T,>(f: (a: (typeof accepted)[number]) => T) => accepted.map(f);
    const inserted = new Set(
      (
        await q<{ event_id: string }>(
          `INSERT INTO transaction_events (transaction_id, source, event_id, type, event_at, amount, op_ref, response_code, response_message, received_at)
           SELECT e.transaction_id, e.source, e.event_id, e.type, e.event_at, e.amount, e.op_ref, e.response_code, e.response_message, $9::timestamptz
           FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::numeric[], $7::text[], $8::text[], $10::text[])
             AS e(transaction_id, source, event_id, type, event_at, amount, op_ref, response_code, response_message)
           ON CONFLICT (source, event_id) DO NOTHING RETURNING event_id`,
          [
            col((a) => a.root.id), col(() => source), col((a) => a.e.EventId), col((a) => a.e.Type), col((a) => a.e.At), col((a) => a.e.Amount ?? null),
            col((a) => a.e.OperationRefNo ?? null), col((a) => a.e.ResponseCode ?? null), now, col((a) => a.e.ResponseMessage ?? null),
          ],
        )
      ).map((r) => r.event_id),
    );
    const after = new Map<number, { fates: Record<string, string | null>; status: TransactionStatus }>();
    for (const root of touched) after.set(root.id, await refold(q, root, now));
    for (const a of accepted) {
      const { fates, status } = after.get(a.root.id)!;
      const fate = fates[a.e.EventId];
      const result: IngestRowResult['Result'] = !inserted.has(a.e.EventId) ? 'DUPLICATE' : fate === null ? 'APPLIED' : 'REFUSED';
      results.set(a.index, { Index: a.index, TxnRefNo: a.e.TxnRefNo, Result: result, Id: a.root.id, Status: status, Field: null, Message: result === 'REFUSED' ? (fate ?? null) : null });
    }
  });
  return answerOf(source, ordered(), 0);
}

/**
 * Transaction status events as the payment gateway and the terminal host report them (issue 31,
 * the ingest API's `/api/ingest/v1/events`), and their fold: the state a transaction ends in is a
 * function of the SET of its events, never of the order they arrived in.
 *
 * The order is event time, then EVENT_RANK (a SUCCESS stamped the same millisecond as its VOID
 * comes first), then the event id: a total order on the set, so folding the sorted set gives one
 * answer whatever arrived first. An event the state does not accept at its place in that order is
 * REFUSED (kept, named, changing nothing): a VOID of a FAILED payment, a second CAPTURE.
 *
 * The row model (docs/transaction-model.md) is kept: a voided sale is ONE row with status VOID and
 * its void type (SALE → VOID …); a reversal is status VOID with type REVERSE; pre-auth operations
 * are rows of their own with their own reference — a CAPTURE event on a PREAUTH makes the CAPTURE
 * row (SALECOMPLETION), a CAPTURE_VOID makes the CAPTURE_VOID row and turns the capture VOID
 * (VOIDSALECOMPLETION), a VOID of a PREAUTH makes its PREAUTH_VOID row (VOIDPREAUTH). An operation
 * row exists once its event arrived; when the fold refuses that event its row is FAILED, so the
 * rows too depend on the set alone. Pure: no time, money or I/O.
 */
import type { TransactionStatus, TransactionType } from './enums.ts';

/** The machine clients that post transactions (each with credentials of its own). */
export const TXN_INGEST_SOURCES = ['PAYMENT_GATEWAY', 'TERMINAL_HOST'] as const;
export type TxnIngestSource = (typeof TXN_INGEST_SOURCES)[number];

/** Event types. */
export const TXN_EVENT_TYPES = ['SUCCESS', 'FAILED', 'VOID', 'REVERSE', 'CAPTURE', 'CAPTURE_VOID'] as const;
export type TxnEventType = (typeof TXN_EVENT_TYPES)[number];

/** Tie-break among events of one instant: the step that must come first ranks lower. */
export const EVENT_RANK: Readonly<Record<TxnEventType, number>> = { SUCCESS: 0, FAILED: 0, CAPTURE: 1, CAPTURE_VOID: 2, VOID: 3, REVERSE: 3 };

/** One event as stored. `amountSen` and `opRef` for CAPTURE (the capture's amount and reference), `opRef` for CAPTURE_VOID and a pre-auth's VOID. */
export interface TxnEvent {
  id: string;
  type: TxnEventType;
  /** Event time, ms since 1970 UTC. */
  at: number;
  amountSen?: number | null;
  opRef?: string | null;
}

/** The row an event set starts from: the transaction as it was created. */
export interface TxnBase {
  status: TransactionStatus;
  txnType: TransactionType;
  /** PREAUTH for a pre-auth; null for everything else (operations take no events). */
  preauthOp: 'PREAUTH' | null;
  amountSen: number;
}

/** An operation row an event makes (pre-auth only). */
export interface TxnOperation {
  op: 'CAPTURE' | 'CAPTURE_VOID' | 'PREAUTH_VOID';
  ref: string;
  at: number;
  amountSen: number;
  status: TransactionStatus;
  txnType: TransactionType;
}

/** The fold's answer: the root row's status and type, the operation rows, and each event's fate. */
export interface TxnFold {
  status: TransactionStatus;
  txnType: TransactionType;
  operations: TxnOperation[];
  /** Per event id: null when applied, else why it was refused. */
  refused: Record<string, string | null>;
}

/** The void type of each type that can be voided (a voided sale keeps ONE row). */
export const VOID_TYPE_OF: Readonly<Partial<Record<TransactionType, TransactionType>>> = {
  SALE: 'VOID', MOTO: 'VOIDMOTO', EPP: 'VOIDEPP', SALECOMPLETION: 'VOIDSALECOMPLETION', PREAUTH: 'VOIDPREAUTH',
};

/** Total order of events (see the file note). */
export function compareTxnEvents(a: TxnEvent, b: TxnEvent): number {
  return a.at - b.at || EVENT_RANK[a.type] - EVENT_RANK[b.type] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Folds `events` (any order; duplicates by id are the caller's to drop) over `base`. Answers the
 * root's status and type, the operation rows and each event's fate (see the file note).
 */
export function foldTxnEvents(base: TxnBase, events: readonly TxnEvent[]): TxnFold {
  let status = base.status;
  let txnType = base.txnType;
  let capture: TxnOperation | null = null;
  const operations: TxnOperation[] = [];
  const refused: Record<string, string | null> = {};
  const refuse = (e: TxnEvent, why: string, op?: TxnOperation['op']) => {
    refused[e.id] = why;
    if (op && e.opRef) operations.push({ op, ref: e.opRef, at: e.at, amountSen: e.amountSen ?? 0, status: 'FAILED', txnType: op === 'CAPTURE' ? 'SALECOMPLETION' : op === 'CAPTURE_VOID' ? 'VOIDSALECOMPLETION' : 'VOIDPREAUTH' });
  };
  for (const e of [...events].sort(compareTxnEvents)) {
    const preauth = base.preauthOp === 'PREAUTH';
    switch (e.type) {
      case 'SUCCESS':
      case 'FAILED':
        if (status !== 'PENDING') refuse(e, `the transaction is ${status}, not PENDING`);
        else {
          status = e.type;
          refused[e.id] = null;
        }
        break;
      case 'REVERSE':
        if (status !== 'PENDING' && status !== 'SUCCESS') refuse(e, `a ${status} transaction cannot be reversed`);
        else if (capture && capture.status === 'SUCCESS') refuse(e, 'the pre-auth is captured: void the capture first');
        else {
          status = 'VOID';
          txnType = 'REVERSE';
          refused[e.id] = null;
        }
        break;
      case 'VOID': {
        const voidType = VOID_TYPE_OF[txnType];
        if (status !== 'SUCCESS' || !voidType) refuse(e, `a ${status} ${txnType} cannot be voided`, preauth ? 'PREAUTH_VOID' : undefined);
        else if (preauth && !e.opRef) refuse(e, 'OperationRefNo: a pre-auth void needs the reference of its PREAUTH_VOID');
        else if (capture && capture.status === 'SUCCESS') refuse(e, 'the pre-auth is captured: void the capture first', 'PREAUTH_VOID');
        else {
          status = 'VOID';
          txnType = voidType;
          refused[e.id] = null;
          if (preauth) operations.push({ op: 'PREAUTH_VOID', ref: e.opRef!, at: e.at, amountSen: base.amountSen, status: 'SUCCESS', txnType: 'VOIDPREAUTH' });
        }
        break;
      }
      case 'CAPTURE':
        if (!preauth) refuse(e, 'only a PREAUTH is captured');
        else if (status !== 'SUCCESS') refuse(e, `a ${status} pre-auth cannot be captured`, 'CAPTURE');
        else if (capture) refuse(e, 'the pre-auth is already captured', 'CAPTURE');
        else if (!e.amountSen || e.amountSen <= 0 || e.amountSen > base.amountSen) refuse(e, 'Amount: a capture is more than 0 and at most the pre-auth amount', 'CAPTURE');
        else {
          capture = { op: 'CAPTURE', ref: e.opRef!, at: e.at, amountSen: e.amountSen, status: 'SUCCESS', txnType: 'SALECOMPLETION' };
          operations.push(capture);
          refused[e.id] = null;
        }
        break;
      case 'CAPTURE_VOID':
        if (!preauth) refuse(e, 'only a captured PREAUTH has its capture voided');
        else if (!capture || capture.status !== 'SUCCESS') refuse(e, 'the pre-auth has no capture to void', 'CAPTURE_VOID');
        else {
          capture.status = 'VOID';
          capture.txnType = 'VOIDSALECOMPLETION';
          operations.push({ op: 'CAPTURE_VOID', ref: e.opRef!, at: e.at, amountSen: capture.amountSen, status: 'SUCCESS', txnType: 'VOIDSALECOMPLETION' });
          refused[e.id] = null;
        }
        break;
    }
  }
  return { status, txnType, operations, refused };
}

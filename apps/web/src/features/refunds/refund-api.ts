/**
 * The refund desk's calls (issue 11): the §3 refund form and the four RiskPreChargeback actions
 * (POSTs through the app's API client: secure channel, §8 toasts), and a request's log. Each
 * money-moving call carries the Idempotency-Key its dialog made when it opened, so a retry of the
 * same submission is answered once. After any action the lists and details of the desk and of
 * the refunded transaction's views are asked again.
 */
import { LIST_REPORTS, type BodyOf, type ResponseOf } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import type { AppDispatch } from '../../store/index.ts';
import { invalidateReport } from '../../shared/report-api.ts';

export type RefundState = ResponseOf<'updateRefund'>;
export type RefundLog = ResponseOf<'refundLog'>;

/** The desk's actions by route name (§7 RiskPreChargeback). */
export type DeskRoute = 'updateRefund' | 'rejectRefund' | 'refundTxnNotFound' | 'resendRefundAck';

/** Asks every list and detail that shows refunds again: the desk and the transaction views. */
export function refreshRefundViews(dispatch: AppDispatch): void {
  for (const def of LIST_REPORTS.filter((d) => d.source === 'transactions' || d.source === 'refund_requests')) dispatch(invalidateReport(def));
}

/** Sends the §3 refund form; rejects (after its toast) when refused. */
export function requestRefund(body: BodyOf<'requestRefund'>, idempotencyKey: string): Promise<ResponseOf<'requestRefund'>> {
  return apiClient().post('requestRefund', body as never, { idempotencyKey });
}

/** Runs one desk action on a request; rejects (after its toast) when refused. */
export function deskAction<N extends DeskRoute>(name: N, body: BodyOf<N>, idempotencyKey?: string): Promise<RefundState> {
  return apiClient().post(name, body as never, { idempotencyKey }) as Promise<RefundState>;
}

/** Reads a request's log. */
export function refundLog(id: number, signal?: AbortSignal): Promise<RefundLog> {
  return apiClient().get('refundLog', { params: { Id: id }, signal });
}

/** A fresh key for one form submission. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/**
 * The refund desk's calls: the §3 refund form and the four RiskPreChargeback actions
 * (POSTs through the app's API client: secure channel, §8 toasts), and a request's log. Each
 * money-moving call carries the Idempotency-Key its dialog made when it opened, so a retry of the
 * same submission is answered once. The writes are RTK Query mutations: after any action the
 * lists and details of the desk and of the refunded transaction's views are asked again.
 */
import { LIST_REPORTS, type BodyOf, type ResponseOf } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import { reportApi, reportTag } from '../../shared/report-api.ts';

export type RefundState = ResponseOf<'updateRefund'>;
export type RefundLog = ResponseOf<'refundLog'>;

/** The desk's actions by route name (§7 RiskPreChargeback). */
export type DeskRoute = 'updateRefund' | 'rejectRefund' | 'refundTxnNotFound' | 'resendRefundAck';

/** Every list and detail that shows refunds: the desk and the transaction views. */
const REFUND_VIEWS = LIST_REPORTS.filter((d) => d.source === 'transactions' || d.source === 'refund_requests').map(reportTag);
const afterRefundWrite = (_result: unknown, error: unknown) => (error ? [] : REFUND_VIEWS);

const refundApi = reportApi.injectEndpoints({
  endpoints: (build) => ({
    /** Sends the §3 refund form with its dialog's Idempotency-Key. */
    requestRefund: build.mutation<ResponseOf<'requestRefund'>, { body: BodyOf<'requestRefund'>; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ name: 'requestRefund', body, options: { idempotencyKey } }),
      invalidatesTags: afterRefundWrite,
    }),
    /** Runs one desk action on a request (the money-moving ones with their dialog's Idempotency-Key). */
    refundDeskAction: build.mutation<RefundState, DeskCall>({
      query: ({ name, body, idempotencyKey }) => ({ name, body, options: { idempotencyKey } }),
      invalidatesTags: afterRefundWrite,
    }),
  }),
});

/** A desk action's argument: the route, its body, and the key when the route moves money. */
export type DeskCall = { [N in DeskRoute]: { name: N; body: BodyOf<N>; idempotencyKey?: string } }[DeskRoute];

export const { useRequestRefundMutation, useRefundDeskActionMutation } = refundApi;

/** Reads a request's log. */
export function refundLog(id: number, signal?: AbortSignal): Promise<RefundLog> {
  return apiClient().get('refundLog', { params: { Id: id }, signal });
}

/** A fresh key for one form submission. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

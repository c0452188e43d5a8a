/**
 * The refund desk's own calls: the §3 refund form (a POST through the app's API client: secure
 * channel, §8 toasts) and a request's log; the desk's actions on a request are the RefundRequest
 * workflow's commands (shared/workflow/). The form carries the Idempotency-Key its dialog made
 * when it opened, so a retry of the same submission is answered once, and, once it succeeded,
 * asks again every list and detail the workflow's commands change (the desk's and the
 * transactions').
 */
import { REFUND_REQUEST_WORKFLOW, type BodyOf, type ResponseOf } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import { reportApi } from '../../shared/report-api.ts';
import { workflowSources, workflowViews } from '../../shared/workflow/workflow-api.ts';

export type RefundLog = ResponseOf<'refundLog'>;

/** Every list and detail that shows refunds: the desk and the transaction views. */
const REFUND_VIEWS = workflowViews(workflowSources(REFUND_REQUEST_WORKFLOW));
const afterRefundWrite = (_result: unknown, error: unknown) => (error ? [] : REFUND_VIEWS);

const refundApi = reportApi.injectEndpoints({
  endpoints: (build) => ({
    /** Sends the §3 refund form with its dialog's Idempotency-Key. */
    requestRefund: build.mutation<ResponseOf<'requestRefund'>, { body: BodyOf<'requestRefund'>; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ name: 'requestRefund', body, options: { idempotencyKey } }),
      invalidatesTags: afterRefundWrite,
    }),
  }),
});

export const { useRequestRefundMutation } = refundApi;

/** Reads a request's log. */
export function refundLog(id: number, signal?: AbortSignal): Promise<RefundLog> {
  return apiClient().get('refundLog', { params: { Id: id }, signal });
}

/** A fresh key for one form submission. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

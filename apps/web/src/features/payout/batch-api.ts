/**
 * The bank payout batches' calls (/payout-report) through the app's API client
 * (secure channel, §8 toasts: a refusal has had its toast when a promise here rejects):
 *  - the batch list, an RTK Query endpoint over POST Payout/Batch/Search, tagged so a new batch or
 *    a recorded result asks it again;
 *  - POST Payout/Batch/Create, an RTK Query mutation, with its Idempotency-Key (one key per confirmed attempt; the attempt
 *    after one whose outcome is unknown — no answer from the server — reuses it, `attemptKey`);
 *  - GET Payout/Batch/:Id/File, saved by the client under the server's file name, and POST
 *    Payout/Batch/:Id/Result, multipart with the bank's result file as `file`: arguments of the
 *    shared file mutations (store/file-api.ts).
 */
import type { BodyOf, ListReportDef, ResponseOf } from '@paydesk/contract';
import type { Verdict } from '../../api/failure.ts';
import { api, onSuccess } from '../../store/api.ts';
import { fileForm, routeUpload, type DownloadArgs } from '../../store/file-api.ts';
import { reportTag } from '../../shared/report-api.ts';

export type PayoutBatch = ResponseOf<'payoutBatch'>;
export type BatchSearchBody = BodyOf<'payoutBatchSearch'>;
export type BatchCreateBody = BodyOf<'payoutBatchCreate'>;

/** Rows per page of the batch list. */
export const BATCH_PAGE_SIZE = 10;

const BATCH_TAG = 'PayoutBatch' as const;

const batchApi = api.enhanceEndpoints({ addTagTypes: [BATCH_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    payoutBatchSearch: build.query<ResponseOf<'payoutBatchSearch'>, BatchSearchBody>({
      // The app's base query: the client's call with its §8 toast on failure.
      query: (body) => ({ name: 'payoutBatchSearch', body }),
      providesTags: [BATCH_TAG],
    }),
    /** One batch with its log (created, each file download, the bank result); asked again with the list. */
    payoutBatch: build.query<ResponseOf<'payoutBatch'>, number>({
      query: (id) => ({ name: 'payoutBatch', params: { Id: id } }),
      providesTags: [BATCH_TAG],
    }),
    /** Creates a batch; `onFailure` hears the verdict before `unwrap()` rejects (an unknown outcome keeps the key). */
    payoutBatchCreate: build.mutation<ResponseOf<'payoutBatchCreate'>, { body: BatchCreateBody; idempotencyKey: string; onFailure: (verdict: Verdict) => void }>({
      query: ({ body, idempotencyKey, onFailure }) => ({ name: 'payoutBatchCreate', body, options: { idempotencyKey, onFailure } }),
      invalidatesTags: onSuccess([BATCH_TAG]),
    }),
  }),
});

export const { usePayoutBatchSearchQuery, usePayoutBatchQuery, usePayoutBatchCreateMutation } = batchApi;

/** Asks the batch list again (after a new batch or a recorded result). */
export const invalidateBatches = () => batchApi.util.invalidateTags([BATCH_TAG]);

/** The key of an attempt still unanswered: its body and key. */
export interface PendingAttempt {
  body: string;
  key: string;
}

/**
 * The Idempotency-Key of a confirmed attempt to send `body`: the pending one's when the previous
 * attempt of the same body got no answer (network error, timeout: the server may have made the
 * batch, and a replay answers it once), else a fresh one.
 */
export function attemptKey(pending: PendingAttempt | null, body: string, fresh: () => string = () => crypto.randomUUID()): string {
  return pending && pending.body === body ? pending.key : fresh();
}

/** Whether a failed call's outcome is unknown: no error answer from the server (its work may have been done). */
export const outcomeUnknown = (verdict: Verdict): boolean => verdict.code === null;

/** A batch's bulk-credit file, for `downloadFile`: saved under the server's name. */
export const batchFileDownload = (id: number): DownloadArgs => ({ name: 'payoutBatchFile', params: { Id: id } });

/**
 * The bank's result file of batch `id`, for `useUpload`: answers the batch with its paid / failed
 * counts; once recorded, the batch list and `report` (the payouts changed state) are asked again.
 */
export const batchResultUpload = (id: number, file: File, report: Pick<ListReportDef, 'api'>) =>
  routeUpload('payoutBatchResult', fileForm(file), { params: { Id: id }, invalidates: [BATCH_TAG, reportTag(report)] });

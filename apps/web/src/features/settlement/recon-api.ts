/**
 * The reconciliation report's writes as RTK Query mutations over the app's base query (secure
 * channel, §8 toasts: a refusal has had its toast when `unwrap()` rejects): verify a result, or
 * take a verification back. The report's lists and details are asked again once one succeeded.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { afterReportWrite, reportApi, type ReportWrite } from '../../shared/report-api.ts';

const reconApi = reportApi.injectEndpoints({
  endpoints: (build) => ({
    /** Verifies (`verify`) or unverifies (`unverify`) a reconciliation result, with the user's note. */
    reconDecide: build.mutation<ResponseOf<'reconVerify'>, ReportWrite<BodyOf<'reconVerify'> & BodyOf<'reconUnverify'>> & { decision: 'verify' | 'unverify' }>({
      query: ({ decision, body }) => ({ name: decision === 'verify' ? 'reconVerify' : 'reconUnverify', body }),
      invalidatesTags: afterReportWrite,
    }),
  }),
});

export const { useReconDecideMutation } = reconApi;

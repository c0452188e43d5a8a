/**
 * The payout report's writes as RTK Query mutations over the app's base query (secure channel,
 * §8 toasts: a refusal has had its toast when `unwrap()` rejects): hold a payout for a risk
 * violation, or release it. The report's lists and details are asked again once one succeeded.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { afterReportWrite, reportApi, type ReportWrite } from '../../shared/report-api.ts';

const payoutApi = reportApi.injectEndpoints({
  endpoints: (build) => ({
    /** Holds a payout, naming the violation. */
    payoutHold: build.mutation<ResponseOf<'payoutHold'>, ReportWrite<BodyOf<'payoutHold'>>>({
      query: ({ body }) => ({ name: 'payoutHold', body }),
      invalidatesTags: afterReportWrite,
    }),
    /** Releases a held payout. */
    payoutRelease: build.mutation<ResponseOf<'payoutRelease'>, ReportWrite<BodyOf<'payoutRelease'>>>({
      query: ({ body }) => ({ name: 'payoutRelease', body }),
      invalidatesTags: afterReportWrite,
    }),
  }),
});

export const { usePayoutHoldMutation, usePayoutReleaseMutation } = payoutApi;

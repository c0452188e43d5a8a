/**
 * The risk desk's writes as RTK Query mutations over the app's base query (secure channel, §8
 * toasts: a refusal has had its toast when `unwrap()` rejects): take an alert, comment on it,
 * close it. Each names the desk's report, whose lists and details are asked again once it
 * succeeded.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { afterReportWrite, reportApi, type ReportWrite } from '../../shared/report-api.ts';

const riskApi = reportApi.injectEndpoints({
  endpoints: (build) => ({
    /** Takes (or takes over) an alert. */
    riskAssign: build.mutation<ResponseOf<'riskAssign'>, ReportWrite<BodyOf<'riskAssign'>>>({
      query: ({ body }) => ({ name: 'riskAssign', body }),
      invalidatesTags: afterReportWrite,
    }),
    /** Adds a comment to an alert's history. */
    riskComment: build.mutation<ResponseOf<'riskComment'>, ReportWrite<BodyOf<'riskComment'>>>({
      query: ({ body }) => ({ name: 'riskComment', body }),
      invalidatesTags: afterReportWrite,
    }),
    /** Closes an alert with its resolution. */
    riskClose: build.mutation<ResponseOf<'riskClose'>, ReportWrite<BodyOf<'riskClose'>>>({
      query: ({ body }) => ({ name: 'riskClose', body }),
      invalidatesTags: afterReportWrite,
    }),
  }),
});

export const { useRiskAssignMutation, useRiskCommentMutation, useRiskCloseMutation } = riskApi;

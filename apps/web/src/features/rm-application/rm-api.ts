/**
 * /rm-application's calls (issue 13 Build 6) through the app's API client (secure channel, §8
 * toasts: a refusal has had its toast when a promise here rejects): the application list as an
 * RTK Query endpoint over POST TPA/RmApplication/Search, tagged so a saved, sent or decided
 * application asks it again; the prefill of a new application, one application, and its writes.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import { api } from '../../store/api.ts';

export type RmApplication = ResponseOf<'rmApplication'>;
export type RmPrefill = ResponseOf<'rmApplicationPrefill'>;
export type RmRow = ResponseOf<'rmApplicationSearch'>['Items'][number];
export type RmSearchBody = BodyOf<'rmApplicationSearch'>;

const TAG = 'RmApplication' as const;

const rmApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    rmApplicationSearch: build.query<ResponseOf<'rmApplicationSearch'>, RmSearchBody>({
      // The app's base query: the client's call with its §8 toast on failure.
      query: (body) => ({ name: 'rmApplicationSearch', body }),
      providesTags: [TAG],
    }),
  }),
});

export const { useRmApplicationSearchQuery } = rmApi;

/** Asks the list again (after a write). */
export const invalidateRmApplications = () => rmApi.util.invalidateTags([TAG]);

/** The prefilled form of a new application for merchant HQ `merchantId`. */
export const fetchPrefill = (merchantId: number): Promise<RmPrefill> => apiClient().get('rmApplicationPrefill', { params: { MerchantId: merchantId } });
/** One application with its merchant's file. */
export const fetchApplication = (id: number): Promise<RmApplication> => apiClient().get('rmApplication', { params: { Id: id } });
/** Saves a draft (new when `Id` is absent). */
export const saveApplication = (body: BodyOf<'rmApplicationSave'>): Promise<RmApplication> => apiClient().post('rmApplicationSave', body);
/** Records that the draft went to Revenue Monster. */
export const submitApplication = (body: BodyOf<'rmApplicationSubmit'>): Promise<RmApplication> => apiClient().post('rmApplicationSubmit', body);
/** Records Revenue Monster's answer. */
export const decideApplication = (body: BodyOf<'rmApplicationDecide'>): Promise<RmApplication> => apiClient().post('rmApplicationDecide', body);

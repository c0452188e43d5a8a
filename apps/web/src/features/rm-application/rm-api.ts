/**
 * /rm-application's calls through the app's API client (secure channel, §8
 * toasts: a refusal has had its toast when a promise here rejects): the application list as an
 * RTK Query endpoint over POST TPA/RmApplication/Search, tagged so a saved, sent or decided
 * application (the writes are mutations) asks it again; the prefill of a new application and one
 * application.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import { api, onSuccess } from '../../store/api.ts';

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
    /** Saves a draft (new when `Id` is absent). */
    rmApplicationSave: build.mutation<RmApplication, BodyOf<'rmApplicationSave'>>({
      query: (body) => ({ name: 'rmApplicationSave', body }),
      invalidatesTags: onSuccess([TAG]),
    }),
    /** Records that the draft went to Revenue Monster. */
    rmApplicationSubmit: build.mutation<RmApplication, BodyOf<'rmApplicationSubmit'>>({
      query: (body) => ({ name: 'rmApplicationSubmit', body }),
      invalidatesTags: onSuccess([TAG]),
    }),
    /** Records Revenue Monster's answer. */
    rmApplicationDecide: build.mutation<RmApplication, BodyOf<'rmApplicationDecide'>>({
      query: (body) => ({ name: 'rmApplicationDecide', body }),
      invalidatesTags: onSuccess([TAG]),
    }),
  }),
});

export const { useRmApplicationSearchQuery, useRmApplicationSaveMutation, useRmApplicationSubmitMutation, useRmApplicationDecideMutation } = rmApi;

/** Asks the list again (Refresh; the writes' mutations do it themselves). */
export const invalidateRmApplications = () => rmApi.util.invalidateTags([TAG]);

/** The prefilled form of a new application for merchant HQ `merchantId`. */
export const fetchPrefill = (merchantId: number): Promise<RmPrefill> => apiClient().get('rmApplicationPrefill', { params: { MerchantId: merchantId } });
/** One application with its merchant's file. */
export const fetchApplication = (id: number): Promise<RmApplication> => apiClient().get('rmApplication', { params: { Id: id } });

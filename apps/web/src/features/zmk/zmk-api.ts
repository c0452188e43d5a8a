/**
 * /zmk-config's calls through the app's API client (secure channel, §8 toasts: a
 * refusal has had its toast when a promise here rejects): the key list as an RTK Query endpoint
 * over POST Zmk/Search, tagged so every write (an RTK Query mutation) asks it again; one key. A component
 * travels once, in the body of the call that enters it, and is never kept by the app. Cancelling a
 * ceremony and retiring a key are the Zmk workflow's commands (shared/workflow/), which ask ZMK_TAG
 * again.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import { api, onSuccess } from '../../store/api.ts';

export type ZmkKey = ResponseOf<'zmkGet'>;
export type ZmkRow = ResponseOf<'zmkSearch'>['Items'][number];
export type ZmkSearchBody = BodyOf<'zmkSearch'>;

/** The tag of the key list (the key drawer's workflow commands ask it again). */
export const ZMK_TAG = 'Zmk' as const;
const TAG = ZMK_TAG;

const zmkApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    zmkSearch: build.query<ResponseOf<'zmkSearch'>, ZmkSearchBody>({
      query: (body) => ({ name: 'zmkSearch', body }),
      providesTags: [TAG],
    }),
    /** Defines a key and starts its ceremony. */
    zmkCreate: build.mutation<ZmkKey, BodyOf<'zmkCreate'>>({
      query: (body) => ({ name: 'zmkCreate', body }),
      invalidatesTags: onSuccess([TAG]),
    }),
    /** Enters component `seq` (1 … 3) of a key. */
    zmkComponent: build.mutation<ZmkKey, { seq: 1 | 2 | 3; body: BodyOf<'zmkComponent1'> }>({
      query: ({ seq, body }) => ({ name: seq === 1 ? 'zmkComponent1' : seq === 2 ? 'zmkComponent2' : 'zmkComponent3', body }),
      invalidatesTags: onSuccess([TAG]),
    }),
  }),
});

export const { useZmkSearchQuery, useZmkCreateMutation, useZmkComponentMutation } = zmkApi;

/** Asks the list again (after a write). */
export const invalidateZmkList = () => zmkApi.util.invalidateTags([TAG]);

/** One key with its component slots and history. */
export const fetchKey = (id: number): Promise<ZmkKey> => apiClient().get('zmkGet', { params: { Id: id } });

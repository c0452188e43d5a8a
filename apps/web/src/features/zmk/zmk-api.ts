/**
 * /zmk-config's calls (issue 14 Build 2) through the app's API client (secure channel, §8 toasts: a
 * refusal has had its toast when a promise here rejects): the key list as an RTK Query endpoint
 * over POST Zmk/Search, tagged so every write asks it again; one key and its writes. A component
 * travels once, in the body of the call that enters it, and is never kept by the app.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import { api } from '../../store/api.ts';

export type ZmkKey = ResponseOf<'zmkGet'>;
export type ZmkRow = ResponseOf<'zmkSearch'>['Items'][number];
export type ZmkSearchBody = BodyOf<'zmkSearch'>;

const TAG = 'Zmk' as const;

const zmkApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    zmkSearch: build.query<ResponseOf<'zmkSearch'>, ZmkSearchBody>({
      query: (body) => ({ name: 'zmkSearch', body }),
      providesTags: [TAG],
    }),
  }),
});

export const { useZmkSearchQuery } = zmkApi;

/** Asks the list again (after a write). */
export const invalidateZmkList = () => zmkApi.util.invalidateTags([TAG]);

/** One key with its component slots and history. */
export const fetchKey = (id: number): Promise<ZmkKey> => apiClient().get('zmkGet', { params: { Id: id } });
/** Defines a key and starts its ceremony. */
export const createKey = (body: BodyOf<'zmkCreate'>): Promise<ZmkKey> => apiClient().post('zmkCreate', body);
/** Enters component `seq` (1 … 3) of a key. */
export const enterComponent = (seq: 1 | 2 | 3, body: BodyOf<'zmkComponent1'>): Promise<ZmkKey> => apiClient().post(seq === 1 ? 'zmkComponent1' : seq === 2 ? 'zmkComponent2' : 'zmkComponent3', body);
/** Cancels a ceremony in progress. */
export const cancelKey = (body: BodyOf<'zmkCancel'>): Promise<ZmkKey> => apiClient().post('zmkCancel', body);
/** Retires an active key. */
export const retireKey = (body: BodyOf<'zmkRetire'>): Promise<ZmkKey> => apiClient().post('zmkRetire', body);

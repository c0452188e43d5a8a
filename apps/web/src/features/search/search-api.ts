/**
 * The global search's one call (route `globalSearch`) as an RTK Query endpoint over the app's
 * API client. Silent: the dialog shows its own error state instead of a toast (a session-ending
 * answer still ends the session). The argument is the query text already reduced by
 * `searchQueryText` (a card number masked), so no full PAN is ever a cache key or a request body.
 */
import type { ResponseOf } from '@paydesk/contract';
import { api } from '../../store/api.ts';

export type SearchAnswer = ResponseOf<'globalSearch'>;
export type SearchHit = SearchAnswer['Items'][number];

const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    globalSearch: build.query<SearchAnswer, string>({
      query: (Query) => ({ name: 'globalSearch', body: { Query }, silent: true }),
      // Records change: an answer is reused while the dialog is open, not for long after.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGlobalSearchQuery } = searchApi;

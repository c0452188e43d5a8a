/**
 * RTK Query over the API client: server data of the screens. The client already showed the
 * toast (or ended the session) when a call fails, so the error value only says "it failed".
 * `api.util.resetApiState()` runs at sign-out, session end and user-group switch.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { routes, type BodyOf, type ResponseOf, type RouteName } from '@paydesk/contract';
import { apiClient } from '../api/index.ts';
import type { RouteOf } from '../api/client.ts';
import { currencyListReceived } from './system-data-slice.ts';

export interface ApiArgs {
  name: RouteName;
  body?: unknown;
  params?: Record<string, string | number>;
}

/** The failure of a call whose toast has already been shown. */
export interface HandledError {
  handled: true;
}

const clientQuery: BaseQueryFn<ApiArgs, unknown, HandledError> = async ({ name, body, params }, { signal }) => {
  const client = apiClient();
  try {
    const data =
      routes[name].method === 'GET'
        ? await client.get(name as RouteOf<'GET'>, { params, signal })
        : await client.post(name as RouteOf<'POST'>, body as never, { params, signal });
    return { data };
  } catch {
    return { error: { handled: true } };
  }
};

/** Lookups are fetched once and kept until the state is reset (§4): a day is "for the session". */
const LOOKUP_KEEP_SECONDS = 24 * 60 * 60;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: clientQuery,
  endpoints: (build) => ({
    currencies: build.query<ResponseOf<'currencies'>, void>({
      // §8: a failed lookup is an empty list (the toast has been shown).
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const res = await baseQuery({ name: 'currencies' });
        return { data: res.error ? [] : (res.data as ResponseOf<'currencies'>).filter((c) => c.IsActive === 1) };
      },
      keepUnusedDataFor: LOOKUP_KEEP_SECONDS,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(currencyListReceived(data));
      },
    }),
    orgSelection: build.query<ResponseOf<'orgSelection'>, BodyOf<'orgSelection'>>({
      queryFn: async (body, _api, _extra, baseQuery) => {
        const res = await baseQuery({ name: 'orgSelection', body });
        return { data: res.error ? [] : (res.data as ResponseOf<'orgSelection'>) };
      },
      keepUnusedDataFor: LOOKUP_KEEP_SECONDS,
    }),
    dashboard: build.query<ResponseOf<'dashboard'>, BodyOf<'dashboard'>>({
      query: (body) => ({ name: 'dashboard', body }),
    }),
    ecommerceSearch: build.query<ResponseOf<'ecommerceSearch'>, BodyOf<'ecommerceSearch'>>({
      query: (body) => ({ name: 'ecommerceSearch', body }),
    }),
    ecommerceGet: build.query<ResponseOf<'ecommerceGet'>, number>({
      query: (id) => ({ name: 'ecommerceGet', params: { Id: id } }),
    }),
  }),
});

export const { useCurrenciesQuery, useOrgSelectionQuery, useDashboardQuery, useEcommerceSearchQuery, useEcommerceGetQuery } = api;

/**
 * RTK Query over the API client: server data of the screens. The client already showed the
 * toast (or ended the session) when a call fails, so the error value only says "it failed".
 *
 * Lookups (§4 "Lookups", §8): the lists behind pickers. Each is fetched once per argument and kept
 * for the token's lifetime, across screens and remounts, until `api.util.resetApiState()` clears
 * it (sign-out, session end and user-group switch, in `session.ts`). A failed lookup is swallowed:
 * no toast (a session-ending answer still ends the session), and the list is empty, so the screen
 * stays usable. Such an empty answer carries the `LookupFailed` tag, so `retryFailedLookups()`
 * (a picker being opened) asks again for the failed ones only. Arguments are the cache key, so the
 * acquirer list refetches when the service type or terminal category changes and not when the same
 * pair comes again.
 *
 * Screens generated from a declaration add their endpoints where they are built: the resource
 * engine's in features/resources/resource-api.ts, the report engine's (every live transaction
 * view) in shared/report-api.ts.
 *
 * Writes are mutations too, injected by each feature's `*-api.ts` over this base query, so that one
 * data path carries every call: they invalidate the tags of the lists and details they change
 * (`onSuccess`), and pass the caller's `WriteOptions` (no toast, the failure's verdict, the
 * action's Idempotency-Key) to the client. Multipart uploads, file downloads and exports, and the
 * public set-password page's posts are mutations of file-api.ts. Only the secure-channel
 * handshake and the session's own calls (signing in and out, switching user group) call the
 * client directly.
 */
import { createApi, defaultSerializeQueryArgs, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ROUTE_PATHS, type BodyOf, type ResponseOf, type RouteName } from '@paydesk/contract';
import { DEFAULT_SERVICE_TYPE, DEFAULT_TERMINAL_CATEGORY, TOKEN_LIFETIME_MS } from '@paydesk/domain';
import { apiClient } from '../api/index.ts';
import type { RequestOptions, RouteOf } from '../api/client.ts';
import { runtimeConfig } from '../runtime-config.ts';
import type { Currency } from './currency.ts';
import { attachApi } from './index.ts';
import { currencyListReceived } from './system-data-slice.ts';

/**
 * A call of the base query: a contract route by `name`, or, for the routes the server generates
 * per declaration (resource and report engines, not in the contract's table), a `path` with its
 * `method`.
 */
export type ApiArgs = ({ name: RouteName; path?: never; method?: never } | { name?: never; path: string; method: 'POST' | 'PUT' | 'DELETE' }) & CallArgs;

interface CallArgs {
  body?: unknown;
  params?: Record<string, string | number>;
  /** No toast when the call fails (lookups); a session-ending answer still ends the session. */
  silent?: boolean;
  /** A write's own options, passed to the client as they are (see `WriteOptions`). */
  options?: WriteOptions;
}

/**
 * What a write's caller may still choose per call: no toast (`silent`, e.g. a confirm dialog that
 * shows the server's message in place), the failure's verdict (`onFailure`), and the
 * Idempotency-Key of the user's action (made once per action, so that a retry reuses it).
 */
export type WriteOptions = Pick<RequestOptions, 'silent' | 'onFailure' | 'idempotencyKey'>;

/**
 * A tag of a view a write changes: a tag type a feature added to this api (`addTagTypes`), alone
 * or with an id. Tag types are plain names to RTK Query, so a shared write (an upload, a workflow
 * command) invalidates the feature's views without knowing the feature.
 */
export type ViewTag = string | { type: string; id?: string | number };

/** A mutation's argument when the caller passes options along with the body. */
export interface WriteArgs<B> {
  body: B;
  options?: WriteOptions;
}

/** The failure of a call whose toast has already been shown (or, for a lookup, was not wanted). */
export interface HandledError {
  handled: true;
}

/** `failed`: a lookup whose call failed and which answered its empty value instead. */
export interface QueryMeta {
  failed?: boolean;
}

const clientQuery: BaseQueryFn<ApiArgs, unknown, HandledError, object, QueryMeta> = async ({ name, path, method, body, params, silent, options }, { signal }) => {
  const request: RequestOptions = { params, signal, silent, ...options };
  const client = apiClient();
  return handled((): Promise<unknown> => {
    if (path !== undefined) {
      if (method === 'PUT') return client.path.put(path, body, request);
      if (method === 'DELETE') return client.path.del(path, body, request);
      return client.path.post(path, body, request);
    }
    switch (ROUTE_PATHS[name].method) {
      case 'GET':
        return client.get(name as RouteOf<'GET'>, request);
      case 'PUT':
        return client.put(name as RouteOf<'PUT'>, body as never, request);
      default:
        return client.post(name as RouteOf<'POST'>, body as never, request);
    }
  });
};

/**
 * Runs a client call as an RTK Query answer: its value, or `{handled: true}` when it failed (the
 * client has already shown the toast, or kept quiet when asked to).
 */
export async function handled<T>(call: () => Promise<T>): Promise<{ data: T } | { error: HandledError }> {
  try {
    return { data: await call() };
  } catch {
    return { error: { handled: true } };
  }
}

/**
 * `invalidatesTags` of a write that changes what `tags` show: asked again only when the write
 * succeeded (a refused write changed nothing; the caller says so when it knows better).
 */
export const onSuccess =
  <T,>(tags: readonly T[]) =>
  (_result: unknown, error: unknown): readonly T[] =>
    error ? [] : tags;

/** Lookups are kept while the session can live: the token's lifetime (§9, half a day). */
export const LOOKUP_KEEP_SECONDS = TOKEN_LIFETIME_MS / 1000;

type Item<N extends RouteName> = ResponseOf<N> extends readonly (infer T)[] ? T : never;

export type Bank = Item<'bankList'>;
export type UserTypeOption = Item<'userTypeSelection'>;
export type UserGroupOption = Item<'userGroupList'>;
export type PaymentMethodOption = Item<'paymentMethodList'>;
export type PaymentProduct = Item<'paymentProductList'>;
export type MdrCategory = ResponseOf<'mdrCategorySearch'>['Entities'][number];
export type SubscriptionCompany = Item<'subscriptionCompanyList'>;
export type ServiceTypeOption = Item<'serviceTypeList'>;
export type Country = Item<'countryList'>;
export type MessageTemplateKey = Item<'messageTemplateKeys'>;
export type CardSchemeTypes = ResponseOf<'cardSchemeTypes'>;
export type Acquirer = Item<'acquirersByServiceType'>;
export type RiskViolationOption = Item<'riskViolationOptions'>;
export type MasterMerchant = Item<'masterMerchantList'>;

/** `{ServiceType, TxnCategory}` of the acquirer lookup; missing values take the §9 defaults. */
export interface AcquirerArgs {
  ServiceType?: number;
  TxnCategory?: number;
}

/** The acquirer lookup's arguments with the §9 defaults filled in: the request body and the cache key. */
export function acquirerArgs(args: AcquirerArgs | void): Required<AcquirerArgs> {
  return { ServiceType: args?.ServiceType ?? DEFAULT_SERVICE_TYPE, TxnCategory: args?.TxnCategory ?? DEFAULT_TERMINAL_CATEGORY };
}

export const EMPTY_CARD_SCHEME_TYPES: CardSchemeTypes = { CardSchemes: [], CardTypes: [] };

/** The §7 MDR category fetch: first page of 999 (§9). */
export const MDR_CATEGORY_PAGE_SIZE = 999;

/** The answer of a failed lookup: its empty value, marked so that it can be retried. */
function failed<T>(data: T): { data: T; meta: QueryMeta } {
  return { data, meta: { failed: true } };
}

const LOOKUP_FAILED = 'LookupFailed' as const;
const failedTag = (_result: unknown, _error: unknown, _arg: unknown, meta: QueryMeta | undefined) => (meta?.failed ? [LOOKUP_FAILED] : []);

export const api = createApi({
  reducerPath: 'api',
  baseQuery: clientQuery,
  tagTypes: [LOOKUP_FAILED],
  endpoints: (build) => {
    /**
     * A lookup endpoint: silent, kept for LOOKUP_KEEP_SECONDS, and `empty` when the call fails (§8).
     * `pick` turns the answer into what screens use (e.g. only active entries, or the list of a page).
     */
    function lookup<N extends RouteName, Arg, Result>(
      name: N,
      request: (arg: Arg) => Pick<ApiArgs, 'body' | 'params'>,
      empty: () => Result,
      pick: (answer: ResponseOf<N>) => Result,
    ) {
      return build.query<Result, Arg>({
        queryFn: async (arg, _api, _extra, baseQuery) => {
          const res = await baseQuery({ name, ...request(arg), silent: true });
          return res.error ? failed(empty()) : { data: pick(res.data as ResponseOf<N>) };
        },
        providesTags: failedTag,
        keepUnusedDataFor: LOOKUP_KEEP_SECONDS,
      });
    }
    const none = (_arg: void) => ({});
    const list = <T,>(): T[] => [];
    const same = <T,>(answer: T) => answer;

    return {
      currencies: build.query<Currency[], void>({
        queryFn: async (_arg, _api, _extra, baseQuery) => {
          const res = await baseQuery({ name: 'currencies', silent: true });
          return res.error ? failed([]) : { data: (res.data as Currency[]).filter((c) => c.IsActive === 1) };
        },
        providesTags: failedTag,
        keepUnusedDataFor: LOOKUP_KEEP_SECONDS,
        // Feeds the header selector and picks the first active currency when none is chosen (§4).
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(currencyListReceived(data));
          } catch {
            // Cancelled (the cache was reset): nothing to pick from.
          }
        },
      }),
      orgSelection: lookup(
        'orgSelection',
        (body: BodyOf<'orgSelection'>) => ({ body }),
        list<Item<'orgSelection'>>,
        same,
      ),
      /** §9: only active banks are offered. */
      bankList: lookup(
        'bankList',
        // No filter: no body (the client omits an empty one, §7).
        (body: BodyOf<'bankList'> | void) => ({ body }),
        list<Bank>,
        (banks) => banks.filter((b) => b.IsActive === 1),
      ),
      userTypeSelection: lookup('userTypeSelection', none, list<UserTypeOption>, same),
      userGroupList: lookup('userGroupList', none, list<UserGroupOption>, same),
      paymentMethodList: lookup('paymentMethodList', none, list<PaymentMethodOption>, same),
      /** By service type; 0 (the default) lists every service type's products. */
      paymentProductList: lookup(
        'paymentProductList',
        (serviceType: number | void) => ({ params: { ServiceType: serviceType ?? 0 } }),
        list<PaymentProduct>,
        same,
      ),
      /** §7: `{PageIndex 1, RowsPerPage 999, SearchData}`; the lookup is the page's entities. */
      mdrCategorySearch: lookup(
        'mdrCategorySearch',
        (searchData: BodyOf<'mdrCategorySearch'>['SearchData'] | void) => ({
          body: { PageIndex: 1, RowsPerPage: MDR_CATEGORY_PAGE_SIZE, SearchData: searchData ?? {} },
        }),
        list<MdrCategory>,
        (page) => page.Entities,
      ),
      subscriptionCompanyList: lookup('subscriptionCompanyList', none, list<SubscriptionCompany>, same),
      serviceTypeList: lookup('serviceTypeList', none, list<ServiceTypeOption>, same),
      countryList: lookup('countryList', none, list<Country>, same),
      messageTemplateKeys: lookup('messageTemplateKeys', none, list<MessageTemplateKey>, same),
      cardSchemeTypes: lookup('cardSchemeTypes', none, () => EMPTY_CARD_SCHEME_TYPES, same),
      acquirersByServiceType: build.query<Acquirer[], AcquirerArgs | void>({
        queryFn: async (args, _api, _extra, baseQuery) => {
          const res = await baseQuery({ name: 'acquirersByServiceType', body: acquirerArgs(args), silent: true });
          return res.error ? failed([]) : { data: res.data as Acquirer[] };
        },
        providesTags: failedTag,
        // `{}`, `undefined` and `{ServiceType: 2, TxnCategory: 0}` are one request (§9 defaults).
        serializeQueryArgs: ({ endpointName, queryArgs, endpointDefinition }) =>
          defaultSerializeQueryArgs({ endpointName, endpointDefinition, queryArgs: acquirerArgs(queryArgs) }),
        keepUnusedDataFor: LOOKUP_KEEP_SECONDS,
      }),
      riskViolationOptions: lookup('riskViolationOptions', none, list<RiskViolationOption>, same),
      masterMerchantList: lookup(
        'masterMerchantList',
        (body: BodyOf<'masterMerchantList'> | void) => ({ body }),
        list<MasterMerchant>,
        same,
      ),
      /** The model names. */
      terminalModels: lookup('terminalModels', none, list<string>, (answer) => answer.Models),
      /** States of Malaysia from the country service (§7, §9); empty on any error. */
      countryStates: build.query<string[], void>({
        queryFn: async () => {
          // country.ts checks the service's answers with zod: loaded with the first use, so that
          // this module (which the session loads at sign-in) does not bring the schemas along.
          const { requestStates } = await import('../api/country.ts');
          const states = await requestStates(runtimeConfig());
          return states ? { data: states } : failed([]);
        },
        providesTags: failedTag,
        keepUnusedDataFor: LOOKUP_KEEP_SECONDS,
      }),
      /** Cities of a Malaysian state from the country service; empty on any error. */
      stateCities: build.query<string[], string>({
        queryFn: async (state) => {
          const { requestCities } = await import('../api/country.ts');
          const cities = await requestCities(runtimeConfig(), state);
          return cities ? { data: cities } : failed([]);
        },
        providesTags: failedTag,
        keepUnusedDataFor: LOOKUP_KEEP_SECONDS,
      }),

      dashboard: build.query<ResponseOf<'dashboard'>, BodyOf<'dashboard'>>({
        query: (body) => ({ name: 'dashboard', body }),
      }),
    };
  },
});

// The store starts without RTK Query (the sign-in page does not carry it): loading this module
// is what adds it (store/index.ts).
attachApi(api);

/** Asks again for every lookup whose last call failed (the ones that succeeded stay cached). */
export const retryFailedLookups = () => api.util.invalidateTags([LOOKUP_FAILED]);

export const {
  useCurrenciesQuery,
  useOrgSelectionQuery,
  useBankListQuery,
  useUserTypeSelectionQuery,
  useUserGroupListQuery,
  usePaymentMethodListQuery,
  usePaymentProductListQuery,
  useMdrCategorySearchQuery,
  useSubscriptionCompanyListQuery,
  useServiceTypeListQuery,
  useCountryListQuery,
  useMessageTemplateKeysQuery,
  useCardSchemeTypesQuery,
  useAcquirersByServiceTypeQuery,
  useRiskViolationOptionsQuery,
  useMasterMerchantListQuery,
  useTerminalModelsQuery,
  useCountryStatesQuery,
  useStateCitiesQuery,
  useDashboardQuery,
} = api;

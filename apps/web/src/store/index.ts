/**
 * The store: auth (memory only), permission and ui (persisted, §9 version and timeout),
 * systemData, paymentMethod and the RTK Query cache.
 *
 * RTK Query (`api.ts`, ~12 KB brotli with its endpoints) is not part of the sign-in page
 * (first-load budgets): the store starts without it and `api.ts` attaches itself — reducer and
 * middleware — when it is first imported. The session flows (`session.ts`) import it before the
 * profile arrives, so it is in place before any signed-in screen renders.
 */
import { combineSlices, configureStore, createAction, createDynamicMiddleware, type Middleware, type Reducer } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore, type Storage } from 'redux-persist';
import { PERSIST_TIMEOUT_MS, PERSIST_VERSION } from '@paydesk/domain';
import type { api } from './api.ts';
import { authSlice } from './auth-slice.ts';
import { paymentMethodSlice } from './payment-method-slice.ts';
import { permissionSlice } from './permission-slice.ts';
import { systemDataSlice } from './system-data-slice.ts';
import { uiSlice } from './ui-slice.ts';

/** The RTK Query cache's part of the state, under `api.reducerPath`. */
type ApiState = { [K in typeof api.reducerPath]: ReturnType<typeof api.reducer> };

const rootReducer = combineSlices(authSlice, permissionSlice, systemDataSlice, paymentMethodSlice, uiSlice).withLazyLoadedSlices<ApiState>();

/**
 * Middleware added after the store was made (RTK Query's), applied to every store: one instance
 * serves them all, as `createDynamicMiddleware` keeps the applied chain per store.
 */
const lateMiddleware = createDynamicMiddleware();

/** What `attachApi` needs of an RTK Query api: its state slot, reducer and middleware. */
export interface AttachableApi {
  reducerPath: typeof api.reducerPath;
  reducer: Reducer<ApiState[typeof api.reducerPath]>;
  middleware: Middleware;
}

let attached: AttachableApi | null = null;

/** Dispatched once the api is attached, so that a store made before gets the cache's initial state. */
export const apiAttached = createAction('store/apiAttached');

/**
 * Adds RTK Query's reducer and middleware to every store, present and future (called once by
 * `api.ts` when it loads; later calls do nothing). A store made before gets the cache's initial
 * state with its next action (the session flows dispatch `apiAttached`).
 */
export function attachApi(part: AttachableApi): void {
  if (attached) return;
  attached = part;
  rootReducer.inject({ reducerPath: part.reducerPath, reducer: part.reducer });
  lateMiddleware.addMiddleware(part.middleware);
}

/**
 * The whole state. `api` is typed as present: nothing reads it before `api.ts` has attached
 * itself, since every reader (an RTK Query hook or a session flow) imports `api.ts` first.
 */
export type RootState = ReturnType<typeof rootReducer> & ApiState;

/** localStorage behind redux-persist's async storage interface. */
export const localStorageEngine: Storage = {
  getItem: async (key: string) => globalThis.localStorage?.getItem(key) ?? null,
  setItem: async (key: string, value: string) => globalThis.localStorage?.setItem(key, value),
  removeItem: async (key: string) => globalThis.localStorage?.removeItem(key),
};

const persisted = persistReducer<RootState>(
  {
    key: 'paydesk',
    storage: localStorageEngine,
    version: PERSIST_VERSION,
    timeout: PERSIST_TIMEOUT_MS,
    whitelist: [permissionSlice.name, uiSlice.name],
  },
  rootReducer as Reducer<RootState>,
);

export function createStore(preloaded?: Partial<RootState>) {
  return configureStore({
    reducer: persisted,
    preloadedState: preloaded as never,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(lateMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

/** Starts persistence; resolves once the persisted part is back in the store (§9 timeout). */
export function rehydrate(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    persistStore(store, undefined, () => resolve());
  });
}

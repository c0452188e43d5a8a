/**
 * The store: auth (memory only), permission and ui (persisted, §9 version and timeout),
 * systemData, paymentMethod and the RTK Query cache.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore, type Storage } from 'redux-persist';
import { PERSIST_TIMEOUT_MS, PERSIST_VERSION } from '@paydesk/domain';
import { api } from './api.ts';
import { authSlice } from './auth-slice.ts';
import { paymentMethodSlice } from './payment-method-slice.ts';
import { permissionSlice } from './permission-slice.ts';
import { systemDataSlice } from './system-data-slice.ts';
import { uiSlice } from './ui-slice.ts';

const rootReducer = combineReducers({
  [authSlice.name]: authSlice.reducer,
  [permissionSlice.name]: permissionSlice.reducer,
  [systemDataSlice.name]: systemDataSlice.reducer,
  [paymentMethodSlice.name]: paymentMethodSlice.reducer,
  [uiSlice.name]: uiSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

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
  rootReducer,
);

export function createStore(preloaded?: Partial<RootState>) {
  return configureStore({
    reducer: persisted,
    preloadedState: preloaded as never,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(api.middleware),
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

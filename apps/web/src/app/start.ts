/**
 * Starts the app's state for a runtime configuration: the store with its persisted part, the
 * language, the public-IP lookup, the API client (toasts, session end, token renewal wired to the
 * store) and the session restore. `main.tsx` renders after it; tests start the same way.
 */
import type { RuntimeConfig } from '@paydesk/contract';
import { createApiClient } from '../api/client.ts';
import { indexedDbChannelStore } from '../api/channel-store.ts';
import { saveBlob } from '../api/download.ts';
import { setApiClient } from '../api/index.ts';
import { createPublicIpLookup } from '../api/public-ip.ts';
import { i18n } from '../i18n/index.ts';
import { setRuntimeConfig } from '../runtime-config.ts';
import { tokenReceived } from '../store/auth-slice.ts';
import { createStore, rehydrate, type AppStore } from '../store/index.ts';
import { clearSession, restoreSession } from '../store/session.ts';

export async function startApp(config: RuntimeConfig): Promise<AppStore> {
  setRuntimeConfig(config);
  const store = createStore();
  await rehydrate(store);
  await i18n.changeLanguage(store.getState().ui.language);

  const publicIp = createPublicIpLookup({ v4Url: config.IpLookupV4Url, v6Url: config.IpLookupV6Url });
  void publicIp(); // looked up once, ahead of the first call

  setApiClient(
    createApiClient({
      baseUrl: config.ApiBaseUrl,
      publicIp,
      // IndexedDB `paydesk`/`channel`; in memory where IndexedDB is missing.
      channelStore: indexedDbChannelStore(),
      getToken: () => store.getState().auth.accessToken,
      onTokenRenewed: (token) => store.dispatch(tokenReceived(token)),
      // The guard sends the user to /auth once the session is gone (§4); lookups are cleared with it.
      onSessionEnd: () => void store.dispatch(clearSession()),
      // antd's toast (notify.tsx) loads with the first one: the sign-in page does not carry antd.
      notify: (messages, reference) => void import('./notify.tsx').then((m) => m.notifyError(messages, reference)),
      download: saveBlob,
    }),
  );

  void store.dispatch(restoreSession());
  return store;
}

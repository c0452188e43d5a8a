/**
 * Boot: runtime configuration first (API base, product name), then the store with its persisted
 * part, the API client, the session restore, and the first render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Result } from 'antd';
import { createApiClient } from './api/client.ts';
import { indexedDbChannelStore } from './api/channel-store.ts';
import { saveBlob } from './api/download.ts';
import { setApiClient } from './api/index.ts';
import { createPublicIpLookup } from './api/public-ip.ts';
import { notifyError } from './app/notify.tsx';
import { Root } from './app/root.tsx';
import { createAppRouter } from './app/router.tsx';
import { i18n } from './i18n/index.ts';
import { loadRuntimeConfig, portalTitle } from './runtime-config.ts';
import { tokenReceived } from './store/auth-slice.ts';
import { createStore, rehydrate } from './store/index.ts';
import { clearSession, restoreSession } from './store/session.ts';

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);

  let config;
  try {
    config = await loadRuntimeConfig();
  } catch {
    root.render(
      <Result status="error" title={i18n.t('app.configError')} extra={<Button onClick={() => location.reload()}>{i18n.t('app.retry')}</Button>} />,
    );
    return;
  }
  document.title = portalTitle(config.ProductName);

  const store = createStore();
  await rehydrate(store);
  await i18n.changeLanguage(store.getState().ui.language);

  const publicIp = createPublicIpLookup({ v4Url: config.IpLookupV4Url, v6Url: config.IpLookupV6Url });
  void publicIp(); // looked up once, ahead of the first call

  setApiClient(
    createApiClient({
      baseUrl: config.ApiBaseUrl,
      publicIp,
      channelStore: indexedDbChannelStore(),
      getToken: () => store.getState().auth.accessToken,
      onTokenRenewed: (token) => store.dispatch(tokenReceived(token)),
      // The guard sends the user to /auth once the session is gone (§4).
      onSessionEnd: () => void store.dispatch(clearSession()),
      notify: notifyError,
      download: saveBlob,
    }),
  );

  void store.dispatch(restoreSession());

  root.render(
    <StrictMode>
      <Root store={store} router={createAppRouter()} />
    </StrictMode>,
  );
}

void boot();

/**
 * Boot: runtime configuration first (API base, product name), then the app's state (`startApp`:
 * store, API client, session restore), and the first render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Result } from 'antd';
import { Root } from './app/root.tsx';
import { createAppRouter } from './app/router.tsx';
import { startApp } from './app/start.ts';
import { i18n } from './i18n/index.ts';
import { loadRuntimeConfig, portalTitle } from './runtime-config.ts';

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

  const store = await startApp(config);

  root.render(
    <StrictMode>
      <Root store={store} router={createAppRouter()} />
    </StrictMode>,
  );
}

void boot();

/**
 * Boot: runtime configuration first (API base, product name; index.html preloads it while this
 * script downloads), then the app's state (`startApp`: store, API client, session restore), and
 * the first render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './shared/plain.css';
import { Root } from './app/root.tsx';
import { createAppRouter, preloadScreen, preloadSignIn } from './app/router.tsx';
import { COOKIE_PERMISSIONS, readCookie } from './api/cookies.ts';
import { startApp } from './app/start.ts';
import { i18n } from './i18n/index.ts';
import { loadRuntimeConfig, portalTitle } from './runtime-config.ts';

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  // No session to restore (restoreSession asks the same cookie): the sign-in page will show, so
  // its chunk downloads alongside the configuration instead of after the first render.
  const signInReady = readCookie(COOKIE_PERMISSIONS) ? null : preloadSignIn();

  let config;
  try {
    config = await loadRuntimeConfig();
  } catch {
    // Drawn without antd (plain.css), as the sign-in page is: the boot does not carry antd.
    root.render(
      <main className="pd-signin">
        <div className="pd-card pd-center" style={{ flexDirection: 'column', gap: 16 }}>
          <p role="alert" style={{ margin: 0 }}>
            {i18n.t('app.configError')}
          </p>
          <button type="button" className="pd-button pd-button-primary" onClick={() => location.reload()}>
            {i18n.t('app.retry')}
          </button>
        </div>
      </main>,
    );
    return;
  }
  document.title = portalTitle(config.ProductName);

  const store = await startApp(config);
  // Rendered with the sign-in page's code at hand, it shows the form at once (router.tsx).
  await signInReady;
  // The signed-in screens' chunks load alongside the session's first calls: at once
  // when a session is being restored, else as soon as sign-in succeeds.
  const warm = () => {
    const { status, accessToken } = store.getState().auth;
    if (status === 'signedOut' && !accessToken) return false;
    preloadScreen(location.pathname);
    return true;
  };
  if (!warm()) {
    const stop = store.subscribe(() => {
      if (warm()) stop();
    });
  }

  root.render(
    <StrictMode>
      <Root store={store} router={createAppRouter()} />
    </StrictMode>,
  );
}

void boot();

/**
 * Providers: store, i18n and router; the language (i18next, <html lang>) and the theme mode
 * (light by default, dark by toggle) follow the ui slice. The theme reaches the plain pages as CSS
 * variables (plain-theme.ts) and the signed-in screens through antd's ConfigProvider, which loads
 * with the layout (antd-frame.tsx), so the sign-in page does not carry antd.
 */
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { HTML_LANG, i18n } from '../i18n/index.ts';
import type { AppStore } from '../store/index.ts';
import { useAppSelector } from '../store/hooks.ts';
import { applyPlainTheme, PLAIN_TOKENS } from './plain-theme.ts';
import type { createAppRouter } from './router.tsx';

function Themed({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const mode = useAppSelector((s) => s.ui.theme);
  const language = useAppSelector((s) => s.ui.language);

  useEffect(() => {
    void i18n.changeLanguage(language);
    document.documentElement.lang = HTML_LANG[language];
  }, [language]);

  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
    applyPlainTheme(document.documentElement, mode);
    document.body.style.backgroundColor = PLAIN_TOKENS[mode].colorBgLayout;
  }, [mode]);

  return <RouterProvider router={router} />;
}

/** The whole app for a started store (start.ts) and a router (router.tsx, or a memory router in tests). */
export function Root({ store, router }: { store: AppStore; router: ReturnType<typeof createAppRouter> }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <Themed router={router} />
      </I18nextProvider>
    </Provider>
  );
}

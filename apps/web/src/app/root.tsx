/** Providers: store, i18n, antd theme (light by default, dark by toggle) and locale, router. */
import { useEffect } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import msMY from 'antd/locale/ms_MY';
import zhCN from 'antd/locale/zh_CN';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { HTML_LANG, i18n } from '../i18n/index.ts';
import type { AppStore } from '../store/index.ts';
import { useAppSelector } from '../store/hooks.ts';
import type { Language } from '../store/ui-slice.ts';
import { NotifyBridge } from './notify.tsx';
import type { createAppRouter } from './router.tsx';

const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, ms: msMY, zh: zhCN };

function Themed({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const mode = useAppSelector((s) => s.ui.theme);
  const language = useAppSelector((s) => s.ui.language);

  useEffect(() => {
    void i18n.changeLanguage(language);
    document.documentElement.lang = HTML_LANG[language];
  }, [language]);

  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
    document.body.style.backgroundColor = mode === 'dark' ? '#000' : '#f5f5f5';
  }, [mode]);

  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm }}>
      <AntApp>
        <NotifyBridge />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}

export function Root({ store, router }: { store: AppStore; router: ReturnType<typeof createAppRouter> }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <Themed router={router} />
      </I18nextProvider>
    </Provider>
  );
}

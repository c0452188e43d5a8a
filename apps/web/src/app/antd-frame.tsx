/**
 * antd's providers around the signed-in layout: theme (light or dark from the ui slice; AA
 * contrast: theme-tokens.ts), locale, the App context and the toast bridge (notify.tsx). They load
 * with the layout, not with the sign-in page, which is drawn without antd (first-load
 * budgets; its colours are the same tokens as CSS variables: plain-theme.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import { FONT_FAMILY } from '../i18n/fonts.ts';
import { useAppSelector } from '../store/hooks.ts';
import type { Language } from '../store/ui-slice.ts';
import { AppLayout } from './layout.tsx';
import { NotifyBridge } from './notify.tsx';
import { themeConfig } from './theme-tokens.ts';

/** True when the system asks for reduced motion (read once per theme change; false outside a browser). */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * antd's own texts (pagination, pickers, empty states) per language. English is bundled; Malay and
 * Chinese load with their choice, like the app's catalogues (i18n/index.ts), so they are not part
 * of every first load (bundle-size test).
 */
const LOAD_ANTD_LOCALE: Record<Exclude<Language, 'en'>, () => Promise<{ default: Locale }>> = {
  ms: () => import('antd/locale/ms_MY'),
  zh: () => import('antd/locale/zh_CN'),
};

/** antd's locale for `language`: English until another language's has loaded (a moment). */
function useAntdLocale(language: Language): Locale {
  const [loaded, setLoaded] = useState<{ language: Language; locale: Locale }>({ language: 'en', locale: enUS });
  useEffect(() => {
    if (language === 'en') return;
    let live = true;
    void LOAD_ANTD_LOCALE[language]().then((m) => {
      if (live) setLoaded({ language, locale: m.default });
    });
    return () => {
      live = false;
    };
  }, [language]);
  return loaded.language === language ? loaded.locale : enUS;
}

/** The signed-in layout inside antd's theme, locale and App context. */
export function AntdFrame() {
  const mode = useAppSelector((s) => s.ui.theme);
  const language = useAppSelector((s) => s.ui.language);
  // One object per mode, so antd does not recompute every token on each render. A user who asks
  // the system for reduced motion gets none (WCAG 2.3.3): antd's transitions are off.
  const themed = useMemo(() => themeConfig(mode, FONT_FAMILY, prefersReducedMotion()), [mode]);
  const locale = useAntdLocale(language);
  return (
    <ConfigProvider locale={locale} theme={themed}>
      <AntApp>
        <NotifyBridge />
        <AppLayout />
      </AntApp>
    </ConfigProvider>
  );
}

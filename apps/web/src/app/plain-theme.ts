/**
 * The theme as CSS custom properties, for the pages drawn without antd (the sign-in page, the
 * boot spinner and the configuration error: first-load budgets — antd is ~120 KB brotli
 * the sign-in page need not carry). The values are the antd design tokens of `themeConfig(mode)`
 * (theme-tokens.ts, AA contrast), copied because computing them needs antd itself;
 * `test/plain-theme.test.ts` proves each equal to antd's token, so the plain pages and the antd
 * screens cannot drift apart.
 */
import type { ThemeMode } from '../store/ui-slice.ts';
import { FONT_FAMILY } from '../i18n/fonts.ts';

/** The antd tokens the plain pages use (names as antd's), and the primary button's text colour. */
export interface PlainTokens {
  colorBgLayout: string;
  colorBgContainer: string;
  colorText: string;
  colorTextSecondary: string;
  colorTextPlaceholder: string;
  colorTextDisabled: string;
  colorBgContainerDisabled: string;
  colorPrimary: string;
  colorPrimaryHover: string;
  colorPrimaryActive: string;
  colorError: string;
  colorErrorBg: string;
  colorErrorBorder: string;
  colorBorder: string;
  /** antd `Button.primaryColor` (dark: near-black on the light primary) or `colorTextLightSolid`. */
  primaryButtonText: string;
}

export const PLAIN_TOKENS: Readonly<Record<ThemeMode, PlainTokens>> = {
  light: {
    colorBgLayout: '#f5f5f5',
    colorBgContainer: '#ffffff',
    colorText: 'rgba(0,0,0,0.88)',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    colorTextDisabled: 'rgba(0,0,0,0.25)',
    colorBgContainerDisabled: 'rgba(0,0,0,0.04)',
    colorPrimary: '#0958d9',
    colorPrimaryHover: '#2e7ae6',
    colorPrimaryActive: '#003eb3',
    colorError: '#cf1322',
    colorErrorBg: '#ffe8e6',
    colorErrorBorder: '#f58d8c',
    colorBorder: '#d9d9d9',
    primaryButtonText: '#fff',
  },
  dark: {
    colorBgLayout: '#000000',
    colorBgContainer: '#141414',
    colorText: 'rgba(255,255,255,0.85)',
    colorTextSecondary: 'rgba(255, 255, 255, 0.7)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
    colorTextDisabled: 'rgba(255,255,255,0.25)',
    colorBgContainerDisabled: 'rgba(255,255,255,0.08)',
    colorPrimary: '#5c99dc',
    colorPrimaryHover: '#85b8e8',
    colorPrimaryActive: '#4b7aad',
    colorError: '#dc6966',
    colorErrorBg: '#2c1b1c',
    colorErrorBorder: '#5b3231',
    colorBorder: '#424242',
    primaryButtonText: '#141414',
  },
};

/** `colorPrimaryHover` → `--pd-color-primary-hover`. */
export function cssVariableName(token: keyof PlainTokens): string {
  return `--pd-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * Sets the tokens of `mode` (and the font stack, `--pd-font-family`) as custom properties on
 * `element` (the document root), for the stylesheets of the plain pages.
 */
export function applyPlainTheme(element: HTMLElement, mode: ThemeMode): void {
  const tokens = PLAIN_TOKENS[mode];
  for (const key of Object.keys(tokens) as (keyof PlainTokens)[]) element.style.setProperty(cssVariableName(key), tokens[key]);
  element.style.setProperty('--pd-font-family', FONT_FAMILY);
}

/**
 * The antd theme of each mode, with the tokens antd's defaults leave below WCAG 2.1 AA contrast
 * (success tags 2.2:1, placeholders 1.83:1, links 4.1:1, KPI labels 3.36:1) replaced by
 * colours that reach 4.5:1 against the surfaces they are drawn on. `test/theme-contrast.test.ts`
 * checks every text/background pair of both modes; the e2e runs axe-core over every screen.
 */
import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode } from '../store/ui-slice.ts';

/**
 * Light: the seed colours one or two palette steps darker (antd derives the tag backgrounds,
 * borders and hover states from them, so those stay consistent), grey texts at ≥ 60 % black.
 */
const LIGHT: ThemeConfig['token'] = {
  colorPrimary: '#0958d9',
  colorInfo: '#0958d9',
  colorLink: '#0958d9',
  colorSuccess: '#237804',
  // antd derives a grey-green and a beige from these darker seeds; the usual pale tints instead.
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarning: '#ad4e00',
  colorWarningBg: '#fff7e6',
  colorWarningBorder: '#ffd591',
  colorError: '#cf1322',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
};

/**
 * Dark: a colour that is both text on the near-black surfaces (≥ 4.5:1 needs luminance ≥ 0.21)
 * and the background of white text (≤ 0.18) does not exist, so, as Material's dark theme does,
 * the primary and error colours are light and solid buttons carry near-black text (DARK_COMPONENTS).
 */
const DARK: ThemeConfig['token'] = {
  colorPrimary: '#69b1ff',
  colorLink: '#69b1ff',
  colorInfo: '#69b1ff',
  colorSuccess: '#73d13d',
  colorWarning: '#ffc53d',
  colorError: '#ff7875',
  colorTextSecondary: 'rgba(255, 255, 255, 0.7)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
  colorTextDescription: 'rgba(255, 255, 255, 0.6)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
};

const DARK_COMPONENTS: ThemeConfig['components'] = {
  Button: { primaryColor: '#141414', dangerColor: '#141414' },
  // The selected entry is drawn on colorPrimaryBg, where the light primary falls to 3.4:1.
  Menu: { itemSelectedColor: 'rgba(255, 255, 255, 0.95)' },
};

/**
 * The ConfigProvider theme of a mode: algorithm, the AA token overrides above and, when given,
 * the font stack (`fontFamily`, e.g. one that covers CJK for Simplified Chinese); `reducedMotion`
 * turns antd's transitions off (the user's `prefers-reduced-motion: reduce`).
 */
export function themeConfig(mode: ThemeMode, fontFamily?: string, reducedMotion = false): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { ...(mode === 'dark' ? DARK : LIGHT), ...(fontFamily ? { fontFamily } : {}), ...(reducedMotion ? { motion: false } : {}) },
    ...(mode === 'dark' ? { components: DARK_COMPONENTS } : {}),
  };
}

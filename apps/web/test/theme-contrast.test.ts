/**
 * The theme's tokens meet WCAG 2.1 AA contrast (4.5:1 for text) in light and dark mode:
 * every text colour antd draws with, against every surface it is drawn on, for both modes. The
 * colours are antd's own derived tokens (theme.getDesignToken), so a seed change that drags a
 * derived colour below AA fails here before axe finds it on a page.
 */
import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { FastColor } from '@ant-design/fast-color';
import { themeConfig } from '../src/app/theme-tokens.ts';
import type { ThemeMode } from '../src/store/ui-slice.ts';

/** WCAG 2.x contrast ratio of a (possibly translucent) text colour over an opaque background. */
function contrast(text: string, background: string): number {
  const bg = new FastColor(background);
  const fg = new FastColor(text).onBackground(bg);
  const [hi, lo] = [fg.getLuminance(), bg.getLuminance()].sort((a, b) => b - a) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const AA_TEXT = 4.5;

const TEXTS = [
  'colorText',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextDescription',
  'colorTextPlaceholder',
  'colorLink',
  'colorPrimary',
  'colorSuccess',
  'colorWarning',
  'colorError',
  'colorInfo',
] as const;
const SURFACES = ['colorBgContainer', 'colorBgLayout', 'colorBgElevated'] as const;
const STATUSES = ['Success', 'Warning', 'Error', 'Info'] as const;
const MODES: ThemeMode[] = ['light', 'dark'];

describe('theme contrast (WCAG AA) in light and dark mode', () => {
  it('knows the formula: black on white is 21:1, antd 5 default link on white 4.1:1', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
  });

  for (const mode of MODES) {
    const config = themeConfig(mode);
    const token = theme.getDesignToken(config) as unknown as Record<string, string>;
    const read = (name: string) => token[name] ?? '';

    it(`${mode}: every text colour on every surface ≥ 4.5:1`, () => {
      const failures = TEXTS.flatMap((text) =>
        SURFACES.map((surface) => ({ text, surface, ratio: contrast(read(text), read(surface)) })).filter((p) => p.ratio < AA_TEXT),
      );
      expect(failures).toEqual([]);
    });

    it(`${mode}: status texts (tags, alerts) on their own tint ≥ 4.5:1`, () => {
      const failures = STATUSES.map((s) => ({ s, ratio: contrast(read(`color${s}`), read(`color${s}Bg`)) })).filter((p) => p.ratio < AA_TEXT);
      expect(failures).toEqual([]);
    });

    it(`${mode}: the text of solid primary and danger buttons ≥ 4.5:1`, () => {
      const button = config.components?.Button as { primaryColor?: string; dangerColor?: string } | undefined;
      const onPrimary = button?.primaryColor ?? read('colorTextLightSolid');
      const onDanger = button?.dangerColor ?? read('colorTextLightSolid');
      expect(contrast(onPrimary, read('colorPrimary'))).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(onDanger, read('colorError'))).toBeGreaterThanOrEqual(AA_TEXT);
    });
  }

  it('sets the font stack and reduced motion when asked, and only then', () => {
    expect(themeConfig('light', 'Inter, sans-serif').token?.fontFamily).toBe('Inter, sans-serif');
    expect(themeConfig('dark').token?.fontFamily).toBeUndefined();
    // prefers-reduced-motion: antd's transitions off; otherwise antd's default (on).
    expect(themeConfig('light', undefined, true).token?.motion).toBe(false);
    expect(themeConfig('dark').token?.motion).toBeUndefined();
  });
});

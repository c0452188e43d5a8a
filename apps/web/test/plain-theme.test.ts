// @vitest-environment node
/**
 * The plain pages' theme (plain-theme.ts: the sign-in page, spinners and the configuration
 * error, drawn without antd) must be antd's theme: every token equal to the design token antd
 * computes from `themeConfig(mode)`, every CSS variable plain.css reads defined, and every
 * text/background pair those pages draw at WCAG 2.1 AA in light and dark mode.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { FastColor } from '@ant-design/fast-color';
import { PLAIN_TOKENS, applyPlainTheme, cssVariableName, type PlainTokens } from '../src/app/plain-theme.ts';
import { themeConfig } from '../src/app/theme-tokens.ts';
import type { ThemeMode } from '../src/store/ui-slice.ts';

const MODES: ThemeMode[] = ['light', 'dark'];
const KEYS = Object.keys(PLAIN_TOKENS.light) as (keyof PlainTokens)[];

/** WCAG 2.x contrast ratio of a (possibly translucent) colour over an opaque background. */
function contrast(text: string, background: string): number {
  const bg = new FastColor(background);
  const fg = new FastColor(text).onBackground(bg);
  const [hi, lo] = [fg.getLuminance(), bg.getLuminance()].sort((a, b) => b - a) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** antd's value of a plain token in `mode`. */
function antdValue(mode: ThemeMode, key: keyof PlainTokens): string {
  const config = themeConfig(mode);
  const token = theme.getDesignToken(config);
  if (key === 'primaryButtonText') return String(config.components?.Button?.primaryColor ?? token.colorTextLightSolid);
  return String(token[key]);
}

describe('plain theme = antd theme', () => {
  it('both modes declare the same tokens', () => {
    expect(Object.keys(PLAIN_TOKENS.dark).sort()).toEqual([...KEYS].sort());
  });

  it.each(MODES.flatMap((mode) => KEYS.map((key) => [mode, key] as const)))('%s %s equals antd’s token', (mode, key) => {
    expect(PLAIN_TOKENS[mode][key]).toBe(antdValue(mode, key));
  });

  it('every CSS variable plain.css reads is one the root sets', () => {
    const css = readFileSync(new URL('../src/shared/plain.css', import.meta.url), 'utf8');
    const read = new Set([...css.matchAll(/var\((--pd-[a-z-]+)/g)].map((m) => m[1]!));
    const set = new Set([...KEYS.map(cssVariableName), '--pd-font-family']);
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !set.has(name))).toEqual([]);
  });

  it('applyPlainTheme sets every variable of the mode', () => {
    const values = new Map<string, string>();
    const element = { style: { setProperty: (name: string, value: string) => values.set(name, value) } } as unknown as HTMLElement;
    applyPlainTheme(element, 'dark');
    for (const key of KEYS) expect(values.get(cssVariableName(key))).toBe(PLAIN_TOKENS.dark[key]);
    expect(values.get('--pd-font-family')).toMatch(/PingFang SC/);
  });
});

/** [what, foreground, background, minimum ratio]: each pair the plain pages draw. */
const PAIRS: [string, keyof PlainTokens, keyof PlainTokens, number][] = [
  ['text on the card', 'colorText', 'colorBgContainer', 4.5],
  ['subtitle on the card', 'colorTextSecondary', 'colorBgContainer', 4.5],
  ['field error on the card', 'colorError', 'colorBgContainer', 4.5],
  ['alert text on the error background', 'colorText', 'colorErrorBg', 4.5],
  ['primary button text', 'primaryButtonText', 'colorPrimary', 4.5],
  ['spinner text on the page', 'colorPrimary', 'colorBgLayout', 4.5],
  ['focus ring on the card (non-text, 3:1)', 'colorPrimary', 'colorBgContainer', 3],
  ['focus ring on the page (non-text, 3:1)', 'colorPrimary', 'colorBgLayout', 3],
];

describe('plain pages at WCAG AA', () => {
  it.each(MODES.flatMap((mode) => PAIRS.map((p) => [mode, ...p] as const)))('%s: %s', (mode, _what, fg, bg, min) => {
    expect(contrast(PLAIN_TOKENS[mode][fg], PLAIN_TOKENS[mode][bg])).toBeGreaterThanOrEqual(min);
  });
});

/**
 * Tags are coloured by status only (success, warning, error, processing, default), never by antd's
 * preset palette: a preset tag's text on its own light tint is below WCAG AA (gold 2.75:1, green
 * about 3.3:1; axe found a gold "refund pending" tag in a transaction drawer), while the status
 * colours are the theme's tokens that theme-contrast.test.ts holds at 4.5:1 in both modes. Every
 * `<Tag color="…">` literal and every value of a `…COLORS` map in the web app is checked, so a tag
 * added later is held to it too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');
const STATUS_COLOURS = new Set(['success', 'warning', 'error', 'processing', 'default']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** Each tag colour written in a file: `<Tag color="x">` literals and the values of `…COLORS = {…}` maps. */
function tagColours(text: string): string[] {
  const literal = [...text.matchAll(/<Tag\b[^>]*?\bcolor=["']([^"']+)["']/g)].map((m) => m[1]!);
  const maps = [...text.matchAll(/const \w*COLORS\b[^=]*=\s*\{([^}]*)\}/g)].flatMap((m) => [...m[1]!.matchAll(/:\s*'([^']+)'/g)].map((v) => v[1]!));
  return [...literal, ...maps];
}

describe('tag colours', () => {
  it('finds the colours it checks (the scan reads the app)', () => {
    expect(tagColours(`<Tag color="gold">x</Tag> const STATE_COLORS: R = { A: 'warning', B: 'blue' };`)).toEqual(['gold', 'warning', 'blue']);
    const all = sources(SRC).flatMap((f) => tagColours(readFileSync(f, 'utf8')));
    expect(all.length).toBeGreaterThan(20);
  });

  it('colours every tag of the web app by status, whose tokens are AA', () => {
    const off = sources(SRC).flatMap((f) => tagColours(readFileSync(f, 'utf8')).filter((c) => !STATUS_COLOURS.has(c)).map((c) => `${f.slice(SRC.length + 1)}: ${c}`));
    expect(off).toEqual([]);
  });
});

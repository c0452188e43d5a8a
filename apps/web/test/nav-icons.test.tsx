/**
 * The side navigation draws icons on its top level only (app/menu.tsx), and nav-icons.tsx bundles
 * exactly the icons that level names: none falls back, none is carried for nothing.
 */
import { describe, expect, it } from 'vitest';
import { NAV_TREE, type NavNode } from '@paydesk/domain';
import { i18n } from '../src/i18n/index.ts';
import { toMenuItems } from '../src/app/menu.tsx';
import { NAV_ICON_NAMES } from '../src/app/nav-icons.tsx';

type Item = { icon?: unknown; children?: Item[] };

describe('navigation icons', () => {
  it('names, at the top level, exactly the icons nav-icons.tsx bundles', () => {
    const topLevel = new Set(NAV_TREE.map((n) => n.icon));
    // FileTextOutlined is also the fallback, so it is bundled whether or not the top level names it.
    expect([...topLevel].sort()).toEqual(NAV_ICON_NAMES.filter((n) => n !== 'FileTextOutlined' || topLevel.has(n)).sort());
  });

  it('gives every top-level item an icon and no item below it one, in any visible subtree', () => {
    const items = toMenuItems(NAV_TREE as NavNode[], i18n.t) as Item[];
    expect(items.every((item) => item.icon !== undefined)).toBe(true);
    const below = (list: Item[]): Item[] => list.flatMap((item) => [...(item.children ?? []), ...below(item.children ?? [])]);
    const nested = below(items);
    expect(nested.length).toBeGreaterThan(50);
    expect(nested.filter((item) => item.icon !== undefined)).toEqual([]);
  });
});

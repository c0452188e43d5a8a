/** The side navigation as antd Menu items, and which entry and groups the location selects. */
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { NavNode } from '@paydesk/domain';
import { navIcon } from './nav-icons.tsx';

type MenuItem = NonNullable<MenuProps['items']>[number];

export const groupKey = (key: string) => `group:${key}`;

/**
 * The menu items of `nodes`. Only the top level carries icons (Ant Design's own convention: an
 * entry inside a group sits under the group's icon, and the folded side navigation shows top-level
 * icons only); nav-icons.tsx bundles just those 20, not the 53 the tree names (~10 KB compressed
 * of every first load).
 */
export function toMenuItems(nodes: NavNode[], t: TFunction, depth = 0): MenuItem[] {
  return nodes.map((n): MenuItem => {
    const icon = depth === 0 ? navIcon(n.icon) : undefined;
    return n.kind === 'route'
      ? { key: n.path, icon, label: t(n.labelKey) }
      : { key: groupKey(n.key), icon, label: t(n.labelKey), children: toMenuItems(n.children, t, depth + 1) };
  });
}

/** The entry whose path is the longest prefix of the location, with the groups above it. */
export function selectionFor(nodes: NavNode[], pathname: string): { selected: string | null; open: string[] } {
  let best: { selected: string; open: string[] } | null = null;
  const walk = (list: NavNode[], trail: string[]) => {
    for (const n of list) {
      if (n.kind === 'group') walk(n.children, [...trail, groupKey(n.key)]);
      else if (n.path.startsWith('/')) {
        const hit = n.path === '/' ? pathname === '/' : pathname === n.path || pathname.startsWith(`${n.path}/`);
        if (hit && (!best || n.path.length > best.selected.length)) best = { selected: n.path, open: trail };
      }
    }
  };
  walk(nodes, []);
  const found = best as { selected: string; open: string[] } | null;
  return found ?? { selected: null, open: [] };
}

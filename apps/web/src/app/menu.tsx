/** The side navigation as antd Menu items, and which entry and groups the location selects. */
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { NavNode } from '@paydesk/domain';
import { navIcon } from './nav-icons.tsx';

type MenuItem = NonNullable<MenuProps['items']>[number];

export const groupKey = (key: string) => `group:${key}`;

export function toMenuItems(nodes: NavNode[], t: TFunction): MenuItem[] {
  return nodes.map((n): MenuItem =>
    n.kind === 'route'
      ? { key: n.path, icon: navIcon(n.icon), label: t(n.labelKey) }
      : { key: groupKey(n.key), icon: navIcon(n.icon), label: t(n.labelKey), children: toMenuItems(n.children, t) },
  );
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

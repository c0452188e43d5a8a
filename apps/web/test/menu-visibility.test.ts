import { describe, expect, it } from 'vitest';
import { DASHBOARD_ROUTE, NAV_TREE, POS_ROUTE_PATH, allRoutes, type NavNode } from '@paydesk/domain';
import { BUILT_ROUTE_PATHS, isBuiltPath, visibleNavigation } from '../src/app/built-route-paths.ts';

const keys = (nodes: NavNode[]): string[] => nodes.flatMap((n) => (n.kind === 'route' ? [n.path] : [`group:${n.key}`, ...keys(n.children)]));

describe('menu visibility', () => {
  it('shows the dashboard always, even with no permission', () => {
    expect(keys(visibleNavigation(new Set()))).toEqual([DASHBOARD_ROUTE.path]);
  });

  it('shows a group only when a child is permitted and built', () => {
    const menu = visibleNavigation(new Set(['transaction:ecommerce']));
    expect(keys(menu)).toEqual(['/', 'group:liveTransactionOnline', '/transaction/ecommerce']);
  });

  it('hides permitted entries whose screens are not built, and their groups', () => {
    const menu = visibleNavigation(new Set(['mastermerchant:view', 'transaction:paybycard', 'logfiles:paymentview']));
    expect(keys(menu)).toEqual(['/']);
  });

  it('hides built entries that are not permitted', () => {
    const everyPermissionButEcommerce = new Set(allRoutes().map((r) => r.permission).filter((p) => p !== 'transaction:ecommerce'));
    expect(keys(visibleNavigation(everyPermissionButEcommerce))).toEqual(['/']);
  });

  it('shows a permitted external POS entry only when its URL is configured', () => {
    const held = new Set(['pos:view']);
    expect(keys(visibleNavigation(held, ''))).toEqual(['/']);
    expect(keys(visibleNavigation(held, 'https://pos.example.com'))).toEqual(['/', 'group:services', POS_ROUTE_PATH]);
    expect(keys(visibleNavigation(new Set(), 'https://pos.example.com'))).toEqual(['/']);
  });

  it('a super admin sees exactly the built screens', () => {
    const all = new Set(allRoutes().map((r) => r.permission));
    expect(keys(visibleNavigation(all))).toEqual(['/', 'group:liveTransactionOnline', '/transaction/ecommerce']);
  });

  it('built paths are navigation paths', () => {
    const navPaths = new Set(allRoutes(NAV_TREE).map((r) => r.path));
    expect(BUILT_ROUTE_PATHS).toHaveLength(2);
    for (const p of BUILT_ROUTE_PATHS) {
      expect(navPaths.has(p)).toBe(true);
      expect(isBuiltPath(p)).toBe(true);
    }
    expect(isBuiltPath('/merchant')).toBe(false);
  });
});

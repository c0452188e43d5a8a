import { describe, expect, it } from 'vitest';
import { DASHBOARD_ROUTE, NAV_TREE, POS_ROUTE_PATH, allRoutes, type NavNode } from '@paydesk/domain';
import { REPORTS, RESOURCES, resourcePermission } from '@paydesk/contract';
import { BUILT_ROUTE_PATHS, REPORT_PATHS, RESOURCE_PATHS, SCREEN_PATHS, isBuiltPath, visibleNavigation } from '../src/app/built-route-paths.ts';

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
    const menu = visibleNavigation(new Set(['cashbackpayout:view', 'numbereddraw:view']));
    expect(keys(menu)).toEqual(['/']);
  });

  it('shows the four profile screens to holders of their {module}:view', () => {
    const menu = keys(visibleNavigation(new Set(['mastermerchant:view', 'agency:view', 'agent:view', 'merchant:view'])));
    expect(menu).toEqual(['/', 'group:profile', '/master-merchant', '/agency', '/agent', '/merchant']);
    expect(keys(visibleNavigation(new Set(['merchant:create'])))).toEqual(['/']);
  });

  it('hides built entries that are not permitted', () => {
    const builtPermissions = new Set(allRoutes().filter((r) => BUILT_ROUTE_PATHS.includes(r.path)).map((r) => r.permission));
    const everyOtherPermission = new Set(allRoutes().map((r) => r.permission).filter((p) => !builtPermissions.has(p)));
    expect(keys(visibleNavigation(everyOtherPermission))).toEqual(['/']);
  });

  it('shows each sales report (a summary report) to a user holding its permission', () => {
    const summaries = REPORTS.filter((r) => r.kind === 'summary');
    for (const def of summaries) expect(keys(visibleNavigation(new Set([def.permission]))), def.path).toContain(def.path);
  });

  it('shows a resource screen to a user holding its {module}:view', () => {
    for (const def of RESOURCES) {
      const menu = keys(visibleNavigation(new Set([resourcePermission(def, 'view')])));
      expect(menu, def.path).toContain(def.path);
      expect(keys(visibleNavigation(new Set([`${def.module}:create`]))), def.path).not.toContain(def.path);
    }
  });

  it('shows a permitted external POS entry only when its URL is configured', () => {
    const held = new Set(['pos:view']);
    expect(keys(visibleNavigation(held, ''))).toEqual(['/']);
    expect(keys(visibleNavigation(held, 'https://pos.example.com'))).toEqual(['/', 'group:services', POS_ROUTE_PATH]);
    expect(keys(visibleNavigation(new Set(), 'https://pos.example.com'))).toEqual(['/']);
  });

  it('a super admin sees exactly the built screens', () => {
    const all = new Set(allRoutes().map((r) => r.permission));
    const routes = keys(visibleNavigation(all)).filter((k) => !k.startsWith('group:'));
    expect([...routes].sort()).toEqual([...BUILT_ROUTE_PATHS].sort());
    expect(keys(visibleNavigation(all))).toContain('group:systemConfiguration');
  });

  it('built paths are navigation paths', () => {
    const navPaths = new Set(allRoutes(NAV_TREE).map((r) => r.path));
    // The screens written one by one, one per declared report (lists, then summaries), and one per declared resource.
    expect(BUILT_ROUTE_PATHS).toEqual([...SCREEN_PATHS, ...REPORT_PATHS, ...RESOURCE_PATHS]);
    expect(REPORT_PATHS).toEqual([...REPORTS.filter((r) => r.kind === 'list'), ...REPORTS.filter((r) => r.kind === 'summary')].map((r) => r.path));
    expect([...RESOURCE_PATHS].sort()).toEqual(RESOURCES.map((r) => r.path).sort());
    expect(new Set(BUILT_ROUTE_PATHS).size).toBe(BUILT_ROUTE_PATHS.length);
    for (const p of BUILT_ROUTE_PATHS) {
      expect(navPaths.has(p)).toBe(true);
      expect(isBuiltPath(p)).toBe(true);
    }
    expect(isBuiltPath('/cashback-payout')).toBe(false);
    // The firmware screen is built (its rollout included), so it is in the menu.
    expect(isBuiltPath('/terminal-firmware-management')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { allRoutes, PERMISSION_CATALOGUE } from '@paydesk/domain';
import { REPORTS, RESOURCES } from '@paydesk/contract';
import { BUILT_ROUTE_PATHS, REPORT_PATHS, SCREEN_PATHS } from '../src/app/built-route-paths.ts';

describe('navigation catalogue', () => {
  it('walks every route of §2 and counts the built ones', () => {
    const routes = allRoutes();
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const r of routes) {
      expect(PERMISSION_CATALOGUE, r.path).toContain(r.permission);
      expect(r.permission, r.path).toMatch(/^[a-z0-9]+:[a-z0-9]+$/);
    }
    const built = BUILT_ROUTE_PATHS.filter((p) => paths.includes(p));
    expect(built).toEqual(BUILT_ROUTE_PATHS.filter((p) => !p.includes(':')));
    expect(built).toContain('/');
    expect(built).toContain('/transaction/ecommerce');
    // Every declared resource and report (list or summary) is a built screen: the count grows with RESOURCES and REPORTS.
    expect(built).toHaveLength(SCREEN_PATHS.length + REPORT_PATHS.length + RESOURCES.length);
    for (const def of RESOURCES) expect(built).toContain(def.path);
    for (const def of REPORTS) expect(built).toContain(def.path);
    console.log(`${built.length} of ${routes.length} routes built`);
  });

  it('holds the spec example permissions as real names', () => {
    for (const p of ['mastermerchant:view', 'paybycard:add', 'usergroupmobileglobal:editpermission', 'transactionterminal:viewcardtrans', 'transactionterminal:beta', 'bulkupdateconfiguration:mdr', 'logfiles:paymentview']) {
      expect(PERMISSION_CATALOGUE).toContain(p);
    }
  });
});

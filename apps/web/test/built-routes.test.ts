import { describe, expect, it } from 'vitest';
import { RESOURCES, resourcePermission } from '@paydesk/contract';
import { allRoutes } from '@paydesk/domain';
import { BUILT_ROUTE_PATHS } from '../src/app/built-route-paths.ts';
import { BUILT_ROUTES } from '../src/app/built-routes.tsx';

describe('route registry', () => {
  it('registers exactly the built navigation paths', () => {
    expect(BUILT_ROUTES.map((r) => r.path).sort()).toEqual([...BUILT_ROUTE_PATHS].sort());
  });

  it('guards each screen with the permission of its menu entry (the dashboard needs none)', () => {
    for (const route of BUILT_ROUTES) {
      const nav = allRoutes().find((r) => r.path === route.path)!;
      expect(route.permission).toBe(route.path === '/' ? null : nav.permission);
    }
  });

  it("guards a resource screen with the permission the server checks for its Search: '{module}:view'", () => {
    for (const def of RESOURCES) expect(BUILT_ROUTES.find((r) => r.path === def.path)?.permission, def.path).toBe(resourcePermission(def, 'view'));
  });
});

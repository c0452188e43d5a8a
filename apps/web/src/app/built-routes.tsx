/**
 * The built screens, each lazy-loaded and guarded by the permission its menu entry needs.
 * Keep in step with BUILT_ROUTE_PATHS (a test checks both lists agree): every declared resource
 * gets the resource engine's screen at its path, guarded by `{module}:view`.
 */
import { lazy, type ComponentType } from 'react';
import { RESOURCES, resourcePermission, type ResourceDef } from '@paydesk/contract';
import { DASHBOARD_ROUTE, allRoutes } from '@paydesk/domain';

export interface BuiltRoute {
  /** The navigation path (NAV_TREE), `/` for the dashboard. */
  path: string;
  /** null: shown to every signed-in user (the dashboard, §2). */
  permission: string | null;
  /** The screen (lazy-loaded: the layout's Suspense shows a spinner while it loads). */
  Page: ComponentType;
  /** Child paths rendered inside the page (e.g. a detail drawer reachable by URL). */
  children?: string[];
}

const permissionOf = (path: string) => allRoutes().find((r) => r.path === path)?.permission ?? null;

const ResourcePage = lazy(() => import('../features/resources/pages/resource-page.tsx').then((m) => ({ default: m.ResourcePage })));

function resourceRoute(def: ResourceDef): BuiltRoute {
  return { path: def.path, permission: resourcePermission(def, 'view'), Page: () => <ResourcePage def={def} /> };
}

export const BUILT_ROUTES: BuiltRoute[] = [
  {
    path: DASHBOARD_ROUTE.path,
    permission: null,
    Page: lazy(() => import('../features/dashboard/pages/dashboard-page.tsx')),
  },
  {
    path: '/transaction/ecommerce',
    permission: permissionOf('/transaction/ecommerce'),
    Page: lazy(() => import('../features/transactions/pages/ecommerce-page.tsx')),
    children: [':id'],
  },
  {
    path: '/bulk-update-mdr',
    permission: permissionOf('/bulk-update-mdr'),
    Page: lazy(() => import('../features/bulk-update-mdr/pages/bulk-update-mdr-page.tsx')),
  },
  ...RESOURCES.map(resourceRoute),
];

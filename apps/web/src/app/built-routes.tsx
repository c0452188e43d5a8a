/**
 * The built screens, each lazy-loaded and guarded by the permission its menu entry needs.
 * Keep in step with BUILT_ROUTE_PATHS (a test checks both lists agree).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { DASHBOARD_ROUTE, allRoutes } from '@paydesk/domain';

export interface BuiltRoute {
  /** The navigation path (NAV_TREE), `/` for the dashboard. */
  path: string;
  /** null: shown to every signed-in user (the dashboard, §2). */
  permission: string | null;
  Page: LazyExoticComponent<ComponentType>;
  /** Child paths rendered inside the page (e.g. a detail drawer reachable by URL). */
  children?: string[];
}

const permissionOf = (path: string) => allRoutes().find((r) => r.path === path)?.permission ?? null;

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
];

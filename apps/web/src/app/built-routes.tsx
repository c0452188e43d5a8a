/**
 * The built screens, each lazy-loaded and guarded by the permission its menu entry needs.
 * Keep in step with BUILT_ROUTE_PATHS (a test checks both lists agree): every declared resource
 * gets the resource engine's screen at its path, guarded by `{module}:view`, every declared
 * list report the report engine's page at its path, guarded by the report's permission, and every
 * declared summary report (the sales reports) the summary page, guarded the same way.
 *
 * Resources come from the light catalogue: a resource screen's chunk loads the engine's screen
 * and that resource's declaration together, so neither is in the entry chunk.
 */
import { lazy, type ComponentType } from 'react';
import { PROFILE_SEGMENTS, REPORT_CATALOG, resourcePermission, type ListReportDef, type ProfileSegment, type ReportEntry, type SummaryReportDef } from '@paydesk/contract';
import { RESOURCE_CATALOG, type ResourceEntry } from '../features/resources/catalog.ts';
import { PROFILE_SEGMENT_PATHS } from '../features/profiles/profile-paths.ts';
import { DASHBOARD_ROUTE, allRoutes } from '@paydesk/domain';

export interface BuiltRoute {
  /** The navigation path (NAV_TREE), `/` for the dashboard. */
  path: string;
  /** null: shown to every signed-in user (the dashboard, §2). */
  permission: string | null;
  /** The screen (lazy-loaded: the layout's Suspense shows a spinner while it loads). */
  Page: ComponentType;
  /**
   * Fetches the screen's code (and data declaration) without rendering it, so it can load in
   * parallel with the session restore instead of after the layout (router.tsx `preloadScreen`).
   * Idempotent: the browser fetches a module once.
   */
  preload: () => Promise<unknown>;
  /** Child paths rendered inside the page (e.g. a detail drawer reachable by URL). */
  children?: string[];
}

const permissionOf = (path: string) => allRoutes().find((r) => r.path === path)?.permission ?? null;

/** A screen module's default export, lazily. */
function screen(load: () => Promise<{ default: ComponentType }>): Pick<BuiltRoute, 'Page' | 'preload'> {
  return { Page: lazy(load), preload: load };
}

/** The engine's screen for one catalogue entry: its declaration and the screen's code load in parallel. */
function resourceRoute(entry: ResourceEntry): BuiltRoute {
  const preload = () => Promise.all([import('../features/resources/pages/resource-page.tsx'), entry.load()]);
  const Page = lazy(async () => {
    const [{ ResourcePage }, def] = await preload();
    return { default: () => <ResourcePage def={def} /> };
  });
  return { path: entry.path, permission: resourcePermission(entry, 'view'), Page, preload };
}

/**
 * The report engine's page for one declared list report, with its detail drawer at `{path}/:id`.
 * The declaration loads with the page (REPORT_CATALOG `load`), and so do the actions
 * of its detail (refunds, risk tickets; the report engine knows none).
 */
function reportRoute(entry: ReportEntry): BuiltRoute {
  const preload = () => Promise.all([import('../features/reports/report-page.tsx'), import('./detail-actions.ts'), entry.load()]);
  const Page = lazy(async () => {
    const [{ ReportPage }, { bulkWorkflowFor, detailActionsFor, pageActionsFor }, def] = await preload();
    const list = def as ListReportDef;
    const actions = detailActionsFor(list);
    const pageActions = pageActionsFor(list);
    const bulk = bulkWorkflowFor(list);
    return { default: () => <ReportPage def={list} detailActions={actions ?? undefined} PageActions={pageActions ?? undefined} bulkWorkflow={bulk ?? undefined} /> };
  });
  return { path: entry.path, permission: entry.permission, Page, preload, children: [':id'] };
}

/** The summary page for one declared summary (sales) report; its chart loads on its own chunk. */
function summaryRoute(entry: ReportEntry): BuiltRoute {
  const preload = () => Promise.all([import('../features/reports/sales-report-page.tsx'), entry.load()]);
  const Page = lazy(async () => {
    const [{ SummaryReportPage }, def] = await preload();
    return { default: () => <SummaryReportPage def={def as SummaryReportDef} /> };
  });
  return { path: entry.path, permission: entry.permission, Page, preload };
}

/**
 * A profile screen (/master-merchant, /agency, /agent, /merchant), the one profile
 * feature given its segment, with the profile drawer at `{path}/:id`.
 */
function profileRoute(segment: ProfileSegment): BuiltRoute {
  const path = PROFILE_SEGMENT_PATHS[segment];
  const preload = () => Promise.all([import('../features/profiles/profile-page.tsx'), import('../features/profiles/segments.ts')]);
  const Page = lazy(async () => {
    const [{ ProfilePage }, { SEGMENT_VIEWS }] = await preload();
    const view = SEGMENT_VIEWS[segment];
    return { default: () => <ProfilePage key={segment} view={view} /> };
  });
  return { path, permission: permissionOf(path), Page, preload, children: [':id'] };
}

export const BUILT_ROUTES: BuiltRoute[] = [
  {
    path: DASHBOARD_ROUTE.path,
    permission: null,
    ...screen(() => import('../features/dashboard/pages/dashboard-page.tsx')),
  },
  {
    path: '/bulk-update-mdr',
    permission: permissionOf('/bulk-update-mdr'),
    ...screen(() => import('../features/bulk-update-mdr/pages/bulk-update-mdr-page.tsx')),
  },
  ...PROFILE_SEGMENTS.map(profileRoute),
  {
    path: '/merchant-bulk-upload',
    permission: permissionOf('/merchant-bulk-upload'),
    ...screen(() => import('../features/merchant-upload/pages/merchant-upload-page.tsx')),
  },
  {
    path: '/rm-application',
    permission: permissionOf('/rm-application'),
    ...screen(() => import('../features/rm-application/pages/rm-application-page.tsx')),
  },
  {
    path: '/zmk-config',
    permission: permissionOf('/zmk-config'),
    ...screen(() => import('../features/zmk/pages/zmk-page.tsx')),
  },
  {
    path: '/terminal-firmware-management',
    permission: permissionOf('/terminal-firmware-management'),
    ...screen(() => import('../features/firmware/pages/firmware-page.tsx')),
  },
  {
    path: '/user-management',
    permission: permissionOf('/user-management'),
    ...screen(() => import('../features/users/pages/user-management-page.tsx')),
  },
  ...REPORT_CATALOG.filter((r) => r.kind === 'list').map(reportRoute),
  ...REPORT_CATALOG.filter((r) => r.kind === 'summary').map(summaryRoute),
  ...RESOURCE_CATALOG.map(resourceRoute),
];

/**
 * Navigation paths whose screens are built (React-free, so Node tests can count them). A menu
 * entry shows only when its screen is built; everything else stays out of the menu until it is.
 */
import { REPORT_CATALOG } from '@paydesk/contract';
import { allRoutes, POS_ROUTE_PATH, visibleTree, type NavNode } from '@paydesk/domain';
import { PROFILE_PATHS } from '../features/profiles/profile-paths.ts';

/**
 * Screens written one by one (features/<area>/pages), and the four profile screens (one
 * feature, features/profiles, parameterised by segment).
 */
export const SCREEN_PATHS: readonly string[] = ['/', '/bulk-update-mdr', ...PROFILE_PATHS, '/merchant-bulk-upload', '/user-management', '/rm-application', '/zmk-config', '/terminal-firmware-management'];

/**
 * Every declared report is built: a list report by the report engine's list page, a
 * summary (sales) report by its summary page, each at its path; lists first, in REPORTS order.
 * Read from the light catalogue, not REPORTS, so the menu does not put every declaration in the
 * entry chunk (the declarations had grown /auth past its 150 KB budget).
 */
export const REPORT_PATHS: readonly string[] = [...REPORT_CATALOG.filter((r) => r.kind === 'list'), ...REPORT_CATALOG.filter((r) => r.kind === 'summary')].map((r) => r.path);

/**
 * Every declared resource is built: the resource engine's list and form render it at its path.
 * Read from the navigation tree's resource entries, not RESOURCES, so the menu does not
 * put every declaration in the entry chunk (first-load budgets); a test keeps the two equal.
 */
export const RESOURCE_PATHS: readonly string[] = allRoutes()
  .filter((r) => r.resource)
  .map((r) => r.path);

export const BUILT_ROUTE_PATHS: string[] = [...SCREEN_PATHS, ...REPORT_PATHS, ...RESOURCE_PATHS];

/**
 * Whether a navigation entry leads somewhere: a built screen, or the external point-of-sale
 * site when the runtime configuration gives its URL.
 */
export function isBuiltPath(path: string, posUrl = ''): boolean {
  if (path === POS_ROUTE_PATH) return posUrl.trim() !== '';
  return BUILT_ROUTE_PATHS.includes(path);
}

/** The side navigation of a user: permitted and built entries, groups with any, the dashboard. */
export function visibleNavigation(held: ReadonlySet<string>, posUrl = ''): NavNode[] {
  return visibleTree(held, (path) => isBuiltPath(path, posUrl));
}

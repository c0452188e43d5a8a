/**
 * Navigation paths whose screens are built (React-free, so Node tests can count them). A menu
 * entry shows only when its screen is built; everything else stays out of the menu until it is.
 */
import { REPORT_CATALOG, RESOURCE_CATALOG } from '@paydesk/contract';
import { POS_ROUTE_PATH, visibleTree, type NavNode } from '@paydesk/domain';

/** Screens written one by one (features/<area>/pages). */
export const SCREEN_PATHS: readonly string[] = ['/', '/bulk-update-mdr'];

/**
 * Every declared report is built (issue 10): a list report by the report engine's list page, a
 * summary (sales) report by its summary page, each at its path; lists first, in REPORTS order.
 * Read from the light catalogue, not REPORTS, so the menu does not put every declaration in the
 * entry chunk (issue 11: the declarations had grown /auth past its 150 KB budget).
 */
export const REPORT_PATHS: readonly string[] = [...REPORT_CATALOG.filter((r) => r.kind === 'list'), ...REPORT_CATALOG.filter((r) => r.kind === 'summary')].map((r) => r.path);

/**
 * Every declared resource is built: the resource engine's list and form render it at its path.
 * Read from the light catalogue (name, path, module), not RESOURCES, so the menu does not put
 * every declaration in the entry chunk (issue 9, first-load budgets).
 */
export const RESOURCE_PATHS: readonly string[] = RESOURCE_CATALOG.map((r) => r.path);

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

/**
 * The route-table entries of a declared list report (issue 10): `Report.{name}.Search | Get |
 * Totals | Export` under `/api/portal/{api}/`, each an ordinary RouteDef with its zod schemas,
 * session, secure channel and permission (`def.permission`; Export: `def.exportPermission`).
 * The server registers them in one loop through `registerRoute`, so docs, OpenAPI and the
 * generated fuzz, authorization and cross-tenant suites cover every report like any route.
 */
import type { RouteDef } from '../routes.ts';
import type { ListReportDef, ReportDef } from './define.ts';
import { REPORTS } from './defs/index.ts';
import { reportPaths, reportRouteName, type ReportOp, type ReportRouteName } from './paths.ts';
import { reportSchemas } from './schemas.ts';

/** A route of the report engine: a RouteDef that names its report and operation. */
export type ReportRoute = RouteDef & { report: { name: string; op: ReportOp } };

/** The four routes of a list report, keyed by route name. */
export function reportRoutes(def: ListReportDef): Record<ReportRouteName, ReportRoute> {
  const s = reportSchemas(def);
  const p = reportPaths(def);
  const title = def.name;
  const route = (op: ReportOp, r: Omit<RouteDef, 'method' | 'path' | 'auth' | 'encrypted' | 'permission'> & { permission?: string }): [ReportRouteName, ReportRoute] => [
    reportRouteName(def, op),
    { method: p[op].method, path: p[op].path, auth: true, encrypted: true, permission: def.permission, ...r, report: { name: def.name, op } },
  ];
  return Object.fromEntries([
    route('Search', { summary: `${title}: keyset-paged rows (capped count)`, body: s.search, response: s.searchResponse }),
    route('Get', { summary: `${title}: one row's detail`, params: s.idParams, response: s.detail, idOf: def.idOf }),
    route('Totals', { summary: `${title}: exact count and amount of the filtered set, up to the cap`, body: s.totals, response: s.totalsResponse }),
    route('Export', { summary: `${title}: export (XLSX or CSV, streamed)`, body: s.export, file: true, permission: def.exportPermission ?? 'transaction:export' }),
  ]) as Record<ReportRouteName, ReportRoute>;
}

/** The list reports of REPORTS (summary reports route with the sales reports). */
export const LIST_REPORTS: readonly ListReportDef[] = REPORTS.filter((d): d is ListReportDef => d.kind === 'list');

/** Every report route of every declared list report. */
export function allReportRoutes(defs: readonly ReportDef[] = REPORTS): Record<ReportRouteName, ReportRoute> {
  return Object.assign({}, ...defs.filter((d): d is ListReportDef => d.kind === 'list').map(reportRoutes)) as Record<ReportRouteName, ReportRoute>;
}

/** A report by name (route handlers, tests). */
export function reportByName(name: string): ListReportDef {
  const def = LIST_REPORTS.find((d) => d.name === name);
  if (!def) throw new Error(`no list report named ${name}`);
  return def;
}

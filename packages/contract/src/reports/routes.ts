/**
 * The route-table entries of a declared list report (issue 10): `Report.{name}.Search | Get |
 * Totals | Export` under `/api/portal/{api}/`, each an ordinary RouteDef with its zod schemas,
 * session, secure channel and permission (`def.permission`; Export: `def.exportPermission`).
 * The server registers them in one loop through `registerRoute`, so docs, OpenAPI and the
 * generated fuzz, authorization and cross-tenant suites cover every report like any route.
 */
import type { RouteDef } from '../routes.ts';
import { hasTotals, type ListReportDef, type ReportDef, type SummaryReportDef } from './define.ts';
import { REPORTS } from './defs/index.ts';
import { reportPaths, reportRouteName, type ReportOp, type ReportRouteName } from './paths.ts';
import { reportSchemas } from './schemas.ts';
import { summarySchemas } from './summary-schemas.ts';

/** A route of the report engine: a RouteDef that names its report and operation. */
export type ReportRoute = RouteDef & { report: { name: string; op: ReportOp } };

/** The routes of a list report (Totals only when it has totals), keyed by route name. */
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
    ...(hasTotals(def) ? [route('Totals', { summary: `${title}: exact count and amount of the filtered set, up to the cap`, body: s.totals, response: s.totalsResponse })] : []),
    route('Export', { summary: `${title}: export (XLSX or CSV, streamed)`, body: s.export, file: true, permission: def.exportPermission ?? 'transaction:export' }),
  ]) as Record<ReportRouteName, ReportRoute>;
}

/**
 * The export permission of the sales reports: the domain has no 'salesreport:export', so the
 * list reports' export permission ('transaction:export') guards their exports too (issue 10).
 */
export const SUMMARY_EXPORT_PERMISSION = 'transaction:export';

/**
 * The two routes of a summary report (a sales report, issue 10 Build 4): `Report.{name}.Summary`
 * (POST …/Summary, permission `def.permission`: period × dimension rows and totals) and
 * `Report.{name}.Export` (POST …/Export, `def.exportPermission` or SUMMARY_EXPORT_PERMISSION:
 * the same rows and a totals line as XLSX or CSV). Shapes: summary-schemas.ts.
 */
export function summaryRoutes(def: SummaryReportDef): Record<ReportRouteName, ReportRoute> {
  const s = summarySchemas(def);
  const p = reportPaths(def);
  const base = { auth: true, encrypted: true } as const;
  return {
    [reportRouteName(def, 'Summary')]: {
      ...base, method: p.Summary.method, path: p.Summary.path, permission: def.permission, report: { name: def.name, op: 'Summary' },
      summary: `${def.name}: period × dimension sales figures and totals`, body: s.summary, response: s.summaryResponse,
    },
    [reportRouteName(def, 'Export')]: {
      ...base, method: p.Export.method, path: p.Export.path, permission: def.exportPermission ?? SUMMARY_EXPORT_PERMISSION, report: { name: def.name, op: 'Export' },
      summary: `${def.name}: export of the summary rows and totals (XLSX or CSV, streamed)`, body: s.export, file: true,
    },
  } as Record<ReportRouteName, ReportRoute>;
}

/** The list reports of REPORTS. */
export const LIST_REPORTS: readonly ListReportDef[] = REPORTS.filter((d): d is ListReportDef => d.kind === 'list');
/** The summary reports of REPORTS (the sales reports). */
export const SUMMARY_REPORTS: readonly SummaryReportDef[] = REPORTS.filter((d): d is SummaryReportDef => d.kind === 'summary');

/** Every report route of every declared report (list and summary). */
export function allReportRoutes(defs: readonly ReportDef[] = REPORTS): Record<ReportRouteName, ReportRoute> {
  return Object.assign({}, ...defs.map((d) => (d.kind === 'list' ? reportRoutes(d) : summaryRoutes(d)))) as Record<ReportRouteName, ReportRoute>;
}

/** A summary report by name (route handlers, tests). */
export function summaryReportByName(name: string): SummaryReportDef {
  const def = SUMMARY_REPORTS.find((d) => d.name === name);
  if (!def) throw new Error(`no summary report named ${name}`);
  return def;
}

/** A report by name (route handlers, tests). */
export function reportByName(name: string): ListReportDef {
  const def = LIST_REPORTS.find((d) => d.name === name);
  if (!def) throw new Error(`no list report named ${name}`);
  return def;
}

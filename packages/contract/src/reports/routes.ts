/**
 * The route-table entries of a declared list report: `Report.{name}.Search | Get |
 * Totals | Export` under `/api/portal/{api}/`, each an ordinary RouteDef with its zod schemas,
 * session, secure channel and permission (`def.permission`; Export: `def.exportPermission`).
 * The server registers them in one loop through `registerRoute`, so docs, OpenAPI and the
 * generated fuzz, authorization and cross-tenant suites cover every report like any route.
 */
import type { RouteDef } from '../routes.ts';
import { hasTotals, type ListReportDef, type ReportDef, type SummaryReportDef } from './define.ts';
import { REPORTS } from './defs/index.ts';
import { reportPaths, reportRouteName, type ReportOp, type ReportRouteName } from './paths.ts';
import { reportSchemas, type ReportSchemas } from './schemas.ts';
import { summarySchemas, type SummarySchemas } from './summary-schemas.ts';

/** A route of the report engine: a RouteDef that names its report and operation. */
export type ReportRoute = RouteDef & { report: { name: string; op: ReportOp } };

/**
 * The routes of a list report by operation, each typed by its schemas (so a handler registered
 * for it gets the parsed body or params and answers the response's type); Totals only when the
 * report has totals.
 */
export interface ListReportRoutes {
  Search: ReportRoute & { body: ReportSchemas['search']; response: ReportSchemas['searchResponse'] };
  Get: ReportRoute & { params: ReportSchemas['idParams']; response: ReportSchemas['detail'] };
  Totals?: ReportRoute & { body: ReportSchemas['totals']; response: ReportSchemas['totalsResponse'] };
  /** Answers the file (no response schema). */
  Export: ReportRoute & { body: ReportSchemas['export']; file: true };
  /** Streams server-sent events (no response schema); only on a `liveTail` report. */
  Tail?: ReportRoute & { body: ReportSchemas['tail']; file: true };
}

/** The two routes of a summary report, typed like ListReportRoutes. */
export interface SummaryReportRoutes {
  Summary: ReportRoute & { body: SummarySchemas['summary']; response: SummarySchemas['summaryResponse'] };
  /** Answers the file (no response schema). */
  Export: ReportRoute & { body: SummarySchemas['export']; file: true };
}

// Built once per declaration: the route table and the server's registration share the same
// RouteDefs (and zod schemas), as when the server looked them up in ROUTE_TABLE.
const listRoutesOf = new WeakMap<ListReportDef, ListReportRoutes>();
const summaryRoutesOf = new WeakMap<SummaryReportDef, SummaryReportRoutes>();

/** The routes of a list report by operation (see ListReportRoutes); built once per declaration. */
export function listReportRouteSet(def: ListReportDef): ListReportRoutes {
  const known = listRoutesOf.get(def);
  if (known) return known;
  const s = reportSchemas(def);
  const p = reportPaths(def);
  const title = def.name;
  const route = <R extends Omit<RouteDef, 'method' | 'path' | 'auth' | 'encrypted' | 'permission'> & { permission?: string }>(op: ReportOp, r: R) => ({
    method: p[op].method,
    path: p[op].path,
    auth: true,
    encrypted: true,
    permission: def.permission,
    ...r,
    report: { name: def.name, op },
  });
  // A report whose reading is audited (the log screens) declares it on both reads.
  const readAudit = def.readAudit ? { audit: def.readAudit } : {};
  const set: ListReportRoutes = {
    // Tenancy: every list report lists rows of a scoped source (the transactions' owner columns); a
    // detail is one record (its sub-table, detailLines, is part of it), probed by the id check.
    Search: route('Search', { summary: `${title}: keyset-paged rows (capped count)`, body: s.search, response: s.searchResponse, tenancy: 'transaction', ...readAudit }),
    Get: route('Get', { summary: `${title}: one row's detail`, params: s.idParams, response: s.detail, idOf: def.idOf, tenancy: 'own', ...readAudit }),
    ...(hasTotals(def) ? { Totals: route('Totals', { summary: `${title}: exact count and amount of the filtered set, up to the cap`, body: s.totals, response: s.totalsResponse }) } : {}),
    Export: route('Export', { summary: `${title}: export (XLSX or CSV, streamed)`, body: s.export, file: true as const, permission: def.exportPermission ?? 'transaction:export', tenancy: 'transaction' }),
    ...(def.liveTail
      ? { Tail: route('Tail', { summary: `${title}: live tail, the rows stored from now on that match the filters (server-sent events, up to Seconds)`, body: s.tail, file: true as const, tenancy: 'transaction', ...readAudit }) }
      : {}),
  };
  listRoutesOf.set(def, set);
  return set;
}

/** The routes of a list report (Totals only when it has totals), keyed by route name. */
export function reportRoutes(def: ListReportDef): Record<ReportRouteName, ReportRoute> {
  return Object.fromEntries(Object.values(listReportRouteSet(def)).map((r: ReportRoute) => [reportRouteName(def, r.report.op), r]));
}

/**
 * The export permission of the sales reports: the domain has no 'salesreport:export', so the
 * list reports' export permission ('transaction:export') guards their exports too.
 */
export const SUMMARY_EXPORT_PERMISSION = 'transaction:export';

/**
 * The two routes of a summary report (a sales report) by operation: Summary (POST …/Summary,
 * permission `def.permission`: period × dimension rows and totals) and Export (POST …/Export,
 * `def.exportPermission` or SUMMARY_EXPORT_PERMISSION: the same rows and a totals line as XLSX or
 * CSV). Shapes: summary-schemas.ts. Built once per declaration.
 */
export function summaryReportRouteSet(def: SummaryReportDef): SummaryReportRoutes {
  const known = summaryRoutesOf.get(def);
  if (known) return known;
  const s = summarySchemas(def);
  const p = reportPaths(def);
  // Tenancy: figures grouped by organization, checked by the cross-tenant suite's own case (groups
  // inside the subtree, a foreign organization filter refused).
  const base = { auth: true, encrypted: true, tenancy: 'summary' } as const;
  const set: SummaryReportRoutes = {
    Summary: {
      ...base, method: p.Summary.method, path: p.Summary.path, permission: def.permission, report: { name: def.name, op: 'Summary' },
      summary: `${def.name}: period × dimension sales figures and totals`, body: s.summary, response: s.summaryResponse,
    },
    Export: {
      ...base, method: p.Export.method, path: p.Export.path, permission: def.exportPermission ?? SUMMARY_EXPORT_PERMISSION, report: { name: def.name, op: 'Export' },
      summary: `${def.name}: export of the summary rows and totals (XLSX or CSV, streamed)`, body: s.export, file: true,
    },
  };
  summaryRoutesOf.set(def, set);
  return set;
}

/** The two routes of a summary report (see summaryReportRouteSet), keyed by route name. */
export function summaryRoutes(def: SummaryReportDef): Record<ReportRouteName, ReportRoute> {
  const { Summary, Export } = summaryReportRouteSet(def);
  return { [reportRouteName(def, 'Summary')]: Summary, [reportRouteName(def, 'Export')]: Export };
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

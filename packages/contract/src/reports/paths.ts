/**
 * The addresses of a declared report's routes, without zod: route names
 * `Report.{name}.{Op}` and paths `/api/portal/{api}/Search | Get/:Id | Totals | Export | Tail` (lists) and
 * `/api/portal/{api}/Summary | Export` (summary reports). The
 * contract's route table (`reportRoutes`) and the browser's schema-free ROUTE_PATHS both read
 * them here, so the two cannot disagree.
 */
import { hasTotals, type ReportDef } from './define.ts';

/** What the addresses of a report depend on: a declaration, or its catalogue entry (`totals` given). */
export type ReportAddress = Pick<ReportDef, 'name' | 'kind' | 'api'> & ({ totals?: boolean; tail?: boolean } | ReportDef);

/** The operations of a list report: Totals only with totals, Tail only on a live-tailed report (`liveTail`). */
export const REPORT_OPS = ['Search', 'Get', 'Totals', 'Export', 'Tail'] as const;
/** The operations every summary report (sales report) serves. */
export const SUMMARY_OPS = ['Summary', 'Export'] as const;
export type ReportOp = (typeof REPORT_OPS)[number] | (typeof SUMMARY_OPS)[number];

/** A report route's name in the route table, e.g. 'Report.TransactionEcommerce.Search'. */
export type ReportRouteName = `Report.${string}.${ReportOp}`;

/** The route name of a report operation. */
export const reportRouteName = (def: Pick<ReportDef, 'name'>, op: ReportOp): ReportRouteName => `Report.${def.name}.${op}`;

/** Method, path (`:Id` for Get) and secure-channel flag (every report route is encrypted, §7). */
export interface ReportRoutePath {
  method: 'GET' | 'POST';
  path: string;
  encrypted: true;
}

/** The addresses of a report by operation (a list report serves REPORT_OPS, a summary report SUMMARY_OPS). */
export function reportPaths(def: Pick<ReportDef, 'api'>): Record<ReportOp, ReportRoutePath> {
  const base = `/api/portal/${def.api}`;
  return {
    Search: { method: 'POST', path: `${base}/Search`, encrypted: true },
    Get: { method: 'GET', path: `${base}/Get/:Id`, encrypted: true },
    Totals: { method: 'POST', path: `${base}/Totals`, encrypted: true },
    Export: { method: 'POST', path: `${base}/Export`, encrypted: true },
    Summary: { method: 'POST', path: `${base}/Summary`, encrypted: true },
    Tail: { method: 'POST', path: `${base}/Tail`, encrypted: true },
  };
}

/** Whether a report (declaration or catalogue entry) serves Totals. */
const servesTotals = (a: ReportAddress): boolean => ('totals' in a && typeof a.totals === 'boolean' ? a.totals : a.kind === 'list' && hasTotals(a as ReportDef & { kind: 'list' }));

/** Whether a report (declaration or catalogue entry) serves a live Tail. */
const servesTail = (a: ReportAddress): boolean => ('liveTail' in a ? a.liveTail === true : 'tail' in a && a.tail === true);

/** The operations a report serves: by kind, a list report's Totals only when it has totals (hasTotals), its Tail only when live-tailed. */
export const reportOps = (a: ReportAddress): readonly ReportOp[] =>
  a.kind === 'list' ? REPORT_OPS.filter((op) => (op !== 'Totals' || servesTotals(a)) && (op !== 'Tail' || servesTail(a))) : SUMMARY_OPS;

/** Every report's route addresses keyed by route name (list: Search, Get, Totals, Export; summary: Summary, Export). */
export function reportRoutePaths(defs: readonly ReportAddress[]): Record<ReportRouteName, ReportRoutePath> {
  const out: Record<string, ReportRoutePath> = {};
  for (const def of defs) {
    const p = reportPaths(def);
    for (const op of reportOps(def)) out[reportRouteName(def, op)] = p[op];
  }
  return out as Record<ReportRouteName, ReportRoutePath>;
}

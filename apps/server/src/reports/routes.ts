/**
 * Registers every declared list report's routes (issue 10) in one loop: Search, Get, Totals and
 * Export of each REPORTS entry, from the route table's generated RouteDefs (`reportRoutes`), so
 * schema validation, session, secure channel and `module:action` permission are the platform's.
 * Handlers call the generic executor with the caller's scope; nothing here is per-report.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dayjs, BUSINESS_TIME_ZONE } from '@paydesk/domain';
import { LIST_REPORTS, reportRouteName, ROUTE_TABLE, type ListReportDef, type ReportExportRequest, type ReportSearchRequest, type ReportTotalsRequest } from '@paydesk/contract';
import { scopeOf } from '../auth/auth-guard.ts';
import { sendExport } from '../platform/export-run.ts';
import { registerRoute } from '../platform/route.ts';
import { countUpTo, getReportRow, reportTotals, searchReport } from './executor.ts';
import { openReportExport } from './export.ts';
import { reportConditions } from './query.ts';
import { checkReport } from './sources.ts';

/** The export file name's stem: declared, or the screen path's segments joined by '-'. */
const exportStem = (def: ListReportDef) => def.exportName ?? def.path.split('/').filter(Boolean).join('-');

/** Registers the routes of `reports` (default: every declared list report); checks each declaration first. */
export function reportRoutes(app: FastifyInstance, reports: readonly ListReportDef[] = LIST_REPORTS): void {
  const { database } = app.ctx;
  for (const def of reports) {
    checkReport(def);
    const route = (op: 'Search' | 'Get' | 'Totals' | 'Export') => ROUTE_TABLE[reportRouteName(def, op)]!;
    registerRoute(app, route('Search'), async (req) => searchReport(database, def, scopeOf(req), req.body as ReportSearchRequest));
    registerRoute(app, route('Get'), async (req) => getReportRow(database, def, scopeOf(req), (req.params as { Id: number }).Id));
    registerRoute(app, route('Totals'), async (req) => reportTotals(database, def, scopeOf(req), (req.body as ReportTotalsRequest).SearchData));
    registerRoute(app, route('Export'), async (req: FastifyRequest, reply: FastifyReply) => {
      const scope = scopeOf(req);
      const body = req.body as ReportExportRequest;
      const conds = reportConditions(def, scope, body.SearchData);
      const stamp = dayjs().tz(BUSINESS_TIME_ZONE).format('YYYYMMDD-HHmmss');
      // Row cap, per-user concurrency, error shape before the first byte and the audited lifecycle: platform/export-run.ts.
      return sendExport(app, req, reply, {
        target: def.idOf,
        format: body.Format,
        filename: `${exportStem(def)}-${stamp}.${body.Format}`,
        countUpTo: (limit) => countUpTo(database, def, conds, limit),
        open: ({ signal, onDone }) => openReportExport(database, def, scope, body, onDone, signal),
        detail: { report: def.name, where: def.where, filter: body.SearchData },
      });
    });
  }
}

/**
 * Registers every declared report's routes in one loop: Search, Get, Totals and Export of each
 * list report, Summary and Export of each summary report (the sales reports), from the route
 * table's generated, typed RouteDefs (`listReportRouteSet`, `summaryReportRouteSet`), so schema validation,
 * session, secure channel and `module:action` permission are the platform's. Handlers call the
 * generic executors with the caller's scope; nothing here is per-report.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dayjs, BUSINESS_TIME_ZONE } from '@paydesk/domain';
import { REPORTS, listReportRouteSet, summaryReportRouteSet, type ListReportDef, type ReportDef, type SummaryReportDef, type SummaryResponse } from '@paydesk/contract';
import { writeAudit } from '../platform/audit.ts';
import { scopeOf } from '../platform/scope.ts';
import { sendExport } from '../platform/export-run.ts';
import { registerRoute } from '../platform/route.ts';
import { countUpTo, getReportRow, reportTotals, searchReport } from './executor.ts';
import { openReportExport } from './export.ts';
import { reportConditions } from './query.ts';
import { checkRelated, withRelated } from './related/index.ts';
import { checkReport } from './sources.ts';
import { openTail, openTails } from './tail.ts';
import { runSummary } from './summary-executor.ts';
import { openSummaryExport } from './summary-export.ts';
import { checkSummaryReport } from './summary-sources.ts';

/** The export file name's stem: declared, or the screen path's segments joined by '-'. */
const exportStem = (def: ListReportDef | SummaryReportDef) => def.exportName ?? def.path.split('/').filter(Boolean).join('-');

/**
 * The audit row of one read of a report whose reading is audited (`def.readAudit`, the log
 * screens): who read which report, with the filter and the number of rows answered, or the id.
 * Written after the read succeeded (a refused read is the portal log's); nothing for other reports.
 */
async function auditRead(req: FastifyRequest, def: ListReportDef, detail: Record<string, unknown> | undefined, id?: number): Promise<void> {
  if (!def.readAudit) return;
  await writeAudit(req.server.ctx.database, req, {
    action: def.readAudit.action,
    result: 'SUCCESS',
    actorUserId: req.scope?.userId ?? null,
    actorEmail: req.scope?.email ?? null,
    targetType: def.readAudit.target,
    ...(id === undefined ? {} : { targetId: id }),
    detail: { report: def.name, ...detail },
  });
}

/** Registers the routes of `reports` (default: every declared report); checks each declaration first. */
export function reportRoutes(app: FastifyInstance, reports: readonly ReportDef[] = REPORTS): void {
  const { database } = app.ctx;
  // The open live tails: a closing server ends them, so its close does not wait up to a minute.
  const tails = openTails();
  app.addHook('preClose', async () => tails.closeAll());
  for (const def of reports) {
    if (def.kind === 'summary') {
      summaryReportRoutes(app, def);
      continue;
    }
    checkReport(def);
    checkRelated(def);
    const r = listReportRouteSet(def);
    registerRoute(app, r.Search, async (req) => {
      const page = await searchReport(database, def, scopeOf(req), req.body);
      await auditRead(req, def, { filter: req.body.SearchData, rows: page.Items.length });
      return page;
    });
    registerRoute(app, r.Get, async (req) => {
      const scope = scopeOf(req);
      // The row (NF404 outside scope or report), then its declared related sections.
      const detail = await withRelated(database, def, scope, await getReportRow(database, def, scope, req.params.Id));
      await auditRead(req, def, undefined, req.params.Id);
      return detail;
    });
    if (r.Totals) registerRoute(app, r.Totals, async (req) => reportTotals(database, def, scopeOf(req), req.body.SearchData));
    if (r.Tail) {
      registerRoute(app, r.Tail, async (req, reply) => {
        // Ends after Seconds, when the client leaves or when the server closes (the answer's close: a request's fires once its body is read).
        const left = new AbortController();
        reply.raw.once('close', () => left.abort());
        const stream = await openTail(database, tails.add(left), def, scopeOf(req), req.body, () => app.ctx.now().getTime());
        await auditRead(req, def, { filter: req.body.SearchData, tail: true });
        return reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no').send(stream);
      });
    }
    registerRoute(app, r.Export, async (req, reply) => {
      const scope = scopeOf(req);
      const body = req.body;
      const conds = reportConditions(def, scope, body.SearchData);
      const stamp = dayjs().tz(BUSINESS_TIME_ZONE).format('YYYYMMDD-HHmmss');
      // Row cap, per-user concurrency, error shape before the first byte and the audited lifecycle: platform/export-run.ts.
      return sendExport(app, req, reply, {
        target: def.idOf,
        format: body.Format,
        filename: `${exportStem(def)}-${stamp}.${body.Format}`,
        screen: { kind: 'report', name: def.name, path: def.path },
        query: { SearchData: body.SearchData, Sort: body.Sort },
        countUpTo: (limit) => countUpTo(database, def, conds, limit),
        open: ({ signal, onDone }) => openReportExport(database, def, scope, body, onDone, signal),
        detail: { report: def.name, where: def.where, filter: body.SearchData },
      });
    });
  }
}

/** The Summary and Export routes of one summary report (a sales report). */
function summaryReportRoutes(app: FastifyInstance, def: SummaryReportDef): void {
  const { database } = app.ctx;
  checkSummaryReport(def);
  const r = summaryReportRouteSet(def);
  registerRoute(app, r.Summary, async (req) => runSummary(database, def, scopeOf(req), req.body));
  registerRoute(app, r.Export, async (req, reply) => {
    const scope = scopeOf(req);
    const body = req.body;
    const stamp = dayjs().tz(BUSINESS_TIME_ZONE).format('YYYYMMDD-HHmmss');
    // The summary is computed once (bad input answers VAL400 before any byte); the file is its rows and a totals line.
    let answer: SummaryResponse | undefined;
    return sendExport(app, req, reply, {
      target: 'salesreport',
      format: body.Format,
      filename: `${exportStem(def)}-${stamp}.${body.Format}`,
      screen: { kind: 'summary', name: def.name, path: def.path },
      query: { SearchData: body.SearchData, Period: body.Period, GroupBy: body.GroupBy },
      countUpTo: async (limit) => {
        answer = await runSummary(database, def, scope, body);
        return Math.min(answer.Rows.length + 1, limit);
      },
      open: ({ onDone }) => openSummaryExport(def, answer!, body, onDone),
      detail: { report: def.name, where: def.where, filter: body.SearchData, period: body.Period, groupBy: body.GroupBy },
    });
  });
}

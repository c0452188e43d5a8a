/** The export history's endpoint (contract route `exportHistory`); the runs are written by platform/export-run.ts. */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { listExportHistory } from './export-history.ts';

/** Registers `exportHistory` (POST /api/portal/ExportHistory/Search, any signed-in user, the caller's own runs). */
export function exportHistoryRoutes(app: FastifyInstance): void {
  operation(app, 'exportHistory', listExportHistory);
}

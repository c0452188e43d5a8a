import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { getDashboardSummary } from './get-summary.ts';

export function dashboardRoutes(app: FastifyInstance): void {
  operation(app, 'dashboard', async ({ Currency }, { scope, now }) => getDashboardSummary(app.ctx.database, scope, Currency.toUpperCase(), now()));
}

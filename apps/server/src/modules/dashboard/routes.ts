import type { FastifyInstance } from 'fastify';
import type { DashboardRequest } from '@paydesk/contract';
import type { z } from 'zod';
import { scopeOf } from '../../platform/scope.ts';
import { registerRoute } from '../../platform/route.ts';
import { getDashboardSummary } from './get-summary.ts';

export function dashboardRoutes(app: FastifyInstance): void {
  registerRoute(app, 'dashboard', async (req) =>
    getDashboardSummary(app.ctx.database, scopeOf(req), (req.body as z.infer<typeof DashboardRequest>).Currency.toUpperCase(), app.ctx.now()),
  );
}

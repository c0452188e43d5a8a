import type { FastifyInstance } from 'fastify';
import type { OrgSelectionRequest } from '@paydesk/contract';
import type { z } from 'zod';
import { scopeOf } from '../../platform/scope.ts';
import { registerRoute } from '../../platform/route.ts';
import { getOrgSelection } from './get-selection.ts';

export function organizationRoutes(app: FastifyInstance): void {
  registerRoute(app, 'orgSelection', async (req) => getOrgSelection(app.ctx.database, scopeOf(req), req.body as z.infer<typeof OrgSelectionRequest>));
}

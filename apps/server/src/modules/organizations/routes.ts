import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { getOrgSelection } from './get-selection.ts';

export function organizationRoutes(app: FastifyInstance): void {
  operation(app, 'orgSelection', async (input, { scope }) => getOrgSelection(app.ctx.database, scope, input));
}

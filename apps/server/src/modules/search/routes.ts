/** The global search's one endpoint (contract route `globalSearch`). */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { globalSearch } from './global-search.ts';

export function searchRoutes(app: FastifyInstance): void {
  operation(app, 'globalSearch', globalSearch);
}

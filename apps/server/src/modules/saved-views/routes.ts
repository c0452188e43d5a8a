/** Saved views' endpoints (contract routes `savedViewList`, `savedViewSave`, `savedViewDelete`). */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { deleteSavedView, listSavedViews, saveSavedView } from './saved-views.ts';

export function savedViewRoutes(app: FastifyInstance): void {
  operation(app, 'savedViewList', listSavedViews);
  operation(app, 'savedViewSave', saveSavedView);
  operation(app, 'savedViewDelete', deleteSavedView);
}

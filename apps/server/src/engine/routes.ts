/**
 * Serves a declared resource through the route table: the contract's `resourceRouteSet(def)` gives
 * each route (Search, Get/{Id}, Create, Update, SetStatus, Delete/{Id}, Export, BulkUpload and each
 * declared command, and a lifecycle record's Events/{Id}) with its typed schemas and `{module}:{action}` permission; this file only binds
 * each operation to the engine with the caller's scope. The engine writes its own audit rows
 * (crud.ts auditIn), so these routes declare no `audit`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resourceRouteSet, type ResourceDef } from '@paydesk/contract';
import { BUSINESS_TIME_ZONE, dayjs } from '@paydesk/domain';
import { scopeOf } from '../platform/scope.ts';
import { sendExport } from '../platform/export-run.ts';
import { registerRoute } from '../platform/route.ts';
import { uploadedFile } from '../platform/upload.ts';
import { bulkUpload } from './bulk-upload.ts';
import { createResource, deleteResource, getResource, runCommand, searchResource, setResourceStatus, updateResource, type EngineContext } from './crud.ts';
import { countResourceRows, historySearchData, openResourceExport } from './export.ts';
import { recordEvents, runLifecycleCommand } from './lifecycle.ts';

/** Registers every route `def` serves (its actions allow), each answering as its response schema says. */
export function registerResource(app: FastifyInstance, def: ResourceDef): void {
  const ctxOf = (req: FastifyRequest): EngineContext => ({ database: app.ctx.database, fieldKey: app.ctx.keys.fieldKey, req, now: app.ctx.now });
  const r = resourceRouteSet(def);
  registerRoute(app, r.Search, async (req) => searchResource(ctxOf(req), def, scopeOf(req), req.body));
  registerRoute(app, r.Get, async (req) => getResource(ctxOf(req), def, scopeOf(req), req.params.Id));
  if (r.Create) registerRoute(app, r.Create, async (req) => createResource(ctxOf(req), def, scopeOf(req), req.body));
  if (r.Update) registerRoute(app, r.Update, async (req) => updateResource(ctxOf(req), def, scopeOf(req), req.body));
  if (r.SetStatus) registerRoute(app, r.SetStatus, async (req) => setResourceStatus(ctxOf(req), def, scopeOf(req), req.body));
  if (r.Delete) registerRoute(app, r.Delete, async (req) => deleteResource(ctxOf(req), def, scopeOf(req), req.params.Id));
  if (r.Export) {
    registerRoute(app, r.Export, async (req, reply) => {
      const body = req.body;
      const scope = scopeOf(req);
      const ctx = ctxOf(req);
      const stamp = dayjs().tz(BUSINESS_TIME_ZONE).format('YYYYMMDD-HHmmss');
      return sendExport(app, req, reply, {
        target: def.name,
        format: body.Format,
        filename: `${def.name}-${stamp}.${body.Format}`,
        screen: { kind: 'resource', name: def.name, path: def.path },
        query: { SearchData: historySearchData(def, body.SearchData), Sort: body.Sort },
        countUpTo: (limit) => countResourceRows(ctx, def, scope, body, limit),
        open: ({ signal, onDone }) => openResourceExport(ctx, def, scope, body, onDone, signal),
        detail: { filter: body.SearchData },
      });
    });
  }
  if (r.BulkUpload) {
    registerRoute(app, r.BulkUpload, async (req) => {
      const { file, filename } = await uploadedFile(req);
      return bulkUpload(ctxOf(req), def, scopeOf(req), file, filename);
    });
  }
  if (r.Events) registerRoute(app, r.Events, async (req) => recordEvents(ctxOf(req), def, scopeOf(req), req.params.Id));
  for (const route of r.commands) {
    const command = def.commands!.find((c) => c.name === route.resource.command)!;
    // A lifecycle command moves through the workflow engine (lifecycle.ts); a plain one sets its field.
    registerRoute(app, route, async (req) => (command.action ? runLifecycleCommand : runCommand)(ctxOf(req), def, scopeOf(req), command, req.body));
  }
}

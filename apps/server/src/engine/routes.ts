/**
 * Serves a declared resource (issue 4) through the route table (issue 8): the contract's
 * `resourceRoutes(def)` gives each route (Search, Get/{Id}, Create, Update, SetStatus, Delete/{Id},
 * Export, BulkUpload and each declared command) with its schemas and `{module}:{action}` permission; this file only binds
 * each operation to the engine with the caller's scope.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resourceRoutes, type ResourceDef, type ResourceOp } from '@paydesk/contract';
import { BUSINESS_TIME_ZONE, dayjs } from '@paydesk/domain';
import { scopeOf } from '../platform/scope.ts';
import { sendExport } from '../platform/export-run.ts';
import { registerRoute, type Handler } from '../platform/route.ts';
import { uploadedFile } from '../platform/upload.ts';
import { bulkUpload } from './bulk-upload.ts';
import { createResource, deleteResource, getResource, runCommand, searchResource, setResourceStatus, updateResource, type EngineContext, type SearchInput } from './crud.ts';
import { countResourceRows, openResourceExport } from './export.ts';

type Body = Record<string, unknown>;

export function registerResource(app: FastifyInstance, def: ResourceDef): void {
  const ctxOf = (req: FastifyRequest): EngineContext => ({ database: app.ctx.database, fieldKey: app.ctx.keys.fieldKey, req });
  const idOf = (req: FastifyRequest) => (req.params as { Id: number }).Id;
  const commandHandler = (name: string): Handler => {
    const command = def.commands!.find((c) => c.name === name)!;
    return async (req) => runCommand(ctxOf(req), def, scopeOf(req), command, req.body as { Id: number; Version: number });
  };
  const handlers: Record<Exclude<ResourceOp, 'Command'>, Handler> = {
    Search: async (req) => searchResource(ctxOf(req), def, scopeOf(req), req.body as SearchInput),
    Get: async (req) => getResource(ctxOf(req), def, scopeOf(req), idOf(req)),
    Create: async (req) => createResource(ctxOf(req), def, scopeOf(req), req.body as Body),
    Update: async (req) => updateResource(ctxOf(req), def, scopeOf(req), req.body as Body & { Id: number; Version: number }),
    SetStatus: async (req) => setResourceStatus(ctxOf(req), def, scopeOf(req), req.body as { Id: number; IsActive: 0 | 1; Version: number }),
    Delete: async (req) => deleteResource(ctxOf(req), def, scopeOf(req), idOf(req)),
    Export: async (req: FastifyRequest, reply: FastifyReply) => {
      const body = req.body as SearchInput & { Format: 'xlsx' | 'csv' };
      const scope = scopeOf(req);
      const ctx = ctxOf(req);
      const stamp = dayjs().tz(BUSINESS_TIME_ZONE).format('YYYYMMDD-HHmmss');
      return sendExport(app, req, reply, {
        target: def.name,
        format: body.Format,
        filename: `${def.name}-${stamp}.${body.Format}`,
        countUpTo: (limit) => countResourceRows(ctx, def, scope, body, limit),
        open: ({ signal, onDone }) => openResourceExport(ctx, def, scope, body, onDone, signal),
        detail: { filter: body.SearchData },
      });
    },
    BulkUpload: async (req) => {
      const { file, filename } = await uploadedFile(req);
      return bulkUpload(ctxOf(req), def, scopeOf(req), file, filename);
    },
  };
  for (const route of Object.values(resourceRoutes(def))) {
    const { op, command } = route.resource;
    registerRoute(app, route, op === 'Command' ? commandHandler(command!) : handlers[op]);
  }
}

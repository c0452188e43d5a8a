/**
 * Serves a declared resource in the spec's route style (issue 4): Search, Get/{Id}, Create,
 * Update, SetStatus, Delete/{Id}, Export, BulkUpload under /api/portal/{Name}/. Each route checks
 * `{module}:{action}`, runs the engine with the caller's scope, and is documented in /api/docs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resourcePermission, resourceSchemas, type ResourceDef } from '@paydesk/contract';
import { BUSINESS_TIME_ZONE, dayjs, ERROR_CODES } from '@paydesk/domain';
import { scopeOf } from '../auth/auth-guard.ts';
import { AppError } from '../platform/errors.ts';
import { writeAudit } from '../platform/audit.ts';
import type {} from '@fastify/multipart';
import { bulkUpload } from './bulk-upload.ts';
import { createResource, deleteResource, getResource, searchResource, setResourceStatus, updateResource, type EngineContext, type SearchInput } from './crud.ts';
import { exportResource } from './export.ts';

/** Every route of a resource: [method, path, action] — also used by docs and tests. */
export function resourceRouteList(def: ResourceDef): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; op: string }[] {
  const base = `/api/portal/${def.name}`;
  const all = [
    { method: 'POST' as const, path: `${base}/Search`, op: 'view' },
    { method: 'GET' as const, path: `${base}/Get/:Id`, op: 'view' },
    { method: 'POST' as const, path: `${base}/Create`, op: 'create' },
    { method: 'PUT' as const, path: `${base}/Update`, op: 'update' },
    { method: 'PUT' as const, path: `${base}/SetStatus`, op: 'setstatus' },
    { method: 'DELETE' as const, path: `${base}/Delete/:Id`, op: 'delete' },
    { method: 'POST' as const, path: `${base}/Export`, op: 'export' },
    { method: 'POST' as const, path: `${base}/BulkUpload`, op: 'bulkupload' },
  ];
  const allowed = new Set(['view', ...def.actions.map((a) => a.toLowerCase())]);
  return all.filter((r) => allowed.has(r.op));
}

export function registerResource(app: FastifyInstance, def: ResourceDef): void {
  const s = resourceSchemas(def);
  const ctxOf = (req: FastifyRequest): EngineContext => ({ database: app.ctx.database, fieldKey: app.ctx.keys.fieldKey, req });
  const tags = [def.name];
  const cfg = (op: string, encrypted = true) => ({ auth: true, encrypted, permission: resourcePermission(def, op as 'view') });
  for (const r of resourceRouteList(def)) {
    const url = r.path;
    switch (r.op) {
      case 'view':
        if (r.method === 'POST')
          app.post(url, { schema: { tags, summary: `Search ${def.name}`, body: s.search, response: { 200: s.searchResponse } }, config: cfg('view') }, async (req) =>
            searchResource(ctxOf(req), def, scopeOf(req), req.body as SearchInput),
          );
        else
          app.get(url, { schema: { tags, summary: `Get one ${def.name}`, params: s.idParams, response: { 200: s.item } }, config: cfg('view') }, async (req) =>
            getResource(ctxOf(req), def, scopeOf(req), (req.params as { Id: number }).Id),
          );
        break;
      case 'create':
        app.post(url, { schema: { tags, summary: `Create ${def.name}`, body: s.create, response: { 200: s.item } }, config: cfg('create') }, async (req) =>
          createResource(ctxOf(req), def, scopeOf(req), req.body as Record<string, unknown>),
        );
        break;
      case 'update':
        app.put(url, { schema: { tags, summary: `Update ${def.name} (with its Version)`, body: s.update, response: { 200: s.item } }, config: cfg('update') }, async (req) =>
          updateResource(ctxOf(req), def, scopeOf(req), req.body as Record<string, unknown> & { Id: number; Version: number }),
        );
        break;
      case 'setstatus':
        app.put(url, { schema: { tags, summary: `Activate or deactivate ${def.name}`, body: s.setStatus, response: { 200: s.item } }, config: cfg('setstatus') }, async (req) =>
          setResourceStatus(ctxOf(req), def, scopeOf(req), req.body as { Id: number; IsActive: 0 | 1; Version: number }),
        );
        break;
      case 'delete':
        app.delete(url, { schema: { tags, summary: `Delete ${def.name}`, params: s.idParams, response: { 200: s.deleteResponse } }, config: cfg('delete') }, async (req) =>
          deleteResource(ctxOf(req), def, scopeOf(req), (req.params as { Id: number }).Id),
        );
        break;
      case 'export':
        app.post(url, { schema: { tags, summary: `Export ${def.name} (XLSX or CSV, streamed)`, body: s.export }, config: cfg('export') }, async (req: FastifyRequest, reply: FastifyReply) => {
          const body = req.body as SearchInput & { Format: 'xlsx' | 'csv' };
          const scope = scopeOf(req);
          const { stream, contentType } = exportResource(ctxOf(req), def, scope, body, (rows) => {
            void writeAudit(app.ctx.database, req, { action: 'EXPORT', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: def.name, detail: { format: body.Format, rows, filter: body.SearchData } }).catch((e: unknown) => req.log.error(e));
          });
          const stamp = dayjs().tz(BUSINESS_TIME_ZONE).format('YYYYMMDD-HHmmss');
          reply.header('content-type', contentType);
          reply.header('content-disposition', `attachment; filename="${def.name}-${stamp}.${body.Format}"`);
          return reply.send(stream);
        });
        break;
      case 'bulkupload':
        app.post(url, { schema: { tags, summary: `Bulk upload ${def.name} (multipart XLSX or CSV, all or nothing)`, consumes: ['multipart/form-data'], response: { 200: s.bulkUploadResponse } }, config: cfg('bulkupload', false) }, async (req) => {
          if (!req.isMultipart()) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: send the file as multipart/form-data');
          const part = await req.file();
          if (!part) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: no file was sent');
          if (!/\.(xlsx|csv)$/i.test(part.filename)) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: only .xlsx and .csv files are accepted');
          const buf = await part.toBuffer();
          return bulkUpload(ctxOf(req), def, scopeOf(req), buf, part.filename);
        });
        break;
    }
  }
}

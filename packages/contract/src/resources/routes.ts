/**
 * The route-table entries of a declared resource (issue 8, "one route table"): Search, Get/:Id,
 * Create, Update, SetStatus, Delete/:Id, Export and BulkUpload under /api/portal/{Name}/, each an
 * ordinary RouteDef with its zod schemas and `{module}:{action}` permission. The server registers
 * them through the same `registerRoute` as every other endpoint, so docs, OpenAPI and the
 * generated fuzz, authorization and cross-tenant suites cover them like any other route.
 */
import type { RouteDef } from '../routes.ts';
import { resourcePermission, type ResourceDef } from './define.ts';
import { resourceSchemas } from './schemas.ts';

export type ResourceOp = 'Search' | 'Get' | 'Create' | 'Update' | 'SetStatus' | 'Delete' | 'Export' | 'BulkUpload' | 'Command';

/** A route of the resource engine: a RouteDef that names its resource and operation (and, for a declared command, which). */
export type ResourceRoute = RouteDef & { resource: { name: string; op: ResourceOp; command?: string } };

/** The action each operation needs (its permission is `{module}:{action}`); Search and Get need view. */
const ACTION: Record<ResourceOp, 'view' | 'create' | 'update' | 'setstatus' | 'delete' | 'export' | 'bulkupload'> = {
  Search: 'view',
  Get: 'view',
  Create: 'create',
  Update: 'update',
  SetStatus: 'setstatus',
  Delete: 'delete',
  Export: 'export',
  BulkUpload: 'bulkupload',
  Command: 'update',
};

/** The route name of a resource operation in the route table, e.g. 'BankConfig.Search'. */
export const resourceRouteName = (def: Pick<ResourceDef, 'name'>, op: ResourceOp | string) => `${def.name}.${op}`;

/** Every route a resource serves (Search and Get always; the others as its `actions` allow). */
export function resourceRoutes(def: ResourceDef): Record<string, ResourceRoute> {
  const s = resourceSchemas(def);
  const base = `/api/portal/${def.name}`;
  const allowed = new Set<string>(['view', ...def.actions.map((a) => a.toLowerCase())]);
  const route = (op: ResourceOp, r: Omit<RouteDef, 'permission' | 'auth' | 'encrypted'> & { encrypted?: boolean }, command?: string): [string, ResourceRoute] => [
    resourceRouteName(def, command ?? op),
    { auth: true, encrypted: true, ...r, permission: resourcePermission(def, ACTION[op]), resource: { name: def.name, op, ...(command ? { command } : {}) } },
  ];
  const all: [string, ResourceRoute][] = [
    route('Search', { method: 'POST', path: `${base}/Search`, summary: `Search ${def.name}`, body: s.search, response: s.searchResponse }),
    route('Get', { method: 'GET', path: `${base}/Get/:Id`, summary: `Get one ${def.name}`, params: s.idParams, response: s.item, idOf: def.name }),
    route('Create', { method: 'POST', path: `${base}/Create`, summary: `Create ${def.name}`, body: s.create, response: s.item }),
    route('Update', { method: 'PUT', path: `${base}/Update`, summary: `Update ${def.name} (with its Version)`, body: s.update, response: s.item, idOf: def.name }),
    route('SetStatus', { method: 'PUT', path: `${base}/SetStatus`, summary: `Activate or deactivate ${def.name}`, body: s.setStatus, response: s.item, idOf: def.name }),
    route('Delete', { method: 'DELETE', path: `${base}/Delete/:Id`, summary: `Delete ${def.name}`, params: s.idParams, response: s.deleteResponse, idOf: def.name }),
    route('Export', { method: 'POST', path: `${base}/Export`, summary: `Export ${def.name} (XLSX or CSV, streamed)`, body: s.export, file: true }),
    route('BulkUpload', { method: 'POST', path: `${base}/BulkUpload`, summary: `Bulk upload ${def.name} (multipart XLSX or CSV, all or nothing)`, response: s.bulkUploadResponse, encrypted: false, upload: true }),
    ...(def.commands ?? []).map((c) =>
      route('Command', { method: 'PUT', path: `${base}/${c.name}`, summary: `${c.name} ${def.name}: ${c.field} ${c.from.join(' or ')} → ${c.to} (with its Version)`, body: s.command, response: s.item, idOf: def.name }, c.name),
    ),
  ];
  return Object.fromEntries(all.filter(([, r]) => allowed.has(ACTION[r.resource.op])));
}

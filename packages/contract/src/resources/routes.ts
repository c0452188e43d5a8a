/**
 * The route-table entries of a declared resource ("one route table"): Search, Get/:Id,
 * Create, Update, SetStatus, Delete/:Id, Export and BulkUpload under /api/portal/{Name}/, each an
 * ordinary RouteDef with its zod schemas and `{module}:{action}` permission. The server registers
 * them through the same `registerRoute` as every other endpoint, so docs, OpenAPI and the
 * generated fuzz, authorization and cross-tenant suites cover them like any other route.
 */
import type { RouteDef, Tenancy } from '../routes.ts';
import { resourcePermission, type ResourceDef } from './define.ts';
import { resourceSchemas, type ResourceSchemas } from './schemas.ts';

export type ResourceOp = 'Search' | 'Get' | 'Create' | 'Update' | 'SetStatus' | 'Delete' | 'Export' | 'BulkUpload' | 'Command' | 'Events';

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
  Events: 'view',
};

/** The route name of a resource operation in the route table, e.g. 'BankConfig.Search'. */
export const resourceRouteName = (def: Pick<ResourceDef, 'name'>, op: ResourceOp | string) => `${def.name}.${op}`;

/**
 * The routes of one resource by operation, each typed by its schemas (so a handler registered
 * for it gets the parsed body or params and answers the response's type). Search and Get always;
 * the others only when the resource's `actions` allow them; `commands` in declaration order.
 */
export interface ResourceRouteSet {
  Search: ResourceRoute & { body: ResourceSchemas['search']; response: ResourceSchemas['searchResponse'] };
  Get: ResourceRoute & { params: ResourceSchemas['idParams']; response: ResourceSchemas['item'] };
  Create?: ResourceRoute & { body: ResourceSchemas['create']; response: ResourceSchemas['item'] };
  Update?: ResourceRoute & { body: ResourceSchemas['update']; response: ResourceSchemas['item'] };
  SetStatus?: ResourceRoute & { body: ResourceSchemas['setStatus']; response: ResourceSchemas['item'] };
  Delete?: ResourceRoute & { params: ResourceSchemas['idParams']; response: ResourceSchemas['deleteResponse'] };
  /** Answers the file (no response schema). */
  Export?: ResourceRoute & { body: ResourceSchemas['export']; file: true };
  /** A multipart upload: no body schema, the file is read from the request. */
  BulkUpload?: ResourceRoute & { response: ResourceSchemas['bulkUploadResponse']; upload: true };
  /** A lifecycle record's history (ResourceDef.lifecycle only). */
  Events?: ResourceRoute & { params: ResourceSchemas['idParams']; response: ResourceSchemas['eventsResponse'] };
  commands: (ResourceRoute & { body: ResourceSchemas['command']; response: ResourceSchemas['item']; resource: { command: string } })[];
}

/**
 * The tenancy of a resource operation (see Tenancy): Search and Export list the resource's rows,
 * each carrying its owner organization (`OrgId`) when the resource is 'owned', or shared reference
 * data when it is 'platform'; the other operations answer one record (its id probed by the
 * cross-tenant id check) or the caller's own new one, or platform data.
 */
export function resourceTenancy(def: Pick<ResourceDef, 'scope'>, op: ResourceOp): Tenancy {
  if (def.scope === 'platform') return 'platform';
  return op === 'Search' || op === 'Export' ? 'orgOwned' : 'own';
}

/** Every route a resource serves, by operation (see ResourceRouteSet). */
export function resourceRouteSet(def: ResourceDef): ResourceRouteSet {
  const s = resourceSchemas(def);
  const base = `/api/portal/${def.name}`;
  const allowed = new Set<string>(['view', ...def.actions.map((a) => a.toLowerCase())]);
  const serves = (op: ResourceOp) => allowed.has(ACTION[op]);
  const route = <R extends Omit<RouteDef, 'permission' | 'auth' | 'encrypted' | 'tenancy'> & { encrypted?: boolean }>(op: ResourceOp, r: R, command?: string) => ({
    auth: true,
    encrypted: true,
    ...r,
    permission: resourcePermission(def, ACTION[op]),
    tenancy: resourceTenancy(def, op),
    resource: { name: def.name, op, ...(command ? { command } : {}) },
  });
  return {
    Search: route('Search', { method: 'POST', path: `${base}/Search`, summary: `Search ${def.name}`, body: s.search, response: s.searchResponse }),
    Get: route('Get', { method: 'GET', path: `${base}/Get/:Id`, summary: `Get one ${def.name}`, params: s.idParams, response: s.item, idOf: def.name }),
    ...(serves('Create') ? { Create: route('Create', { method: 'POST', path: `${base}/Create`, summary: `Create ${def.name}`, body: s.create, response: s.item }) } : {}),
    ...(serves('Update') ? { Update: route('Update', { method: 'PUT', path: `${base}/Update`, summary: `Update ${def.name} (with its Version)`, body: s.update, response: s.item, idOf: def.name }) } : {}),
    ...(serves('SetStatus')
      ? { SetStatus: route('SetStatus', { method: 'PUT', path: `${base}/SetStatus`, summary: `Activate or deactivate ${def.name}`, body: s.setStatus, response: s.item, idOf: def.name }) }
      : {}),
    ...(serves('Delete') ? { Delete: route('Delete', { method: 'DELETE', path: `${base}/Delete/:Id`, summary: `Delete ${def.name}`, params: s.idParams, response: s.deleteResponse, idOf: def.name }) } : {}),
    ...(serves('Export') ? { Export: route('Export', { method: 'POST', path: `${base}/Export`, summary: `Export ${def.name} (XLSX or CSV, streamed)`, body: s.export, file: true as const }) } : {}),
    ...(serves('BulkUpload')
      ? {
          BulkUpload: route('BulkUpload', {
            method: 'POST',
            path: `${base}/BulkUpload`,
            summary: `Bulk upload ${def.name} (multipart XLSX or CSV, all or nothing)`,
            response: s.bulkUploadResponse,
            encrypted: false,
            upload: true as const,
          }),
        }
      : {}),
    ...(def.lifecycle
      ? { Events: route('Events', { method: 'GET', path: `${base}/Events/:Id`, summary: `The history of one ${def.name} (oldest first)`, params: s.idParams, response: s.eventsResponse, idOf: def.name }) }
      : {}),
    commands: serves('Command')
      ? (def.commands ?? []).map((c) => ({
          ...route('Command', { method: 'PUT', path: `${base}/${c.name}`, summary: `${c.name} ${def.name}: ${c.field} ${c.from.join(' or ')} → ${c.to} (with its Version${c.note ? ' and a Note' : ''})`, body: s.command, response: s.item, idOf: def.name }, c.name),
          resource: { name: def.name, op: 'Command' as const, command: c.name },
        }))
      : [],
  };
}

/** Every route a resource serves (Search and Get always; the others as its `actions` allow), keyed by route name. */
export function resourceRoutes(def: ResourceDef): Record<string, ResourceRoute> {
  const { commands, ...ops } = resourceRouteSet(def);
  // Declaration order of ResourceRouteSet (Search … BulkUpload), then the commands: docs/API.md lists them so.
  const all: ResourceRoute[] = [...Object.values(ops), ...commands];
  return Object.fromEntries(all.map((r) => [resourceRouteName(def, r.resource.command ?? r.resource.op), r]));
}

/**
 * The resource engine's routes (`/api/portal/{Name}/{Op}`), called through the app's API client
 * (secure channel, §8 toasts). They are generated per resource on the server, so they are not in
 * the contract's route table: the client's path helpers send them. Search is an RTK Query
 * endpoint tagged by resource, and every write is a mutation that invalidates that tag, so a
 * change made here refetches the resource's lists. The export and the bulk upload are arguments of
 * the shared file mutations (store/file-api.ts).
 */
import type { RecordEvent, ResourceCommand, ResourceDef } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import { i18n } from '../../i18n/index.ts';
import type { RequestOptions } from '../../api/client.ts';
import { api, type HandledError, type WriteOptions } from '../../store/api.ts';
import { fileForm, pathUpload, type ExportArgs } from '../../store/file-api.ts';

export type ResourceOp = 'Search' | 'Get' | 'Create' | 'Update' | 'SetStatus' | 'Delete' | 'Export' | 'BulkUpload' | 'Events';

/** `/api/portal/{Name}/{Op}`, with `/{Id}` for Get, Delete and Events. */
export function resourcePath(def: Pick<ResourceDef, 'name'>, op: ResourceOp, id?: number): string {
  return `/api/portal/${def.name}/${op}${id === undefined ? '' : `/${id}`}`;
}

/** A record as the engine answers it: system columns, owner (owned resources) and the fields. */
export interface ResourceItem {
  Id: number;
  Version: number;
  IsActive: number;
  CreatedAt: string;
  UpdatedAt: string;
  OrgId?: number | null;
  OrgName?: string | null;
  [field: string]: unknown;
}

export interface ResourcePage {
  Items: ResourceItem[];
  TotalRecords: number;
  PageIndex: number;
  RowsPerPage: number;
}

export interface SearchBody {
  PageIndex: number;
  RowsPerPage: number;
  SearchData: Record<string, unknown>;
  Sort: { Field: string; Order: 'asc' | 'desc' };
}

export interface BulkUploadResult {
  Applied: number;
  Created: number;
  Updated: number;
}

const RESOURCE_TAG = 'Resource' as const;

/** What every write of the engine takes: the resource, and the caller's options (toast, in-place failure). */
interface ResourceWrite {
  def: Pick<ResourceDef, 'name'>;
  options?: WriteOptions;
}

const resourceApi = api.enhanceEndpoints({ addTagTypes: [RESOURCE_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    resourceSearch: build.query<ResourcePage, { name: string; body: SearchBody }>({
      queryFn: async ({ name, body }, { signal }) => {
        try {
          return { data: await apiClient().path.post<ResourcePage>(resourcePath({ name }, 'Search'), body, { signal }) };
        } catch {
          return { error: { handled: true } satisfies HandledError };
        }
      },
      providesTags: (_result, _error, { name }) => [{ type: RESOURCE_TAG, id: name }],
    }),
    /** A lifecycle record's history (ResourceDef.lifecycle), oldest first; asked again after every write of the resource. */
    resourceEvents: build.query<{ Items: RecordEvent[] }, { name: string; id: number }>({
      queryFn: async ({ name, id }, { signal }) => {
        try {
          return { data: await apiClient().path.get<{ Items: RecordEvent[] }>(resourcePath({ name }, 'Events', id), { signal }) };
        } catch {
          return { error: { handled: true } satisfies HandledError };
        }
      },
      providesTags: (_result, _error, { name }) => [{ type: RESOURCE_TAG, id: name }],
    }),
    resourceCreate: build.mutation<ResourceItem, ResourceWrite & { body: Record<string, unknown> }>({
      query: ({ def, body, options }) => ({ path: resourcePath(def, 'Create'), method: 'POST', body, options }),
      invalidatesTags: (_result, error, { def }) => (error ? [] : [{ type: RESOURCE_TAG, id: def.name }]),
    }),
    resourceUpdate: build.mutation<ResourceItem, ResourceWrite & { body: Record<string, unknown> }>({
      query: ({ def, body, options }) => ({ path: resourcePath(def, 'Update'), method: 'PUT', body, options }),
      invalidatesTags: (_result, error, { def }) => (error ? [] : [{ type: RESOURCE_TAG, id: def.name }]),
    }),
    resourceSetStatus: build.mutation<ResourceItem, ResourceWrite & { item: Pick<ResourceItem, 'Id' | 'Version'>; active: boolean }>({
      query: ({ def, item, active, options }) => ({ path: resourcePath(def, 'SetStatus'), method: 'PUT', body: { Id: item.Id, IsActive: active ? 1 : 0, Version: item.Version }, options }),
      // Refused or not: a refusal (a stale Version) means the list shows an old row.
      invalidatesTags: (_result, _error, { def }) => [{ type: RESOURCE_TAG, id: def.name }],
    }),
    /** A declared command (ResourceDef.commands) on a record read at `item.Version`, with the reason a lifecycle command asks for: PUT /api/portal/{Name}/{command}. */
    resourceCommand: build.mutation<ResourceItem, ResourceWrite & { command: Pick<ResourceCommand, 'name'>; item: Pick<ResourceItem, 'Id' | 'Version'>; note?: string }>({
      query: ({ def, command, item, note, options }) => ({ path: `/api/portal/${def.name}/${command.name}`, method: 'PUT', body: { Id: item.Id, Version: item.Version, ...(note ? { Note: note } : {}) }, options }),
      invalidatesTags: (_result, _error, { def }) => [{ type: RESOURCE_TAG, id: def.name }],
    }),
    resourceDelete: build.mutation<{ Success: true }, ResourceWrite & { id: number }>({
      query: ({ def, id, options }) => ({ path: resourcePath(def, 'Delete', id), method: 'DELETE', options }),
      invalidatesTags: (_result, error, { def }) => (error ? [] : [{ type: RESOURCE_TAG, id: def.name }]),
    }),
  }),
});

export const {
  useResourceSearchQuery,
  useResourceEventsQuery,
  useResourceCreateMutation,
  useResourceUpdateMutation,
  useResourceSetStatusMutation,
  useResourceCommandMutation,
  useResourceDeleteMutation,
} = resourceApi;

/** The tag of every list of a resource. */
const resourceTag = (def: Pick<ResourceDef, 'name'>) => ({ type: RESOURCE_TAG, id: def.name });

/** Refetches every list of a resource (after a change, an upload, or a stale answer). */
export const invalidateResource = (def: Pick<ResourceDef, 'name'>) => resourceApi.util.invalidateTags([{ type: RESOURCE_TAG, id: def.name }]);

export const getResource = (def: ResourceDef, id: number, options?: RequestOptions) => apiClient().path.get<ResourceItem>(resourcePath(def, 'Get', id), options);

/**
 * The export of the filtered, sorted list (all its rows), for `exportFile`: saved under the
 * server's name. The file's headers and option texts are in the screen's language.
 */
export const resourceExport = (def: ResourceDef, { SearchData, Sort, Format }: Pick<SearchBody, 'SearchData' | 'Sort'> & { Format: 'xlsx' | 'csv' }): ExportArgs => ({
  path: resourcePath(def, 'Export'),
  body: { SearchData, Sort, Format, Language: i18n.language },
});

/**
 * A bulk upload of a resource's file (multipart `file`), for `useUpload`: answers what was
 * applied; once applied, the resource's lists are asked again. `options` lets the dialog claim a
 * refused file.
 */
export const resourceBulkUpload = (def: ResourceDef, file: File, options?: WriteOptions) =>
  pathUpload<BulkUploadResult>(resourcePath(def, 'BulkUpload'), fileForm(file), { options, invalidates: [resourceTag(def)] });

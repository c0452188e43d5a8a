/**
 * Request and response schemas of a declared resource, derived from its fields so that the
 * server validates and the web form checks with the very same zod objects.
 */
import { z } from 'zod';
import { ENUM_LABEL_LANGUAGES, type EnumLabelLanguage } from '@paydesk/domain';
import { DbId, INT4_MAX, RecordEvent, SortOrder } from '../common.ts';
import type { FieldDef, ResourceDef } from './define.ts';
import { kindOf } from './kinds/index.ts';

const Id = DbId;
const Version = z.coerce.number().int().positive().max(INT4_MAX);
const Flag = z.union([z.literal(0), z.literal(1)]);

/** The SearchData value of a field's filter, by its filter and kind (`kinds/`). */
function filterSchema(f: FieldDef): z.ZodType {
  const value = kindOf(f).filterValue(f);
  if (f.filter === 'in') return z.array(value).max(50);
  if (f.filter === 'contains') return z.string().trim().max(100);
  if (f.filter === 'range') return z.object({ From: value.optional(), To: value.optional() }).strict();
  return value;
}

/**
 * The type a field's value has in an answer (Get, Search, Create, Update): what the engine reads
 * from its column — integers as numbers, numeric money and rates as decimal strings, dates as
 * 'YYYY-MM-DD', multiselects as string arrays, secrets masked. Optional and read-only fields may
 * be null.
 */
export function answerSchema(f: FieldDef): z.ZodType {
  // A secret of any kind is answered as its mask.
  const base: z.ZodType = f.secret ? z.string() : kindOf(f).answer(f);
  return f.optional || f.readOnly || f.secret ? base.nullable() : base;
}

/**
 * A record as the engine answers it (Get, Create, Update, SetStatus, a command, a Search item):
 * values by API field name — the system columns `Id`, `Version`, `IsActive`, `CreatedAt`,
 * `UpdatedAt`, `OrgId`/`OrgName` of an owned resource, then the declared fields (`answerSchema`).
 * The fields are the declaration's, so the type names none of them.
 */
export type ResourceRecord = Record<string, unknown>;

/** A Search request after validation (defaults applied): page (from 1), page size, filters by field, sort. */
export interface ResourceSearchRequest {
  PageIndex: number;
  RowsPerPage: number;
  /** Declared filters by field, plus `OrgId` (owned), `IsActive` and `Keyword`. */
  SearchData: Record<string, unknown>;
  Sort: { Field: string; Order: 'asc' | 'desc' };
}

/** A Search answer: one page of records, the filtered set's size, and the page asked for. */
export interface ResourceSearchAnswer {
  Items: ResourceRecord[];
  TotalRecords: number;
  PageIndex: number;
  RowsPerPage: number;
}

/** An Update request: the fields to change (absent: unchanged), the record and the Version it was read at. */
export type ResourceUpdateRequest = Record<string, unknown> & { Id: number; Version: number };

/** A SetStatus request: the record, active (1) or not (0), and its Version. */
export interface ResourceStatusRequest {
  Id: number;
  IsActive: 0 | 1;
  Version: number;
}

/** A declared command's request: the record and the Version it was read at, and the reason a lifecycle command asks for. */
export interface ResourceCommandRequest {
  Id: number;
  Version: number;
  Note?: string;
}

/** An Export request: the Search's filters and sort, the file format and the language of its headers. */
export interface ResourceExportRequest {
  SearchData: Record<string, unknown>;
  Sort: ResourceSearchRequest['Sort'];
  Format: 'xlsx' | 'csv';
  Language: EnumLabelLanguage;
}

/** A BulkUpload answer: rows applied, of which created and updated. */
export interface ResourceBulkUploadAnswer {
  Applied: number;
  Created: number;
  Updated: number;
}

/**
 * The schemas of one resource, typed by what they parse (requests) or serialize (answers, whose
 * input is the same type). The shapes are the declaration's, so the types are the engine's
 * general ones above; the schemas themselves check every declared field.
 */
export interface ResourceSchemas {
  /** Create: the writable fields (+ `OrgId` of an owned resource), strict. */
  create: z.ZodType<Record<string, unknown>>;
  update: z.ZodType<ResourceUpdateRequest>;
  setStatus: z.ZodType<ResourceStatusRequest>;
  /** A declared command's request (ResourceDef.commands): the record and the Version it was read at. */
  command: z.ZodType<ResourceCommandRequest>;
  search: z.ZodType<ResourceSearchRequest>;
  searchResponse: z.ZodType<ResourceSearchAnswer, ResourceSearchAnswer>;
  idParams: z.ZodType<{ Id: number }>;
  item: z.ZodType<ResourceRecord, ResourceRecord>;
  export: z.ZodType<ResourceExportRequest>;
  deleteResponse: z.ZodType<{ Success: true }, { Success: true }>;
  bulkUploadResponse: z.ZodType<ResourceBulkUploadAnswer, ResourceBulkUploadAnswer>;
  /** A lifecycle record's history (ResourceDef.lifecycle), oldest first. */
  eventsResponse: z.ZodType<{ Items: RecordEvent[] }, { Items: RecordEvent[] }>;
}

/** The schemas of one resource (see guides practice 4 for the list shape). */
export function resourceSchemas(def: ResourceDef): ResourceSchemas {
  const entries = Object.entries(def.fields);
  const writable = entries.filter(([, f]) => !f.readOnly);
  const owned = def.scope === 'owned' ? { OrgId: Id.optional() } : {};
  // Secret fields are optional on write: empty or absent keeps the stored value.
  const createShape = Object.fromEntries(writable.map(([k, f]) => [k, f.optional || f.secret ? f.schema.optional() : f.schema]));
  // The resource's cross-field rule (if any) reports on the field it names.
  const ruled = <T extends z.ZodType>(schema: T): T => {
    const rule = def.refine;
    if (!rule) return schema;
    return schema.superRefine((value, ctx) => {
      const broken = rule(value as Record<string, unknown>);
      if (broken) ctx.addIssue({ code: 'custom', path: [broken.field], message: broken.message });
    }) as T;
  };
  const create = ruled(z.object({ ...createShape, ...owned }).strict());
  const update = ruled(z.object({ ...Object.fromEntries(writable.filter(([, f]) => !f.createOnly).map(([k, f]) => [k, f.schema.optional()])), Id, Version }).strict());
  const filters = Object.fromEntries(entries.filter(([, f]) => f.filter).map(([k, f]) => [k, filterSchema(f).optional()]));
  const sortable = entries.filter(([, f]) => f.sortable).map(([k]) => k);
  const sortFields = ['Id', 'CreatedAt', 'UpdatedAt', ...sortable] as [string, ...string[]];
  // OrgId: the records of one owner organization (links and tests; the screens filter by name and level).
  const ownerFilter = def.scope === 'owned' ? { OrgId: Id.optional() } : {};
  const searchData = z.object({ ...filters, ...ownerFilter, IsActive: Flag.optional(), Keyword: z.string().trim().max(100).optional() }).strict().default({});
  const sort = z.object({ Field: z.enum(sortFields), Order: SortOrder }).default({ Field: def.defaultSort.Field, Order: def.defaultSort.Order });
  const search = z.object({
    PageIndex: z.coerce.number().int().min(1).max(100_000).default(1),
    RowsPerPage: z.coerce.number().int().min(1).max(999).default(20),
    SearchData: searchData,
    Sort: sort,
  });
  const item = z.object({
    Id: z.number().int(),
    Version: z.number().int(),
    IsActive: z.number().int(),
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
    ...(def.scope === 'owned' ? { OrgId: z.number().int().nullable(), OrgName: z.string().nullable() } : {}),
    ...Object.fromEntries(entries.map(([k, f]) => [k, answerSchema(f)])),
    ...(def.listOwners ? { Configured: z.boolean() } : {}),
  });
  // A list over the owner organizations (def.listOwners) also answers organizations without a
  // record: their system columns and fields are null.
  const listItem = def.listOwners
    ? item.extend({
        Id: z.number().int().nullable(),
        Version: z.number().int().nullable(),
        IsActive: z.number().int().nullable(),
        CreatedAt: z.string().nullable(),
        UpdatedAt: z.string().nullable(),
        ...Object.fromEntries(entries.filter(([, f]) => !f.owner).map(([k, f]) => [k, answerSchema(f).nullable()])),
      })
    : item;
  return {
    create,
    update,
    setStatus: z.object({ Id, IsActive: Flag, Version }).strict(),
    command: z.object({ Id, Version, Note: z.string().trim().min(1).max(250).optional() }).strict(),
    search,
    searchResponse: z.object({ Items: z.array(listItem), TotalRecords: z.number().int(), PageIndex: z.number().int(), RowsPerPage: z.number().int() }),
    idParams: z.object({ Id }),
    item,
    // Language: of the file's headers and option texts (the screen's language).
    export: z.object({ SearchData: searchData, Sort: sort, Format: z.enum(['xlsx', 'csv']).default('xlsx'), Language: z.enum(ENUM_LABEL_LANGUAGES).default('en') }),
    deleteResponse: z.object({ Success: z.literal(true) }),
    bulkUploadResponse: z.object({ Applied: z.number().int(), Created: z.number().int(), Updated: z.number().int() }),
    eventsResponse: z.object({ Items: z.array(RecordEvent) }),
  };
}

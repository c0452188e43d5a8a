/**
 * Request and response schemas of a declared resource, derived from its fields so that the
 * server validates and the web form checks with the very same zod objects.
 */
import { z } from 'zod';
import { ENUM_LABEL_LANGUAGES } from '@paydesk/domain';
import { DbId, INT4_MAX, SortOrder } from '../common.ts';
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

/** The schemas of one resource (see guides practice 4 for the list shape). */
export function resourceSchemas(def: ResourceDef) {
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
  const update = ruled(z.object({ ...Object.fromEntries(writable.map(([k, f]) => [k, f.schema.optional()])), Id, Version }).strict());
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
    /** A declared command's request (ResourceDef.commands): the record and the Version it was read at. */
    command: z.object({ Id, Version }).strict(),
    search,
    searchResponse: z.object({ Items: z.array(listItem), TotalRecords: z.number().int(), PageIndex: z.number().int(), RowsPerPage: z.number().int() }),
    idParams: z.object({ Id }),
    item,
    // Language: of the file's headers and option texts (issue 9: the screen's language).
    export: z.object({ SearchData: searchData, Sort: sort, Format: z.enum(['xlsx', 'csv']).default('xlsx'), Language: z.enum(ENUM_LABEL_LANGUAGES).default('en') }),
    deleteResponse: z.object({ Success: z.literal(true) }),
    bulkUploadResponse: z.object({ Applied: z.number().int(), Created: z.number().int(), Updated: z.number().int() }),
  };
}

export type ResourceSchemas = ReturnType<typeof resourceSchemas>;

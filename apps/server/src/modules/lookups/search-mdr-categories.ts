/**
 * MDRCategory/Search (§7 Lookups, §9 page size 999): MDR categories filtered by ServiceType,
 * CategoryCode (exact, case-insensitive) and IsActive, paged by PageIndex (from 1) and
 * RowsPerPage; by service type, then category code. Inactive categories are listed unless
 * IsActive filters them out: this is the administration search, not a picker.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { MdrCategorySearchRequest } from '@paydesk/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { mdrCategories as m } from '../../db/schema/index.ts';

export async function searchMdrCategories(database: Database, q: z.infer<typeof MdrCategorySearchRequest>) {
  const f = q.SearchData;
  const where = and(
    f.ServiceType !== undefined ? eq(m.serviceType, f.ServiceType) : undefined,
    f.CategoryCode ? sql`upper(${m.categoryCode}) = upper(${f.CategoryCode})` : undefined,
    f.IsActive !== undefined ? eq(m.isActive, f.IsActive) : undefined,
  );
  const [entities, [total]] = await Promise.all([
    database.db
      .select({ Id: m.id, CategoryCode: m.categoryCode, CategoryName: m.categoryName, ServiceType: m.serviceType, IsActive: m.isActive })
      .from(m)
      .where(where)
      .orderBy(asc(m.serviceType), asc(m.categoryCode), asc(m.id))
      .limit(q.RowsPerPage)
      .offset((q.PageIndex - 1) * q.RowsPerPage),
    database.db.select({ n: count() }).from(m).where(where),
  ]);
  return { Entities: entities, TotalRecords: Number(total?.n ?? 0), PageIndex: q.PageIndex, RowsPerPage: q.RowsPerPage };
}

/**
 * Scoped organization picker (§6 selector lists): organizations of one level inside the caller's
 * subtree, optionally under a parent and matching a name, at most 500, by name.
 */
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { OrgLevel } from '@paydesk/domain';
import type { Database } from '../../db/client.ts';
import { organizations as o } from '../../db/schema/index.ts';
import { orgSubtreeCondition, type Scope } from '../../platform/scope.ts';

export async function getOrgSelection(database: Database, scope: Scope, q: { Level: OrgLevel; ParentId?: number; Search?: string }) {
  const parent = q.ParentId
    ? sql`${o.path} LIKE (SELECT p.path || '%' FROM organizations p WHERE p.id = ${q.ParentId})`
    : undefined;
  const rows = await database.db
    .select({ Id: o.id, Name: o.name, Level: o.level })
    .from(o)
    .where(and(orgSubtreeCondition(scope, o.path), eq(o.level, q.Level), parent, q.Search ? ilike(o.name, `%${q.Search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`) : undefined))
    .orderBy(asc(o.name))
    .limit(500);
  return rows;
}

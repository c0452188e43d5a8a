/**
 * GetUserGroupList (§7 Lookups): the portal user groups the caller may assign. SUPERADMIN gets
 * every group, active or not; anyone else the active groups of its own type or a type below it
 * in the hierarchy (`GROUP_TYPES` is ordered highest first) that hold no permission the caller's
 * group lacks — the ones /user-management lets it grant (users/membership-rules.ts), so its picker
 * offers no group the server would refuse. By hierarchy, then name.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { GROUP_TYPES, type GroupType } from '@paydesk/domain';
import type { Database } from '../../db/client.ts';
import { userGroups as g } from '../../db/schema/index.ts';
import type { Scope } from '../../platform/scope.ts';

/** The group types a caller of `type` may see: its own and every one below it. */
export function assignableGroupTypes(type: GroupType): GroupType[] {
  return GROUP_TYPES.slice(GROUP_TYPES.indexOf(type));
}

export async function getUserGroupList(database: Database, scope: Scope) {
  const all = scope.groupType === 'SUPERADMIN';
  const rows = await database.db
    .select({ Id: g.id, Name: g.name, GroupType: g.groupType, IsActive: g.isActive })
    .from(g)
    .where(
      all
        ? undefined
        : and(
            eq(g.isActive, 1),
            inArray(g.groupType, assignableGroupTypes(scope.groupType)),
            // drizzle writes an array as a parenthesised list of parameters; an empty one lists nothing.
            scope.permissions.size
              ? sql`NOT EXISTS (SELECT 1 FROM user_group_permissions p WHERE p.group_id = ${g.id} AND p.permission NOT IN ${[...scope.permissions]})`
              : sql`NOT EXISTS (SELECT 1 FROM user_group_permissions p WHERE p.group_id = ${g.id})`,
          ),
    )
    .orderBy(asc(g.name), asc(g.id));
  const rank = (t: string) => GROUP_TYPES.indexOf(t as GroupType);
  return rows.sort((a, b) => rank(a.GroupType) - rank(b.GroupType));
}

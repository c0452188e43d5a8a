/**
 * The rules of granting memberships, checked for every membership an Invite or
 * an Update asks for:
 * - the company is in the caller's subtree and active (null = the platform: SUPERADMIN callers only);
 * - the group is active and its type is the company's level (a platform membership: a SUPERADMIN group);
 * - nobody grants a permission it does not hold: every permission of the group is held by the
 *   caller's current group (403 naming the group otherwise).
 * A company outside the subtree reads as absent (404), like any other tenant's record.
 */
import { ERROR_CODES, type GroupType } from '@paydesk/domain';
import type { MembershipInput } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { inSubtreeSql, isPlatform } from './user-access.ts';

/** A membership that passed the rules: company (null = platform) and group. */
export interface GrantedMembership {
  orgId: number | null;
  groupId: number;
}

/**
 * Checks each of `wanted` against the rules above through `q` (inside the writing transaction).
 * Resolves with them when all pass; throws 404 NF404 (company not in scope, group unknown), 400
 * VAL400 (group type does not fit the company, inactive group or company) or 403 PERM403
 * (platform membership by a non-SUPERADMIN, or a group holding a permission the caller lacks).
 */
export async function checkGrants(q: Query, scope: Scope, wanted: readonly MembershipInput[]): Promise<GrantedMembership[]> {
  const out: GrantedMembership[] = [];
  for (const [i, m] of wanted.entries()) {
    const field = `Memberships.${i}`;
    const [group] = await q<{ id: number; name: string; group_type: GroupType; is_active: number; perms: string[] }>(
      `SELECT g.id, g.name, g.group_type, g.is_active,
              coalesce((SELECT array_agg(p.permission) FROM user_group_permissions p WHERE p.group_id = g.id), '{}') AS perms
         FROM user_groups g WHERE g.id = $1`,
      [m.GroupId],
    );
    if (!group) throw notFound(`${field}.GroupId: user group`);
    if (m.CompanyId === null) {
      if (!isPlatform(scope)) throw new AppError(403, ERROR_CODES.FORBIDDEN, `${field}.CompanyId: only a platform administrator grants platform memberships`);
      if (group.group_type !== 'SUPERADMIN') throw new AppError(400, ERROR_CODES.VALIDATION, `${field}.GroupId: a platform membership takes a SUPERADMIN group, not ${group.group_type}`);
    } else {
      const sub = inSubtreeSql(scope, 'o.path', 2);
      const [org] = await q<{ id: number; level: string; is_active: number }>(`SELECT o.id, o.level, o.is_active FROM organizations o WHERE o.id = $1 AND ${sub.text}`, [m.CompanyId, ...sub.values]);
      if (!org) throw notFound(`${field}.CompanyId: company`);
      if (Number(org.is_active) !== 1) throw new AppError(400, ERROR_CODES.VALIDATION, `${field}.CompanyId: the company is inactive`);
      if (group.group_type !== org.level) throw new AppError(400, ERROR_CODES.VALIDATION, `${field}.GroupId: group '${group.name}' is for ${group.group_type}, the company is a ${org.level}`);
    }
    if (Number(group.is_active) !== 1) throw new AppError(400, ERROR_CODES.VALIDATION, `${field}.GroupId: group '${group.name}' is inactive`);
    const lacking = group.perms.filter((p) => !scope.permissions.has(p)).sort();
    if (lacking.length > 0) {
      throw new AppError(403, ERROR_CODES.FORBIDDEN, `${field}.GroupId: group '${group.name}' holds permissions you do not hold (${lacking.slice(0, 5).join(', ')}${lacking.length > 5 ? ', …' : ''})`);
    }
    out.push({ orgId: m.CompanyId, groupId: m.GroupId });
  }
  return out;
}

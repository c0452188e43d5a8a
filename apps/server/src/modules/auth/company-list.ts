import type { Company } from '@paydesk/contract';
import type { Database } from '../../db/client.ts';

/**
 * The memberships a user can switch between (the Login answer's CompanyList): active groups
 * only, the default membership first. Platform memberships read "Platform" as company name.
 */
export async function companyList(database: Database, userId: number, productName: string): Promise<(Company & { IsDefault: boolean })[]> {
  const rows = await database.query<{ mid: number; org_id: number | null; org_name: string | null; gid: number; gname: string; gtype: Company['GroupType']; is_default: boolean }>(
    `SELECT m.id AS mid, m.org_id, o.name AS org_name, g.id AS gid, g.name AS gname, g.group_type AS gtype, m.is_default
       FROM memberships m
       JOIN user_groups g ON g.id = m.group_id AND g.is_active = 1
       LEFT JOIN organizations o ON o.id = m.org_id
      WHERE m.user_id = $1 AND (o.id IS NULL OR o.is_active = 1)
      ORDER BY m.is_default DESC, m.id`,
    [userId],
  );
  return rows.map((r) => ({
    MembershipId: r.mid,
    CompanyId: r.org_id,
    CompanyName: r.org_name ?? `${productName} Platform`,
    GroupId: r.gid,
    GroupName: r.gname,
    GroupType: r.gtype,
    IsDefault: r.is_default,
  }));
}

/**
 * Who a risk alert may be given to (the desk's "Assign to", issue 29 item 3): the colleagues who
 * could take it themselves and whom the caller may see. A user qualifies when:
 *  - the user is active, and one of the user's memberships has an active group holding
 *    `risk:assign` (the permission of taking an alert),
 *  - that membership sees the alert: a platform (SUPERADMIN) membership, or one in an active
 *    company that is one of the alert's owners (its master merchant, agency, agent, merchant HQ
 *    or branch),
 *  - and that membership lies in the caller's own subtree (the platform sees every membership), so a
 *    merchant's staff are never offered, nor shown, the platform's staff or another tenant's,
 *  - and the user is neither the caller (who takes it with "Take") nor its current assignee.
 * At most ASSIGNEE_LIMIT, by e-mail.
 */
import type { Query } from '../../db/client.ts';
import type { Scope } from '../../platform/scope.ts';

/** Colleagues offered at most (a picker, not a directory; a larger team narrows by typing). */
export const ASSIGNEE_LIMIT = 200;

/** A colleague an alert may be given to. */
export interface Assignee {
  Id: number;
  Email: string;
}

/**
 * The colleagues `scope` may give alert `alertId` to (see the file's comment), by e-mail; empty
 * when the alert is absent or outside the caller's scope (the caller checks that first).
 */
export async function alertAssignees(q: Query, scope: Scope, alertId: number): Promise<Assignee[]> {
  const platform = scope.orgPath === null && scope.groupType === 'SUPERADMIN';
  // A non-platform caller without a company sees nobody.
  if (!platform && scope.orgPath === null) return [];
  const rows = await q<{ id: number; email: string }>(
    `SELECT DISTINCT u.id, u.email
       FROM risk_alerts a
       JOIN memberships m ON (m.org_id IS NULL OR m.org_id IN (a.master_merchant_id, a.agency_id, a.agent_id, a.merchant_id, a.branch_id))
       JOIN users u ON u.id = m.user_id AND u.is_active = 1
       JOIN user_groups g ON g.id = m.group_id AND g.is_active = 1
       LEFT JOIN organizations o ON o.id = m.org_id
      WHERE a.id = $1
        AND EXISTS (SELECT 1 FROM user_group_permissions p WHERE p.group_id = g.id AND p.permission = 'risk:assign')
        AND (m.org_id IS NULL AND g.group_type = 'SUPERADMIN' OR o.is_active = 1)
        AND ($2::text IS NULL OR (m.org_id IS NOT NULL AND o.path LIKE $2 || '%'))
        AND u.id <> $3 AND u.id IS DISTINCT FROM a.assignee_user_id
      ORDER BY u.email
      LIMIT ${ASSIGNEE_LIMIT}`,
    [alertId, platform ? null : scope.orgPath, scope.userId],
  );
  return rows.map((r) => ({ Id: Number(r.id), Email: String(r.email) }));
}

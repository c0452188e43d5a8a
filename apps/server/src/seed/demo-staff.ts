/**
 * The demo's platform staff as the modules' functions take a caller: one SUPERADMIN scope per
 * active user with a platform membership (no company), admin@paydesk.my first, with the
 * permissions its group holds. The desks' demo records (ZMK ceremonies, firmware, RM
 * applications) are written through the modules as these people, so the records name real users.
 */
import type { Query } from '../db/client.ts';
import type { Scope } from '../platform/scope.ts';

/** A platform user as the demo acts through it: its scope and when its account was made (UTC ms). */
export interface DemoStaff {
  scope: Scope;
  /** users.created_at (UTC ms): the user acts only after it. */
  createdAt: number;
}

/** The active platform users (see the file comment), admin@paydesk.my first, then by id; [] when there are none. */
export async function platformStaff(q: Query): Promise<DemoStaff[]> {
  const rows = await q<{ id: number; email: string; membership_id: number; created_at: Date; permissions: string[] | null }>(
    `SELECT u.id, u.email, m.id AS membership_id, u.created_at,
            (SELECT array_agg(p.permission ORDER BY p.permission) FROM user_group_permissions p WHERE p.group_id = m.group_id) AS permissions
     FROM users u
     JOIN memberships m ON m.user_id = u.id AND m.org_id IS NULL
     JOIN user_groups g ON g.id = m.group_id AND g.group_type = 'SUPERADMIN'
     WHERE u.is_active = 1
     ORDER BY lower(u.email) = 'admin@paydesk.my' DESC, u.id, m.is_default DESC`,
  );
  const seen = new Set<number>();
  const staff: DemoStaff[] = [];
  for (const r of rows) {
    const id = Number(r.id);
    if (seen.has(id)) continue;
    seen.add(id);
    staff.push({
      scope: {
        userId: id, email: r.email, sessionId: 'demo-seed', membershipId: Number(r.membership_id), groupType: 'SUPERADMIN',
        orgId: null, orgLevel: null, orgPath: null, permissions: new Set(r.permissions ?? []),
      },
      createdAt: new Date(r.created_at).getTime(),
    });
  }
  return staff;
}

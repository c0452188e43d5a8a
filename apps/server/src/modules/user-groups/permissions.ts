/**
 * The permission editor of /user-group (permission `usergroup:editpermission`):
 *  - GET /api/portal/UserGroup/Permissions/:Id → {GroupId, GroupType, Version, Permissions, Catalogue};
 *  - PUT /api/portal/UserGroup/SetPermissions {Id, Version, Permissions} replaces the whole set in
 *    the operation's transaction, version-checked (CF409 when stale); its one SET_PERMISSIONS
 *    audit row (written by the platform) has before and after (Version and Permissions) and the
 *    added and removed permissions as detail.
 * Only catalogue permissions are accepted (VAL400 naming the unknown ones), and only those a group
 * of its type may hold: a SUPERADMIN group any; a merchant-side group never a platform module
 * (configuration, providers, logs, master-merchant profiles), whose rows are not scoped to a
 * subtree. Nobody can take `usergroup:editpermission` away from the group they are signed in with.
 * Sessions are cached briefly (auth/session-store.ts), but the auth guard forgets them when this
 * answer succeeds (module `usergroup`), so a change applies to the members' next request without
 * signing in again (on other servers within SESSION_CACHE_MS).
 */
import type { z } from 'zod';
import type { SetUserGroupPermissionsRequest } from '@paydesk/contract';
import { ERROR_CODES, PERMISSION_CATALOGUE, defaultPermissions, isKnownPermission, permissionsByModule, type GroupType } from '@paydesk/domain';
import type { Scope } from '../../platform/scope.ts';
import type { Query } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { AuditNote } from '../../platform/operation.ts';

const EDIT_PERMISSION = 'usergroup:editpermission';

/**
 * The permissions a group of `type` may hold. Merchant-side groups: the master merchant's default
 * set, the largest merchant-side one (every lower level's default set is inside it).
 */
export function assignablePermissions(type: GroupType): ReadonlySet<string> {
  return new Set(type === 'SUPERADMIN' ? PERMISSION_CATALOGUE : defaultPermissions('MASTER_MERCHANT'));
}

/** The catalogue grouped by module, limited to what a group of `type` may hold. */
function catalogueFor(type: GroupType) {
  const allowed = assignablePermissions(type);
  return Object.entries(permissionsByModule())
    .map(([Module, list]) => ({ Module, Permissions: list.filter((p) => allowed.has(p.permission)).map((p) => ({ Permission: p.permission, LabelKey: p.labelKey })) }))
    .filter((m) => m.Permissions.length > 0);
}

interface GroupRow {
  id: number;
  group_type: GroupType;
  version: number;
}

async function permissionsOf(q: Query, groupId: number): Promise<string[]> {
  return (await q<{ permission: string }>('SELECT permission FROM user_group_permissions WHERE group_id = $1 ORDER BY permission', [groupId])).map((r) => r.permission);
}

const answer = (g: GroupRow, permissions: string[]) => ({
  GroupId: Number(g.id),
  GroupType: g.group_type,
  Version: Number(g.version),
  Permissions: permissions,
  Catalogue: catalogueFor(g.group_type),
});

/** The permissions of group `id` and the catalogue it may choose from; throws NF404 for an unknown group. */
export async function getPermissions(q: Query, id: number) {
  const [g] = await q<GroupRow>('SELECT id, group_type, version FROM user_groups WHERE id = $1', [id]);
  if (!g) throw notFound('UserGroup');
  return answer(g, await permissionsOf(q, g.id));
}

/**
 * Replaces the permissions of group `body.Id` through the operation's transaction `q` (see the
 * module comment), notes before, after and the difference for its audit row, and resolves with
 * the group as `getPermissions` answers it; `at` (UTC) is the group's updated_at. Throws VAL400 (unknown permission, one the group's
 * type may not hold, or the caller's own `usergroup:editpermission`), NF404, CF409 (stale Version).
 */
export async function setPermissions(q: Query, scope: Scope, body: z.output<typeof SetUserGroupPermissionsRequest>, audit: (note: AuditNote) => void, at: Date) {
  const wanted = [...new Set(body.Permissions)].sort();
  const unknown = wanted.filter((p) => !isKnownPermission(p));
  if (unknown.length) throw badInput('Permissions', `unknown permission${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`);
  const [g] = await q<GroupRow>('SELECT id, group_type, version FROM user_groups WHERE id = $1 FOR UPDATE', [body.Id]);
  if (!g) throw notFound('UserGroup');
  if (Number(g.version) !== body.Version) {
    throw new AppError(409, ERROR_CODES.CONFLICT, `Version: the UserGroup was changed by someone else (now version ${g.version}); reload and try again`);
  }
  const allowed = assignablePermissions(g.group_type);
  const refused = wanted.filter((p) => !allowed.has(p));
  if (refused.length) throw badInput('Permissions', `a ${g.group_type} group cannot hold ${refused.join(', ')}`);
  const [own] = await q<{ group_id: number }>('SELECT group_id FROM memberships WHERE id = $1', [scope.membershipId]);
  if (own && Number(own.group_id) === Number(g.id) && !wanted.includes(EDIT_PERMISSION)) {
    throw badInput('Permissions', `you cannot remove ${EDIT_PERMISSION} from the group you are signed in with`);
  }

  const before = await permissionsOf(q, g.id);
  const added = wanted.filter((p) => !before.includes(p));
  const removed = before.filter((p) => !wanted.includes(p));
  if (removed.length) await q('DELETE FROM user_group_permissions WHERE group_id = $1 AND permission = ANY($2::text[])', [g.id, removed]);
  if (added.length) await q('INSERT INTO user_group_permissions (group_id, permission) SELECT $1, unnest($2::text[])', [g.id, added]);
  const [bumped] = await q<{ version: number }>('UPDATE user_groups SET version = version + 1, updated_at = $2 WHERE id = $1 RETURNING version', [g.id, at]);
  const after = await permissionsOf(q, g.id);
  audit({
    targetId: Number(g.id),
    before: { Version: Number(g.version), Permissions: before },
    after: { Version: Number(bumped!.version), Permissions: after },
    detail: { added, removed },
  });
  return answer({ ...g, version: Number(bumped!.version) }, after);
}

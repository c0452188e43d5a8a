/**
 * POST /api/portal/UserManagement/Update: a user's name and phone, and its
 * memberships inside the caller's subtree, with the Version last read (stale → 409 CF409). The
 * given memberships replace the in-scope ones (each checked by membership-rules.ts); memberships
 * outside the caller's subtree are kept untouched. The name and phone belong to the whole account,
 * so they change only for a user the caller controls (user-access.ts). A removed membership's
 * sessions end at once; the caller cannot remove the membership it is signed in with. Runs in the
 * operation's transaction; its USER_UPDATE audit row (written by the platform) has before and after.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES } from '@paydesk/domain';
import type { UpdateUserRequest } from '@paydesk/contract';
import { AppError } from '../../platform/errors.ts';
import type { ActionCall } from './account-actions.ts';
import { checkGrants } from './membership-rules.ts';
import { controlsUser, inSubtreeSql, isPlatform, requireVersion, requireVisibleUser, toUserRows } from './user-access.ts';

/** Resolves with the user as it now is; throws AppError (NF404, CF409, VAL400, PERM403). */
export async function updateUser(app: FastifyInstance, call: ActionCall, input: z.output<typeof UpdateUserRequest>) {
  const { q, scope, now } = call;
  const { productName } = call.settings;
  // Lock the row first, so the version read below cannot change before this write.
  await q(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [input.Id]);
  const user = await requireVisibleUser(q, scope, input.Id);
  requireVersion(user.version, input.Version);
  const phone = input.Phone || null;
  if ((input.NickName !== user.nick_name || phone !== user.phone) && !(await controlsUser(q, scope, user.id))) {
    throw new AppError(403, ERROR_CODES.FORBIDDEN, 'NickName: this user also works outside your organization, so only an administrator above it changes its name and phone');
  }
  const grants = await checkGrants(q, scope, input.Memberships);
  const sub = inSubtreeSql(scope, 'o.path', 2);
  const inScope = await q<{ id: number; org_id: number | null; group_id: number; is_default: boolean }>(
    `SELECT m.id, m.org_id, m.group_id, m.is_default FROM memberships m LEFT JOIN organizations o ON o.id = m.org_id
      WHERE m.user_id = $1 AND ${isPlatform(scope) ? 'true' : `o.id IS NOT NULL AND ${sub.text}`}`,
    [user.id, ...sub.values],
  );
  const key = (orgId: number | null, groupId: number) => `${orgId ?? 'P'}:${groupId}`;
  const wanted = new Set(grants.map((g) => key(g.orgId, g.groupId)));
  const removed = inScope.filter((m) => !wanted.has(key(m.org_id, m.group_id)));
  if (removed.some((m) => m.id === scope.membershipId)) {
    throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Memberships: you cannot remove the membership you are signed in with');
  }
  if (removed.length > 0) {
    const ids = removed.map((m) => m.id);
    // Sessions reference their membership: they end with it.
    await q(`DELETE FROM sessions WHERE membership_id = ANY($1::int[])`, [ids]);
    await q(`DELETE FROM memberships WHERE id = ANY($1::int[])`, [ids]);
  }
  const have = new Set(inScope.map((m) => key(m.org_id, m.group_id)));
  for (const g of grants.filter((g) => !have.has(key(g.orgId, g.groupId)))) {
    await q(`INSERT INTO memberships (user_id, org_id, group_id, is_default) VALUES ($1, $2, $3, false)`, [user.id, g.orgId, g.groupId]);
  }
  // Keep one default membership (sign-in starts there).
  await q(
    `UPDATE memberships SET is_default = true WHERE id = (SELECT min(id) FROM memberships WHERE user_id = $1)
       AND NOT EXISTS (SELECT 1 FROM memberships WHERE user_id = $1 AND is_default)`,
    [user.id],
  );
  await q(`UPDATE users SET nick_name = $2, phone = $3, version = version + 1 WHERE id = $1`, [user.id, input.NickName, phone]);
  call.audit({
    targetId: user.id,
    before: { nickName: user.nick_name, phone: user.phone, memberships: inScope.map((m) => ({ orgId: m.org_id, groupId: m.group_id })) },
    after: { nickName: input.NickName, phone, memberships: grants },
  });
  const fresh = await requireVisibleUser(q, scope, user.id);
  const [row] = await toUserRows(q, scope, [fresh], now(), productName);
  return row!;
}

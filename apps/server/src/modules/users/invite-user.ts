/**
 * POST /api/portal/UserManagement/Invite: creates a user without a password, its memberships
 * (checked by membership-rules.ts: in scope, fitting group types, no permission the caller lacks)
 * and an invitation link e-mailed through the outbox, all in the operation's transaction with its
 * USER_INVITE audit row (the new user as target, its e-mail, name, phone and memberships as
 * `after`). The first membership is the default one. An e-mail already in use answers 409 CF409
 * (also when the user is outside the caller's scope: e-mails are unique portal-wide).
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES } from '@paydesk/domain';
import type { InviteUserRequest } from '@paydesk/contract';
import { AppError } from '../../platform/errors.ts';
import type { ActionCall } from './account-actions.ts';
import { checkGrants } from './membership-rules.ts';
import { sendUserLink } from './user-links.ts';

/** Resolves with the new user's id; throws AppError (CF409, NF404, VAL400, PERM403). */
export async function inviteUser(app: FastifyInstance, call: ActionCall, input: z.output<typeof InviteUserRequest>): Promise<{ Id: number }> {
  const { q, req, scope } = call;
  const grants = await checkGrants(q, scope, input.Memberships);
  const [taken] = await q(`SELECT 1 FROM users WHERE lower(email) = lower($1)`, [input.Email]);
  if (taken) throw new AppError(409, ERROR_CODES.CONFLICT, 'Email: a user with this e-mail address already exists');
  const [user] = await q<{ id: number }>(
    `INSERT INTO users (email, nick_name, phone, password_hash, invited_by_user_id, created_at) VALUES ($1, $2, $3, NULL, $4, $5)
     ON CONFLICT DO NOTHING RETURNING id`,
    [input.Email, input.NickName, input.Phone || null, scope.userId, call.now()],
  );
  // A concurrent invite of the same e-mail won the unique index.
  if (!user) throw new AppError(409, ERROR_CODES.CONFLICT, 'Email: a user with this e-mail address already exists');
  for (const [i, g] of grants.entries()) {
    await q(`INSERT INTO memberships (user_id, org_id, group_id, is_default) VALUES ($1, $2, $3, $4)`, [user.id, g.orgId, g.groupId, i === 0]);
  }
  await sendUserLink(app, req, q, { id: user.id, email: input.Email, nickName: input.NickName }, 'INVITE', scope.userId, call.settings.productName);
  call.audit({ targetId: user.id, after: { email: input.Email, nickName: input.NickName, phone: input.Phone || null, memberships: grants } });
  return { Id: user.id };
}

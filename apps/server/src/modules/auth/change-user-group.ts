/**
 * POST /api/portal/auth/ChangeUserUserGroup (§6, §7): moves the caller's session to another of
 * its memberships and answers `JWT.access_token`; permissions, menu and scope change at once
 * because they are read from the session on every request. Errors: VAL400 when the membership
 * is not the caller's; MFA403 (auth guard) while the user must enrol two-factor sign-in — the
 * requirement is the user's, so a switch could not lift it anyway, and refusing it keeps the
 * session where it signed in. Audited here, a refused switch too (GROUP_SWITCH FAILURE), so the
 * route declares no `audit`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeUserGroupRequest } from '@paydesk/contract';
import type { z } from 'zod';
import { badInput } from '../../platform/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { liveSettings } from '../../platform/settings.ts';
import type { Scope } from '../../platform/scope.ts';
import { setSessionCookies } from '../../auth/cookies.ts';
import { loadSession, switchSessionMembership } from '../../auth/session-store.ts';
import { issueToken } from '../../auth/tokens.ts';
import { companyList } from './company-list.ts';

/**
 * Moves the caller's session (`scope`) to membership `MembershipId`, sets the new cookies on
 * `reply` and resolves with `{JWT}`; throws VAL400 (audited as a failed switch) when the
 * membership is not one of the caller's active ones.
 */
export async function changeUserGroup(app: FastifyInstance, { MembershipId }: z.output<typeof ChangeUserGroupRequest>, { scope, req, reply }: { scope: Scope; req: FastifyRequest; reply: FastifyReply }) {
  const { database, config, keys, now } = app.ctx;
  const companies = await companyList(database, scope.userId, (await liveSettings(app.ctx)).productName);
  const target = companies.find((c) => c.MembershipId === MembershipId);
  if (!target) {
    await writeAudit(database, req, { action: 'GROUP_SWITCH', result: 'FAILURE', actorUserId: scope.userId, actorEmail: scope.email, detail: { MembershipId } });
    throw badInput('MembershipId', 'is not one of your user groups');
  }
  await switchSessionMembership(database, scope.sessionId, MembershipId);
  const token = await issueToken(keys.jwtKey, scope.sessionId, scope.userId, now().getTime());
  const session = await loadSession(database, scope.sessionId);
  setSessionCookies(req, reply, token, session?.scope.permissions ?? [], config.secureCookies);
  await writeAudit(database, req, {
    action: 'GROUP_SWITCH',
    result: 'SUCCESS',
    actorUserId: scope.userId,
    actorEmail: scope.email,
    targetType: 'membership',
    targetId: MembershipId,
    before: { membershipId: scope.membershipId },
    after: { membershipId: MembershipId },
  });
  return { JWT: { toke_type: 'Bearer' as const, access_token: token } };
}

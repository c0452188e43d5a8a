/**
 * POST /api/portal/auth/Logout: revokes the session on the server (its token then gets SC499)
 * and clears the cookies through response headers. Audited here (LOGOUT of the session) after
 * the revocation, so the route declares no `audit`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { writeAudit } from '../../platform/audit.ts';
import type { Scope } from '../../platform/scope.ts';
import { clearSessionCookies } from '../../auth/cookies.ts';
import { revokeSession } from '../../auth/session-store.ts';

/** Ends the caller's session (`scope`) and clears its cookies on `reply`; resolves with `{Success: true}`. */
export async function signOut(app: FastifyInstance, { scope, req, reply }: { scope: Scope; req: FastifyRequest; reply: FastifyReply }) {
  await revokeSession(app.ctx.database, scope.sessionId, app.ctx.now());
  clearSessionCookies(reply);
  await writeAudit(app.ctx.database, req, { action: 'LOGOUT', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'session', targetId: scope.sessionId });
  return { Success: true as const };
}

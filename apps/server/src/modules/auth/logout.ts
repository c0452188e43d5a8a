/**
 * POST /api/portal/auth/Logout: revokes the session on the server (its token then gets SC499)
 * and clears the cookies through response headers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { writeAudit } from '../../platform/audit.ts';
import { scopeOf } from '../../platform/scope.ts';
import { clearSessionCookies } from '../../auth/cookies.ts';
import { revokeSession } from '../../auth/session-store.ts';

export function logoutHandler(app: FastifyInstance) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const scope = scopeOf(req);
    await revokeSession(app.ctx.database, scope.sessionId, app.ctx.now());
    clearSessionCookies(reply);
    await writeAudit(app.ctx.database, req, { action: 'LOGOUT', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'session', targetId: scope.sessionId });
    return { Success: true as const };
  };
}

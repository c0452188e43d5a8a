/**
 * Refused attempts leave a record: a request refused for permission (PERM403),
 * for reaching outside the caller's scope (NF404 thrown by a scoped handler, e.g. another tenant's
 * id — an unknown URL is answered by the not-found handler, is no error and is not recorded), for
 * a locked account (AUTH423) or by the secure channel (SEC400/401/404/408/409) is audited as
 * `REFUSED`, result FAILURE, with
 *  - actor: the request's scope when the guard set it, else the user of the request's token when
 *    that token verifies (the permission check runs before the scope is set), else none;
 *  - target: targetType 'route', targetId 'METHOD /route/:Pattern', and the path parameters in
 *    detail.params (each cut to 200 characters);
 *  - reason: detail.code, detail.reason (the error message) and detail.status;
 *  - the client-reported and socket addresses (writeAudit).
 * It is an `onError` hook (Fastify 5 runs onError for errors thrown by hooks such as the secure
 * channel's and the auth guard's preValidation, and by handlers, before the error handler). The
 * record is written in the background: the answer never waits for it and a failed write is only
 * logged.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@paydesk/domain';
import { tokenOf } from './auth-guard.ts';
import { verifyToken } from './tokens.ts';
import { writeAudit } from '../platform/audit.ts';
import { AppError } from '../platform/errors.ts';

/** The error codes whose refusals are recorded. */
export const AUDITED_REFUSALS: ReadonlySet<string> = new Set([
  ERROR_CODES.FORBIDDEN,
  ERROR_CODES.NOT_FOUND,
  ERROR_CODES.ACCOUNT_LOCKED,
  ERROR_CODES.BAD_SIGNATURE,
  ERROR_CODES.UNKNOWN_CHANNEL,
  ERROR_CODES.STALE_TIMESTAMP,
  ERROR_CODES.REPLAYED_NONCE,
  ERROR_CODES.BAD_PAYLOAD,
]);

const PARAM_MAX = 200;

/** The acting user: the guard's scope, else the verified token's user (looked up for the e-mail). */
async function actorOf(app: FastifyInstance, req: FastifyRequest): Promise<{ actorUserId: number | null; actorEmail: string | null }> {
  if (req.scope) return { actorUserId: req.scope.userId, actorEmail: req.scope.email };
  const found = tokenOf(req);
  const claims = found ? verifyToken(app.ctx.keys.jwtKey, found.token, app.ctx.now().getTime()) : null;
  if (!claims) return { actorUserId: null, actorEmail: null };
  const [user] = await app.ctx.database.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [claims.uid]);
  return { actorUserId: claims.uid, actorEmail: user?.email ?? null };
}

/** Path parameters as recorded: strings cut to PARAM_MAX characters (a hostile path can be long). */
function paramsOf(req: FastifyRequest): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const params = (req.params ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === 'string' && v.length > PARAM_MAX ? `${v.slice(0, PARAM_MAX)}…` : v;
  return out;
}

async function record(app: FastifyInstance, req: FastifyRequest, err: AppError): Promise<void> {
  const actor = await actorOf(app, req);
  await writeAudit(app.ctx.database, req, {
    action: 'REFUSED',
    result: 'FAILURE',
    ...actor,
    targetType: 'route',
    targetId: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`,
    detail: { code: err.code, reason: err.message, status: err.status, params: paramsOf(req) },
  });
}

/**
 * Installs the refusal audit on `app` (once: a second call does nothing). Call it before the
 * routes are registered, right after the error handlers. Throws nothing at request time.
 */
export function installRefusalAudit(app: FastifyInstance): void {
  if (app.hasDecorator('refusalAuditInstalled')) return;
  app.decorate('refusalAuditInstalled', true);
  app.addHook('onError', (req: FastifyRequest, _reply: FastifyReply, error: FastifyError, done: () => void) => {
    try {
      if (error instanceof AppError && AUDITED_REFUSALS.has(error.code)) {
        void record(app, req, error).catch((e: unknown) => req.log.error({ err: e }, 'refusal audit failed'));
      }
    } catch (e) {
      req.log.error({ err: e }, 'refusal audit failed');
    }
    done();
  });
}

/**
 * The portal log (§2 /portal-log-files, issue 30 item 3): one log store entry per request answered
 * — method and route, status, duration, the signed-in user and group, the request id, and for a
 * refusal or failure its ErrorCode and message. Written from onResponse into the batched store
 * (platform/log-store.ts), so it never delays or fails the answer.
 *
 * Level: 1 info below 400, 5 warning for a refusal (4xx: the caller's input or rights), 9
 * exception for a failure (5xx). The web app's own files (scripts, styles, images: any GET outside
 * /api answered below 400) are not entries: thousands a day that say nothing about the portal's
 * work. Entries carry no owner: the portal log is the platform's (a merchant's log permissions
 * cover its terminals' logs, not the portal's requests).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { logStoreOf } from './log-store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The refusal or failure answered (platform/errors.ts), for the portal log. */
    failure?: { code: string; message: string };
  }
}

/** Whether a request is the portal log's (see the file's note). */
export function isPortalLogged(req: FastifyRequest, status: number): boolean {
  return req.url.startsWith('/api/') || req.method !== 'GET' || status >= 400;
}

/** The entry's level of an HTTP status. */
export const portalLevel = (status: number) => (status >= 500 ? 9 : status >= 400 ? 5 : 1);

/** Installs the onResponse hook writing the portal log. */
export function installPortalLog(app: FastifyInstance): void {
  const store = logStoreOf(app.ctx);
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    const status = reply.statusCode;
    if (isPortalLogged(req, status)) {
      const route = req.routeOptions.url ?? 'unmatched';
      const failure = req.failure;
      // The request's one stdout line (Fastify's own request logging is off: app.ts).
      req.log[status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info']({ method: req.method, route, status, ms: Math.round(reply.elapsedTime), userId: req.scope?.userId, errorCode: failure?.code }, 'request');
      store.write({
        at: app.ctx.now(),
        source: 'PORTAL',
        level: portalLevel(status),
        requestId: req.id,
        message: failure ? `${req.method} ${route} ${status} ${failure.code}: ${failure.message}` : `${req.method} ${route} ${status}`,
        operation: `${req.method} ${route}`,
        outcome: String(status),
        durationMs: reply.elapsedTime,
        userId: req.scope?.userId ?? null,
        userGroup: req.scope?.groupType ?? null,
        attributes: { method: req.method, route, status, ...(failure ? { errorCode: failure.code } : {}), ip: req.ip },
      });
    }
    done();
  });
}

/**
 * The security headers of every answer (CSP, HSTS, X-Content-Type-Options, frame and referrer
 * policies …), made by `helmet` ONCE at start-up and then copied onto each reply.
 *
 * Why not @fastify/helmet: it builds a new helmet middleware — parsing every CSP directive — on each
 * request, which was about 9 % of the CPU of an encrypted lookup. The headers only
 * depend on the start-up configuration, so they are computed once here by running the same helmet
 * middleware against a recording response. Page answers still rewrite connect-src from the live
 * settings (platform/csp.ts, src/web-pages.ts).
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for `options` (names lower-case), computed without a request. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/** Sets the precomputed headers on every reply (an onRequest hook; a handler may still override one). */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

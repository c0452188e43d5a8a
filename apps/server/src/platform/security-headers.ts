/**
 * The security headers of every answer (CSP, HSTS, X-Content-Type-Options, frame and referrer
 * policies …), made by `helmet` ONCE at start-up and then copied onto each reply; API answers get
 * a shorter, stricter set (apiHeaders).
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

/**
 * The headers of an API answer (a path under /api/), from the page set `page`: JSON and files
 * are never rendered as a document, so the CSP forbids everything (OWASP's REST advice) and the
 * document-only headers (X-XSS-Protection, X-Download-Options, Origin-Agent-Cluster, DNS
 * prefetch, cross-domain policies, the opener policy) are left out; `no-store` keeps card and
 * merchant data out of any cache. About 350 bytes fewer per answer, which the client parses too.
 */
export function apiHeaders(page: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...(page['strict-transport-security'] ? { 'strict-transport-security': page['strict-transport-security'] } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}

/**
 * Sets the precomputed headers on every reply (an onRequest hook; a handler may still override
 * one): the API set on /api/ paths, helmet's page set (with the app's CSP) on everything else.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const page = securityHeaders(options);
  const api = apiHeaders(page);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/api/') ? api : page);
    done();
  });
}

/**
 * Serves the built web app (apps/web/dist) with an SPA fallback. A page request (HTML) without a
 * valid session gets its cookies cleared through response headers and a non-permanent redirect
 * to /auth (§4); /auth, /auth/invite, /auth/forgot-password and static assets are always served.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@paydesk/domain';
import { resolveSession, tokenOf } from './auth/auth-guard.ts';
import { clearSessionCookies } from './auth/cookies.ts';
import { connectSources, withConnectSrc } from './platform/csp.ts';
import { requestTarget } from './platform/public-url.ts';
import { errorBody } from './platform/errors.ts';

/**
 * Pages served without a session: sign-in, the page of an e-mailed invitation or password
 * reset link, opened by someone who has no session yet (its token travels in the
 * query and is checked by the page's own call, Token/Check), and the page asking for a reset link.
 */
const PUBLIC_PAGES = new Set(['/auth', '/auth/invite', '/auth/forgot-password']);

/** A year: a content-hashed file never changes under its name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * The `cache-control` of a built file, by its path relative to the build folder
 * (first-load budgets). Everything under `assets/` is named by Vite after its content hash, so a
 * changed file gets a new name: cached for a year and never revalidated. HTML is never stored (it
 * names the current hashes, and page requests check the session); any other file is revalidated
 * on each use. A pre-compressed copy (`.br`, `.gz`) has its original's policy.
 */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath.replaceAll('\\', '/').replace(/^\/+/, '').replace(/\.(?:br|gz)$/, '');
  if (file.endsWith('.html')) return 'no-store';
  if (file.startsWith('assets/')) return IMMUTABLE_CACHE;
  return 'no-cache';
}

function wantsHtml(req: FastifyRequest): boolean {
  const target = requestTarget(req.url);
  return req.method === 'GET' && !target.startsWith('/api/') && !/\.[a-z0-9]+(\?|$)/i.test(target);
}

export async function webPages(app: FastifyInstance): Promise<void> {
  const dist = app.ctx.config.webDist;
  const indexFile = join(dist, 'index.html');
  const hasWeb = existsSync(indexFile);
  // wildcard: files are looked up per request, so a rebuilt app is served without a restart;
  // a missing file falls through to the not-found handler below.
  // preCompressed: the build writes `.br` and `.gz` beside each asset (apps/web/scripts/precompress.ts);
  // the one the browser accepts is sent with `content-encoding` (and `vary: accept-encoding`).
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        reply.header('cache-control', cacheControlFor(relative(dist, path)));
      },
    });
  const index = () => readFileSync(indexFile, 'utf8');

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    // The target's path and query only: an absolute-form target would put its host in `from`.
    const target = requestTarget(req.url);
    const path = target.split('?')[0] ?? '/';
    if (!PUBLIC_PAGES.has(path)) {
      const found = tokenOf(req);
      let valid = false;
      if (found) {
        try {
          await resolveSession(app, found.token);
          valid = true;
        } catch {
          valid = false;
        }
      }
      if (!valid) {
        clearSessionCookies(reply);
        // The app returns here after sign-in (it accepts only in-app paths).
        const from = path === '/' ? '' : `?from=${encodeURIComponent(target)}`;
        return reply.header('cache-control', 'no-store').redirect(`/auth${from}`, 302);
      }
    }
    if (!hasWeb) return reply.code(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', withConnectSrc(policy, await connectSources(app)));
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(index());
  };

  // The root is a folder of dist: answer it before the static handler refuses a folder listing.
  app.get('/', { schema: { hide: true } }, page);
  // API paths never fall through to the file route: an unknown /api/… path (or one whose parameter
  // is too long for its route) is the not-found answer in the error shape, not a file lookup.
  if (hasWeb) app.get('/api/*', { schema: { hide: true } }, (_req, reply) => reply.callNotFound());
  app.setNotFoundHandler(async (req, reply) => {
    if (wantsHtml(req)) return page(req, reply);
    return reply.code(404).send(errorBody(req, ERROR_CODES.NOT_FOUND, `Route ${req.method} ${requestTarget(req.url).split('?')[0]} not found`));
  });
}

/**
 * Serves the built web app (apps/web/dist) with an SPA fallback. A page request (HTML) without a
 * valid session gets its cookies cleared through response headers and a non-permanent redirect
 * to /auth (§4); /auth itself and static assets are always served.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@paydesk/domain';
import { resolveSession, tokenOf } from '../auth/auth-guard.ts';
import { clearSessionCookies } from '../auth/cookies.ts';
import { connectSources, withConnectSrc } from './csp.ts';

const PUBLIC_PAGES = new Set(['/auth']);

function wantsHtml(req: FastifyRequest): boolean {
  return req.method === 'GET' && !req.url.startsWith('/api/') && !/\.[a-z0-9]+(\?|$)/i.test(req.url);
}

export async function webPages(app: FastifyInstance): Promise<void> {
  const dist = app.ctx.config.webDist;
  const indexFile = join(dist, 'index.html');
  const hasWeb = existsSync(indexFile);
  // wildcard: files are looked up per request, so a rebuilt app is served without a restart;
  // a missing file falls through to the not-found handler below.
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: true, index: false, maxAge: '1h', immutable: true });
  const index = () => readFileSync(indexFile, 'utf8');

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
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
        const from = path === '/' ? '' : `?from=${encodeURIComponent(req.url)}`;
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
    return reply.code(404).send({ ErrorCode: ERROR_CODES.NOT_FOUND, ErrorMessage: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });
}

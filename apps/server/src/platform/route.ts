/**
 * Registers an endpoint of the route table (guides practice 1; issue 8 "one route table"): the
 * method, path, zod schemas, permission, auth, encryption and upload flags all come from the
 * table's RouteDef — a hand-declared one by name, or one the resource engine generated — so a
 * handler cannot drift from the contract and every endpoint is in docs, OpenAPI and the generated
 * suites. Nothing registers an endpoint any other way.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routes, type RouteDef, type RouteName } from '@paydesk/contract';

export type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function registerRoute(app: FastifyInstance, route: RouteName | RouteDef, handler: Handler): void {
  const def: RouteDef = typeof route === 'string' ? routes[route] : route;
  const tag = def.resource?.name ?? def.path.split('/')[3] ?? 'portal';
  app.route({
    method: def.method,
    url: def.path,
    schema: {
      summary: def.summary,
      tags: [tag],
      ...(def.body ? { body: def.body } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(def.response && !def.file ? { response: { 200: def.response } } : {}),
    },
    config: { encrypted: def.encrypted, auth: def.auth, permission: def.permission, upload: def.upload === true },
    handler,
  });
}

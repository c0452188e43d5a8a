/**
 * Registers an endpoint from the contract's route table (guides practice 1): the method, path,
 * zod schemas, permission, auth and encryption flags all come from `routes[name]`, so a handler
 * cannot drift from the contract.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routes, type RouteName } from '@paydesk/contract';

export type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function registerRoute(app: FastifyInstance, name: RouteName, handler: Handler, extra: { rateLimit?: { max: number; timeWindow: number } } = {}): void {
  const def = routes[name];
  const d = def as { body?: unknown; params?: unknown; response?: unknown; file?: boolean };
  app.route({
    method: def.method,
    url: def.path.replace(/:(\w+)/g, ':$1'),
    schema: {
      summary: def.summary,
      tags: [def.path.split('/')[3] ?? 'portal'],
      ...(d.body ? { body: d.body } : {}),
      ...(d.params ? { params: d.params } : {}),
      ...(d.response && !d.file ? { response: { 200: d.response } } : {}),
    },
    config: { encrypted: def.encrypted, auth: def.auth, permission: def.permission, ...(extra.rateLimit ? { rateLimit: extra.rateLimit } : {}) },
    handler,
  });
}

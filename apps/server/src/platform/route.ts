/**
 * Registers an endpoint of the route table (guides practice 1; "one route table"): the
 * method, path, zod schemas, permission, auth, encryption and upload flags all come from the
 * table's RouteDef — a hand-declared one by name, or one the resource engine generated — so a
 * handler cannot drift from the contract and every endpoint is in docs, OpenAPI and the generated
 * suites. Nothing registers an endpoint any other way.
 *
 * Upload routes (`upload: true`) run single-flight (single-flight.ts): identical uploads — same
 * user and session, method, URL (with its params and query) and body digest (upload-digest.ts,
 * the multipart boundary set aside) — that reach the handler while the first is in flight or
 * within SINGLE_FLIGHT_GRACE_MS of its answer run the handler once and all answer its answer or
 * its error, so ten simultaneous clicks store one file and answer the same 2xx. Not covered, by
 * design: a later re-upload (it meets the record's own rule, e.g. the settlement import's
 * once-per-content answer, a KYC document or firmware image answering the one stored), and
 * identical uploads reaching two servers (there the records' own uniqueness answers, e.g.
 * settlement_files_once_uq, firmware's (model, version) index). Upload handlers therefore answer
 * by returning their value, never through `reply`.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { routes, type RouteDef, type RouteName, type Routes } from '@paydesk/contract';
import { singleFlight } from './single-flight.ts';

type Schema<D, K extends 'body' | 'params'> = D extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : unknown;

/** A request of route `D`: its body and params as the route's schemas parse them. */
export type RouteRequest<D extends RouteDef> = FastifyRequest<{ Body: Schema<D, 'body'>; Params: Schema<D, 'params'> }>;

/**
 * The answer of route `D`: what its response schema serializes, or the reply of a file route. A
 * generated route (typed only as RouteDef) answers its engine's JSON object or a file's reply.
 */
export type RouteAnswer<D extends RouteDef> = RouteDef extends D ? object : D extends { response: infer R extends z.ZodType } ? z.input<R> : FastifyReply;

/** A handler of route `D`, typed by its declaration in both directions. */
export type RouteHandler<D extends RouteDef> = (req: RouteRequest<D>, reply: FastifyReply) => Promise<RouteAnswer<D>>;

type AnyHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Registers `route` (a hand-declared route by name, or a generated RouteDef) with `handler`, typed
 * by the declaration: body and params as parsed, the answer as the response schema takes it.
 * Hand-declared routes use `operation` (operation.ts), which adds the transaction and the audit.
 */
export function registerRoute<N extends RouteName>(app: FastifyInstance, route: N, handler: RouteHandler<Routes[N]>): void;
export function registerRoute<D extends RouteDef>(app: FastifyInstance, route: D, handler: RouteHandler<D>): void;
export function registerRoute(app: FastifyInstance, route: RouteName | RouteDef, typed: (req: never, reply: FastifyReply) => Promise<unknown>): void {
  const def: RouteDef = typeof route === 'string' ? routes[route] : route;
  const handler = typed as AnyHandler;
  if (!app.hasRequestDecorator('routeConfigOnce')) app.decorateRequest('routeConfigOnce', undefined);
  const tag = def.resource?.name ?? def.path.split('/')[3] ?? 'portal';
  const flight = def.upload ? singleFlight<unknown>() : null;
  const run: AnyHandler = !flight
    ? handler
    : (req, reply) => {
        // The digest is set once the upload's signature is verified (secure-channel.ts).
        if (!req.uploadDigest) return handler(req, reply);
        const who = req.scope ? `${req.scope.userId}:${req.scope.sessionId}` : (req.channel?.channelId ?? '');
        return flight(`${who}\n${req.method}\n${req.url}\n${req.uploadDigest}`, () => handler(req, reply));
      };
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
    config: {
      encrypted: def.encrypted,
      auth: def.auth,
      permission: def.permission,
      upload: def.upload === true,
      beforeMfa: def.beforeMfa === true,
      readOnly: def.method === 'GET' && !def.audit && !def.idempotent && !def.file && !def.upload,
    },
    handler: run,
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The route's config, once read (routeConfig). */
    routeConfigOnce?: FastifyContextConfig & { url?: string };
  }
}

/**
 * The config of the request's route (what `registerRoute` declared, with Fastify's `url` and
 * `method`), read once per request: Fastify builds `request.routeOptions` anew, a dozen fields,
 * on every access, and the per-request hooks (upload gate, secure channel, auth guard, row
 * guards) each ask for it.
 */
export function routeConfig(req: FastifyRequest): FastifyContextConfig & { url?: string } {
  return (req.routeConfigOnce ??= req.routeOptions.config);
}

/** A route option's hooks as a fresh array (the option is absent, one function or an array). */
export function hookList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? [...hooks] : [hooks];
}

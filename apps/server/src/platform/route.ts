/**
 * Registers an endpoint of the route table (guides practice 1; issue 8 "one route table"): the
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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routes, type RouteDef, type RouteName } from '@paydesk/contract';
import { singleFlight } from './single-flight.ts';

export type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function registerRoute(app: FastifyInstance, route: RouteName | RouteDef, handler: Handler): void {
  const def: RouteDef = typeof route === 'string' ? routes[route] : route;
  const tag = def.resource?.name ?? def.path.split('/')[3] ?? 'portal';
  const flight = def.upload ? singleFlight<unknown>() : null;
  const run: Handler = !flight
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
    config: { encrypted: def.encrypted, auth: def.auth, permission: def.permission, upload: def.upload === true, beforeMfa: def.beforeMfa === true },
    handler: run,
  });
}

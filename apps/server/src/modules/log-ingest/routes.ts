/**
 * The log ingest module's endpoints (issue 30 items 3 and 4): the OTLP/HTTP logs endpoint, the
 * terminal log files' upload and download (log-file-routes.ts) and the ingest keys screen's operations. Each is a route of the contract's table wired with `operation`.
 *
 * The OTLP route is no portal route (`auth: false`, `encrypted: false`: no session, no channel)
 * and differs from the others in what an onRoute hook gives it, as secure-channel.ts gives its
 * routes their hooks:
 *  - preParsing: the ingest key's check before the body is read, then gzip undone
 *    (ingest-key-auth.ts);
 *  - bodyLimit OTLP_MAX_BODY_BYTES, instead of the portal's 1 MB;
 *  - maxInputDepth: the input guard's nesting bound for OTLP/JSON, whose attribute values sit
 *    nine levels deep before any nesting of their own (platform/input-guard.ts);
 *  - onSend: a protobuf request's 200 answered protobuf (`ExportLogsServiceResponse`).
 * An `application/x-protobuf` parser decodes its protobuf body (otlp-proto.ts) into the JSON
 * encoding's shape; any other route answers that media type 415. Errors are the portal's
 * `{ErrorCode, ErrorMessage, RequestId}` JSON for both encodings (not OTLP's `Status` message):
 * an exporter reads the status code, and support reads the RequestId.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preParsingHookHandler } from 'fastify';
import { OTLP_MAX_BODY_BYTES, OTLP_MAX_VALUE_DEPTH, routes } from '@paydesk/contract';
import { ERROR_CODES } from '@paydesk/domain';
import { AppError, badInput } from '../../platform/errors.ts';
import { operation } from '../../platform/operation.ts';
import { hookList } from '../../platform/route.ts';
import { ingestDoor, ingestKeyOf } from './ingest-key-auth.ts';
import { ingestKeyItem, issueIngestKey, revokeIngestKey, rotateIngestKey, searchIngestKeys } from './ingest-keys.ts';
import { ingestOtlpLogs } from './ingest-logs.ts';
import { logFileRoutes } from './log-file-routes.ts';
import { decodeOtlpLogs, encodeOtlpLogsResponse } from './otlp-proto.ts';

const OTLP_PATH = routes.otlpLogs.path;
const PROTOBUF = 'application/x-protobuf';

/**
 * The input guard's nesting bound on the OTLP route: a record's attribute value (AnyValue level 1)
 * is at depth 9 of the JSON body, and each further level adds at most 4 (kvlistValue, values, the
 * pair, its value), so level OTLP_MAX_VALUE_DEPTH sits at depth 9 + 4 × 7 = 37.
 */
export const OTLP_MAX_INPUT_DEPTH = 9 + 4 * (OTLP_MAX_VALUE_DEPTH - 1) + 1;

const isProtobuf = (req: FastifyRequest) => String(req.headers['content-type'] ?? '').toLowerCase().startsWith(PROTOBUF);

/** A protobuf request's successful answer, protobuf-encoded; anything else as it is. */
const protobufAnswer: onSendHookHandler = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, value?: unknown) => void) => {
  if (reply.statusCode !== 200 || !isProtobuf(req) || typeof payload !== 'string') return done(null, payload);
  void reply.type(PROTOBUF);
  done(null, Buffer.from(encodeOtlpLogsResponse(JSON.parse(payload) as Parameters<typeof encodeOtlpLogsResponse>[0])));
};

/** Registers the OTLP endpoint and the ingest keys' operations (see the file note). */
export function logIngestRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (opts) => {
    if (opts.url !== OTLP_PATH || opts.method !== 'POST') return;
    opts.bodyLimit = OTLP_MAX_BODY_BYTES;
    opts.config = { ...opts.config, maxInputDepth: OTLP_MAX_INPUT_DEPTH };
    opts.preParsing = [...hookList(opts.preParsing), ingestDoor(() => app.ctx.database) as unknown as preParsingHookHandler];
    opts.onSend = [...hookList(opts.onSend), protobufAnswer];
  });
  app.addContentTypeParser(PROTOBUF, { parseAs: 'buffer' }, (req, body, done) => {
    if (req.routeOptions.url !== OTLP_PATH) return done(new AppError(415, ERROR_CODES.VALIDATION, 'content-type: not accepted by this endpoint'), undefined);
    try {
      done(null, decodeOtlpLogs(body as Buffer));
    } catch (e) {
      done(badInput('body', `is not an OTLP ExportLogsServiceRequest in protobuf (${(e as Error).message})`), undefined);
    }
  });

  operation(app, 'otlpLogs', async (body, ctx) => {
    const key = ingestKeyOf(ctx.req);
    return ingestOtlpLogs(app.ctx.database, key, body, ctx.now(), ctx.settings.logRetentionDays[key.source]);
  });

  logFileRoutes(app);

  operation(app, 'logIngestKeySearch', async (body, { q }) => searchIngestKeys(q, body));

  operation(app, 'logIngestKeyIssue', async (body, ctx) => {
    const { key, id } = await issueIngestKey(ctx.q, { source: body.Source, label: body.Label, userId: ctx.scope.userId, at: ctx.now(), fieldKey: app.ctx.keys.fieldKey });
    const item = await ingestKeyItem(ctx.q, id);
    ctx.audit({ targetId: id, after: { source: item.Source, label: item.Label, prefix: item.Prefix } });
    return { Key: key, Item: item };
  });

  operation(app, 'logIngestKeyRotate', async ({ Id }, ctx) => {
    const rotated = await rotateIngestKey(ctx.q, Id, ctx.scope.userId, ctx.now(), app.ctx.keys.fieldKey);
    ctx.audit({ detail: { source: rotated.Item.Source, label: rotated.Item.Label, revokedPrefix: rotated.Revoked.Prefix, issuedId: rotated.Item.Id, issuedPrefix: rotated.Item.Prefix } });
    return rotated;
  });

  operation(app, 'logIngestKeyRevoke', async ({ Id }, ctx) => {
    const item = await revokeIngestKey(ctx.q, Id, ctx.scope.userId, ctx.now());
    ctx.audit({ detail: { source: item.Source, label: item.Label, prefix: item.Prefix } });
    return item;
  });
}

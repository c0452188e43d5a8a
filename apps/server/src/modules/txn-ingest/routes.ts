/**
 * The ingest API's routes (issue 31 item 1): `txnIngest` and `txnIngestEvents` of the contract's
 * table, wired with `operation` like every endpoint. As the OTLP route does (modules/log-ingest),
 * an onRoute hook gives them what a portal route does not have:
 *  - preParsing: the Standard Webhooks door (door.ts), before the body is parsed;
 *  - bodyLimit INGEST_MAX_BODY_BYTES instead of the portal's 1 MB;
 *  - reportMaskedPans: a row that held a card number is refused naming the field (rows.ts);
 *  - onResponse: one payment log entry per request (payment-log.ts), refusals included.
 */
import type { FastifyInstance, onResponseHookHandler, preParsingHookHandler } from 'fastify';
import { INGEST_MAX_BODY_BYTES, routes } from '@paydesk/contract';
import { maskedPathsOf } from '../../platform/input-guard.ts';
import { operation } from '../../platform/operation.ts';
import { hookList } from '../../platform/route.ts';
import { applyEvents } from './events.ts';
import { applyTransactions } from './apply.ts';
import { credentialOf, signedDoor } from './door.ts';
import { ingestLogHook, noteAnswer } from './payment-log.ts';
import { checkRows } from './rows.ts';

const PATHS = new Set<string>([routes.txnIngest.path, routes.txnIngestEvents.path]);

/** Registers the two ingest routes (see the file note). */
export function txnIngestRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (opts) => {
    if (!PATHS.has(opts.url) || opts.method !== 'POST') return;
    opts.bodyLimit = INGEST_MAX_BODY_BYTES;
    opts.config = { ...opts.config, reportMaskedPans: true };
    opts.preParsing = [...hookList(opts.preParsing), signedDoor(() => ({ database: app.ctx.database, fieldKey: app.ctx.keys.fieldKey, now: app.ctx.now })) as unknown as preParsingHookHandler];
    opts.onResponse = [...hookList(opts.onResponse), ingestLogHook(() => app.ctx) as unknown as onResponseHookHandler];
  });

  operation(app, 'txnIngest', async (body, ctx) => {
    const { source } = credentialOf(ctx.req);
    const checked = await checkRows(app.ctx.database.query, source, body.Transactions, ctx.now(), maskedPathsOf(ctx.req));
    return noteAnswer(ctx.req, await applyTransactions(app.ctx.database, source, checked, body.Mode ?? 'ALL_OR_NOTHING', ctx.now()));
  });

  operation(app, 'txnIngestEvents', async (body, ctx) => {
    const { source } = credentialOf(ctx.req);
    return noteAnswer(ctx.req, await applyEvents(app.ctx.database, source, body.Events, body.Mode ?? 'ALL_OR_NOTHING', ctx.now(), maskedPathsOf(ctx.req)));
  });
}

/**
 * The payment log's entry of each ingest request (issue 30 item 3 — every call between the portal
 * and a provider — and issue 31: the gateway's and the terminal host's calls are the inbound
 * half): who sent it (source and credential label, when the signature held), the operation, the
 * HTTP status, the duration, the row counts and up to MAX_NAMED refused rows by index and field.
 * Never the body: a row may hold what it should not (a refused card number), and the rows are the
 * transactions lists' to show. Level 1 for a 2xx with nothing rejected, 5 when rows were rejected
 * or refused, 9 for a refused request. Written off the request path (log-store.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IngestResponse } from '@paydesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { logStoreOf } from '../../platform/log-store.ts';
import { credentialOf } from './door.ts';

/** Refused rows named in an entry, at most. */
export const MAX_NAMED = 20;

const answers = new WeakMap<FastifyRequest, IngestResponse>();

/** Keeps `answer` for the request's log entry; answers it. */
export function noteAnswer(req: FastifyRequest, answer: IngestResponse): IngestResponse {
  answers.set(req, answer);
  return answer;
}

/** The onResponse hook writing the entry; `ctx` reads the app's context per request. */
export function ingestLogHook(ctx: () => AppContext) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    let who: { source: string; label: string; messageId: string } | null = null;
    try {
      who = credentialOf(req);
    } catch {
      who = null; // refused at the door: no credential signed it
    }
    const answer = answers.get(req);
    const status = reply.statusCode;
    const durationMs = Math.round(reply.elapsedTime);
    const operation = `${req.method} ${req.routeOptions.url ?? req.url}`;
    const counts = answer ? `${answer.Rows.length} rows: ${answer.Created} created, ${answer.Applied} applied, ${answer.Duplicates} duplicate, ${answer.Rejected} rejected` : `refused`;
    const flagged = answer?.Rows.filter((r) => r.Result === 'REJECTED' || r.Result === 'REFUSED') ?? [];
    logStoreOf(ctx()).write({
      at: new Date(ctx().now().getTime() - durationMs),
      source: 'PAYMENT',
      level: status >= 400 ? 9 : flagged.length ? 5 : 1,
      requestId: String(req.id),
      message: `${who ? `${who.source} (${who.label})` : 'unsigned caller'} ${operation} → HTTP ${status}, ${counts} in ${durationMs} ms`,
      operation,
      outcome: String(status),
      durationMs,
      txnRefNo: answer?.Rows.length === 1 ? answer.Rows[0]!.TxnRefNo : null,
      attributes: {
        purpose: 'ingest',
        direction: 'inbound',
        ...(who ? { ingestSource: who.source, credential: who.label, messageId: who.messageId } : {}),
        ...(answer ? { created: answer.Created, applied: answer.Applied, duplicates: answer.Duplicates, rejected: answer.Rejected, alerts: answer.Alerts } : {}),
        ...(flagged.length ? { flagged: flagged.slice(0, MAX_NAMED).map((r) => ({ index: r.Index, result: r.Result, field: r.Field })) } : {}),
      },
    });
  };
}

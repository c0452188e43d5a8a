/**
 * The ingest API's door (issue 31 item 1): before the body is parsed, the whole raw body is read
 * (gzip undone, at most INGEST_MAX_BODY_BYTES: 413) and verified as Standard Webhooks signs it
 * (platform/webhook-signature.ts) against every active signing credential (credentials.ts):
 *  - no or malformed headers, no matching signature: 401 SEC401;
 *  - a timestamp more than 5 minutes from the server's clock: 401 SEC408;
 *  - a `webhook-id` the source sent before (within INGEST_MESSAGE_KEEP_MS): 409 CF409 — an id is
 *    accepted once, whatever came of it; a retry of rows goes as a new message, and its rows
 *    already applied answer DUPLICATE.
 * The credential found is kept for the handler (credentialOf). The signature covers the bytes as
 * sent: they are parsed only after it holds.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INGEST_MAX_BODY_BYTES } from '@paydesk/contract';
import { ERROR_CODES } from '@paydesk/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { verifyWebhook } from '../../platform/webhook-signature.ts';
import { inflated } from '../log-ingest/ingest-key-auth.ts';
import { activeSigningCredentials, type SigningCredential } from './credentials.ts';

/** How long a message id is remembered (ms): twice the timestamp tolerance. */
export const INGEST_MESSAGE_KEEP_MS = 10 * 60_000;

const found = new WeakMap<FastifyRequest, SigningCredential & { messageId: string }>();

/** The credential that signed `req` (set by the door). Throws when there is none (a wiring error). */
export function credentialOf(req: FastifyRequest): SigningCredential & { messageId: string } {
  const c = found.get(req);
  if (!c) throw new Error('txn-ingest: a request reached the handler without a verified signature');
  return c;
}

async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let n = 0;
  for await (const chunk of stream) {
    n += (chunk as Buffer).length;
    if (n > max) throw new AppError(413, ERROR_CODES.VALIDATION, 'body: larger than the request size limit');
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

/**
 * The preParsing hook of the ingest routes: verifies, remembers the message id, and hands the
 * parser the bytes read. `deps` reads the app's database, field key and clock per request.
 */
export function signedDoor(deps: () => { database: Database; fieldKey: Uint8Array; now: () => Date }) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: Readable): Promise<Readable> => {
    const { database, fieldKey, now } = deps();
    const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') {
      void reply.header('connection', 'close');
      throw new AppError(415, ERROR_CODES.VALIDATION, 'content-type: send application/json');
    }
    const source = inflated(req, payload, INGEST_MAX_BODY_BYTES) as Readable & { receivedEncodedLength?: number };
    const body = await readAll(source, INGEST_MAX_BODY_BYTES);
    const credentials = await activeSigningCredentials(database.query, fieldKey);
    const at = now();
    const v = verifyWebhook(credentials.map((c) => c.secret), req.headers, body.toString('utf8'), at.getTime());
    if (!v.ok) {
      if (v.reason === 'TIMESTAMP_OUT_OF_TOLERANCE' || v.reason === 'BAD_TIMESTAMP') {
        throw new AppError(401, ERROR_CODES.STALE_TIMESTAMP, 'webhook-timestamp: more than 5 minutes from the server clock (or not Unix seconds); sign the message again');
      }
      throw new AppError(401, ERROR_CODES.BAD_SIGNATURE, v.reason === 'MISSING_HEADERS'
        ? 'webhook-id, webhook-timestamp and webhook-signature are required (Standard Webhooks)'
        : 'webhook-signature: no active credential signs this body (check the secret, and sign the raw body as sent)');
    }
    const credential = credentials[v.index]!;
    const [fresh] = await database.query<{ n: number }>(
      `INSERT INTO ingest_messages (source, message_id, credential_id, received_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1 AS n`,
      [credential.source, v.id, credential.id, at.toISOString()],
    );
    if (!fresh) throw new AppError(409, ERROR_CODES.CONFLICT, `webhook-id: message ${v.id} was received before; send new rows as a new message`);
    found.set(req, { ...credential, messageId: v.id });
    const out = Readable.from([body]) as Readable & { receivedEncodedLength?: number };
    if (source !== payload) out.receivedEncodedLength = source.receivedEncodedLength;
    return out;
  };
}

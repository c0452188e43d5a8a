/**
 * The ingest endpoints' doors (issue 30 items 3 and 4): the caller's ingest key, checked BEFORE its
 * body is read, then — for the OTLP endpoint — the media type (OTLP's JSON or protobuf, else 415),
 * and the body's gzip undone on the way in with the size cap applied to what it inflates to. A key
 * writes its own source through that source's endpoint only: a valid key of a source the endpoint
 * does not take (a log file source key at the OTLP endpoint, an OTLP source's at the log file
 * upload) answers 403 PERM403, the body unread. The log file upload's door is log-file-door.ts.
 *
 * A key arrives as `Authorization: Bearer <key>` or `X-Ingest-Key: <key>`; it is looked up by its
 * SHA-256 (hex) among the keys not revoked — one indexed equality, no key kept anywhere in clear —
 * and a missing, malformed, unknown or revoked key answers 401 AUTH401 in the error shape, the body
 * unread (and the connection closed, so the unread bytes are not parsed as a next request).
 * `last_used_at` is written at most once a minute per key: the lookup reads it, and only a value
 * older than that (on every server, by the UPDATE's own condition) is moved.
 */
import { createGunzip } from 'node:zlib';
import { PassThrough, Transform, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OTLP_MAX_BODY_BYTES } from '@paydesk/contract';
import { ERROR_CODES, INGEST_KEY_SOURCES, OTLP_LOG_SOURCES, type IngestKeySource } from '@paydesk/domain';
import type { Database, Query } from '../../db/client.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { ingestKeyHash } from './key-material.ts';

/** One of the OTLP sources (domain OTLP_LOG_SOURCES). */
export type OtlpLogSource = (typeof OTLP_LOG_SOURCES)[number];

/** The key a request came with, as found. */
export interface IngestKey {
  id: number;
  source: IngestKeySource;
  lastUsedAt: Date | null;
}

/** The shape of a key worth a lookup ('pdk_' and base64url): anything else is refused without a query. */
const KEY_SHAPE = /^pdk_[A-Za-z0-9_-]{16,200}$/;
/** Milliseconds between two writes of a key's `last_used_at`. */
export const LAST_USED_EVERY_MS = 60_000;

const found = new WeakMap<FastifyRequest, IngestKey>();

/** The key presented by `req` (bearer first, then X-Ingest-Key), or null. */
export function presentedKey(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && /^Bearer\s+/i.test(auth)) return auth.replace(/^Bearer\s+/i, '').trim() || null;
  const h = req.headers['x-ingest-key'];
  return typeof h === 'string' && h.trim() ? h.trim() : null;
}

/** The active key `key`, or null (malformed, unknown or revoked). */
export async function findIngestKey(q: Query, key: string): Promise<IngestKey | null> {
  if (!KEY_SHAPE.test(key)) return null;
  const [row] = await q<{ id: number; source: string; last_used_at: string | Date | null }>(
    'SELECT id, source, last_used_at FROM log_ingest_keys WHERE key_hash = $1 AND revoked_at IS NULL',
    [ingestKeyHash(key)],
  );
  if (!row || !(INGEST_KEY_SOURCES as readonly string[]).includes(row.source)) return null;
  return { id: Number(row.id), source: row.source as IngestKeySource, lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at) };
}

/** The key the door found for `req` (set before its body was read). Throws when there is none (a wiring error). */
export function ingestKeyOf(req: FastifyRequest): IngestKey {
  const key = found.get(req);
  if (!key) throw new Error('log-ingest: a request reached the handler without an ingest key');
  return key;
}

const touched = new WeakMap<Database, Map<number, number>>();

/** Moves the key's `last_used_at` to `now` when it is older than LAST_USED_EVERY_MS (see the file note). */
export async function touchIngestKey(database: Database, key: IngestKey, now: Date): Promise<void> {
  const t = now.getTime();
  if (key.lastUsedAt && t - key.lastUsedAt.getTime() < LAST_USED_EVERY_MS) return;
  let mine = touched.get(database);
  if (!mine) touched.set(database, (mine = new Map()));
  if (t - (mine.get(key.id) ?? -Infinity) < LAST_USED_EVERY_MS) return;
  mine.set(key.id, t);
  await database.query(
    `UPDATE log_ingest_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '${LAST_USED_EVERY_MS / 1000} seconds')`,
    [key.id, now.toISOString()],
  );
}

/** A 413 in the error shape: the inflated body passed the cap. */
const tooLarge = () => new AppError(413, ERROR_CODES.VALIDATION, 'body: larger than the request size limit');

/**
 * `payload` as the parser should read it: as sent, or gunzipped (`Content-Encoding: gzip`), the
 * inflated bytes counted against `maxBytes` ( default OTLP_MAX_BODY_BYTES) as they come (a zip
 * bomb stops there: 413) and the sent bytes reported as `receivedEncodedLength` (Fastify checks
 * them against Content-Length). Bad gzip data errors the stream with VAL400 'body'. Another
 * encoding is 415.
 */
export function inflated(req: FastifyRequest, payload: Readable, maxBytes: number = OTLP_MAX_BODY_BYTES): Readable {
  const encoding = String(req.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return payload;
  if (encoding !== 'gzip' && encoding !== 'x-gzip') throw new AppError(415, ERROR_CODES.VALIDATION, 'content-encoding: only gzip (or none) is accepted');
  const out = new PassThrough() as PassThrough & { receivedEncodedLength: number };
  out.receivedEncodedLength = 0;
  let inflatedBytes = 0;
  const gunzip = createGunzip();
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflatedBytes += chunk.length;
      if (inflatedBytes > maxBytes) done(tooLarge());
      else done(null, chunk);
    },
  });
  const fail = (err: Error) => {
    payload.unpipe(gunzip);
    gunzip.destroy();
    out.destroy(err);
  };
  payload.on('data', (c: Buffer) => (out.receivedEncodedLength += c.length));
  payload.on('error', fail);
  gunzip.on('error', () => fail(badInput('body', 'is not valid gzip data')));
  cap.on('error', fail);
  payload.pipe(gunzip).pipe(cap).pipe(out);
  return out;
}

/**
 * Finds the active key `req` presents and remembers it for the handler (ingestKeyOf). Throws 401
 * AUTH401 for none (missing, malformed, unknown or revoked) and 403 PERM403 for a key of a source
 * outside `accepts`, marking the connection to close (the body is left unread).
 */
export async function admitKey(req: FastifyRequest, reply: FastifyReply, database: Database, accepts: readonly IngestKeySource[]): Promise<IngestKey> {
  const presented = presentedKey(req);
  const key = presented ? await findIngestKey(database.query, presented) : null;
  if (!key) {
    void reply.header('connection', 'close').header('www-authenticate', 'Bearer realm="otlp"');
    throw new AppError(401, ERROR_CODES.BAD_CREDENTIALS, 'Missing, unknown or revoked ingest key (send Authorization: Bearer <key> or X-Ingest-Key)');
  }
  if (!accepts.includes(key.source)) {
    void reply.header('connection', 'close');
    throw new AppError(403, ERROR_CODES.FORBIDDEN, `This ingest key writes the ${key.source} source, which this endpoint does not take (it takes ${accepts.join(', ')})`);
  }
  found.set(req, key);
  return key;
}

/**
 * The OTLP route's preParsing hook: admits the key of an OTLP source (401 AUTH401 or 403 PERM403
 * otherwise, body unread) and answers the payload to parse (inflated when gzipped). `database`
 * is the app's, read per request.
 */
export function ingestDoor(database: () => Database) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: Readable): Promise<Readable> => {
    await admitKey(req, reply, database(), OTLP_LOG_SOURCES);
    // OTLP/HTTP's two encodings only (Fastify would otherwise read text/plain as a string).
    const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json' && type !== 'application/x-protobuf') {
      void reply.header('connection', 'close');
      throw new AppError(415, ERROR_CODES.VALIDATION, 'content-type: send application/json or application/x-protobuf');
    }
    return inflated(req, payload);
  };
}

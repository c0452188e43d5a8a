/**
 * Server side of the secure channel (§7 "Common behaviour"; wire format in docs/API.md and
 * packages/contract/src/secure-channel.ts). Registers `POST /api/portal/secure/Handshake` and, for
 * every route with `config: { encrypted: true }`:
 * - preValidation: checks X-Channel-Id (SEC404), X-Signature over the exact raw body (SEC401),
 *   X-Timestamp within ±5 min (SEC408) and X-Nonce unseen on the channel (SEC409), then replaces
 *   `request.body` with the decrypted JSON (`{}` when there was no body; SEC400 when the body is not
 *   `{EncryptedPayload}`, does not decrypt or is not JSON) and sets `request.channel`.
 * - onSend: a 2xx `application/json` string payload becomes `{"EncryptedPayload": ...}`, its GCM
 *   tag covering "RESPONSE\n" + path as additional data (no signature headers: the tag
 *   authenticates the answer with the channel's key). Errors and files pass as is.
 * and for every route with `config: { upload: true }` (multipart, unencrypted):
 * - preParsing: reads the whole body (at most UPLOAD_MAX_BYTES, else 413), checks the same headers
 *   with the signature over METHOD \n path \n timestamp \n nonce \n hex SHA-256 of the body
 *   bytes (the contract's `sealUpload`), sets `request.channel`, and hands the same bytes on.
 *
 * Every refusal throws an AppError (codes and statuses above), so the app's error handling and
 * onError hooks see it. Symmetric crypto runs on Node's synchronous crypto (channel-crypto.ts) and
 * nonces go through the batched store of nonce-store.ts.
 *
 * The plugin is not encapsulated (it sets `skip-override`, as fastify-plugin would): its
 * application/json parser and its preValidation hook apply app-wide, and an onRoute hook gives
 * the preParsing and onSend hooks to the upload and encrypted routes only, as each is declared
 * (other routes pay for neither). Register it, awaited, before any route and before other
 * preValidation hooks that read `request.channel` (the auth guard):
 * `await app.register(secureChannelPlugin, { database, kek })`.
 *
 * Channel keys (the 64 derived bytes) are stored in `secure_channels.key_material` wrapped with
 * AES-256-GCM under `kek` (AAD = channel id): base64(iv(12) || ciphertext(64) || tag(16)).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@paydesk/domain';
import { CHANNEL_HEADERS, MAX_CLOCK_SKEW_MS, acceptHandshake, bytesToBase64Url, isEncryptedEnvelope, responseAad } from '@paydesk/contract';
import type { Database } from '../db/client.ts';
import { secureChannels } from '../db/schema/index.ts';
import { decryptText, encryptText, serverChannel, verifyParts, type ServerChannel } from './channel-crypto.ts';
import { AppError } from './errors.ts';
import { hookList, registerRoute, routeConfig } from './route.ts';
import { createNonceStore } from './nonce-store.ts';
import { uploadDigest } from './upload-digest.ts';

export type { ServerChannel } from './channel-crypto.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The secure channel the request arrived on; set on `encrypted` and `upload` routes once verified. */
    channel?: ServerChannel;
    /** The exact application/json body text as received (the signed bodyText, §7). */
    rawBody?: string;
    /**
     * The database's verdict on the nonce of a `readOnly` request, still on its way while the
     * route runs: the answer is held until it arrives (the encrypted routes' onSend hook).
     */
    nonceVerdict?: Promise<boolean>;
  }
  interface FastifyContextConfig {
    /** The route's body and 2xx JSON responses travel over the secure channel (§7). */
    encrypted?: boolean;
    /** A multipart upload signed with the channel keys over the SHA-256 of its body. */
    upload?: boolean;
  }
}

export interface SecureChannelOptions {
  database: Database;
  /** 32-byte key-encryption key wrapping channel keys at rest. */
  kek: Uint8Array;
  /** Epoch ms clock; tests move it. Defaults to Date.now. */
  now?: () => number;
  /**
   * Whether other processes share the database's nonces (see nonce-store.ts). Defaults to true on
   * PostgreSQL, false on PGlite; a test running two apps on one PGlite sets it.
   */
  sharedNonces?: boolean;
}

/** In-memory cache of unwrapped channel keys. */
const KEY_CACHE_MAX = 10_000;
/** `last_used_at` is written at most this often per channel. */
const TOUCH_INTERVAL_MS = 60_000;
/** Nonces are swept every this many encrypted requests. */
const SWEEP_EVERY = 1000;
/**
 * Nonces are kept for twice the skew: a request stamped up to 5 min in the future stays acceptable
 * for up to 10 min after it was first seen, so its nonce must be remembered that long.
 */
const NONCE_RETENTION_MS = 2 * MAX_CLOCK_SKEW_MS;
const CHANNEL_ID_RE = /^[A-Za-z0-9_-]{22}$/;
const NONCE_RE = /^[A-Za-z0-9_-]{16,64}$/;
const TIMESTAMP_RE = /^\d{1,15}$/;
const JSON_TYPE_RE = /^application\/json\s*(;|$)/i;
const WRAP_IV = 12;
const WRAP_TAG = 16;
/** Largest upload body read: the 10 MB file limit plus room for the multipart framing. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024 + 64 * 1024;

type CallbackJsonParser = (req: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => void;

function wrapKeys(kek: Uint8Array, channelId: string, raw: Uint8Array): string {
  const iv = randomBytes(WRAP_IV);
  const cipher = createCipheriv('aes-256-gcm', kek, iv, { authTagLength: WRAP_TAG });
  cipher.setAAD(Buffer.from(channelId, 'utf8'));
  const ct = Buffer.concat([cipher.update(raw), cipher.final()]);
  return Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64');
}

/** Throws when the material was not wrapped under `kek` for `channelId`. */
function unwrapKeys(kek: Uint8Array, channelId: string, material: string): Uint8Array {
  const buf = Buffer.from(material, 'base64');
  if (buf.length !== WRAP_IV + 64 + WRAP_TAG) throw new Error('bad key material length');
  const decipher = createDecipheriv('aes-256-gcm', kek, buf.subarray(0, WRAP_IV), { authTagLength: WRAP_TAG });
  decipher.setAAD(Buffer.from(channelId, 'utf8'));
  decipher.setAuthTag(buf.subarray(buf.length - WRAP_TAG));
  return new Uint8Array(Buffer.concat([decipher.update(buf.subarray(WRAP_IV, buf.length - WRAP_TAG)), decipher.final()]));
}

/** The channel headers as Node names them (lower case), so a request does not lower-case them again. */
const HEADER = {
  channel: CHANNEL_HEADERS.channel.toLowerCase(),
  timestamp: CHANNEL_HEADERS.timestamp.toLowerCase(),
  nonce: CHANNEL_HEADERS.nonce.toLowerCase(),
  signature: CHANNEL_HEADERS.signature.toLowerCase(),
};

function header(req: FastifyRequest, lowerCaseName: string): string | undefined {
  const v = req.headers[lowerCaseName];
  return typeof v === 'string' ? v : undefined;
}

const unknownChannel = () => new AppError(401, ERROR_CODES.UNKNOWN_CHANNEL, 'Unknown secure channel, please reconnect');
const badSignature = (message = 'Invalid request signature') => new AppError(401, ERROR_CODES.BAD_SIGNATURE, message);
const badPayload = (message: string) => new AppError(400, ERROR_CODES.BAD_PAYLOAD, message);
const replayedNonce = () => new AppError(401, ERROR_CODES.REPLAYED_NONCE, 'Request was already received (replayed nonce)');

const isEncryptedRoute = (req: FastifyRequest) => routeConfig(req)?.encrypted === true;

/** The 413 of an upload past UPLOAD_MAX_BYTES. The rest of the body is not read, so the connection is not reused. */
function uploadTooLarge(reply: FastifyReply): AppError {
  void reply.header('connection', 'close');
  return new AppError(413, ERROR_CODES.VALIDATION, 'file: larger than the 10 MB upload limit');
}

/** Reads a request body stream to the end; throws 413 once it passes `limit` bytes. */
async function readBounded(stream: NodeJS.ReadableStream, limit: number, reply: FastifyReply): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > limit) throw uploadTooLarge(reply);
    chunks.push(b);
  }
  return Buffer.concat(chunks, size);
}

const STREAM_KEYS = new Set<PropertyKey>([
  ...Object.getOwnPropertyNames(Readable.prototype),
  ...Object.getOwnPropertyNames(EventEmitter.prototype),
  ...Object.getOwnPropertySymbols(Readable.prototype),
  '_readableState',
  '_events',
  '_eventsCount',
  '_maxListeners',
]);

/**
 * The request `raw` seen through a replay of `bytes`: everything a stream reader touches (read,
 * pipe, events, state) comes from a fresh stream of the bytes; the rest (headers, socket, url,
 * method) from the real request. @fastify/multipart reads `request.raw` rather than the stream a
 * preParsing hook returns, so this is how it gets the body the signature was checked over.
 */
function replayOf(raw: IncomingMessage, bytes: Buffer): IncomingMessage {
  const replay = Readable.from([bytes]);
  return new Proxy(raw, {
    get(target, prop) {
      const from: object = STREAM_KEYS.has(prop) ? replay : target;
      const value: unknown = Reflect.get(from, prop);
      return typeof value === 'function' ? value.bind(from) : value;
    },
  });
}

/** The secure-channel plugin (§7). Throws at registration when `kek` is not 32 bytes. */
export async function secureChannelPlugin(app: FastifyInstance, opts: SecureChannelOptions): Promise<void> {
  const { database } = opts;
  const kek = new Uint8Array(opts.kek);
  if (kek.length !== 32) throw new Error('secureChannelPlugin: kek must be 32 bytes');
  const now = opts.now ?? Date.now;

  const cache = new Map<string, { channel: ServerChannel; touchedAt: number }>();
  const nonces = await createNonceStore(database, {
    retentionMs: NONCE_RETENTION_MS,
    shared: opts.sharedNonces,
    onError: (err) => app.log.warn({ err }, 'channel nonces could not be written behind'),
  });
  // Nonces written behind (PGlite) reach the table before the database is closed.
  app.addHook('onClose', () => nonces.flush());
  let checkedRequests = 0;

  if (!app.hasRequestDecorator('channel')) app.decorateRequest('channel', undefined);
  if (!app.hasRequestDecorator('rawBody')) app.decorateRequest('rawBody', undefined);
  if (!app.hasRequestDecorator('nonceVerdict')) app.decorateRequest('nonceVerdict', undefined);

  // ---- JSON bodies: keep the raw text (the signature covers it), accept an empty body as undefined.
  const defaultJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  ) as unknown as CallbackJsonParser;
  /** Fastify's JSON parser answers synchronously; throws what it refuses. */
  const parseJsonNow = (req: FastifyRequest, text: string): unknown => {
    let out: { err: Error | null; body?: unknown } | undefined;
    defaultJson(req, text, (err, body) => (out = { err, body }));
    if (!out) throw new Error('the JSON parser did not answer synchronously');
    if (out.err) throw out.err;
    return out.body;
  };

  if (app.hasContentTypeParser('application/json')) app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    req.rawBody = text;
    // Encrypted routes parse only after the signature is verified (preValidation), so that a
    // malformed body is answered SEC400 and unauthenticated input is never parsed.
    if (text === '' || isEncryptedRoute(req)) {
      done(null, undefined);
      return;
    }
    defaultJson(req, text, done);
  });

  // ---- Channel keys: cache, then database.
  /** The channel's keys when cached (marked most recently used), else undefined; no promise. */
  function cachedChannel(channelId: string): ServerChannel | undefined {
    const hit = cache.get(channelId);
    if (!hit) return undefined;
    cache.delete(channelId);
    cache.set(channelId, hit);
    return hit.channel;
  }

  async function loadChannel(channelId: string): Promise<ServerChannel | undefined> {
    const rows = await database.db.select({ keyMaterial: secureChannels.keyMaterial }).from(secureChannels).where(eq(secureChannels.id, channelId));
    const row = rows[0];
    if (!row) return undefined;
    let raw: Uint8Array;
    try {
      raw = unwrapKeys(kek, channelId, row.keyMaterial);
    } catch (err) {
      app.log.warn({ err, channelId }, 'secure channel key material does not unwrap (kek changed?)');
      return undefined;
    }
    const channel = serverChannel(channelId, raw);
    raw.fill(0);
    cache.set(channelId, { channel, touchedAt: 0 });
    while (cache.size > KEY_CACHE_MAX) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    return channel;
  }

  /** Writes `last_used_at` at most every TOUCH_INTERVAL_MS per channel, without holding the request. */
  function touch(channelId: string, at: number): void {
    const entry = cache.get(channelId);
    if (!entry || at - entry.touchedAt < TOUCH_INTERVAL_MS) return;
    entry.touchedAt = at;
    database
      .query('UPDATE secure_channels SET last_used_at = $2::timestamptz WHERE id = $1', [channelId, new Date(at).toISOString()])
      .catch((err: unknown) => app.log.warn({ err, channelId }, 'secure channel touch failed'));
  }

  function sweepNonces(at: number): void {
    database
      .query('DELETE FROM channel_nonces WHERE seen_at < $1::timestamptz', [new Date(at - NONCE_RETENTION_MS).toISOString()])
      .catch((err: unknown) => app.log.warn({ err }, 'channel nonce sweep failed'));
  }

  /** Checks 1 and 2's header presence (§7 "Server checks"): the channel and the signature headers. */
  async function channelOf(request: FastifyRequest): Promise<{ channel: ServerChannel; timestamp: string; nonce: string; signature: string }> {
    const channelId = header(request, HEADER.channel);
    const channel = channelId && CHANNEL_ID_RE.test(channelId) ? (cachedChannel(channelId) ?? (await loadChannel(channelId))) : undefined;
    if (!channel) throw unknownChannel();
    const timestamp = header(request, HEADER.timestamp);
    const nonce = header(request, HEADER.nonce);
    const signature = header(request, HEADER.signature);
    if (timestamp === undefined || signature === undefined || nonce === undefined || !NONCE_RE.test(nonce)) {
      throw badSignature('Missing or malformed request signature');
    }
    return { channel, timestamp, nonce, signature };
  }

  /**
   * Checks 2 (signature over `lastPart`), 3 (timestamp) and 4 (nonce) of §7, in that order.
   *
   * When the database decides the nonce (PostgreSQL), a `readOnly` request does not wait for it
   * here: the verdict is left on `request.nonceVerdict`, the session, the permission, the handler
   * and the sealing run meanwhile, and the encrypted routes' onSend hook holds the answer until
   * the verdict comes (a replay then answers SEC409 instead, whatever the route answered). So the
   * server works while the INSERT is in flight instead of idling behind it, and no answer to a
   * replay leaves the server. A replay this server has seen is still refused at once, here; one
   * seen only by another server runs a read, at most once per server (memory knows it after that).
   */
  async function verifyRequest(request: FastifyRequest, c: { channel: ServerChannel; timestamp: string; nonce: string; signature: string }, lastPart: string): Promise<void> {
    if (!verifyParts(c.channel, [request.method, request.originalUrl, c.timestamp, c.nonce, lastPart], c.signature)) throw badSignature();
    const at = now();
    if (!TIMESTAMP_RE.test(c.timestamp) || Math.abs(at - Number(c.timestamp)) > MAX_CLOCK_SKEW_MS) {
      throw new AppError(401, ERROR_CODES.STALE_TIMESTAMP, 'Request timestamp is outside the allowed window; check the device clock');
    }
    const verdict = nonces.claim(c.channel.channelId, c.nonce, Number(c.timestamp), at);
    if (typeof verdict !== 'boolean' && routeConfig(request)?.readOnly === true) {
      // Handled when the answer is sent; never an unhandled rejection if it is not.
      verdict.catch(() => undefined);
      request.nonceVerdict = verdict;
    } else if (!(await verdict)) throw replayedNonce();
    if (++checkedRequests % SWEEP_EVERY === 0) sweepNonces(at);
    touch(c.channel.channelId, at);
  }

  // ---- Handshake (unencrypted).
  // The route table's `handshake` entry (its zod schema has checked the body).
  registerRoute(app, 'handshake', async (request) => {
    const { ClientPublicKey } = request.body;
    const channelId = bytesToBase64Url(randomBytes(16));
    let accepted: { serverPublicKey: string; rawKeys: Uint8Array };
    try {
      accepted = await acceptHandshake(ClientPublicKey, channelId);
    } catch {
      throw new AppError(400, ERROR_CODES.VALIDATION, 'ClientPublicKey: must be base64 of an uncompressed P-256 public key');
    }
    const at = new Date(now());
    try {
      await database.db.insert(secureChannels).values({ id: channelId, keyMaterial: wrapKeys(kek, channelId, accepted.rawKeys), createdAt: at, lastUsedAt: at });
    } finally {
      accepted.rawKeys.fill(0);
    }
    return { ChannelId: channelId, ServerPublicKey: accepted.serverPublicKey };
  });

  // ---- Encrypted requests: checked before the auth guard, so app-wide (a route's own hooks run
  // after the app's). Other routes pass through without a promise.
  async function openRequest(request: FastifyRequest): Promise<void> {
    const c = await channelOf(request);
    // A body that did not go through the JSON parser (another content type) was not captured and
    // cannot be verified.
    if (request.rawBody === undefined && request.body !== undefined) throw badPayload('Encrypted requests must be application/json');
    const bodyText = request.rawBody ?? '';
    await verifyRequest(request, c, bodyText);

    let body: unknown = {};
    if (bodyText !== '') {
      try {
        const envelope = parseJsonNow(request, bodyText);
        if (!isEncryptedEnvelope(envelope) || Object.keys(envelope).length !== 1) throw new Error('not an envelope');
        body = parseJsonNow(request, decryptText(c.channel, envelope.EncryptedPayload));
      } catch {
        throw badPayload('Encrypted payload is invalid');
      }
    }
    request.body = body;
    request.channel = c.channel;
  }
  app.addHook('preValidation', (request, _reply, done) => {
    if (!isEncryptedRoute(request)) {
      done();
      return;
    }
    openRequest(request).then(() => done(), done);
  });

  // ---- Signed uploads: the signature covers the SHA-256 of the exact body bytes.
  async function openUpload(request: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream): Promise<NodeJS.ReadableStream> {
    // Headers first, so an unsigned upload is refused before its body is read (and, since that
    // body is left unread, on a connection that is not reused).
    const c = await channelOf(request).catch((err: unknown) => {
      void reply.header('connection', 'close');
      throw err;
    });
    if (Number(request.headers['content-length']) > UPLOAD_MAX_BYTES) throw uploadTooLarge(reply);
    const bytes = await readBounded(payload, UPLOAD_MAX_BYTES, reply);
    await verifyRequest(request, c, createHash('sha256').update(bytes).digest('hex'));
    request.channel = c.channel;
    // What route.ts joins identical concurrent uploads by (the boundary set aside).
    request.uploadDigest = uploadDigest(bytes, request.headers['content-type']);
    request.raw = replayOf(request.raw, bytes);
    return Readable.from([bytes]);
  }

  // ---- Encrypted responses.
  function sealAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const channel = request.channel;
    if (!channel) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !JSON_TYPE_RE.test(type)) return payload;
    const disposition = reply.getHeader('content-disposition');
    if (typeof disposition === 'string' && /attachment/i.test(disposition)) return payload;

    return `{"EncryptedPayload":"${encryptText(channel, payload, responseAad(request.originalUrl))}"}`;
  }

  // The upload and answer hooks belong to the routes that need them (set as each route is
  // declared), so other routes do not run them. A route's own hooks run after the app's: the
  // upload gate (auth-guard.ts) still comes before the body is read, and the answer is sealed
  // after every app-wide onSend hook, none of which reads the payload.
  app.addHook('onRoute', (route) => {
    if (route.config?.upload === true) {
      route.preParsing = [...hookList(route.preParsing), (request, reply, payload) => openUpload(request, reply, payload)];
    }
    if (route.config?.encrypted === true) {
      const onSend = hookList(route.onSend);
      // Before Fastify's own hook of an implicit HEAD route, which empties the payload: the HEAD
      // answer keeps the length of its sealed GET.
      const head = onSend.findIndex((hook) => hook.name === 'headRouteOnSendHandler');
      const seal = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) => {
        let out: unknown;
        try {
          out = sealAnswer(request, reply, payload);
        } catch (err) {
          done(err as Error);
          return;
        }
        done(null, out);
      };
      onSend.splice(head < 0 ? onSend.length : head, 0, (request, reply, payload, done) => {
        const verdict = request.nonceVerdict;
        if (!verdict) {
          seal(request, reply, payload, done);
          return;
        }
        // Every answer of a read that ran before its nonce's verdict waits for it, errors too
        // (a replay must not learn even a status); the refusal's own answer then passes.
        request.nonceVerdict = undefined;
        verdict.then(
          (fresh) => (fresh ? seal(request, reply, payload, done) : done(replayedNonce())),
          (err: unknown) => done(err as Error),
        );
      });
      route.onSend = onSend;
    }
  });
}

// Not encapsulated: hooks, the JSON parser and the request decorators apply to the whole app
// (what fastify-plugin does, without depending on it).
Object.assign(secureChannelPlugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'paydesk-secure-channel',
});

/**
 * Server side of the secure channel (§7 "Common behaviour"; wire format in docs/API.md and
 * packages/contract/src/secure-channel.ts). Registers `POST /api/portal/secure/Handshake` and, for
 * every route with `config: { encrypted: true }`:
 * - preValidation: checks X-Channel-Id (SEC404), X-Signature over the exact raw body (SEC401),
 *   X-Timestamp within ±5 min (SEC408) and X-Nonce unseen on the channel (SEC409), then replaces
 *   `request.body` with the decrypted JSON (`{}` when there was no body; SEC400 when the body is not
 *   `{EncryptedPayload}`, does not decrypt or is not JSON) and sets `request.channel`.
 * - onSend: a 2xx `application/json` string payload becomes `{"EncryptedPayload": ...}` signed with
 *   X-Timestamp, X-Nonce, X-Signature over "RESPONSE\n" + path + ... . Errors and files pass as is.
 *
 * The plugin is not encapsulated (it sets `skip-override`, as fastify-plugin would), so its hooks
 * and its application/json parser apply app-wide. Register it, awaited, before any route and
 * before other preValidation hooks that read `request.channel` (the auth guard):
 * `await app.register(secureChannelPlugin, { database, kek })`.
 *
 * Channel keys (the 64 derived bytes) are stored in `secure_channels.key_material` wrapped with
 * AES-256-GCM under `kek` (AAD = channel id): base64(iv(12) || ciphertext(64) || tag(16)).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@paydesk/domain';
import {
  CHANNEL_HEADERS,
  HandshakeRequest,
  MAX_CLOCK_SKEW_MS,
  acceptHandshake,
  bytesToBase64Url,
  decryptPayload,
  encryptPayload,
  importChannelKeys,
  isEncryptedEnvelope,
  sign,
  verify,
  type ChannelKeys,
} from '@paydesk/contract';
import type { Database } from '../db/client.ts';
import { secureChannels } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Keys of the secure channel the request arrived on; set on `encrypted` routes once verified. */
    channel?: ChannelKeys;
    /** The exact application/json body text as received (the signed bodyText, §7). */
    rawBody?: string;
  }
  interface FastifyContextConfig {
    /** The route's body and 2xx JSON responses travel over the secure channel (§7). */
    encrypted?: boolean;
  }
}

export interface SecureChannelOptions {
  database: Database;
  /** 32-byte key-encryption key wrapping channel keys at rest. */
  kek: Uint8Array;
  /** Epoch ms clock; tests move it. Defaults to Date.now. */
  now?: () => number;
}

export const HANDSHAKE_PATH = '/api/portal/secure/Handshake';
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
const WRAP_IV = 12;
const WRAP_TAG = 16;

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

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return typeof v === 'string' ? v : undefined;
}

function reject(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).send({ ErrorCode: code, ErrorMessage: message });
}

const isEncryptedRoute = (req: FastifyRequest) => req.routeOptions.config?.encrypted === true;

/** The secure-channel plugin (§7). Throws at registration when `kek` is not 32 bytes. */
export async function secureChannelPlugin(app: FastifyInstance, opts: SecureChannelOptions): Promise<void> {
  const { database } = opts;
  const kek = new Uint8Array(opts.kek);
  if (kek.length !== 32) throw new Error('secureChannelPlugin: kek must be 32 bytes');
  const now = opts.now ?? Date.now;

  const cache = new Map<string, { keys: ChannelKeys; touchedAt: number }>();
  let encryptedRequests = 0;

  if (!app.hasRequestDecorator('channel')) app.decorateRequest('channel', undefined);
  if (!app.hasRequestDecorator('rawBody')) app.decorateRequest('rawBody', undefined);

  // ---- JSON bodies: keep the raw text (the signature covers it), accept an empty body as undefined.
  const defaultJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  ) as unknown as CallbackJsonParser;
  const parseJson = (req: FastifyRequest, text: string) =>
    new Promise<unknown>((resolve, rejectParse) => defaultJson(req, text, (err, body) => (err ? rejectParse(err) : resolve(body))));

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
  async function loadKeys(channelId: string): Promise<ChannelKeys | undefined> {
    const hit = cache.get(channelId);
    if (hit) {
      cache.delete(channelId);
      cache.set(channelId, hit);
      return hit.keys;
    }
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
    const keys = await importChannelKeys(channelId, raw);
    raw.fill(0);
    cache.set(channelId, { keys, touchedAt: 0 });
    while (cache.size > KEY_CACHE_MAX) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    return keys;
  }

  async function touch(channelId: string, at: number): Promise<void> {
    const entry = cache.get(channelId);
    if (!entry || at - entry.touchedAt < TOUCH_INTERVAL_MS) return;
    entry.touchedAt = at;
    await database.query('UPDATE secure_channels SET last_used_at = $2::timestamptz WHERE id = $1', [channelId, new Date(at).toISOString()]);
  }

  function sweepNonces(at: number): void {
    database
      .query('DELETE FROM channel_nonces WHERE seen_at < $1::timestamptz', [new Date(at - NONCE_RETENTION_MS).toISOString()])
      .catch((err: unknown) => app.log.warn({ err }, 'channel nonce sweep failed'));
  }

  // ---- Handshake (unencrypted).
  app.post(HANDSHAKE_PATH, { config: { encrypted: false } }, async (request, reply) => {
    const parsed = HandshakeRequest.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reject(reply, 400, ERROR_CODES.VALIDATION, `ClientPublicKey: ${issue?.message ?? 'invalid value'}`);
    }
    const channelId = bytesToBase64Url(randomBytes(16));
    let accepted: { serverPublicKey: string; rawKeys: Uint8Array };
    try {
      accepted = await acceptHandshake(parsed.data.ClientPublicKey, channelId);
    } catch {
      return reject(reply, 400, ERROR_CODES.VALIDATION, 'ClientPublicKey: must be base64 of an uncompressed P-256 public key');
    }
    const at = new Date(now());
    try {
      await database.db.insert(secureChannels).values({ id: channelId, keyMaterial: wrapKeys(kek, channelId, accepted.rawKeys), createdAt: at, lastUsedAt: at });
    } finally {
      accepted.rawKeys.fill(0);
    }
    return { ChannelId: channelId, ServerPublicKey: accepted.serverPublicKey };
  });

  // ---- Encrypted requests.
  app.addHook('preValidation', async (request, reply) => {
    if (!isEncryptedRoute(request)) return;

    const channelId = header(request, CHANNEL_HEADERS.channel);
    const keys = channelId && CHANNEL_ID_RE.test(channelId) ? await loadKeys(channelId) : undefined;
    if (!channelId || !keys) return reject(reply, 401, ERROR_CODES.UNKNOWN_CHANNEL, 'Unknown secure channel, please reconnect');

    const timestamp = header(request, CHANNEL_HEADERS.timestamp);
    const nonce = header(request, CHANNEL_HEADERS.nonce);
    const signature = header(request, CHANNEL_HEADERS.signature);
    if (timestamp === undefined || signature === undefined || nonce === undefined || !NONCE_RE.test(nonce)) {
      return reject(reply, 401, ERROR_CODES.BAD_SIGNATURE, 'Missing or malformed request signature');
    }
    // A body that did not go through the JSON parser (another content type) was not captured and
    // cannot be verified.
    if (request.rawBody === undefined && request.body !== undefined) {
      return reject(reply, 400, ERROR_CODES.BAD_PAYLOAD, 'Encrypted requests must be application/json');
    }
    const bodyText = request.rawBody ?? '';
    if (!(await verify(keys, [request.method, request.originalUrl, timestamp, nonce, bodyText], signature))) {
      return reject(reply, 401, ERROR_CODES.BAD_SIGNATURE, 'Invalid request signature');
    }

    const at = now();
    if (!TIMESTAMP_RE.test(timestamp) || Math.abs(at - Number(timestamp)) > MAX_CLOCK_SKEW_MS) {
      return reject(reply, 401, ERROR_CODES.STALE_TIMESTAMP, 'Request timestamp is outside the allowed window; check the device clock');
    }

    const inserted = await database.query(
      'INSERT INTO channel_nonces (channel_id, nonce, seen_at) VALUES ($1, $2, $3::timestamptz) ON CONFLICT DO NOTHING RETURNING nonce',
      [channelId, nonce, new Date(at).toISOString()],
    );
    if (inserted.length === 0) return reject(reply, 401, ERROR_CODES.REPLAYED_NONCE, 'Request was already received (replayed nonce)');
    if (++encryptedRequests % SWEEP_EVERY === 0) sweepNonces(at);

    let body: unknown = {};
    if (bodyText !== '') {
      try {
        const envelope = await parseJson(request, bodyText);
        if (!isEncryptedEnvelope(envelope) || Object.keys(envelope).length !== 1) throw new Error('not an envelope');
        body = await parseJson(request, await decryptPayload(keys, envelope.EncryptedPayload));
      } catch {
        return reject(reply, 400, ERROR_CODES.BAD_PAYLOAD, 'Encrypted payload is invalid');
      }
    }
    request.body = body;
    request.channel = keys;
    await touch(channelId, at);
  });

  // ---- Encrypted responses.
  app.addHook('onSend', async (request, reply, payload) => {
    const keys = request.channel;
    if (!keys || !isEncryptedRoute(request)) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !/^application\/json\s*(;|$)/i.test(type)) return payload;
    const disposition = reply.getHeader('content-disposition');
    if (typeof disposition === 'string' && /attachment/i.test(disposition)) return payload;

    const body = JSON.stringify({ EncryptedPayload: await encryptPayload(keys, payload) });
    const timestamp = String(now());
    const nonce = bytesToBase64Url(randomBytes(16));
    reply.header(CHANNEL_HEADERS.timestamp, timestamp);
    reply.header(CHANNEL_HEADERS.nonce, nonce);
    reply.header(CHANNEL_HEADERS.signature, await sign(keys, ['RESPONSE', request.originalUrl, timestamp, nonce, body]));
    return body;
  });
}

// Not encapsulated: hooks, the JSON parser and the request decorators apply to the whole app
// (what fastify-plugin does, without depending on it).
Object.assign(secureChannelPlugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'paydesk-secure-channel',
});

/**
 * The secure channel of §7 "Common behaviour": request bodies are AES-encrypted and sent as
 * `EncryptedPayload`, every encrypted call carries a keyed-hash signature, and encrypted responses
 * are decrypted from `EncryptedPayload`. Shared by the browser client and the Node server, so this
 * module uses only WebCrypto (`globalThis.crypto.subtle`), `TextEncoder`/`TextDecoder` and
 * `btoa`/`atob`: no Node imports and no DOM-only APIs.
 *
 * Scheme (docs/API.md "Secure channel" is the normative description):
 * - Handshake, unencrypted: `POST /api/portal/secure/Handshake {ClientPublicKey}` →
 *   `{ChannelId, ServerPublicKey}`; public keys are base64 of the raw uncompressed 65-byte P-256
 *   point, ChannelId is 16 random bytes base64url.
 * - Keys: ECDH P-256 shared secret (256 bits) → HKDF-SHA256(salt = UTF-8(ChannelId),
 *   info = "paydesk-channel-v1") → 64 bytes: [0, 32) AES-256-GCM key, [32, 64) HMAC-SHA256 key.
 * - Body: `{"EncryptedPayload": base64(iv(12) || ciphertext || tag(16))}` of the UTF-8 JSON text.
 * - Request headers: X-Channel-Id, X-Timestamp (epoch ms), X-Nonce (16 random bytes base64url),
 *   X-Signature = base64 HMAC(METHOD \n path \n timestamp \n nonce \n bodyText).
 * - Response (2xx JSON only): same envelope, no signature headers: the GCM tag authenticates the
 *   answer and binds it to the request's path through the additional data "RESPONSE" \n path
 *   ({@link responseAad}).
 * - Multipart upload (unencrypted body): the same four request headers, with
 *   X-Signature = base64 HMAC(METHOD \n path \n timestamp \n nonce \n hex SHA-256 of the body bytes).
 * - Server rejections `{ErrorCode, ErrorMessage}`: SEC404 (401) unknown channel, SEC401 (401) bad
 *   signature, SEC408 (401) timestamp outside ±{@link MAX_CLOCK_SKEW_MS}, SEC409 (401) replayed
 *   nonce, SEC400 (400) bad envelope / undecryptable / not JSON.
 */
import { ERROR_CODES } from '@paydesk/domain';
import { base64ToBytes, bytesToBase64, bytesToBase64Url } from './base64.ts';

export { base64ToBytes, base64UrlToBytes, bytesToBase64, bytesToBase64Url } from './base64.ts';

/** Header names of an encrypted call (§7). */
export const CHANNEL_HEADERS = {
  channel: 'X-Channel-Id',
  timestamp: 'X-Timestamp',
  nonce: 'X-Nonce',
  signature: 'X-Signature',
} as const;

/** Largest accepted difference between X-Timestamp and the server clock, either way (§7): 5 minutes. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** HKDF `info` of the channel key derivation. */
export const CHANNEL_KDF_INFO = 'paydesk-channel-v1';

/**
 * The keys of one secure channel (§7). Both keys are non-extractable, so a browser may keep this
 * object in IndexedDB (structured clone) without exposing the key bytes to script.
 */
export interface ChannelKeys {
  channelId: string;
  /** AES-256-GCM, usages encrypt/decrypt. */
  aesKey: CryptoKey;
  /** HMAC-SHA256, usages sign/verify. */
  hmacKey: CryptoKey;
}

const subtle = () => globalThis.crypto.subtle;
const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const EC = { name: 'ECDH', namedCurve: 'P-256' } as const;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const RAW_KEYS_BYTES = 64;

function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

/** Decodes and imports a base64 raw uncompressed P-256 public key; throws when it is not one. */
async function importPublicKey(b64: string): Promise<CryptoKey> {
  const raw = base64ToBytes(b64);
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error('invalid P-256 public key: expected 65-byte uncompressed point');
  // importKey rejects points that are not on the curve.
  return subtle().importKey('raw', raw, EC, true, []);
}

/** ECDH(privateKey, publicKey) → HKDF-SHA256(salt = UTF-8(channelId), info) → 64 bytes. */
async function deriveRawKeys(privateKey: CryptoKey, publicKey: CryptoKey, channelId: string): Promise<Uint8Array<ArrayBuffer>> {
  const shared = new Uint8Array(await subtle().deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256));
  try {
    const ikm = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveBits']);
    const okm = await subtle().deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt: utf8.encode(channelId), info: utf8.encode(CHANNEL_KDF_INFO) },
      ikm,
      RAW_KEYS_BYTES * 8,
    );
    return new Uint8Array(okm);
  } finally {
    shared.fill(0);
  }
}

/**
 * Client, step 1 of the handshake (§7): a fresh ECDH P-256 pair. `publicKey` is the base64 raw
 * uncompressed point to send as `ClientPublicKey`; `privateKey` is non-extractable.
 */
export async function createClientKeyPair(): Promise<{ publicKey: string; privateKey: CryptoKey }> {
  const pair = await subtle().generateKey(EC, false, ['deriveBits']);
  const raw = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  return { publicKey: bytesToBase64(raw), privateKey: pair.privateKey };
}

/**
 * Client, step 2 (§7): derives the channel keys from the handshake answer `{ChannelId, ServerPublicKey}`.
 * Throws when ServerPublicKey is not a valid base64 P-256 point.
 */
export async function completeClientHandshake(privateKey: CryptoKey, answer: { ChannelId: string; ServerPublicKey: string }): Promise<ChannelKeys> {
  const serverKey = await importPublicKey(answer.ServerPublicKey);
  const raw = await deriveRawKeys(privateKey, serverKey, answer.ChannelId);
  try {
    return await importChannelKeys(answer.ChannelId, raw);
  } finally {
    raw.fill(0);
  }
}

/**
 * Server side of the handshake (§7): makes the server P-256 pair, derives the 64 raw key bytes for
 * `channelId` and returns them with the base64 raw server public key (`ServerPublicKey`). The
 * caller stores `rawKeys` (wrapped) and should zero them afterwards. Throws when `clientPublicKey`
 * is not base64 of a valid uncompressed P-256 point.
 */
export async function acceptHandshake(clientPublicKey: string, channelId: string): Promise<{ serverPublicKey: string; rawKeys: Uint8Array }> {
  const clientKey = await importPublicKey(clientPublicKey);
  const pair = await subtle().generateKey(EC, false, ['deriveBits']);
  const rawKeys = await deriveRawKeys(pair.privateKey, clientKey, channelId);
  const serverPublicKey = bytesToBase64(new Uint8Array(await subtle().exportKey('raw', pair.publicKey)));
  return { serverPublicKey, rawKeys };
}

/**
 * Imports the 64 derived bytes (§7: first 32 AES-256-GCM, last 32 HMAC-SHA256) as non-extractable
 * keys. Throws when `rawKeys` is not 64 bytes. Does not modify `rawKeys`.
 */
export async function importChannelKeys(channelId: string, rawKeys: Uint8Array): Promise<ChannelKeys> {
  if (rawKeys.length !== RAW_KEYS_BYTES) throw new Error(`channel keys must be ${RAW_KEYS_BYTES} bytes`);
  const aesRaw = new Uint8Array(rawKeys.subarray(0, 32));
  const hmacRaw = new Uint8Array(rawKeys.subarray(32, 64));
  try {
    const [aesKey, hmacKey] = await Promise.all([
      subtle().importKey('raw', aesRaw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']),
      subtle().importKey('raw', hmacRaw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']),
    ]);
    return { channelId, aesKey, hmacKey };
  } finally {
    aesRaw.fill(0);
    hmacRaw.fill(0);
  }
}

/**
 * The GCM additional data of an encrypted answer (§7): UTF-8 of "RESPONSE" \n path, where `path` is
 * the request target the client signed. An answer sealed for another path (or a request body
 * passed off as an answer: requests have no additional data) fails authentication.
 */
export function responseAad(path: string): string {
  return `RESPONSE\n${path}`;
}

/**
 * AES-256-GCM encryption of the UTF-8 of `plaintext` with a random 12-byte IV (§7), authenticating
 * the UTF-8 of `aad` too when given (an answer: {@link responseAad}). Returns
 * base64(iv || ciphertext || 16-byte tag), the value of `EncryptedPayload`. Lone UTF-16 surrogates
 * cannot be encoded in UTF-8 and become U+FFFD (JSON.stringify never produces them).
 */
export async function encryptPayload(keys: ChannelKeys, plaintext: string, aad?: string): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const params: AesGcmParams = aad === undefined ? { name: 'AES-GCM', iv } : { name: 'AES-GCM', iv, additionalData: utf8.encode(aad) };
  const ct = new Uint8Array(await subtle().encrypt(params, keys.aesKey, utf8.encode(plaintext)));
  const out = new Uint8Array(IV_BYTES + ct.length);
  out.set(iv, 0);
  out.set(ct, IV_BYTES);
  return bytesToBase64(out);
}

/**
 * Inverse of {@link encryptPayload} (with the same `aad`). Throws when `b64` is not base64, is too
 * short, fails GCM authentication (tampered, wrong key, other additional data) or does not decrypt
 * to valid UTF-8.
 */
export async function decryptPayload(keys: ChannelKeys, b64: string, aad?: string): Promise<string> {
  const data = base64ToBytes(b64);
  if (data.length < IV_BYTES + TAG_BYTES) throw new Error('EncryptedPayload too short');
  const iv = data.subarray(0, IV_BYTES);
  const params: AesGcmParams = aad === undefined ? { name: 'AES-GCM', iv } : { name: 'AES-GCM', iv, additionalData: utf8.encode(aad) };
  const pt = await subtle().decrypt(params, keys.aesKey, data.subarray(IV_BYTES));
  return utf8Strict.decode(pt);
}

/** Base64 HMAC-SHA256 of the UTF-8 of `parts.join('\n')` with the channel's HMAC key (§7). */
export async function sign(keys: ChannelKeys, parts: string[]): Promise<string> {
  const mac = await subtle().sign('HMAC', keys.hmacKey, utf8.encode(parts.join('\n')));
  return bytesToBase64(new Uint8Array(mac));
}

/**
 * Checks a base64 signature made by {@link sign} over the same parts, in constant time
 * (`crypto.subtle.verify`). Returns false, never throws, on malformed base64 or a wrong length.
 */
export async function verify(keys: ChannelKeys, parts: string[], signatureB64: string): Promise<boolean> {
  let sig: Uint8Array<ArrayBuffer>;
  try {
    sig = base64ToBytes(signatureB64);
  } catch {
    return false;
  }
  if (sig.length !== 32) return false;
  return subtle().verify('HMAC', keys.hmacKey, sig, utf8.encode(parts.join('\n')));
}

/** True when `v` is a JSON object with a string `EncryptedPayload` (the §7 envelope). */
export function isEncryptedEnvelope(v: unknown): v is { EncryptedPayload: string } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { EncryptedPayload?: unknown }).EncryptedPayload === 'string';
}

/**
 * Seals an encrypted request (§7). `method` is upper-cased; `path` is the URL path plus query
 * exactly as it will be sent (e.g. `/api/portal/Transaction/Ecommerce/Get/5?x=1`). When `body` is
 * undefined no body is sent and the empty string is signed; otherwise `body` is JSON-stringified,
 * encrypted and wrapped as `{"EncryptedPayload": ...}`, and that exact string is returned as `body`
 * and signed. `headers` holds X-Channel-Id, X-Timestamp, X-Nonce, X-Signature and, when there is a
 * body, `Content-Type: application/json`. Send `body` byte-for-byte as returned.
 * Throws a TypeError when `body` has no JSON representation (a function, a symbol).
 */
export async function sealRequest(
  keys: ChannelKeys,
  method: string,
  path: string,
  body?: unknown,
  now = Date.now(),
): Promise<{ headers: Record<string, string>; body: string | undefined }> {
  let wire: string | undefined;
  if (body !== undefined) {
    const json = JSON.stringify(body) as string | undefined;
    if (json === undefined) throw new TypeError('request body has no JSON representation');
    wire = JSON.stringify({ EncryptedPayload: await encryptPayload(keys, json) });
  }
  const timestamp = String(Math.trunc(now));
  const nonce = bytesToBase64Url(randomBytes(16));
  const signature = await sign(keys, [method.toUpperCase(), path, timestamp, nonce, wire ?? '']);
  const headers: Record<string, string> = {
    [CHANNEL_HEADERS.channel]: keys.channelId,
    [CHANNEL_HEADERS.timestamp]: timestamp,
    [CHANNEL_HEADERS.nonce]: nonce,
    [CHANNEL_HEADERS.signature]: signature,
  };
  if (wire !== undefined) headers['Content-Type'] = 'application/json';
  return { headers, body: wire };
}

/** Lower-case hex SHA-256 of `bytes` (the last signed part of an upload, §7). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Signs a multipart upload (unencrypted, but bound to the channel): returns X-Channel-Id,
 * X-Timestamp, X-Nonce and X-Signature = base64 HMAC(METHOD \n path \n timestamp \n nonce \n
 * hex SHA-256 of `body`). `body` must be exactly the bytes that will be sent — serialise a
 * FormData once (e.g. `new Response(form)`), sign those bytes and send them with that response's
 * content type. `method` is upper-cased; `path` is the path plus query as sent. No Content-Type
 * is returned (the multipart boundary is the caller's).
 */
export async function sealUpload(keys: ChannelKeys, method: string, path: string, body: Uint8Array, now = Date.now()): Promise<{ headers: Record<string, string> }> {
  const timestamp = String(Math.trunc(now));
  const nonce = bytesToBase64Url(randomBytes(16));
  const signature = await sign(keys, [method.toUpperCase(), path, timestamp, nonce, await sha256Hex(body)]);
  return {
    headers: {
      [CHANNEL_HEADERS.channel]: keys.channelId,
      [CHANNEL_HEADERS.timestamp]: timestamp,
      [CHANNEL_HEADERS.nonce]: nonce,
      [CHANNEL_HEADERS.signature]: signature,
    },
  };
}

/**
 * Opens a response of an encrypted call (§7). `path` is the path+query the request was sent to,
 * `text` the raw response body.
 * - Body `{EncryptedPayload}` (and nothing else): decrypts it with {@link responseAad}(path) as the
 *   additional data and returns the JSON value. Throws `Error('SEC401')` when it does not
 *   authenticate (tampered, another channel's, sealed for another path, a request body, not
 *   base64) or is not UTF-8, `Error('SEC400')` when the authentic plaintext is not JSON.
 * - Any other JSON body (the unencrypted `{ErrorCode, ErrorMessage}` of a 4xx/5xx): returned parsed,
 *   unchanged and unverified. An empty body returns undefined. A non-JSON body throws SyntaxError.
 */
export async function openResponse(keys: ChannelKeys, path: string, text: string): Promise<unknown> {
  if (text.trim() === '') return undefined;
  const parsed: unknown = JSON.parse(text);
  if (!isEncryptedEnvelope(parsed)) return parsed;
  if (Object.keys(parsed).length !== 1) throw new Error(ERROR_CODES.BAD_SIGNATURE);
  let plaintext: string;
  try {
    plaintext = await decryptPayload(keys, parsed.EncryptedPayload, responseAad(path));
  } catch {
    throw new Error(ERROR_CODES.BAD_SIGNATURE);
  }
  try {
    return JSON.parse(plaintext);
  } catch {
    throw new Error(ERROR_CODES.BAD_PAYLOAD);
  }
}

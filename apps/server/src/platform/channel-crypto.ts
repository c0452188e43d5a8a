/**
 * The secure channel's symmetric work on the server with Node's synchronous crypto:
 * HMAC-SHA256 and AES-256-GCM over keys held as KeyObjects, so a request costs no WebCrypto thread
 * hop. The wire format is exactly that of packages/contract/src/secure-channel.ts (which stays
 * WebCrypto-only for the browser) and docs/API.md "Secure channel"; the contract's own functions
 * are the reference the unit tests compare against.
 */
import { createCipheriv, createDecipheriv, createHmac, createSecretKey, randomFillSync, timingSafeEqual, type KeyObject } from 'node:crypto';

/** The keys of one channel as the server holds them. */
export interface ServerChannel {
  channelId: string;
  /** AES-256-GCM key (bytes 0–32 of the derived 64). */
  aesKey: KeyObject;
  /** HMAC-SHA256 key (bytes 32–64). */
  hmacKey: KeyObject;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Standard padded base64, as the contract's strict decoder accepts it. */
const B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** A base64 HMAC-SHA256: 32 bytes → 44 characters. */
const SIGNATURE_CHARS = 44;

/**
 * Random bytes are drawn from the CSPRNG 4 KiB at a time: one `randomFillSync` per ~200 answers
 * instead of two per answer, each of which costs a system call on some virtual machines.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

/** `n` (≤ 4096) fresh CSPRNG bytes, copied out of the pool (each byte is handed out once). */
export function freshRandom(n: number): Buffer {
  if (poolOffset + n > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const out = Buffer.from(pool.subarray(poolOffset, poolOffset + n));
  poolOffset += n;
  return out;
}

/** Keys of a channel from its 64 derived bytes (§7); throws when `raw` is not 64 bytes. Copies the bytes. */
export function serverChannel(channelId: string, raw: Uint8Array): ServerChannel {
  if (raw.length !== 64) throw new Error('channel keys must be 64 bytes');
  return { channelId, aesKey: createSecretKey(Buffer.from(raw.subarray(0, 32))), hmacKey: createSecretKey(Buffer.from(raw.subarray(32, 64))) };
}

/** Base64 HMAC-SHA256 of `parts` joined by LF, UTF-8 (§7; the contract's `sign`). */
export function signParts(channel: ServerChannel, parts: string[]): string {
  return createHmac('sha256', channel.hmacKey).update(parts.join('\n'), 'utf8').digest('base64');
}

/**
 * Checks a base64 signature over `parts` in constant time (the contract's `verify`). False, never
 * a throw, for a signature that is not the canonical 44-character base64 of 32 bytes.
 */
export function verifyParts(channel: ServerChannel, parts: string[], signature: string): boolean {
  if (signature.length !== SIGNATURE_CHARS || !B64.test(signature)) return false;
  const expected = Buffer.from(signParts(channel, parts), 'latin1');
  return timingSafeEqual(expected, Buffer.from(signature, 'latin1'));
}

/**
 * base64(iv(12) ‖ AES-256-GCM ciphertext ‖ tag(16)) of the UTF-8 of `plaintext`, authenticating the
 * UTF-8 of `aad` too when given (the contract's `encryptPayload`; an answer's is `responseAad`).
 */
export function encryptText(channel: ServerChannel, plaintext: string, aad?: string): string {
  const iv = freshRandom(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', channel.aesKey, iv, { authTagLength: TAG_BYTES });
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/**
 * Inverse of {@link encryptText} (the contract's `decryptPayload`). Throws when `b64` is not strict
 * base64, is too short, fails GCM authentication or is not valid UTF-8.
 */
export function decryptText(channel: ServerChannel, b64: string): string {
  if (!B64.test(b64)) throw new Error('invalid base64');
  const data = Buffer.from(b64, 'base64');
  if (data.length < IV_BYTES + TAG_BYTES) throw new Error('EncryptedPayload too short');
  const decipher = createDecipheriv('aes-256-gcm', channel.aesKey, data.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  const pt = Buffer.concat([decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)), decipher.final()]);
  return utf8Strict.decode(pt);
}

/**
 * Base64 and base64url codecs for the secure channel (§7). Pure: uses only `btoa`/`atob`, which
 * exist in browsers and in Node ≥ 16, so the same code runs on both sides. Decoders are strict:
 * they throw `Error('invalid base64')` on characters outside the alphabet, bad padding or a bad
 * length, instead of silently skipping them as `atob` would.
 */

const B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const B64URL = /^[A-Za-z0-9_-]*$/;

/** Bytes → standard base64 with padding (RFC 4648 §4). */
export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    bin += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(bin);
}

/** Standard padded base64 → bytes. Throws `Error('invalid base64')` on malformed input. */
export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  if (!B64.test(b64)) throw new Error('invalid base64');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Bytes → base64url without padding (RFC 4648 §5). */
export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Unpadded base64url → bytes. Throws `Error('invalid base64')` on malformed input. */
export function base64UrlToBytes(b64url: string): Uint8Array<ArrayBuffer> {
  if (!B64URL.test(b64url) || b64url.length % 4 === 1) throw new Error('invalid base64');
  const std = b64url.replace(/-/g, '+').replace(/_/g, '/');
  return base64ToBytes(std + '='.repeat((4 - (std.length % 4)) % 4));
}

/**
 * Sealed values (AES-256-GCM under the field key): the at-rest form of every secret the portal
 * keeps (provider keys, ZMK components, integration passwords, bank account numbers, the SMTP
 * password of the outbox). Here, at the bottom of the server, so platform/ (mail) and the resource
 * engine's secret fields share one format without platform/ importing the engine.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What every sealed value starts with (a column without it holds plain text written before sealing). */
export const SEALED_PREFIX = 'enc:v1:';

/** Encrypts a secret value; the column stores `enc:v1:` + base64(iv ‖ ciphertext ‖ tag). */
export function sealSecret(key: Uint8Array, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, ct, c.getAuthTag()]).toString('base64');
}

/** Decrypts a stored secret; throws when it was tampered with or the key changed. */
export function openSecret(key: Uint8Array, stored: string): string {
  if (!isSealed(stored)) throw new Error('not an encrypted field value');
  const buf = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64');
  const d = createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
  d.setAuthTag(buf.subarray(buf.length - 16));
  return Buffer.concat([d.update(buf.subarray(12, buf.length - 16)), d.final()]).toString('utf8');
}

/** Whether a stored value is sealed (else plain text written before its field became secret). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

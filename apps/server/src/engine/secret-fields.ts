/**
 * Secret resource fields (provider keys, ZMK components, passwords of integrations): stored
 * AES-256-GCM encrypted under the field key, answered masked to the last 4 characters, never
 * sent back whole. A write with an empty value or the mask itself keeps the stored secret.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
export const MASK = '••••';

/** Encrypts a secret value; the column stores `enc:v1:` + base64(iv ‖ ciphertext ‖ tag). */
export function sealSecret(key: Uint8Array, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return PREFIX + Buffer.concat([iv, ct, c.getAuthTag()]).toString('base64');
}

/** Decrypts a stored secret; throws when it was tampered with or the key changed. */
export function openSecret(key: Uint8Array, stored: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error('not an encrypted field value');
  const buf = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const d = createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
  d.setAuthTag(buf.subarray(buf.length - 16));
  return Buffer.concat([d.update(buf.subarray(12, buf.length - 16)), d.final()]).toString('utf8');
}

/** The masked form answered for a stored secret: the mask and at most the last 4 characters. */
export function maskSecret(key: Uint8Array, stored: string | null): string | null {
  if (stored === null || stored === '') return null;
  try {
    const plain = openSecret(key, stored);
    return plain.length > 8 ? `${MASK}${plain.slice(-4)}` : MASK;
  } catch {
    return MASK;
  }
}

/** Whether a written value means "keep the stored secret". */
export function keepsSecret(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (typeof value === 'string' && value.startsWith(MASK));
}

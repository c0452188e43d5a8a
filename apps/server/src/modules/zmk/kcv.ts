/**
 * Key check values and component combination of zone master keys (the methods
 * are the domain's, zmk.ts). Pure functions over byte buffers on node:crypto; nothing here keeps
 * or logs key material.
 */
import { createCipheriv } from 'node:crypto';
import { ZMK_SCHEME_BYTES, isTdesScheme, type ZmkScheme } from '@paydesk/domain';

/**
 * The KCV of `key` for `scheme`: 6 upper-case hex digits, the first 3 bytes of the key's
 * encryption of zeros in ECB — 8 bytes under TDES (a 16-byte key used as K1K2K1, the same as
 * des-ede-ecb), 16 bytes under AES. Throws when the key's length is not the scheme's.
 */
export function kcvOf(scheme: ZmkScheme, key: Uint8Array): string {
  if (key.length !== ZMK_SCHEME_BYTES[scheme]) throw new RangeError(`a ${scheme} key has ${ZMK_SCHEME_BYTES[scheme]} bytes, not ${key.length}`);
  const tdes = isTdesScheme(scheme);
  // node's 3-key des-ede3-ecb takes 24 bytes: a double-length key is extended with K1.
  const material = tdes && key.length === 16 ? Buffer.concat([key, key.subarray(0, 8)]) : Buffer.from(key);
  const cipher = createCipheriv(tdes ? 'des-ede3-ecb' : `aes-${key.length * 8}-ecb`, material, null);
  cipher.setAutoPadding(false);
  const block = Buffer.concat([cipher.update(Buffer.alloc(tdes ? 8 : 16)), cipher.final()]);
  material.fill(0);
  return block.subarray(0, 3).toString('hex').toUpperCase();
}

/** The XOR of equal-length components (2 or 3 of them): the key they make. */
export function xorComponents(parts: readonly Uint8Array[]): Buffer {
  const first = parts[0];
  if (!first || parts.some((p) => p.length !== first.length)) throw new RangeError('components must be present and of one length');
  const out = Buffer.alloc(first.length);
  for (const p of parts) for (let i = 0; i < out.length; i++) out[i]! ^= p[i]!;
  return out;
}

/** Whether every byte of a DES key has odd parity (DES ignores the bit; the screen reports it). */
export const hasOddParity = (key: Uint8Array): boolean => key.every((b) => (b.toString(2).split('1').length - 1) % 2 === 1);

/**
 * Whether a TDES key degenerates to single DES (K1 = K2, or K2 = K3 in triple length), which the
 * DES-EDE construction then cancels: such a key is refused at activation. Parity bits are ignored.
 */
export function isDegenerateTdes(scheme: ZmkScheme, key: Uint8Array): boolean {
  if (!isTdesScheme(scheme)) return false;
  const part = (i: number) => Buffer.from(key.subarray(i * 8, i * 8 + 8).map((b) => b & 0xfe));
  return part(0).equals(part(1)) || (key.length === 24 && part(1).equals(part(2)));
}

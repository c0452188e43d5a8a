/**
 * Key material at rest: a component or a combined key sealed under the field
 * key with the platform's AES-256-GCM sealing (engine/secret-fields.ts). The sealed text binds the
 * material to its place (`zmk:<key id>:<slot or 'key'>`), so a sealed value copied into another
 * row or slot does not open there. Never logged, never answered.
 */
import { openSecret, sealSecret } from '../../engine/secret-fields.ts';

/** Where a sealed value belongs: a component slot (1 … 3) or the key itself. */
export const materialPlace = (keyId: number, slot: number | 'key') => `zmk:${keyId}:${slot}`;

/** Seals `bytes` for `place`; the column stores `enc:v1:` + base64 (see sealSecret). */
export function sealMaterial(fieldKey: Uint8Array, place: string, bytes: Uint8Array): string {
  return sealSecret(fieldKey, `${place}|${Buffer.from(bytes).toString('hex')}`);
}

/** Opens a value sealed for `place`; throws when it was sealed for another place or tampered with. */
export function openMaterial(fieldKey: Uint8Array, place: string, sealed: string): Buffer {
  const plain = openSecret(fieldKey, sealed);
  const bar = plain.indexOf('|');
  if (plain.slice(0, bar) !== place) throw new Error(`sealed key material does not belong to ${place}`);
  return Buffer.from(plain.slice(bar + 1), 'hex');
}

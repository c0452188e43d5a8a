/**
 * Secret resource fields (provider keys, ZMK components, passwords of integrations, and bank
 * account numbers — `bankAccount` of the contract's fields): stored
 * AES-256-GCM encrypted under the field key, answered masked to the last 4 characters, never
 * sent back whole. A write with an empty value or the mask itself keeps the stored secret.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SECRET_MASK, type ResourceDef } from '@paydesk/contract';
import type { Database } from '../db/client.ts';
import { ident } from './sql.ts';

const PREFIX = 'enc:v1:';
/** The mask answered for secrets; one constant with the contract, whose bank-account schema takes it back. */
export const MASK = SECRET_MASK;

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

/**
 * The masked form answered for a stored secret: the mask and at most the last 4 characters (only
 * when the value is longer than 8, so a short one shows nothing). A value without the `enc:v1:`
 * prefix is plain text written before its field became secret (see sealPlainSecrets); one that
 * does not open (tampered, key changed) answers the mask alone.
 */
export function maskSecret(key: Uint8Array, stored: string | null): string | null {
  if (stored === null || stored === '') return null;
  try {
    const plain = stored.startsWith(PREFIX) ? openSecret(key, stored) : stored;
    return plain.length > 8 ? `${MASK}${plain.slice(-4)}` : MASK;
  } catch {
    return MASK;
  }
}

/** Whether a written value means "keep the stored secret". */
export function keepsSecret(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (typeof value === 'string' && value.startsWith(MASK));
}

/**
 * Seals, in place, every secret column value still stored as plain text — values written before
 * their field became secret (e.g. OrganizationConfig PayoutAccountNo before issue 8). Idempotent:
 * sealed values (`enc:v1:` prefix) are left alone; versions and audit are not touched (the value
 * does not change, only its storage). Returns how many values it sealed. Run at start-up after the
 * migrations, with the server's field key.
 */
export async function sealPlainSecrets(database: Database, key: Uint8Array, defs: readonly ResourceDef[]): Promise<number> {
  let sealed = 0;
  const seen = new Set<string>();
  for (const def of defs) {
    for (const f of Object.values(def.fields)) {
      // Several resources may share a table (the three organization configurations).
      if (!f.secret || seen.has(`${def.table}.${f.column}`)) continue;
      seen.add(`${def.table}.${f.column}`);
      const t = ident(def.table);
      const c = ident(f.column);
      const rows = await database.query<{ id: number; v: string }>(`SELECT id, ${c} AS v FROM ${t} WHERE ${c} IS NOT NULL AND ${c} <> '' AND ${c} NOT LIKE 'enc:v1:%'`);
      for (const r of rows) {
        await database.query(`UPDATE ${t} SET ${c} = $1 WHERE id = $2 AND ${c} = $3`, [sealSecret(key, r.v), r.id, r.v]);
        sealed++;
      }
    }
  }
  return sealed;
}

/**
 * Secret resource fields (provider keys, ZMK components, passwords of integrations, and bank
 * account numbers — `bankAccount` of the contract's fields): stored
 * AES-256-GCM encrypted under the field key, answered masked to the last 4 characters, never
 * sent back whole. A write with an empty value or the mask itself keeps the stored secret.
 */
import { SECRET_MASK, type ResourceDef } from '@paydesk/contract';
import type { Database } from '../db/client.ts';
import { isSealed, openSecret, SEALED_PREFIX, sealSecret } from '../platform/sealing.ts';
import { ident } from './sql.ts';

// The sealed-value format lives in platform/ (mail uses it too); the engine's secret fields answer it as well.
export { openSecret, sealSecret };

/** The mask answered for secrets; one constant with the contract, whose bank-account schema takes it back. */
export const MASK = SECRET_MASK;

/**
 * The masked form answered for a stored secret: the mask and at most the last 4 characters (only
 * when the value is longer than 8, so a short one shows nothing). A value without the `enc:v1:`
 * prefix is plain text written before its field became secret (see sealPlainSecrets); one that
 * does not open (tampered, key changed) answers the mask alone.
 */
export function maskSecret(key: Uint8Array, stored: string | null): string | null {
  if (stored === null || stored === '') return null;
  try {
    const plain = isSealed(stored) ? openSecret(key, stored) : stored;
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
 * their field became secret (e.g. OrganizationConfig PayoutAccountNo before it was encrypted). Idempotent:
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
      const rows = await database.query<{ id: number; v: string }>(`SELECT id, ${c} AS v FROM ${t} WHERE ${c} IS NOT NULL AND ${c} <> '' AND ${c} NOT LIKE '${SEALED_PREFIX}%'`);
      for (const r of rows) {
        await database.query(`UPDATE ${t} SET ${c} = $1 WHERE id = $2 AND ${c} = $3`, [sealSecret(key, r.v), r.id, r.v]);
        sealed++;
      }
    }
  }
  return sealed;
}

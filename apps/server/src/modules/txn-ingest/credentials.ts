/**
 * The signing credentials of the transaction ingest sources (domain TXN_INGEST_SOURCES): rows of
 * `log_ingest_keys` with a sealed `whsec_` secret, issued, rotated and revoked on /log-ingest-keys
 * with the log sources' keys (modules/log-ingest/ingest-keys.ts). A request is verified against
 * every active one (a handful: one or two per source during a rotation); the one that verifies
 * names the source. Opened secrets are cached per sealed value, so a request decrypts nothing.
 */
import { TXN_INGEST_SOURCES, type TxnIngestSource } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { openSecret } from '../../platform/sealing.ts';

/** An active credential with its secret opened. */
export interface SigningCredential {
  id: number;
  source: TxnIngestSource;
  label: string;
  secret: string;
}

const opened = new Map<string, string>();

/** Every active signing credential, oldest first. `fieldKey` opens the sealed secrets. */
export async function activeSigningCredentials(q: Query, fieldKey: Uint8Array): Promise<SigningCredential[]> {
  const rows = await q<{ id: number; source: string; label: string; secret_sealed: string }>(
    `SELECT id, source, label, secret_sealed FROM log_ingest_keys WHERE secret_sealed IS NOT NULL AND revoked_at IS NULL AND source = ANY($1::text[]) ORDER BY id`,
    [[...TXN_INGEST_SOURCES]],
  );
  const out: SigningCredential[] = [];
  for (const r of rows) {
    let secret = opened.get(r.secret_sealed);
    if (secret === undefined) {
      try {
        secret = openSecret(fieldKey, r.secret_sealed);
      } catch {
        continue; // sealed under another field key: it can verify nothing
      }
      if (opened.size > 1_000) opened.clear();
      opened.set(r.secret_sealed, secret);
    }
    out.push({ id: Number(r.id), source: r.source as TxnIngestSource, label: r.label, secret });
  }
  return out;
}

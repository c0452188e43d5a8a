/**
 * The demo's signing secrets of the transaction ingest sources (issue 31): one `whsec_` secret per
 * source (domain TXN_INGEST_SOURCES) with a FIXED value, so the traffic simulator
 * (sim/simulate.ts) and the tests can post signed transactions to any demo database without
 * reading a secret from a screen. Public, written here: a demo database only. A real deployment
 * issues its secrets on /log-ingest-keys (random, shown once) and revokes these if it seeded them.
 * Stored like any signing secret: sealed (modules/log-ingest/ingest-keys.ts), labelled "Demo <source>".
 */
import { TXN_INGEST_SOURCES, type TxnIngestSource } from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import { issueIngestKey } from '../modules/log-ingest/ingest-keys.ts';
import { ingestKeyHash } from '../modules/log-ingest/key-material.ts';
import { DEMO_SIGNING_SECRETS } from '../sim/demo-secrets.ts';

export { DEMO_SIGNING_SECRETS } from '../sim/demo-secrets.ts';

/**
 * Issues the demo secret of every transaction ingest source that has none yet (its hash not
 * stored), sealed with `fieldKey`, at `at`. Safe to run again. Answers the sources issued now.
 */
export async function seedDemoSigningSecrets(database: Database, fieldKey: Uint8Array, at: Date = new Date()): Promise<TxnIngestSource[]> {
  const issued: TxnIngestSource[] = [];
  await database.transaction(async (q) => {
    for (const source of TXN_INGEST_SOURCES) {
      const key = DEMO_SIGNING_SECRETS[source];
      const [known] = await q<{ id: number }>('SELECT id FROM log_ingest_keys WHERE key_hash = $1', [ingestKeyHash(key)]);
      if (known) continue;
      await issueIngestKey(q, { source, label: `Demo ${source}`, userId: null, at, key, fieldKey });
      issued.push(source);
    }
  });
  return issued;
}

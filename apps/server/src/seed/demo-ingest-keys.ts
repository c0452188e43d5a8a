/**
 * The demo's ingest keys (issue 30 items 3 and 4): one key per source written from outside the
 * portal (domain INGEST_KEY_SOURCES) with a FIXED value, so the demo terminal host
 * (seed/demo-log-host.ts) and the tests can send logs to `POST /api/otlp/v1/logs`, and terminal
 * log files to `POST /api/otlp/v1/log-files`, of any demo database without reading a key from a screen. They are
 * public, written here: a demo database only. A real deployment issues its keys on
 * /log-ingest-keys (random, shown once) and revokes these if it ever seeded them.
 *
 * Stored like any key: SHA-256 and prefix only (modules/log-ingest/key-material.ts), labelled
 * "Demo <source>", issued by nobody (created_by null).
 */
import { INGEST_KEY_SOURCES, type IngestKeySource } from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import { issueIngestKey } from '../modules/log-ingest/ingest-keys.ts';
import { ingestKeyHash } from '../modules/log-ingest/key-material.ts';

/**
 * The demo key of each source with ingest keys: `pdk_demo_<source>_` and a fixed tail (44–47 characters in
 * all, like a real key's 47). Demo only: anyone can read them here.
 */
export const DEMO_INGEST_KEYS: Readonly<Record<IngestKeySource, string>> = {
  TERMINAL: 'pdk_demo_terminal_Xq4Jd2Lr8Tn6Vb3Hk9Wm5Pz7Cs1Fg',
  MASTER_DEVICES_API: 'pdk_demo_masterdevicesapi_Ry7Kc3Nw9Qd5Hm2Tj8Lx',
  MOBILE: 'pdk_demo_mobile_Bt6Gp2Vz8Mk4Rw9Dn3Hq7Js5Lc1Xf',
  CARD_RECEIPT_UPLOAD: 'pdk_demo_cardreceiptupload_Wn5Jh8Qt2Ld7Kx4Pr9',
  TERMINAL_ERECEIPT_UPLOAD: 'pdk_demo_terminalereceipt_Fm3Zs9Ck6Vb2Np8Ty5',
  MASTER_TERMINAL: 'pdk_demo_masterterminal_Hv7Qm2Xc9Lp4Tz6Rb3Nk',
};

/**
 * Issues the demo key of every source with ingest keys that has none yet (its hash not stored), at `at`
 * (default: now). Safe to run again: a key already there, active or revoked, is left alone.
 * Answers the keys issued now, by source.
 */
export async function seedDemoIngestKeys(database: Database, at: Date = new Date()): Promise<Partial<Record<IngestKeySource, string>>> {
  const issued: Partial<Record<IngestKeySource, string>> = {};
  await database.transaction(async (q) => {
    for (const source of INGEST_KEY_SOURCES) {
      const key = DEMO_INGEST_KEYS[source];
      const [known] = await q<{ id: number }>('SELECT id FROM log_ingest_keys WHERE key_hash = $1', [ingestKeyHash(key)]);
      if (known) continue;
      await issueIngestKey(q, { source, label: `Demo ${source}`, userId: null, at, key });
      issued[source] = key;
    }
  });
  return issued;
}

/**
 * Ingest keys as material (issue 30 item 4): `pdk_` and 32 random bytes in base64url (43
 * characters, 256 bits), stored as their SHA-256 in hex beside their first
 * LOG_INGEST_KEY_PREFIX_CHARS characters. A key of 256 random bits needs no slow hash: nobody can
 * guess one, and the lookup by hash is one indexed equality per request.
 */
import { createHash, randomBytes } from 'node:crypto';
import { LOG_INGEST_KEY_PREFIX_CHARS } from '@paydesk/contract';

/** What every ingest key starts with (a key found in a file or a log is recognisable as one). */
export const INGEST_KEY_PREFIX = 'pdk_';

/** A new random key. */
export const newIngestKey = (): string => `${INGEST_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/** The SHA-256 of a key, lower-case hex: what `log_ingest_keys.key_hash` holds. */
export const ingestKeyHash = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** The characters of a key kept to tell it apart (`log_ingest_keys.key_prefix`). */
export const ingestKeyPrefix = (key: string): string => key.slice(0, LOG_INGEST_KEY_PREFIX_CHARS);

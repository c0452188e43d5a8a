/**
 * The log ingest keys screen (issue 30 item 4; /log-ingest-keys, permission
 * `logfiles:ingestkeys`, the platform's): each source written from outside the portal (domain
 * INGEST_KEY_SOURCES) writes with a key of its own: the OTLP sources to the OTLP endpoint, the
 * log file source (master terminal) to the log file upload (endpoints/log-files.ts). A key is issued, rotated and revoked here; the server keeps
 * its SHA-256 only, with its first LOG_INGEST_KEY_PREFIX_CHARS characters to tell keys apart, so
 * the key itself is answered ONCE, by the call that issues it (Issue, Rotate), and never again.
 * Every change is audited (one row per call, never with the key).
 */
import { z } from 'zod';
import { FIELD_MESSAGES, INGEST_KEY_SOURCES, TXN_INGEST_SOURCES, VALIDATION_MESSAGES, fieldMessage } from '@paydesk/domain';
import { DbId, IsoDateTime, listRequest, listResponse } from '../common.ts';

/** Characters of a key kept (and shown) to tell keys apart: 'pdk_' and 8 random ones. */
export const LOG_INGEST_KEY_PREFIX_CHARS = 12;

/** A key's state: ACTIVE until revoked (by Revoke, or by the Rotate that replaced it). */
export const LOG_INGEST_KEY_STATUSES = ['ACTIVE', 'REVOKED'] as const;
export type LogIngestKeyStatus = (typeof LOG_INGEST_KEY_STATUSES)[number];

/**
 * Every source with keys of its own: the log sources' bearer keys (`pdk_…`, kept as SHA-256) and
 * the transaction ingest sources' signing secrets (`whsec_…`, Standard Webhooks; kept sealed, since
 * verifying an HMAC needs the secret itself — endpoints/txn-ingest.ts).
 */
export const MACHINE_KEY_SOURCES = [...INGEST_KEY_SOURCES, ...TXN_INGEST_SOURCES] as const;
const Source = z.enum(MACHINE_KEY_SOURCES, { error: FIELD_MESSAGES.option });

/** `{PageIndex, RowsPerPage, SearchData: {Source?, Status?}, Sort?}`: newest first unless Sort says otherwise. */
export const LogIngestKeySearchRequest = listRequest(
  z
    .object({ Source: Source.optional(), Status: z.enum(LOG_INGEST_KEY_STATUSES, { error: FIELD_MESSAGES.option }).optional() })
    .strict()
    .default({}),
  ['CreatedAt', 'Source', 'LastUsedAt'],
);

/** One key as listed: never the key, never its hash. Times ISO UTC. */
export const LogIngestKeyItem = z.object({
  Id: z.number().int(),
  Source: Source,
  Label: z.string(),
  /** The key's first LOG_INGEST_KEY_PREFIX_CHARS characters. */
  Prefix: z.string(),
  Status: z.enum(LOG_INGEST_KEY_STATUSES),
  CreatedAt: IsoDateTime,
  /** The e-mail of the user who issued it; null for the demo seed's keys. */
  CreatedBy: z.string().nullable(),
  /** The last accepted request (kept to the minute); null when never used. */
  LastUsedAt: IsoDateTime.nullable(),
  RevokedAt: IsoDateTime.nullable(),
  RevokedBy: z.string().nullable(),
});
export type LogIngestKeyItem = z.output<typeof LogIngestKeyItem>;

/** `{Items, TotalRecords, PageIndex, RowsPerPage}`. */
export const LogIngestKeySearchResponse = listResponse(LogIngestKeyItem);

/** Issues a key of `Source`, named `Label` (what sends with it: "Terminal host KL", "Mobile app v5"). */
export const LogIngestKeyIssueRequest = z.object({
  Source,
  Label: z.string().trim().min(1, VALIDATION_MESSAGES.required).max(100, fieldMessage(FIELD_MESSAGES.maxLength, { max: 100 })),
});

/** Rotates or revokes the key `Id`. */
export const LogIngestKeyActionRequest = z.object({ Id: DbId });

/**
 * A key just issued: `Key` is shown this once (`pdk_` and 43 base64url characters: 32 random
 * bytes); the server keeps only its SHA-256. `Item` is the key as the list shows it.
 */
export const LogIngestKeyIssued = z.object({ Key: z.string(), Item: LogIngestKeyItem });

/** A rotation: the new key (shown this once) and the old key, now revoked. */
export const LogIngestKeyRotated = z.object({ Key: z.string(), Item: LogIngestKeyItem, Revoked: LogIngestKeyItem });

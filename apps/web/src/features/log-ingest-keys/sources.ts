/** The sources with ingest keys as the ingest keys screen names them (the OTLP ones and the terminal log files), and the permission it needs. */
import { LOG_INGEST_KEY_PERMISSION } from '@paydesk/domain';
import { MACHINE_KEY_SOURCES } from '@paydesk/contract';

export { LOG_INGEST_KEY_PERMISSION };

/** One of the sources written from outside the portal with a key of their own. */
export type IngestSource = (typeof MACHINE_KEY_SOURCES)[number];

/** Every source the screen lists: the log sources' bearer keys and the transaction ingest sources' signing secrets (contract MACHINE_KEY_SOURCES). */
export const KEY_SOURCES = MACHINE_KEY_SOURCES;

/** Whether `source` is written with an ingest key (a string from a URL or a report's `where`). */
export const isIngestSource = (source: unknown): source is IngestSource => (MACHINE_KEY_SOURCES as readonly unknown[]).includes(source);

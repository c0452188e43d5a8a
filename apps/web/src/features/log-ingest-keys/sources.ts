/** The sources with ingest keys as the ingest keys screen names them (the OTLP ones and the terminal log files), and the permission it needs. */
import { INGEST_KEY_SOURCES, LOG_INGEST_KEY_PERMISSION } from '@paydesk/domain';

export { LOG_INGEST_KEY_PERMISSION };

/** One of the sources written from outside the portal with a key of their own. */
export type IngestSource = (typeof INGEST_KEY_SOURCES)[number];

/** Whether `source` is written with an ingest key (a string from a URL or a report's `where`). */
export const isIngestSource = (source: unknown): source is IngestSource => (INGEST_KEY_SOURCES as readonly unknown[]).includes(source);

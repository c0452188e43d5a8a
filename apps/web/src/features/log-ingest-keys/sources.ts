/** The OTLP sources as the ingest keys screen names them, and the permission it needs. */
import { LOG_INGEST_KEY_PERMISSION, OTLP_LOG_SOURCES } from '@paydesk/domain';

export { LOG_INGEST_KEY_PERMISSION };

/** One of the sources that send logs over OTLP. */
export type OtlpSource = (typeof OTLP_LOG_SOURCES)[number];

/** Whether `source` sends its logs over OTLP (a string from a URL or a report's `where`). */
export const isOtlpSource = (source: unknown): source is OtlpSource => (OTLP_LOG_SOURCES as readonly unknown[]).includes(source);

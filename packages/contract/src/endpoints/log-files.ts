/**
 * Terminal log FILES (issue 30 item 3, §2 /master-terminal-log-files): a terminal (or the terminal
 * host on its behalf) uploads one log file, and portal users list the uploads on the master
 * terminal log screen and download the file from an entry's detail.
 *
 * Upload: `POST /api/otlp/v1/log-files?Tid=…&LogDate=…&FileName=…`, beside the OTLP logs
 * endpoint and like it no portal route (no session, no secure channel): the ingest key of the
 * log file source (domain LOG_FILE_SOURCE; `Authorization: Bearer <key>` or `X-Ingest-Key`), a
 * key of another source is refused 403. The body is the file's raw bytes
 * (`Content-Type: application/octet-stream`, optionally `Content-Encoding: gzip`, the size cap
 * then counting the inflated bytes). The three query parameters are checked by
 * `LogFileUploadQuery` before any byte is read; the date must also not be after the business day
 * (MYT) of the server's clock (`logDateProblem`). Limits, all answered 4xx
 * `{ErrorCode, ErrorMessage, RequestId}` with nothing stored: the size cap (setting
 * LOG_FILE_MAX_MB, 413), an empty file (400).
 *
 * The answer is the log entry written for the file (one per TID, date and content: the same bytes
 * again for the same TID and date answer the first entry, `Repeated: true`).
 *
 * Download: `GET /api/portal/Log/MasterTerminal/File/:Id`, `:Id` the entry's id (the report's
 * EntryId), streamed with the file name in Content-Disposition and its SHA-256 in
 * X-Checksum-Sha256; audited.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, RULE_MESSAGES } from '@paydesk/domain';
import { DbId, IsoDateTime } from '../common.ts';

/** The upload's path, beside the OTLP logs endpoint (`/api/otlp/v1/logs`). */
export const LOG_FILE_UPLOAD_PATH = '/api/otlp/v1/log-files';
/** The only media type of an upload's body. */
export const LOG_FILE_MEDIA_TYPE = 'application/octet-stream';
/** The size cap's setting (LOG_FILE_MAX_MB) when nothing is stored: 20 MB. */
export const LOG_FILE_DEFAULT_MAX_MB = 20;

/** A file name kept and answered in Content-Disposition: no path, no leading dot, ASCII only. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` ('YYYY-MM-DD') is a day of the calendar (2026-02-30 is not). */
const isCalendarDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
};

/**
 * The upload's query: `Tid` (8 letters or digits, answered in capitals), `LogDate` (a calendar
 * day, YYYY-MM-DD, from 2000-01-01) and `FileName` (see FILE_NAME). Extra parameters are refused.
 */
export const LogFileUploadQuery = z
  .object({
    Tid: z
      .string(RULE_MESSAGES.tid)
      .regex(/^[A-Za-z0-9]{8}$/, RULE_MESSAGES.tid)
      .transform((s) => s.toUpperCase()),
    LogDate: z
      .string(FIELD_MESSAGES.dateShape)
      .regex(DAY, FIELD_MESSAGES.dateShape)
      .refine((d) => isCalendarDay(d) && d >= '2000-01-01', FIELD_MESSAGES.realDate),
    FileName: z.string(RULE_MESSAGES.logFileName).regex(FILE_NAME, RULE_MESSAGES.logFileName),
  })
  .strict();
export type LogFileUploadQuery = z.output<typeof LogFileUploadQuery>;

/**
 * Why `logDate` cannot be a log's day at `today` (the business day, YYYY-MM-DD, of the server's
 * clock), or null: a log is of a day that has begun (RULE_MESSAGES.logDateNotFuture).
 */
export const logDateProblem = (logDate: string, today: string): string | null => (logDate > today ? RULE_MESSAGES.logDateNotFuture : null);

/** The entry of an uploaded file, as the upload answers it. */
export const LogFileEntry = z.object({
  /** The log entry's id: the master terminal log screen's EntryId, the download's `:Id`. */
  EntryId: z.number().int(),
  /** When the entry was written (the first upload of these bytes), ISO UTC. */
  At: IsoDateTime,
  Tid: z.string(),
  LogDate: z.string(),
  FileName: z.string(),
  /** Bytes of the file (inflated, when sent gzipped). */
  ByteSize: z.number().int(),
  /** SHA-256 of the file's bytes, lower-case hex. */
  Sha256: z.string(),
  /** True when these bytes were already stored for this TID and date: nothing new was written. */
  Repeated: z.boolean(),
});
export type LogFileEntry = z.output<typeof LogFileEntry>;

/** The download's path parameter: the log entry's id. */
export const LogFileParams = z.object({ Id: DbId });

/**
 * The terminal log file upload's door (issue 30 item 3; contract endpoints/log-files.ts), run in
 * the route's preParsing hook so that nothing is read of a body the upload would refuse:
 *  1. the ingest key of the log file source (domain LOG_FILE_SOURCE): 401 AUTH401 without a valid
 *     key, 403 PERM403 for another source's key (ingest-key-auth.ts `admitKey`);
 *  2. the media type: `application/octet-stream` only, else 415;
 *  3. the query (`Tid`, `LogDate`, `FileName`) by the contract's LogFileUploadQuery, and the date
 *     not after today's business day (MYT) of the server's clock: else 400 VAL400 naming the field;
 *  4. `Content-Encoding: gzip` undone on the way in (another encoding 415); the size cap is the
 *     file store's, counted on the inflated bytes as they are written (log-file-upload.ts).
 * Each refusal closes the connection, so unread bytes are never parsed as a next request.
 *
 * The body is then not parsed at all: the octet-stream parser keeps the (inflated) stream for the
 * handler (`uploadStreamOf`) and leaves `req.body` undefined, so no byte is buffered and the
 * input guard has nothing to walk. Any other route sending that media type is answered 415.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOG_FILE_MEDIA_TYPE, LOG_FILE_UPLOAD_PATH, LogFileUploadQuery, logDateProblem } from '@paydesk/contract';
import { ERROR_CODES, LOG_FILE_SOURCE, businessDay } from '@paydesk/domain';
import type { Database } from '../../db/client.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { admitKey, inflated } from './ingest-key-auth.ts';

const streams = new WeakMap<FastifyRequest, Readable>();

/**
 * The upload's query checked at `now`: answers it parsed (TID in capitals), or throws VAL400
 * naming the first field at fault (`query` itself for a parameter the upload does not take).
 */
export function uploadQueryOf(query: unknown, now: Date): LogFileUploadQuery {
  const parsed = LogFileUploadQuery.safeParse(query ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.code === 'unrecognized_keys' ? `query.${issue.keys.join(', ')}` : issue.path.join('.') || 'query';
    throw badInput(field, issue.code === 'unrecognized_keys' ? 'is not a parameter of this upload' : issue.message);
  }
  const late = logDateProblem(parsed.data.LogDate, businessDay(now));
  if (late) throw badInput('LogDate', late);
  return parsed.data;
}

/** The preParsing hook of the upload route (see the file note); `database` and `now` are the app's, read per request. */
export function logFileDoor(database: () => Database, now: () => Date) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: Readable): Promise<Readable> => {
    await admitKey(req, reply, database(), [LOG_FILE_SOURCE]);
    const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== LOG_FILE_MEDIA_TYPE) {
      void reply.header('connection', 'close');
      throw new AppError(415, ERROR_CODES.VALIDATION, `content-type: send ${LOG_FILE_MEDIA_TYPE} (the file's raw bytes)`);
    }
    try {
      uploadQueryOf(req.query, now());
      // Unbounded here: the store counts the inflated bytes against the live cap as it writes them.
      return inflated(req, payload, Number.POSITIVE_INFINITY);
    } catch (e) {
      void reply.header('connection', 'close');
      throw e;
    }
  };
}

/** Registers the octet-stream parser: the upload route's body kept as a stream (see the file note), 415 on any other route. */
export function addLogFileParser(app: FastifyInstance): void {
  app.addContentTypeParser(LOG_FILE_MEDIA_TYPE, (req, payload, done) => {
    if (req.routeOptions.url !== LOG_FILE_UPLOAD_PATH) return done(new AppError(415, ERROR_CODES.VALIDATION, 'content-type: not accepted by this endpoint'), undefined);
    streams.set(req, payload);
    done(null, undefined);
  });
}

/** The upload's body stream (inflated when gzipped); an empty stream when the request had no body. */
export function uploadStreamOf(req: FastifyRequest): Readable | null {
  return streams.get(req) ?? null;
}

/**
 * One terminal log file, stored (issue 30 item 3; contract endpoints/log-files.ts): the body
 * streamed into the sealed file store (platform/file-store.ts `storeStream`:
 * `<dataDir>/log-files/<sha256>.log`) while it is hashed and counted, refused once it passes the
 * LOG_FILE_MAX_MB setting (413, the rest unread) or when empty (400); then ONE entry of the log
 * file source (domain LOG_FILE_SOURCE) in one transaction: "Log file <name> uploaded", operation
 * UPLOAD, outcome STORED, the TID with its terminal's owner columns and MID (ingest-logs.ts
 * `withTerminalOwners`), attributes {FileName, LogDate, ByteSize, Sha256, StoredAs}.
 *
 * Once per TID, date and content: the transaction takes an advisory lock on the three and answers
 * an entry already there (`Repeated: true`) instead of writing another, so concurrent identical
 * uploads, on one server or several, write one entry; equal bytes are one file on disk whoever
 * sent them. A refusal leaves neither file nor entry: the store removes what it wrote, and a file
 * this upload put in place is removed again when its entry could not be written (unless an entry
 * of another upload names the same bytes).
 */
import { unlink } from 'node:fs/promises';
import { relative } from 'node:path';
import type { Readable } from 'node:stream';
import type { LogFileEntry, LogFileUploadQuery } from '@paydesk/contract';
import { ERROR_CODES, LOG_FILE_SOURCE } from '@paydesk/domain';
import type { Database, Query } from '../../db/client.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { storeStream, StreamRefused, type StoredBlob } from '../../platform/file-store.ts';
import { ensureLogPartitions, utcDay } from '../../platform/log-partitions.ts';
import { insertLogRows, logRowsOf, type LogEntryInput } from '../../platform/log-store.ts';
import { withTerminalOwners } from './ingest-logs.ts';

/** The file store's directory of terminal log files, under the data directory. */
export const LOG_FILE_DIR = 'log-files';
/** The extension the stored files get (the name a terminal gave is kept in the entry). */
export const LOG_FILE_EXTENSION = 'log';

/** What an upload needs besides its body: where and under which key files are kept, the cap (bytes), the clock and the request id. */
export interface LogFileUploadContext {
  database: Database;
  dataDir: string;
  fieldKey: Uint8Array;
  maxBytes: number;
  now: Date;
  requestId: string;
}

interface EntryRow {
  id: number | string;
  at: string | Date;
  attributes: { FileName?: string; ByteSize?: number } | null;
}

/** The entry of `query`'s TID and date holding the bytes of `sha256`, if one was written. */
async function existingEntry(q: Query, query: LogFileUploadQuery, sha256: string): Promise<EntryRow | undefined> {
  const [row] = await q<EntryRow>(
    `SELECT id, at, attributes FROM log_entries
      WHERE source = $1 AND tid = $2 AND operation = 'UPLOAD' AND attributes->>'LogDate' = $3 AND attributes->>'Sha256' = $4
      ORDER BY at, id LIMIT 1`,
    [LOG_FILE_SOURCE, query.Tid, query.LogDate, sha256],
  );
  return row;
}

/** No body at all: the request carried none. */
async function* noBytes(): AsyncGenerator<Buffer> {}

/** The refusal of a stream the store did not keep (413 over the cap, 400 empty), or the error as it is. */
function refusalOf(e: unknown): unknown {
  if (!(e instanceof StreamRefused)) return e;
  if (e.reason === 'empty') return badInput('body', 'is empty: send the log file');
  return new AppError(413, ERROR_CODES.VALIDATION, `body: the log file is larger than ${Math.floor(e.maxBytes / 1024 / 1024)} MB (LOG_FILE_MAX_MB)`);
}

/** Removes the file `stored` put in place when no entry names its bytes (its entry was not written). Never throws. */
async function dropUnnamed(database: Database, stored: StoredBlob): Promise<void> {
  if (!stored.created) return;
  try {
    const named = await database.query(`SELECT 1 FROM log_entries WHERE source = $1 AND attributes->>'Sha256' = $2 LIMIT 1`, [LOG_FILE_SOURCE, stored.sha256]);
    if (named.length === 0) await unlink(stored.path);
  } catch {
    // The entry's own failure is the one answered; a file left here is stored bytes without an entry, never half a file.
  }
}

/**
 * Stores `body` as `query`'s log file and answers its entry (see the file note). Throws 413 or
 * VAL400 (nothing kept) as above, VAL400 'body' for bad gzip data, or the database's refusal
 * (nothing kept either).
 */
export async function uploadLogFile(ctx: LogFileUploadContext, query: LogFileUploadQuery, body: Readable | null): Promise<LogFileEntry> {
  // The request's own stream is never destroyed here: a refusal is still answered on its connection.
  const chunks: AsyncIterable<Buffer> = body ? { [Symbol.asyncIterator]: () => body.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer> } : noBytes();
  let stored: StoredBlob;
  try {
    stored = await storeStream(ctx.dataDir, LOG_FILE_DIR, chunks, LOG_FILE_EXTENSION, ctx.fieldKey, ctx.maxBytes);
  } catch (e) {
    throw refusalOf(e);
  }
  const answer = (row: EntryRow, repeated: boolean): LogFileEntry => ({
    EntryId: Number(row.id),
    At: new Date(row.at).toISOString(),
    Tid: query.Tid,
    LogDate: query.LogDate,
    FileName: row.attributes?.FileName ?? query.FileName,
    ByteSize: row.attributes?.ByteSize ?? stored.byteSize,
    Sha256: stored.sha256,
    Repeated: repeated,
  });
  try {
    const entry: LogEntryInput = {
      at: ctx.now,
      source: LOG_FILE_SOURCE,
      level: 1,
      message: `Log file ${query.FileName} uploaded`,
      requestId: ctx.requestId,
      operation: 'UPLOAD',
      outcome: 'STORED',
      tid: query.Tid,
      attributes: { FileName: query.FileName, LogDate: query.LogDate, ByteSize: stored.byteSize, Sha256: stored.sha256, StoredAs: relative(ctx.dataDir, stored.path) },
    };
    await withTerminalOwners(ctx.database.query, [entry]);
    await ensureLogPartitions(ctx.database.query, LOG_FILE_SOURCE, [utcDay(ctx.now)]);
    return await ctx.database.transaction(async (q) => {
      await q(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`log-file:${query.Tid}:${query.LogDate}:${stored.sha256}`]);
      const known = await existingEntry(q, query, stored.sha256);
      if (known) return answer(known, true);
      const [made] = await insertLogRows(q, logRowsOf([entry]));
      return answer({ id: made!.id, at: made!.at, attributes: null }, false);
    });
  } catch (e) {
    await dropUnnamed(ctx.database, stored);
    throw e;
  }
}

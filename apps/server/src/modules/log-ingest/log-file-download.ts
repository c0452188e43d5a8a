/**
 * A terminal log file's download (issue 30 item 3; route `logFileDownload`): the entry is found
 * as the master terminal log screen's Get finds it — its source (domain LOG_FILE_SOURCE) and the
 * caller's scope on the owner columns (platform/scope.ts `ownerConditionSql`), so a merchant's
 * users reach their own terminals' files only and another tenant's id answers the same NF404 as a
 * missing one — and must be an upload (operation UPLOAD with a SHA-256). The file is opened from
 * the sealed store and streamed (platform/file-store.ts `openStoredFile`: decrypted as it is
 * read, never whole in memory); its place is derived from the SHA-256, never from a stored path.
 */
import type { Readable } from 'node:stream';
import { LOG_FILE_SOURCE } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { openStoredFile, storedBlobPath } from '../../platform/file-store.ts';
import { ownerConditionSql, type Scope } from '../../platform/scope.ts';
import { LOG_FILE_DIR, LOG_FILE_EXTENSION } from './log-file-upload.ts';

/** A stored log file as its entry names it. */
export interface LogFileRecord {
  id: number;
  tid: string | null;
  fileName: string;
  logDate: string | null;
  byteSize: number | null;
  sha256: string;
}

const SHA256 = /^[0-9a-f]{64}$/;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The log file of entry `id` inside `scope`; NF404 for none (missing, another tenant's, not an upload). */
export async function findScopedLogFile(q: Query, scope: Scope, id: number): Promise<LogFileRecord> {
  const owner = ownerConditionSql(scope, 'e', 3);
  const [row] = await q<{ id: number | string; tid: string | null; attributes: Record<string, unknown> | null }>(
    `SELECT e.id, e.tid, e.attributes FROM log_entries e WHERE e.source = $1 AND e.id = $2 AND e.operation = 'UPLOAD' AND ${owner.text}`,
    [LOG_FILE_SOURCE, id, ...owner.values],
  );
  const a = row?.attributes ?? {};
  if (!row || typeof a.Sha256 !== 'string' || !SHA256.test(a.Sha256)) throw notFound('Log file');
  return {
    id: Number(row.id),
    tid: row.tid,
    fileName: typeof a.FileName === 'string' && FILE_NAME.test(a.FileName) ? a.FileName : `terminal-log-${Number(row.id)}.log`,
    logDate: typeof a.LogDate === 'string' ? a.LogDate : null,
    byteSize: typeof a.ByteSize === 'number' ? a.ByteSize : null,
    sha256: a.Sha256,
  };
}

/** The plaintext of `file` as a stream (from `dataDir`, opened under `fieldKey`); NF404 when the file is no longer on disk. */
export async function openLogFile(dataDir: string, fieldKey: Uint8Array, file: LogFileRecord): Promise<Readable> {
  try {
    return await openStoredFile(storedBlobPath(dataDir, LOG_FILE_DIR, file.sha256, LOG_FILE_EXTENSION), fieldKey);
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ENOENT') throw notFound('Log file');
    throw e;
  }
}

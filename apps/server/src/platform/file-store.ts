/**
 * Uploaded spreadsheets kept on disk: under
 * `<dataDir>/<dir>/<sha256>.<csv|xlsx>`, named by the SHA-256 of the plaintext so the same file is
 * stored once, and kept after it is processed so a disputed result can be traced to the uploaded
 * bytes. Jobs read the file from here (never from the request). `dir` is one directory per kind
 * of upload ('settlement-files', 'merchant-uploads').
 *
 * Sealed at rest: a provider's file may hold card numbers in clear (the readers mask them, the
 * bytes kept are the upload's), so every stored file is AES-256-GCM under the field key (the key
 * of sealing.ts): MAGIC ‖ iv(12) ‖ ciphertext ‖ tag(16), written and read as streams so a 1 GB
 * settlement file is never held in memory. A file written before sealing (no MAGIC) is still
 * read as it is. Writers use a unique temporary name and an atomic rename, so concurrent writers
 * of the same bytes all succeed and leave one file (either's ciphertext: both open to the bytes).
 *
 * Besides spreadsheets, `storeStream` keeps any file received as a stream (terminal log files:
 * `<dataDir>/log-files/<sha256>.log`), hashed, counted and sealed in one pass and refused while it
 * streams once it passes its size cap, so memory stays flat whatever is sent.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored file: its SHA-256 (hex) and size in bytes (of the plaintext), format by extension and path on disk. */
export interface StoredFile {
  sha256: string;
  byteSize: number;
  format: 'csv' | 'xlsx';
  path: string;
}

/** A stored file to read: its path and the field key it is sealed under. */
export interface StoredRef {
  path: string;
  key: Uint8Array;
}

/** A stored file that cannot be opened: sealed under another key, altered on disk, or no key given. A server fault (500), not the upload's. */
export class StoredFileError extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`stored file ${path} ${problem}`);
  }
}

/** A file stored from a stream (storeStream): SHA-256 (hex) and size in bytes of the plaintext, and its path on disk. */
export interface StoredBlob {
  sha256: string;
  byteSize: number;
  path: string;
  /** True when this call put the file in place; false when the same bytes were already stored. */
  created: boolean;
}

/** Why storeStream kept nothing: the stream passed `maxBytes` (read no further), or held no byte. */
export class StreamRefused extends Error {
  constructor(
    readonly reason: 'tooLarge' | 'empty',
    readonly maxBytes: number,
  ) {
    super(reason === 'tooLarge' ? `larger than ${maxBytes} bytes` : 'empty');
  }
}

/** The first bytes of a sealed file: NUL first, so no CSV (text) or XLSX (a zip: 'PK') starts so. */
const MAGIC = Buffer.from('\0PDSEAL1', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEAD_BYTES = MAGIC.length + IV_BYTES;
const READ_CHUNK = 64 * 1024;

/** The sheet format of a file name ('.csv' or '.xlsx', any case); null for anything else. */
export function sheetFormatOf(fileName: string): 'csv' | 'xlsx' | null {
  const m = /\.(csv|xlsx)$/i.exec(fileName);
  return m ? (m[1]!.toLowerCase() as 'csv' | 'xlsx') : null;
}

/** The path of a stored file of kind `dir` in `dataDir`. */
export function storedSheetPath(dataDir: string, dir: string, sha256: string, format: 'csv' | 'xlsx'): string {
  return join(dataDir, dir, `${sha256}.${format}`);
}

const exists = (path: string) => stat(path).then(() => true, () => false);

/**
 * Writes `chunks` sealed under `key` to a new file at `tmp` (created exclusively) and answers the
 * plaintext's SHA-256 and size. Throws the file system's error (the temporary file is removed).
 */
async function writeSealed(chunks: AsyncIterable<Buffer> | Iterable<Buffer>, key: Uint8Array, tmp: string): Promise<{ sha256: string; size: number }> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const hash = createHash('sha256');
  let size = 0;
  async function* sealed(): AsyncGenerator<Buffer> {
    yield Buffer.concat([MAGIC, iv]);
    for await (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.length;
      yield cipher.update(chunk);
    }
    yield cipher.final();
    yield cipher.getAuthTag();
  }
  try {
    await pipeline(Readable.from(sealed()), createWriteStream(tmp, { flags: 'wx' }));
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  return { sha256: hash.digest('hex'), size };
}

/** A temporary name beside `path`, unique to this write (two writers in one millisecond never share it). */
const tempName = (path: string) => `${path}.${randomUUID()}.tmp`;

function* slices(data: Buffer): Generator<Buffer> {
  for (let at = 0; at < data.length; at += READ_CHUNK) yield data.subarray(at, at + READ_CHUNK);
}

/**
 * Stores `content` (the whole upload) under its hash, sealed under `key`; written to a unique
 * temporary name first and renamed, so a reader never sees half a file and concurrent stores of
 * the same bytes all succeed with one file. Throws the file system's error.
 */
export async function storeSheet(dataDir: string, dir: string, content: Buffer, format: 'csv' | 'xlsx', key: Uint8Array): Promise<StoredFile> {
  const sha256 = createHash('sha256').update(content).digest('hex');
  const path = storedSheetPath(dataDir, dir, sha256, format);
  await mkdir(join(dataDir, dir), { recursive: true });
  if (!(await exists(path))) {
    const tmp = tempName(path);
    await writeSealed(slices(content), key, tmp);
    await rename(tmp, path);
  }
  return { sha256, byteSize: content.length, format, path };
}

/**
 * Stores the file at `source` (a generated or already-received file of any size), sealed under
 * `key`: hashed and sealed in one streaming pass to a unique temporary name, then renamed under
 * its hash (or dropped when that file is already there). Throws the file system's error.
 */
export async function storeSheetFrom(dataDir: string, dir: string, source: string, format: 'csv' | 'xlsx', key: Uint8Array): Promise<StoredFile> {
  await mkdir(join(dataDir, dir), { recursive: true });
  const tmp = join(dataDir, dir, `${randomUUID()}.tmp`);
  const { sha256, size } = await writeSealed(createReadStream(source, { highWaterMark: READ_CHUNK }), key, tmp);
  const path = storedSheetPath(dataDir, dir, sha256, format);
  if (await exists(path)) await unlink(tmp);
  else await rename(tmp, path);
  return { sha256, byteSize: size, format, path };
}

/** The path of a file of kind `dir` stored from a stream (storeStream) under `sha256` with `extension` (letters and digits). */
export function storedBlobPath(dataDir: string, dir: string, sha256: string, extension: string): string {
  return join(dataDir, dir, `${sha256}.${extension}`);
}

/**
 * Stores the bytes of `chunks` (a request body of unknown size) as `<dataDir>/<dir>/<sha256>.<extension>`,
 * sealed under `key`: hashed, counted and sealed in one pass to a unique temporary name, then
 * renamed under its hash, or dropped when that file is already there (`created` false). Throws
 * StreamRefused('tooLarge') as soon as more than `maxBytes` arrived — the rest is not read and
 * `chunks` is not destroyed, so the caller can still answer on its connection — and
 * StreamRefused('empty') for no byte at all; either way nothing is left on disk. Otherwise throws
 * the stream's or the file system's error, also leaving nothing.
 */
export async function storeStream(dataDir: string, dir: string, chunks: AsyncIterable<Buffer>, extension: string, key: Uint8Array, maxBytes: number): Promise<StoredBlob> {
  await mkdir(join(dataDir, dir), { recursive: true });
  const tmp = join(dataDir, dir, `${randomUUID()}.tmp`);
  let seen = 0;
  async function* capped(): AsyncGenerator<Buffer> {
    for await (const chunk of chunks) {
      seen += chunk.length;
      if (seen > maxBytes) throw new StreamRefused('tooLarge', maxBytes);
      yield chunk;
    }
  }
  const { sha256, size } = await writeSealed(capped(), key, tmp);
  if (size === 0) {
    await unlink(tmp);
    throw new StreamRefused('empty', maxBytes);
  }
  const path = storedBlobPath(dataDir, dir, sha256, extension);
  const created = !(await exists(path));
  if (created) await rename(tmp, path);
  else await unlink(tmp);
  return { sha256, byteSize: size, path, created };
}

/**
 * The plaintext of the stored file at `path` as a stream: a sealed file (MAGIC) decrypted under
 * `key` as it is read, a file written before sealing read as it is. The file is opened before
 * this answers, so a missing file fails here with the fs error (ENOENT, …). A sealed file
 * altered on disk (or sealed under another key) errors the stream with StoredFileError at its end
 * (the GCM tag is checked last: a reader must treat the file as a whole, as the imports do); a
 * sealed file and no `key` throws StoredFileError at once. Destroying the stream closes the file.
 */
export async function openStoredFile(path: string, key?: Uint8Array): Promise<Readable> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    await handle.read(head, 0, head.length, 0);
    if (size < HEAD_BYTES + TAG_BYTES || !head.subarray(0, MAGIC.length).equals(MAGIC)) {
      return createReadStream(path, { fd: handle, highWaterMark: READ_CHUNK });
    }
    if (!key) throw new StoredFileError(path, 'is sealed and no key was given to open it');
    const tag = Buffer.alloc(TAG_BYTES);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, head.subarray(MAGIC.length), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    if (size === HEAD_BYTES + TAG_BYTES) {
      await handle.close();
      return Readable.from([decipher.final()]);
    }
    const body = createReadStream(path, { fd: handle, start: HEAD_BYTES, end: size - TAG_BYTES - 1, highWaterMark: READ_CHUNK });
    async function* plain(): AsyncGenerator<Buffer> {
      try {
        for await (const chunk of body) yield decipher.update(chunk as Buffer);
        yield decipher.final();
      } catch (e) {
        throw typeof (e as { syscall?: unknown }).syscall === 'string' ? e : new StoredFileError(path, `cannot be opened (${(e as Error).message}): altered on disk or sealed under another key`);
      } finally {
        body.destroy();
      }
    }
    return Readable.from(plain(), { objectMode: false });
  } catch (e) {
    await handle.close().catch(() => undefined);
    throw e;
  }
}

/** The whole plaintext of a stored file (openStoredFile), for the small uploads read at once (merchant uploads, ≤ 10 MB). */
export async function readStoredFile(path: string, key: Uint8Array): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openStoredFile(path, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Uploaded spreadsheets kept on disk (issue 12 Build 1; issue 13 Build 4): under
 * `<dataDir>/<dir>/<sha256>.<csv|xlsx>`, named by content so the same file is stored once, and
 * kept after it is processed so a disputed result can be traced to the uploaded bytes. Jobs read
 * the file from here (never from the request). `dir` is one directory per kind of upload
 * ('settlement-files', 'merchant-uploads').
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A stored file: its SHA-256 (hex), size in bytes, format by extension and path on disk. */
export interface StoredFile {
  sha256: string;
  byteSize: number;
  format: 'csv' | 'xlsx';
  path: string;
}

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
 * Stores `content` (the whole upload) under its hash; writing to a temporary name first and
 * renaming, so a reader never sees half a file. Throws the file system's error.
 */
export async function storeSheet(dataDir: string, dir: string, content: Buffer, format: 'csv' | 'xlsx'): Promise<StoredFile> {
  const sha256 = createHash('sha256').update(content).digest('hex');
  const path = storedSheetPath(dataDir, dir, sha256, format);
  await mkdir(join(dataDir, dir), { recursive: true });
  if (!(await exists(path))) {
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, content);
    await rename(tmp, path);
  }
  return { sha256, byteSize: content.length, format, path };
}

/**
 * Stores the file at `source` (a generated or already-received file of any size: hashed as a
 * stream, then copied under its hash). Throws the file system's error.
 */
export async function storeSheetFrom(dataDir: string, dir: string, source: string, format: 'csv' | 'xlsx'): Promise<StoredFile> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(source)) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  const path = storedSheetPath(dataDir, dir, sha256, format);
  await mkdir(join(dataDir, dir), { recursive: true });
  if (!(await exists(path))) {
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
    await copyFile(source, tmp);
    await rename(tmp, path);
  }
  return { sha256, byteSize: (await stat(path)).size, format, path };
}

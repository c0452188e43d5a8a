/**
 * Where uploaded settlement files live while and after they are imported (issue 12 Build 1): on
 * disk under `<dataDir>/settlement-files/<sha256>.<csv|xlsx>`, named by content so the same file
 * is stored once, and kept after the import so a disputed result can be traced to the provider's
 * own bytes. The import job streams the file from here (never from the request).
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

/** The path of a stored file in `dataDir`. */
export function storedPath(dataDir: string, sha256: string, format: 'csv' | 'xlsx'): string {
  return join(dataDir, 'settlement-files', `${sha256}.${format}`);
}

/**
 * Stores `content` (the whole upload) under its hash; writing to a temporary name first and
 * renaming, so a reader never sees half a file. Throws the file system's error.
 */
export async function storeSettlementFile(dataDir: string, content: Buffer, format: 'csv' | 'xlsx'): Promise<StoredFile> {
  const sha256 = createHash('sha256').update(content).digest('hex');
  const path = storedPath(dataDir, sha256, format);
  await mkdir(join(dataDir, 'settlement-files'), { recursive: true });
  const exists = await stat(path).then(() => true, () => false);
  if (!exists) {
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
export async function storeSettlementFileFrom(dataDir: string, source: string, format: 'csv' | 'xlsx'): Promise<StoredFile> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(source)) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  const path = storedPath(dataDir, sha256, format);
  await mkdir(join(dataDir, 'settlement-files'), { recursive: true });
  if (!(await stat(path).then(() => true, () => false))) {
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
    await copyFile(source, tmp);
    await rename(tmp, path);
  }
  return { sha256, byteSize: (await stat(path)).size, format, path };
}

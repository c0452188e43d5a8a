/**
 * Where uploaded settlement files live while and after they are imported: the
 * platform's file store (platform/file-store.ts) under `<dataDir>/settlement-files/`, sealed under
 * the field key. The import job streams the file from there (never from the request).
 */
import { sheetFormatOf, storeSheet, storeSheetFrom, storedSheetPath, type StoredFile, type StoredRef } from '../../platform/file-store.ts';

export { sheetFormatOf, type StoredFile, type StoredRef };

const DIR = 'settlement-files';

/** The stored settlement file of `sha256` in `dataDir`, to be opened under `key` (the field key). */
export const storedRef = (dataDir: string, key: Uint8Array, sha256: string, format: 'csv' | 'xlsx'): StoredRef => ({ path: storedSheetPath(dataDir, DIR, sha256, format), key });

/** Stores an uploaded settlement file under its hash, sealed under `key` (platform/file-store.ts storeSheet). */
export const storeSettlementFile = (dataDir: string, content: Buffer, format: 'csv' | 'xlsx', key: Uint8Array): Promise<StoredFile> => storeSheet(dataDir, DIR, content, format, key);

/** Stores a settlement file already on disk under its hash, sealed under `key` (platform/file-store.ts storeSheetFrom). */
export const storeSettlementFileFrom = (dataDir: string, source: string, format: 'csv' | 'xlsx', key: Uint8Array): Promise<StoredFile> => storeSheetFrom(dataDir, DIR, source, format, key);

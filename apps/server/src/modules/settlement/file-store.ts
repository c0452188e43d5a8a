/**
 * Where uploaded settlement files live while and after they are imported (issue 12 Build 1): the
 * platform's file store (platform/file-store.ts) under `<dataDir>/settlement-files/`. The import
 * job streams the file from there (never from the request).
 */
import { sheetFormatOf, storeSheet, storeSheetFrom, storedSheetPath, type StoredFile } from '../../platform/file-store.ts';

export { sheetFormatOf, type StoredFile };

const DIR = 'settlement-files';

/** The path of a stored settlement file in `dataDir`. */
export const storedPath = (dataDir: string, sha256: string, format: 'csv' | 'xlsx'): string => storedSheetPath(dataDir, DIR, sha256, format);

/** Stores an uploaded settlement file under its hash (platform/file-store.ts storeSheet). */
export const storeSettlementFile = (dataDir: string, content: Buffer, format: 'csv' | 'xlsx'): Promise<StoredFile> => storeSheet(dataDir, DIR, content, format);

/** Stores a settlement file already on disk under its hash (platform/file-store.ts storeSheetFrom). */
export const storeSettlementFileFrom = (dataDir: string, source: string, format: 'csv' | 'xlsx'): Promise<StoredFile> => storeSheetFrom(dataDir, DIR, source, format);

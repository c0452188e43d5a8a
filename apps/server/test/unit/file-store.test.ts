/**
 * platform/file-store.ts: stored uploads are sealed (AES-256-GCM under the field key) yet named by
 * the plaintext's SHA-256; concurrent writers of the same bytes all succeed with one file; every
 * reader opens through openStoredFile (a file stored before sealing is read as it is).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStoredFile, readStoredFile, storedSheetPath, storeSheet, storeSheetFrom, StoredFileError } from '../../src/platform/file-store.ts';
import { streamSheetRecords } from '../../src/platform/sheet-stream.ts';
import { DEFAULT_SHEET_LIMITS } from '../../src/platform/sheet-limits.ts';

let dataDir: string;
const key = randomBytes(32);
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pd-file-store-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const plainOf = async (path: string) => readStoredFile(path, key);
let dirNo = 0;

describe('storeSheet / storeSheetFrom', () => {
  it('10 concurrent stores of the same bytes all resolve with one sealed file that opens to the bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 200_000 }), fc.boolean(), async (bytes, fromFile) => {
        const dir = `d${++dirNo}`;
        const content = Buffer.from(bytes);
        const source = join(dataDir, `source-${dirNo}.csv`);
        await writeFile(source, content);
        const stored = await Promise.all(Array.from({ length: 10 }, (_, i) => (fromFile && i % 2 ? storeSheetFrom(dataDir, dir, source, 'csv', key) : storeSheet(dataDir, dir, content, 'csv', key))));
        expect(new Set(stored.map((s) => s.path)).size).toBe(1);
        expect(stored.every((s) => s.byteSize === content.length && s.sha256 === stored[0]!.sha256)).toBe(true);
        expect(await readdir(join(dataDir, dir))).toEqual([`${stored[0]!.sha256}.csv`]);
        expect((await plainOf(stored[0]!.path)).equals(content)).toBe(true);
        const raw = await readFile(stored[0]!.path);
        expect(raw.length).toBe(content.length + 8 + 12 + 16);
        if (content.length >= 16) expect(raw.includes(content.subarray(0, 16))).toBe(false);
      }),
      { numRuns: 25, seed: 27 },
    );
  });

  it('keeps a card number of the upload out of the stored bytes, and reads a settlement CSV back through streamSheetRecords', async () => {
    const csv = Buffer.from('transactionId,amount\n4111111111111111,12.50\n');
    const stored = await storeSheet(dataDir, 'pan', csv, 'csv', key);
    expect((await readFile(stored.path)).includes('4111111111111111')).toBe(false);
    const batches = [];
    for await (const b of streamSheetRecords({ path: stored.path, key }, 'csv', DEFAULT_SHEET_LIMITS)) batches.push(b);
    expect(batches.flatMap((b) => b.records)).toEqual([{ row: 2, values: { transactionId: '411111******1111', amount: '12.50' } }]);
  });

  it('reads a file stored before sealing as it is, and refuses a sealed file that was altered, has no key or another key', async () => {
    const legacy = storedSheetPath(dataDir, 'legacy', 'a'.repeat(64), 'csv');
    await storeSheet(dataDir, 'legacy', Buffer.from('x'), 'csv', key); // makes the directory
    await writeFile(legacy, 'h\n1\n');
    expect((await plainOf(legacy)).toString()).toBe('h\n1\n');

    const stored = await storeSheet(dataDir, 'tamper', randomBytes(100_000), 'xlsx', key);
    await expect(openStoredFile(stored.path)).rejects.toBeInstanceOf(StoredFileError);
    await expect(readStoredFile(stored.path, randomBytes(32))).rejects.toBeInstanceOf(StoredFileError);
    const raw = await readFile(stored.path);
    raw[5000] = raw[5000]! ^ 1;
    await writeFile(stored.path, raw);
    await expect(readStoredFile(stored.path, key)).rejects.toBeInstanceOf(StoredFileError);
    await expect(openStoredFile(join(dataDir, 'missing.csv'), key)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

/**
 * The zip container of an uploaded XLSX, read under limits: a 10 MB zip can
 * inflate to gigabytes, so nothing is inflated whole. yauzl reads the central directory of the
 * upload (already a Buffer of at most 10 MB) and validates it (names, offsets, zip64); each entry's
 * data is then inflated here as a stream whose output is counted chunk by chunk and abandoned the
 * moment it passes a limit, so memory stays at one chunk whatever the entry claims or holds.
 * Nothing touches the disk.
 */
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { inMb, tooLarge, unreadable, type SheetLimits } from './sheet-limits.ts';

/** Size of the compressed slices fed to zlib and of its output chunks. */
const CHUNK = 64 * 1024;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;

/** The entries of a zip directory, listed with lazyEntries so a huge directory stops at the limit. */
function listEntries(file: Buffer, limits: SheetLimits): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(file, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(unreadable());
      // The end-of-directory record says how many entries follow: refuse before reading them.
      if (zip.entryCount > limits.entries) {
        zip.close();
        return reject(tooLarge(`the XLSX holds more than ${limits.entries} zip entries (the limit of one file)`));
      }
      const entries: yauzl.Entry[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        entries.push(e);
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', () => reject(unreadable()));
      zip.readEntry();
    });
  });
}

/** Yields a buffer's bytes in CHUNK-sized views (no copy). */
function* slices(data: Buffer): Generator<Buffer> {
  for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK);
}

/** An opened XLSX zip: its entries by name, each readable once as a limited stream. */
export class SheetZip {
  /** Inflated bytes handed out so far, over every entry (the `totalBytes` limit). */
  private inflated = 0;

  private constructor(
    private readonly file: Buffer,
    private readonly limits: SheetLimits,
    private readonly entries: Map<string, yauzl.Entry>,
  ) {}

  /**
   * Reads the directory of `file` and checks what it declares: at most `limits.entries` entries,
   * each declaring at most `limits.entryBytes` inflated and all together at most
   * `limits.totalBytes`. Throws 413 naming the limit, or 400 'not a readable XLSX or CSV file'
   * when it is not a zip. The declarations are checked again against the real output in `read`.
   */
  static async open(file: Buffer, limits: SheetLimits): Promise<SheetZip> {
    const list = await listEntries(file, limits);
    const byName = new Map<string, yauzl.Entry>();
    let declared = 0;
    for (const e of list) {
      if (e.uncompressedSize > limits.entryBytes) throw tooLarge(`${e.fileName} inflates to more than ${inMb(limits.entryBytes)} (the limit of one zip entry)`);
      declared += e.uncompressedSize;
      if (declared > limits.totalBytes) throw tooLarge(`the XLSX inflates to more than ${inMb(limits.totalBytes)} (the limit of one file)`);
      byName.set(e.fileName.toLowerCase(), e);
    }
    return new SheetZip(file, limits, byName);
  }

  /** Whether the zip holds `name` (part names of a package are case-insensitive). */
  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /**
   * The inflated bytes of entry `name`, as chunks of at most 64 KB. Throws (from the iteration)
   * 413 as soon as the output passes the entry's declared size, `limits.entryBytes` or, with what
   * earlier entries gave, `limits.totalBytes`; 400 'not a readable…' for a missing, encrypted or
   * corrupt entry. Leaving the iteration early stops the inflater at once.
   */
  async *read(name: string): AsyncGenerator<Buffer> {
    const e = this.entries.get(name.toLowerCase());
    if (!e || e.isEncrypted()) throw unreadable();
    const data = this.dataOf(e);
    const inflater = e.compressionMethod === 8 ? createInflateRaw({ chunkSize: CHUNK }) : undefined;
    if (!inflater && e.compressionMethod !== 0) throw unreadable();
    const source = Readable.from(slices(data), { objectMode: false });
    let out = 0;
    try {
      const chunks: AsyncIterable<Buffer> = inflater ? source.pipe(inflater) : source;
      for await (const chunk of chunks) {
        out += chunk.length;
        this.inflated += chunk.length;
        // The directory's declared size was checked in open(); a zip that lies about it (the usual
        // bomb) is caught here, after at most one chunk more than it declared.
        if (out > e.uncompressedSize) throw tooLarge(`${e.fileName} inflates past its declared size of ${e.uncompressedSize} bytes (a corrupt file or a decompression bomb)`);
        if (out > this.limits.entryBytes) throw tooLarge(`${e.fileName} inflates to more than ${inMb(this.limits.entryBytes)} (the limit of one zip entry)`);
        if (this.inflated > this.limits.totalBytes) throw tooLarge(`the XLSX inflates to more than ${inMb(this.limits.totalBytes)} (the limit of one file)`);
        yield chunk;
      }
    } finally {
      // Early exit (a limit, a parse error, enough rows): release zlib's native state now.
      inflater?.destroy();
      source.destroy();
    }
  }

  /** The compressed bytes of an entry, found through its local header. */
  private dataOf(e: yauzl.Entry): Buffer {
    const at = e.relativeOffsetOfLocalHeader;
    if (at + 30 > this.file.length || this.file.readUInt32LE(at) !== LOCAL_HEADER_SIGNATURE) throw unreadable();
    const start = at + 30 + this.file.readUInt16LE(at + 26) + this.file.readUInt16LE(at + 28);
    if (start + e.compressedSize > this.file.length) throw unreadable();
    return this.file.subarray(start, start + e.compressedSize);
  }
}

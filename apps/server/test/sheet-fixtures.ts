/**
 * Hand-built XLSX files for the upload-limit tests (unit and integration): a zip writer that takes
 * already-compressed data (so a decompression bomb is built in milliseconds without ever inflating
 * it) and the minimal workbook parts around one sheet.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The bytes as stored in the zip (deflated when method is 8). */
  data: Buffer;
  method: 0 | 8;
  /** What the directory declares; may lie (a bomb). */
  uncompressedSize: number;
  crc: number;
}

/** A deflated part from plain content, with true sizes and CRC. */
export function deflatedPart(name: string, content: string | Buffer): ZipPart {
  const raw = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, data: deflateRawSync(raw), method: 8, uncompressedSize: raw.length, crc: crc32(raw) };
}

/** Zip file (no zip64, no data descriptors) of the parts, in order. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(p.method, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(p.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x0800, 8);
    cd.writeUInt16LE(p.method, 10);
    cd.writeUInt32LE(p.crc >>> 0, 16);
    cd.writeUInt32LE(p.data.length, 20);
    cd.writeUInt32LE(p.uncompressedSize, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, p.data);
    central.push(cd, name);
    offset += 30 + name.length + p.data.length;
  }
  const cdSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The workbook parts around xl/worksheets/sheet1.xml (content types, rels, workbook). */
export function workbookParts(): ZipPart[] {
  return [
    deflatedPart(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    deflatedPart(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflatedPart('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    deflatedPart(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
  ];
}

/** An inline-string cell. */
const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A sheet XML of rows of texts (row 1 = header), with inline strings and real references. */
export function sheetXml(rows: string[][]): string {
  const col = (i: number) => {
    let s = '';
    for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    return s;
  };
  const body = rows.map((r, ri) => `<row r="${ri + 1}">${r.map((t, ci) => cell(`${col(ci)}${ri + 1}`, t)).join('')}</row>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${body}</sheetData></worksheet>`;
}

/** An XLSX of one sheet of text rows. */
export const xlsxOf = (rows: string[][]): Buffer => zipOf([...workbookParts(), deflatedPart('xl/worksheets/sheet1.xml', sheetXml(rows))]);

/**
 * A decompression bomb of about `compressedBytes`: a valid workbook whose sheet begins with a
 * header row and then inflates ~1,000 bytes per compressed byte (10 MB → ~10 GB) of `fill`:
 * 'cell' — one cell whose text is the letter A repeated without end; 'tags' — empty elements
 * `<x/>` repeated without end (no row, no cell, no long text: only the size limits stop it).
 * Built without inflating anything: one 1 MB run is deflated once with a full flush (a
 * byte-aligned, non-final block series), its bytes repeated, and a final empty stored block
 * closes the stream. `declared` is the inflated size the zip directory claims for the sheet (a
 * bomb usually lies low; an honest one says gigabytes).
 */
export function xlsxBomb(opts: { compressedBytes: number; declared: number; fill?: 'cell' | 'tags' }): Buffer {
  const fill = opts.fill ?? 'cell';
  const head = deflateRawSync(
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData><row r="1">${cell('A1', 'BankName')}</row>${fill === 'cell' ? '<row r="2"><c r="A2" t="inlineStr"><is><t>' : ''}`),
    { finishFlush: constants.Z_FULL_FLUSH },
  );
  const run = deflateRawSync(fill === 'cell' ? Buffer.alloc(1024 * 1024, 'A') : Buffer.from('<x/>'.repeat(256 * 1024)), { finishFlush: constants.Z_FULL_FLUSH });
  const copies = Math.max(1, Math.floor(opts.compressedBytes / run.length));
  const final = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]); // BFINAL, stored, LEN 0, NLEN 0xFFFF
  const data = Buffer.concat([head, ...Array.from({ length: copies }, () => run), final]);
  return zipOf([...workbookParts(), { name: 'xl/worksheets/sheet1.xml', data, method: 8, uncompressedSize: Math.min(opts.declared, 0xffffffff), crc: 0 }]);
}

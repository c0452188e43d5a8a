/**
 * The XLSX export writer (exports at production speed). exceljs's streaming writer
 * built a row object, a cell object per value and a style per formula-like cell: ~5,900 rows/s
 * and RSS growing to 679 MB on 800,000 rows. This writes the minimal package Excel and
 * LibreOffice open — content types, workbook, one styles part with the number formats, one sheet
 * of inline strings (`t="inlineStr"`, so no shared-strings table has to be held in memory) —
 * building the sheet XML as text in large chunks streamed into a deflated zip entry (zip-stream,
 * deflate by zlib off the main thread). Figures: docs/ARCHITECTURE.md "Exports".
 */
import { createRequire } from 'node:module';
import { PassThrough, Readable } from 'node:stream';
import { batchesOf, CHUNK_CHARS, formulaLike, type SheetCell, type SheetLayout, type SheetRowSource } from './sheet-write-cells.ts';

/** The part of zip-stream used here (a readable-stream 3 Transform, not a node:stream one). */
interface ZipStream {
  pipe<W extends NodeJS.WritableStream>(destination: W): W;
  once(event: 'error', listener: (error: Error) => void): this;
  destroy(error?: Error): void;
  entry(source: Buffer | Readable, data: { name: string; date?: Date }, callback: (error?: Error | null) => void): void;
  finalize(): void;
}
// zip-stream is CommonJS without bundled types.
const ZipStreamCtor = createRequire(import.meta.url)('zip-stream') as new (opts: { zlib?: { level?: number; chunkSize?: number } }) => ZipStream;

/**
 * Deflate level of the sheet: 1 costs a fraction of building the XML (measured: ~0.5 s of CPU
 * for 250 MB of sheet XML); 1 M rows × 14 columns ≈ 840 MB of XML give a 110 MB file.
 */
const DEFLATE_LEVEL = 1;
/**
 * zlib's output chunk (bytes): 256 KiB instead of 16 KiB, so the deflate stream calls back into
 * JavaScript 16 times less often (its callbacks were ~10 % of the writer's CPU on 1 M rows).
 */
const DEFLATE_CHUNK = 256 * 1024;
/** Entry dates fixed, so the same rows give the same bytes. */
const ENTRY_DATE = new Date(Date.UTC(2020, 0, 1));
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** cellXfs indexes written by stylesXml. */
const STYLE_HEADER = 1;
const STYLE_TEXT = 2;
const FIRST_CUSTOM_STYLE = 3;

// XML 1.0 forbids C0 controls other than tab, LF, CR: they are dropped. CR is written as a
// character reference, which parsers keep (a literal CR would be read as LF).
const XML_SPECIAL = /[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const XML_SPECIAL_ALL = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/** Text escaped for XML content or a double-quoted attribute. */
export const xmlText = (s: string): string => (XML_SPECIAL.test(s) || s.includes('"') ? s.replace(XML_SPECIAL_ALL, (c) => ENTITY[c] ?? '') : s);
/** Text escaped for XML content (a `"` may stay). */
const xmlContent = (s: string): string => (XML_SPECIAL.test(s) ? s.replace(XML_SPECIAL_ALL, (c) => ENTITY[c] ?? '') : s);

/** The column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ], not empty. */
export const safeSheetName = (name: string): string => name.replace(/[:\\/?*[\]]/g, '_').slice(0, 31) || 'Sheet1';

/** An inline string cell (Text-styled when formula-like, so editing it keeps it text). */
function stringCell(ref: string, text: string, style: string): string {
  const s = formulaLike(text) ? ` s="${STYLE_TEXT}"` : style;
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  const space = first <= 32 || last <= 32 ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
}

function stylesXml(formats: string[]): string {
  const numFmts = formats.length ? `<numFmts count="${formats.length}">${formats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(f)}"/>`).join('')}</numFmts>` : '';
  const xf = (numFmtId: number, extra = '') => `<xf numFmtId="${numFmtId}" fontId="0" fillId="0" borderId="0" xfId="0"${extra}/>`;
  const xfs = [
    xf(0),
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
    xf(49, ' applyNumberFormat="1" quotePrefix="1"'),
    ...formats.map((_, i) => xf(164 + i, ' applyNumberFormat="1"')),
  ];
  const font = (bold: boolean) => `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">${numFmts}<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    `<cellStyleXfs count="1">${xf(0)}</cellStyleXfs><cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
}

function packageParts(sheetName: string, formats: string[]): [string, string][] {
  const sheetType = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${sheetType}.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${sheetType}.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${sheetType}.styles+xml"/></Types>`,
    ],
    ['_rels/.rels', `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${xmlText(safeSheetName(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', stylesXml(formats)],
  ];
}

/**
 * The sheet XML's bytes gathered into one chunk Buffer, written in place: constant pieces copied
 * from pre-encoded bytes and ASCII text byte by byte from JavaScript (no native call, no string),
 * other text encoded by Buffer.write, row numbers digit by digit. Measured on 4 M rows × 14
 * columns (bench/export.bench.ts, engine XLSX): building a string per row and keeping them until a
 * chunk was full reached peak RSS 324 MB (the strings were promoted); encoding each row string at
 * once ran at 127,000–134,000 rows/s but peaked anywhere from 244 to 315 MB (cons-string garbage);
 * a Buffer.copy per constant piece ran at 83,000 rows/s; this writer: 85,936–104,816 rows/s at
 * 239–260 MB over six runs (docs/ARCHITECTURE.md "Exports at scale").
 */
class ChunkWriter {
  buf: Buffer;
  pos = 0;
  constructor(private readonly size: number) {
    this.buf = Buffer.allocUnsafeSlow(size);
  }
  /** Makes room for `bytes` more; returns the filled chunk to hand out when a new one was started. */
  room(bytes: number): Buffer | null {
    if (this.pos + bytes <= this.buf.length) return null;
    const full = this.pos > 0 ? this.buf.subarray(0, this.pos) : null;
    // A fresh Buffer each time: the one handed out may still be waiting in zlib's queue.
    this.buf = Buffer.allocUnsafeSlow(Math.max(this.size, bytes));
    this.pos = 0;
    return full;
  }
  /** Writes text as UTF-8 (room for 3 bytes per UTF-16 unit made by the caller). */
  text(t: string): void {
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c >= 0x80) {
        // Not ASCII: the rest through the encoder (surrogate pairs, multi-byte sequences).
        this.pos = pos + buf.write(t.slice(i), pos, 'utf8');
        return;
      }
      buf[pos++] = c;
    }
    this.pos = pos;
  }
  /** Copies pre-encoded bytes (room made by the caller); a JS loop: a native copy per piece cost more. */
  bytes(b: Uint8Array): void {
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < b.length; i++) buf[pos++] = b[i]!;
    this.pos = pos;
  }
  /** Writes a non-negative safe integer's decimal digits. */
  digits(n: number): void {
    let len = 1;
    for (let x = n; x >= 10; x = (x - (x % 10)) / 10) len++;
    let at = this.pos + len;
    for (let x = n; ; x = (x - (x % 10)) / 10) {
      this.buf[--at] = 48 + (x % 10);
      if (x < 10) break;
    }
    this.pos += len;
  }
  /** What is written so far (or null): the last chunk. */
  take(): Buffer | null {
    return this.pos > 0 ? this.buf.subarray(0, this.pos) : null;
  }
}

/** Bytes a row number and the fixed text around one cell may take beyond the cell's own text. */
const CELL_OVERHEAD = 160;

async function* sheetXml(layout: SheetLayout, cellStyles: string[], batches: AsyncIterable<SheetCell[][]>, onDone?: (rows: number) => void): AsyncGenerator<Buffer> {
  const { headers } = layout;
  const letters = headers.map((_, i) => columnLetters(i));
  const cols = headers
    .map((h, i) => `<col min="${i + 1}" max="${i + 1}" width="${layout.widths?.[h] ?? 20}" customWidth="1"${cellStyles[i]!.replace(' s=', ' style=')}/>`)
    .join('');
  const head =
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    `</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>` +
    `<row r="1">${headers.map((h, i) => (h === '' ? '' : stringCell(`${letters[i]}1`, h, ` s="${STYLE_HEADER}"`))).join('')}</row>`;
  const w = new ChunkWriter(CHUNK_CHARS * 3);
  const first = w.room(head.length * 3);
  if (first) yield first;
  w.text(head);
  // Per column, the constant bytes around a cell's row number and value.
  const enc = (t: string) => new Uint8Array(Buffer.from(t, 'utf8'));
  const strHead = letters.map((l) => enc(`<c r="${l}`));
  const strMid = cellStyles.map((st) => enc(`"${st} t="inlineStr"><is><t`));
  const numMid = cellStyles.map((st) => enc(`"${st}><v>`));
  const textMid = enc(`" s="${STYLE_TEXT}" t="inlineStr"><is><t`);
  const [rowOpen, rowMid, rowEnd, gt, gtSpace, strEnd, numEnd] = ['<row r="', '">', '</row>', '>', ' xml:space="preserve">', '</t></is></c>', '</v></c>'].map(enc) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  let n = 0;
  for await (const batch of batches) {
    for (const r of batch) {
      n++;
      const rowNo = n + 1;
      let need = 32;
      for (let i = 0; i < r.length; i++) {
        const v = r[i];
        need += CELL_OVERHEAD + (typeof v === 'string' ? v.length * 3 : 32);
      }
      const full = w.room(need);
      if (full) yield full;
      w.bytes(rowOpen);
      w.digits(rowNo);
      w.bytes(rowMid);
      for (let i = 0; i < r.length; i++) {
        const v = r[i];
        if (v === null || v === undefined || v === '') continue;
        if (i >= letters.length) {
          // A row longer than the header: rare, so the general path.
          if (typeof v === 'number') w.text(Number.isFinite(v) ? `<c r="${columnLetters(i)}${rowNo}"><v>${v}</v></c>` : '');
          else {
            const cell = stringCell(columnLetters(i) + String(rowNo), v, '');
            const more = w.room(cell.length * 3);
            if (more) yield more;
            w.text(cell);
          }
        } else if (typeof v === 'number') {
          if (!Number.isFinite(v)) continue;
          w.bytes(strHead[i]!);
          w.digits(rowNo);
          w.bytes(numMid[i]!);
          if (Number.isSafeInteger(v) && v >= 0) w.digits(v);
          else w.text(String(v));
          w.bytes(numEnd);
        } else {
          w.bytes(strHead[i]!);
          w.digits(rowNo);
          w.bytes(formulaLike(v) ? textMid : strMid[i]!);
          w.bytes(v.charCodeAt(0) <= 32 || v.charCodeAt(v.length - 1) <= 32 ? gtSpace : gt);
          // Escaping grows a text (1 unit to ≤ 5 bytes: '&' → '&amp;'): make room for what it became.
          const t = xmlContent(v);
          if (t.length !== v.length) {
            const more = w.room(t.length * 3 + CELL_OVERHEAD);
            if (more) yield more;
          }
          w.text(t);
          w.bytes(strEnd);
        }
      }
      w.bytes(rowEnd);
    }
  }
  const more = w.room(64);
  if (more) yield more;
  w.text('</sheetData></worksheet>');
  const last = w.take();
  if (last) yield last;
  onDone?.(n);
}

/**
 * The XLSX file of `layout` and `rows` as a byte stream: one sheet named `layout.sheetName`
 * (made valid: ≤ 31 characters, no : \ / ? * [ ]), a bold header row frozen at the top, column
 * widths (characters, default 20), a number cell for each finite number (number format of its
 * column from `layout.numFmt`), an inline string for each text — formula-like texts styled Text
 * '@' with quotePrefix, never a formula — and no cell for null or ''. `onDone(n)` with the data
 * row count after the last row. Memory is one chunk plus zlib's window, whatever the row count.
 * An error of `rows` destroys the stream with it; destroying the stream stops reading `rows`.
 */
export function xlsxStream(layout: SheetLayout, source: SheetRowSource, onDone?: (rows: number) => void): Readable {
  const formats = [...new Set(layout.headers.map((h) => layout.numFmt?.[h]).filter((f): f is string => !!f))];
  const cellStyles = layout.headers.map((h) => {
    const f = layout.numFmt?.[h];
    return f ? ` s="${FIRST_CUSTOM_STYLE + formats.indexOf(f)}"` : '';
  });
  const zip = new ZipStreamCtor({ zlib: { level: DEFLATE_LEVEL, chunkSize: DEFLATE_CHUNK } });
  const sheet = Readable.from(sheetXml(layout, cellStyles, batchesOf(source), onDone), { objectMode: false });
  // Handed out as a node:stream (toArray, compose, …): zip-stream's own is readable-stream 3.
  const out = new PassThrough();
  const fail = (e: Error) => out.destroy(e);
  // Both ways: a failing row source fails the file; a file abandoned by its reader stops the rows.
  sheet.once('error', fail);
  zip.once('error', fail);
  out.once('close', () => {
    sheet.destroy();
    zip.destroy();
  });
  zip.pipe(out);
  const add = (source: Buffer | Readable, name: string) =>
    new Promise<void>((resolve, reject) => zip.entry(source, { name, date: ENTRY_DATE }, (e) => (e ? reject(e) : resolve())));
  void (async () => {
    for (const [name, text] of packageParts(layout.sheetName, formats)) await add(Buffer.from(text, 'utf8'), name);
    await add(sheet, 'xl/worksheets/sheet1.xml');
    zip.finalize();
  })().catch(fail);
  return out;
}

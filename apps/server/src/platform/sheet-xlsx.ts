/**
 * The first sheet of an XLSX read as a stream under limits. The zip entries come
 * inflated chunk by chunk from sheet-zip.ts and go straight into a streaming XML parser (saxes);
 * rows are kept only as header-keyed texts, and reading stops at the first limit passed (rows,
 * columns, cell length) without inflating the rest. saxes expands no entity of a DOCTYPE, so
 * the XML itself cannot multiply ("billion laughs").
 *
 * Cell texts follow `cellText` of spreadsheet.ts (what exceljs gave before): a number whose style
 * has a date format is a date ('YYYY-MM-DD', or ISO 8601 when it has a time), a formula is its
 * cached result, rich text is joined, a boolean is 'true'/'false', everything trimmed.
 *
 * One core, `xlsxBatches`, serves both readXlsx (an upload in memory, one batch) and
 * streamSheetRecords (sheet-stream.ts: a settlement file of up to a million rows, batches handed
 * out as they fill, the sheet parsed no further while one waits).
 */
import { SaxesParser } from 'saxes';
import { columnName, guardCell, type KeepDigits } from './sheet-cell-guard.ts';
import { refuse, unreadable, type SheetLimits, type SheetRows } from './sheet-limits.ts';
import type { SheetReadHooks } from './sheet-stream.ts';
import { SheetZip } from './sheet-zip.ts';

interface XmlHandlers {
  open?: (name: string, attrs: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
  /** True once the handlers have all they need: the rest of the entry is not inflated. */
  done?: () => boolean;
}

/** An element or attribute name without its namespace prefix ('x:row' → 'row'). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * The longest run of bytes without a '<' any part may hold: a cell of `cellChars` characters
 * written in the longest escaped form (a character reference such as `&#x10FFFF;`, 10 bytes),
 * plus room for tags. saxes keeps a text node or a tag whole until it ends, so a run longer than
 * this (a bomb's one endless cell) is refused here, before it fills memory up to the entry limit.
 */
const maxRun = (limits: SheetLimits) => limits.cellChars * 10 + 4096;

/**
 * Streams entry `name` of the zip through saxes into `h`, pausing after each inflated chunk (at
 * most 64 KB) so a caller can hand out what the handlers gathered before anything more is
 * inflated: nothing is read ahead while the caller's consumer is busy. Ends early once `h.done`
 * says so. Bad XML or UTF-8 → 400 'not a readable…'; a run of text or a tag longer than any cell
 * can be → 413 (the cell limit).
 */
async function* parseEntrySteps(zip: SheetZip, name: string, limits: SheetLimits, h: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser({ position: false });
  parser.on('opentag', (t) => h.open?.(local(t.name), t.attributes as Record<string, string>));
  parser.on('text', (t) => h.text?.(t));
  parser.on('cdata', (t) => h.text?.(t));
  parser.on('closetag', (t) => h.close?.(local(t.name)));
  parser.on('error', () => {
    throw unreadable();
  });
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const longest = maxRun(limits);
  let run = 0; // bytes since the last '<'
  for await (const chunk of zip.read(name)) {
    const first = chunk.indexOf(0x3c);
    if (first < 0) run += chunk.length;
    else {
      if (run + first > longest) throw refuse.cell(limits);
      run = chunk.length - chunk.lastIndexOf(0x3c) - 1;
    }
    if (run > longest) throw refuse.cell(limits);
    parser.write(utf8.decode(chunk, { stream: true }));
    if (h.done?.()) return;
    yield;
  }
  parser.write(utf8.decode());
  parser.close();
}

/** parseEntrySteps run to its end (the parts read whole: workbook, relationships, styles, shared strings). */
async function parseEntry(zip: SheetZip, name: string, limits: SheetLimits, h: XmlHandlers): Promise<void> {
  for await (const _ of parseEntrySteps(zip, name, limits, h)) {
    // The handlers do the work; nothing waits between chunks.
  }
}

/** Attributes by local name ('r:id' → 'id'). */
const attrsOf = (attrs: Record<string, string>) => Object.fromEntries(Object.entries(attrs).map(([k, v]) => [local(k), v]));

/** A part name from a relationship target, relative to xl/ unless absolute ('worksheets/sheet1.xml' → 'xl/worksheets/sheet1.xml'). */
function partName(target: string): string {
  const parts: string[] = [];
  for (const p of (target.startsWith('/') ? target.slice(1) : `xl/${target}`).split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.' && p !== '') parts.push(p);
  }
  return parts.join('/');
}

/** Built-in number formats that are dates or times (ECMA-376 18.8.30; those exceljs knew as dates). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a format code shows a date or time (exceljs's rule: y, m, d, h, s or b outside quotes and brackets). */
const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** Workbook facts: the 1904 date system flag and the part name of the first sheet. */
async function readWorkbook(zip: SheetZip, limits: SheetLimits): Promise<{ date1904: boolean; sheet: string }> {
  let date1904 = false;
  let sheetRel: string | undefined;
  await parseEntry(zip, 'xl/workbook.xml', limits, {
    open: (name, attrs) => {
      const a = attrsOf(attrs);
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name === 'sheet' && sheetRel === undefined) sheetRel = a.id ?? '';
    },
    done: () => sheetRel !== undefined,
  });
  if (sheetRel === undefined) throw new NoSheet();
  let target: string | undefined;
  if (zip.has('xl/_rels/workbook.xml.rels'))
    await parseEntry(zip, 'xl/_rels/workbook.xml.rels', limits, {
      open: (name, attrs) => {
        if (name === 'Relationship' && attrs.Id === sheetRel && attrs.Target) target = attrs.Target;
      },
      done: () => target !== undefined,
    });
  return { date1904, sheet: target ? partName(target) : 'xl/worksheets/sheet1.xml' };
}

/** Which cell style ids (indexes of cellXfs) show numbers as dates. */
async function readDateStyles(zip: SheetZip, limits: SheetLimits): Promise<boolean[]> {
  const custom = new Map<number, string>();
  const dates: boolean[] = [];
  let inXfs = false;
  let finished = false;
  if (!zip.has('xl/styles.xml')) return dates;
  await parseEntry(zip, 'xl/styles.xml', limits, {
    open: (name, attrs) => {
      if (name === 'numFmt') custom.set(Number(attrs.numFmtId), attrs.formatCode ?? '');
      else if (name === 'cellXfs') inXfs = true;
      else if (name === 'xf' && inXfs) {
        const id = Number(attrs.numFmtId ?? 0);
        const code = custom.get(id);
        dates.push(id !== 0 && (code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id)));
      }
    },
    close: (name) => {
      if (name === 'cellXfs') finished = true;
    },
    done: () => finished,
  });
  return dates;
}

/** The shared strings, rich text runs joined and phonetic runs left out; each within the cell limit. */
async function readSharedStrings(zip: SheetZip, limits: SheetLimits): Promise<string[]> {
  const strings: string[] = [];
  if (!zip.has('xl/sharedStrings.xml')) return strings;
  let current = '';
  let inText = false;
  let inPhonetic = false;
  await parseEntry(zip, 'xl/sharedStrings.xml', limits, {
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't') inText = !inPhonetic;
    },
    text: (t) => {
      if (!inText) return;
      current += t;
      if (current.length > limits.cellChars) throw refuse.cell(limits);
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') strings.push(current);
    },
  });
  return strings;
}

/** A date as cellText gives it: 'YYYY-MM-DD' at UTC midnight, ISO 8601 otherwise, '' when invalid. */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** A serial day number as a Date (exceljs's excelToDate: 25569 = 1970-01-01; the 1904 system adds 1462). */
const serialDate = (v: number, date1904: boolean) => new Date(Math.round((v - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** Column number (1-based) of a cell reference ('AB12' → 28), or undefined when it has no letters. */
function columnOf(ref: string | undefined): number | undefined {
  const m = ref ? /^([A-Za-z]{1,3})\d*$/.exec(ref) : null;
  if (!m) return undefined;
  let n = 0;
  for (const ch of m[1]!.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Thrown inside the reader when the workbook lists no sheet (a 400 of its own in readSheet). */
export class NoSheet extends Error {}

/**
 * The core of both XLSX readers (readXlsx here, streamSheetRecords in sheet-stream.ts): the first
 * sheet of an opened XLSX as header-keyed data rows, handed out in batches of `hooks.batchRows`
 * (readXlsx: Infinity, one batch at the end). Workbook, styles and shared strings are read whole
 * first (the shared strings are held: at most `limits.entryBytes` of XML); the sheet is then
 * parsed one inflated chunk at a time and nothing more is inflated while a full batch waits to be
 * taken, so memory is one batch plus one chunk's rows whatever the sheet's length.
 *
 * Every kept cell (the header row's, and those under a header) goes through guardCell
 * (sheet-cell-guard.ts): masked unless `hooks.keepDigits` holds for its header, refused
 * (SheetCellRefused, 400 naming row and column) when it holds a character text cannot hold.
 *
 * Yields at least one batch; only a sole batch is empty. `headers` of each batch: the non-empty
 * texts of row 1 in column order. `hooks.onHeaders` is called once, when row 1 has been read (or
 * the first later row begins, or the sheet ends), before any data row is handed out.
 * Throws 413 naming the limit passed (zip entries, inflated sizes, rows, columns, cell length),
 * 400 'not a readable…' when the zip is no workbook, `NoSheet` when the workbook lists no sheet,
 * and lets any other failure through for the caller to answer as unreadable.
 */
export async function* xlsxBatches(zip: SheetZip, limits: SheetLimits, hooks: SheetReadHooks): AsyncGenerator<SheetRows> {
  if (!zip.has('xl/workbook.xml')) throw unreadable();
  const { date1904, sheet } = await readWorkbook(zip, limits);
  if (!zip.has(sheet)) throw unreadable();
  const dateStyles = await readDateStyles(zip, limits);
  const shared = await readSharedStrings(zip, limits);

  const headers = new Map<number, string>();
  const headerTexts = () => [...headers.entries()].sort((a, b) => a[0] - b[0]).map(([, h]) => h).filter(Boolean);
  let headersDone = false;
  const finishHeaders = () => {
    if (headersDone) return;
    headersDone = true;
    hooks.onHeaders?.(headerTexts());
  };
  let pending: SheetRows['rows'] = [];
  let count = 0;
  let rowNo = 0;
  let values: Record<string, string> = {};
  let col = 0;
  // The cell being read: its type, style, whether it has a formula, and its <v> or <is><t> text.
  let type = '';
  let style = 0;
  let formula = false;
  let text = '';
  let hasValue = false;
  let inValue = false;
  let inPhonetic = false;
  let finished = false;

  const cellText = (): string => {
    const isDate = dateStyles[style] === true;
    const numberText = (v: string) => {
      const n = parseFloat(v);
      return isDate ? dateText(serialDate(n, date1904)) : String(n);
    };
    if (formula) {
      // A formula reads as its cached result (none cached: empty), never as the formula.
      if (text === '') return '';
      if (type === 'str' || type === 'e') return text.trim();
      if (type === 'b') return String(parseInt(text, 10) !== 0);
      return numberText(text);
    }
    switch (type) {
      case 's':
        return (shared[parseInt(text, 10)] ?? '').trim();
      case 'str':
      case 'inlineStr':
      case 'e':
        return text.trim();
      case 'b':
        return text === '' ? '' : String(parseInt(text, 10) !== 0);
      case 'd':
        return text === '' ? '' : dateText(new Date(text));
      default:
        return text === '' ? '' : numberText(text);
    }
  };

  const handlers: XmlHandlers = {
    open: (name, attrs) => {
      switch (name) {
        case 'row': {
          const r = Number(attrs.r);
          rowNo = Number.isInteger(r) && r > 0 ? r : rowNo + 1;
          // A sheet without row 1 has no headers: say so before its first data row.
          if (rowNo > 1) finishHeaders();
          values = {};
          col = 0;
          break;
        }
        case 'c':
          col = columnOf(attrs.r) ?? col + 1;
          type = attrs.t ?? 'n';
          style = Number(attrs.s ?? 0);
          formula = false;
          text = '';
          hasValue = false;
          break;
        case 'f':
          formula = hasValue = true;
          break;
        case 'v':
          inValue = hasValue = true;
          break;
        case 'is':
          hasValue = true;
          break;
        case 'rPh':
          inPhonetic = true;
          break;
        case 't':
          // Inline strings: <is><t>…</t></is> or rich runs <is><r><t>…</t></r></is>.
          inValue = type === 'inlineStr' && !inPhonetic;
          break;
      }
    },
    text: (t) => {
      if (!inValue) return;
      text += t;
      if (text.length > limits.cellChars) throw refuse.cell(limits, rowNo);
    },
    close: (name) => {
      switch (name) {
        case 'v':
        case 't':
          inValue = false;
          break;
        case 'rPh':
          inPhonetic = false;
          break;
        case 'c': {
          // A cell with no value (only a style) is no cell, as exceljs's eachCell skipped it; an
          // empty text is kept as '' so callers see the column was given empty.
          if (!hasValue) break;
          const value = cellText();
          if (value !== '' && col > limits.columns) throw refuse.columns(limits);
          if (rowNo === 1) headers.set(col, guardCell(value, rowNo, columnName(col)));
          else {
            const h = headers.get(col);
            if (h) values[h] = guardCell(value, rowNo, h, hooks.keepDigits);
          }
          break;
        }
        case 'row':
          // Rows come in ascending order (ECMA-376), so the header row is known before any data row.
          if (rowNo === 1) finishHeaders();
          else if (Object.values(values).some((v) => v !== '')) {
            pending.push({ row: rowNo, values });
            if (++count > limits.rows) throw refuse.rows(limits);
            hooks.onRecord?.(count);
          }
          break;
        case 'sheetData':
          finished = true;
          break;
      }
    },
    done: () => finished,
  };

  // Full batches are handed out after each parsed chunk, before the next one is inflated; the
  // rest (and a sole, possibly empty, batch) once the sheet has ended.
  let yielded = false;
  function* full(): Generator<SheetRows> {
    while (pending.length >= hooks.batchRows) {
      const rows = pending.slice(0, hooks.batchRows);
      pending = pending.slice(hooks.batchRows);
      yielded = true;
      yield { headers: headerTexts(), rows };
    }
  }
  for await (const _ of parseEntrySteps(zip, sheet, limits, handlers)) yield* full();
  finishHeaders();
  yield* full();
  if (pending.length > 0 || !yielded) yield { headers: headerTexts(), rows: pending };
}

/**
 * Reads the first sheet of an XLSX into header-keyed rows (see `readSheet` for the contract;
 * `keepDigits`: the columns whose cells are not PAN-masked). Throws SheetCellRefused (400) for a
 * cell text cannot hold, 413 naming the limit passed (zip entries, inflated sizes, rows, columns, cell length),
 * `NoSheet` when the workbook lists no sheet, and lets any other failure through for the caller
 * to answer as unreadable.
 */
export async function readXlsx(file: Buffer, limits: SheetLimits, keepDigits?: KeepDigits): Promise<SheetRows> {
  const zip = await SheetZip.open(file, limits);
  const result: SheetRows = { headers: [], rows: [] };
  // batchRows Infinity: the core yields once, after the sheet's end.
  for await (const batch of xlsxBatches(zip, limits, { batchRows: Infinity, keepDigits })) {
    result.headers = batch.headers;
    for (const r of batch.rows) result.rows.push(r);
  }
  return result;
}

/**
 * The PAN guard at the server's doors, generated: every string of a request (input-guard), every
 * cell of an uploaded CSV or XLSX through both readers (readSheet, streamSheetRecords), every
 * multipart field and every log line comes out with no card number whole, except fields and
 * columns that keep their digits; a cell or field text cannot hold is refused naming its row and
 * column (or field).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAN_GUARD_EXEMPT_FIELDS, PAN_GUARD_SEALED_FIELDS } from '@paydesk/domain';
import { RESOURCES } from '@paydesk/contract';
import { anyPan } from '../../../../packages/domain/test/pan-arbitraries.ts';
import { AppError } from '../../src/platform/errors.ts';
import { assertSafeInput } from '../../src/platform/input-guard.ts';
import { maskLogLine } from '../../src/platform/log-masking.ts';
import { SheetCellRefused } from '../../src/platform/sheet-cell-guard.ts';
import { DEFAULT_SHEET_LIMITS } from '../../src/platform/sheet-limits.ts';
import { streamSheetRecords } from '../../src/platform/sheet-stream.ts';
import { readSheet, streamSheet, type SheetRows } from '../../src/platform/spreadsheet.ts';
import { formFieldText, uploadFileName } from '../../src/platform/upload.ts';

const RUNS = { numRuns: 60, seed: 27 };
let dir: string;
let fileNo = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pan-doors-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A PAN inside text, plain or grouped, with what may surround it. */
const panText = anyPan.chain((pan) =>
  fc.tuple(
    fc.constant(pan),
    fc.constantFrom(pan, pan.replace(/(\d{4})(?=\d)/g, '$1 '), pan.replace(/(\d{4})(?=\d)/g, '$1-')),
    fc.constantFrom('', 'card ', '"', '卡号', 'No: ', '('),
    fc.constantFrom('', ' ok', '"', '。', ')', ', 12/28'),
  ).map(([p, form, pre, post]) => ({ pan: p, text: `${pre}${form}${post}` })),
);
/** Whether `s` shows `pan` whole (separators dropped). */
const shows = (s: string, pan: string) => s.replace(/[ -]/g, '').includes(pan);

describe('input guard', () => {
  it('masks every string of params, query and body in place, at any depth, except the exempt fields', () => {
    const exempt = Object.keys(PAN_GUARD_EXEMPT_FIELDS);
    fc.assert(
      fc.property(panText, fc.array(fc.constantFrom('SearchData', 'Items', 'Remark', 'Keyword', '0'), { maxLength: 4 }), fc.constantFrom(...exempt), (p, path, keep) => {
        const body: Record<string, unknown> = { Remark: p.text, List: [p.text, { Note: p.text }], [keep]: p.text, Many: [[p.text]] };
        let nested: unknown = body;
        for (const k of [...path].reverse()) nested = { [k]: nested };
        const out = assertSafeInput(nested, 'body');
        expect(out).toBe(nested);
        const json = JSON.stringify(out, (k, v: unknown) => (k === keep ? undefined : v));
        expect(shows(json, p.pan)).toBe(false);
        expect(body[keep]).toBe(p.text);
        expect(assertSafeInput(p.text, 'query')).not.toContain(p.pan);
      }),
      RUNS,
    );
  });
});

describe('sheet readers', () => {
  const write = async (format: 'csv' | 'xlsx', headers: string[], rows: string[][]) => {
    const path = join(dir, `f${++fileNo}.${format}`);
    await pipeline(streamSheet({ format, sheetName: 'S', headers, rows: Readable.from(rows) }).stream, createWriteStream(path));
    return path;
  };
  const streamed = async (path: string, format: 'csv' | 'xlsx', keepDigits?: (h: string) => boolean): Promise<SheetRows> => {
    const out: SheetRows = { headers: [], rows: [] };
    for await (const b of streamSheetRecords(path, format, DEFAULT_SHEET_LIMITS, { batchRows: 3, keepDigits })) {
      out.headers = b.headers;
      out.rows.push(...b.records);
    }
    return out;
  };
  const table = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.array(panText, { minLength: 1, maxLength: 12 }));

  for (const format of ['csv', 'xlsx'] as const) {
    it(`${format}: every cell is masked by readSheet and streamSheetRecords, except the columns the caller keeps`, async () => {
      await fc.assert(
        fc.asyncProperty(table, async ([width, cells]) => {
          const headers = ['AccountNo', ...Array.from({ length: width }, (_, i) => `Col${i}`)];
          const rows = cells.map((c, r) => headers.map((_, i) => (i === 0 ? c.pan : `${c.text} ${r}`)));
          const path = await write(format, headers, rows);
          const keep = (h: string) => h === 'AccountNo';
          for (const read of [await readSheet(await readFile(path), path, { keepDigits: keep }), await streamed(path, format, keep)]) {
            expect(read.rows).toHaveLength(cells.length);
            read.rows.forEach((row, r) => {
              expect(row.values.AccountNo).toBe(cells[r]!.pan);
              for (const h of headers.slice(1)) expect(shows(row.values[h]!, cells[r]!.pan), row.values[h]).toBe(false);
            });
          }
          const unkept = await readSheet(await readFile(path), path);
          expect(unkept.rows.some((row, r) => shows(Object.values(row.values).join('|'), cells[r]!.pan))).toBe(false);
        }),
        { numRuns: 30, seed: 27 },
      );
    });

    it(`${format}: a cell holding a character text cannot hold is refused with its row and column by both readers`, async () => {
      // XLSX cannot carry C0 controls (XML 1.0 forbids them: the writer drops them); C1 and DEL it can.
      const bad = format === 'csv' ? fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', '\u0085') : fc.constantFrom('\u007f', '\u0085', '\u009f');
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 8 }), fc.nat(), fc.nat(), bad, async (width, height, c, r, ch) => {
          const headers = Array.from({ length: width }, (_, i) => `H${i}`);
          const rows = Array.from({ length: height }, (_, y) => headers.map((h) => `${h}-${y}`));
          const [col, row] = [c % width, r % height];
          rows[row]![col] = `x${ch}y`;
          const path = await write(format, headers, rows);
          // One reader at a time: a second one started early could reject before anyone awaits it.
          for (const read of [async () => readSheet(await readFile(path), path), () => streamed(path, format)]) {
            const e = await read().then(() => null, (x: unknown) => x);
            expect(e).toBeInstanceOf(SheetCellRefused);
            const refused = e as SheetCellRefused;
            expect([refused.status, refused.row, refused.column]).toEqual([400, row + 2, `H${col}`]);
            expect(refused.extra).toEqual({ Errors: [{ Row: row + 2, Field: `H${col}`, Message: refused.problem }] });
            expect(refused.message).toMatch(new RegExp(`^file: row ${row + 2}, column "H${col}" `));
          }
        }),
        { numRuns: 20, seed: 27 },
      );
    });
  }
});

describe('multipart fields and file names', () => {
  it('mask every field but the exempt ones, and refuse NUL naming the field', () => {
    fc.assert(
      fc.property(panText, fc.constantFrom('ReleaseNotes', 'DocType', 'FormatKey', 'Models'), (p, name) => {
        expect(shows(formFieldText({ fieldname: name, value: p.text }), p.pan)).toBe(false);
        expect(formFieldText({ fieldname: 'Password', value: p.text })).toBe(p.text);
        expect(shows(uploadFileName(`${p.pan}.csv`), p.pan)).toBe(false);
        expect(() => formFieldText({ fieldname: name, value: `a\u0000${p.text}` })).toThrow(new AppError(400, 'VAL400', `${name}: contains a control character (such as NUL) that text cannot hold`));
      }),
      RUNS,
    );
  });
});

describe('log lines', () => {
  it('show no PAN, wherever it sits in the JSON (after an escaped newline, URL-encoded, in a key), and stay JSON', () => {
    fc.assert(
      fc.property(panText, fc.integer({ min: 1_000_000_000_000, max: 9_999_999_999_999 }), fc.double({ min: 0, max: 1e4, noNaN: true }), (p, time, ms) => {
        const line = `${JSON.stringify({
          level: 30,
          time,
          responseTime: ms,
          req: { url: `/api/x?Keyword=${encodeURIComponent(p.text)}&q=${p.text.replace(/ /g, '+')}` },
          err: { message: `failed\n${p.text}\ton\t${p.pan}`, [p.pan]: 1 },
        })}\n`;
        const out = maskLogLine(line);
        expect(shows(out, p.pan)).toBe(false);
        const parsed = JSON.parse(out) as { time: number; responseTime: number };
        expect([parsed.time, parsed.responseTime]).toEqual([time, ms]);
        expect(out.endsWith('\n')).toBe(true);
      }),
      RUNS,
    );
  });

  it('leave a line without a PAN as the same string, and mask a line that is not JSON as text', () => {
    const line = '{"level":30,"time":1764371756000,"msg":"request completed","reqId":"req-1"}\n';
    expect(maskLogLine(line)).toBe(line);
    expect(maskLogLine('card 4111111111111111 seen\n')).toBe('card 411111******1111 seen\n');
  });
});

describe('PAN_GUARD_EXEMPT_FIELDS', () => {
  it('PAN_GUARD_SEALED_FIELDS holds every resource field declared secret (sealed at rest, answered masked)', () => {
    const secret = RESOURCES.flatMap((def) => Object.entries(def.fields).filter(([, f]) => (f as { secret?: boolean }).secret).map(([name]) => name));
    expect(secret.length).toBeGreaterThan(0);
    for (const name of secret) expect(Object.keys(PAN_GUARD_SEALED_FIELDS), name).toContain(name);
  });
});

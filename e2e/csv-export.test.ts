/**
 * The e2e CSV reader against the server's CSV writer: whatever the cells hold —
 * commas, quotes, line breaks, non-Latin text, empty cells — a file written by `csvStream` reads
 * back with as many data rows as were written and the same cells, so "file rows = total" in the
 * e2e suites counts records, not lines. No browser, no server: the writer runs in-process.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvCell, csvStream } from '../apps/server/src/platform/sheet-write-csv.ts';
import { csvDataRowCount, parseCsv } from './csv-export.ts';

async function written(header: string[], rows: (string | null)[][]): Promise<string> {
  const chunks: Buffer[] = [];
  const rowsOf = async function* () {
    for (const r of rows) yield r;
  };
  for await (const chunk of csvStream(header, { rows: rowsOf() })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A data cell as the reader should give it back: the field the writer made of it (formula-like text neutralised), unquoted. */
const unquoted = (c: string | null): string => {
  const f = csvCell(c);
  return f.startsWith('"') ? f.slice(1, -1).replace(/""/g, '"') : f;
};

describe('parseCsv / csvDataRowCount', () => {
  it('reads back every row the server writes, cells included', async () => {
    const cell = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom('a,b', 'say "hi"', 'two\nlines', 'cr\r\nlf', '', '馬來西亞'), fc.constant(null));
    const file = fc.integer({ min: 1, max: 5 }).chain((width) =>
      fc.tuple(
        fc.array(fc.string({ minLength: 1, maxLength: 8 }), { minLength: width, maxLength: width }),
        fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 30 }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(file, async ([header, rows]) => {
        const text = await written(header, rows);
        expect(csvDataRowCount(text)).toBe(rows.length);
        const parsed = parseCsv(text);
        expect(parsed.header).toEqual(header);
        expect(parsed.rows).toEqual(rows.map((r) => r.map(unquoted)));
      }),
      { numRuns: 150 },
    );
  });

  it('counts no data row in a file that only has its header', () => {
    expect(csvDataRowCount('\uFEFFReference no.,Status\n')).toBe(0);
  });
});

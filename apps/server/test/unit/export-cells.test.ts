/**
 * reports/export-cells.ts, for generated instants and days: the keyset path's cell (from the
 * value) and the COPY path's cell (from the database's §9 text) are the same cell in both
 * formats; XLSX serials give back the Malaysian wall clock to the second; a `date` value parses
 * to the same day whether a driver gave it as ISO text, a UTC-midnight Date or a local-midnight
 * Date.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMytDateTime } from '@paydesk/domain';
import { calendarDay, cellWriter, dayText, mytSerial, periodCell, serialOfText, textCellReader } from '../../src/reports/export-cells.ts';

const DAY_MS = 86_400_000;
const instants = fc.integer({ min: Date.UTC(1982, 0, 1), max: Date.UTC(9998, 11, 31) }).map((ms) => new Date(ms));
const days = fc.integer({ min: Date.UTC(1900, 2, 1) / DAY_MS, max: Date.UTC(9998, 11, 31) / DAY_MS });
const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

describe('export cells', () => {
  it('a date-time is one cell whichever path wrote it, and its serial is the MYT wall clock to the second', () => {
    const csv = cellWriter({ key: 'T', kind: 'datetime' }, 'en', 'csv');
    const xlsx = cellWriter({ key: 'T', kind: 'datetime' }, 'en', 'xlsx');
    const fromText = textCellReader('datetime', 'xlsx')!;
    fc.assert(
      fc.property(instants, (at) => {
        const text = csv(at) as string;
        expect(text).toBe(formatMytDateTime(at));
        expect(csv(at.toISOString())).toBe(text);
        const serial = xlsx(at) as number;
        expect(fromText(text)).toBe(serial);
        expect(serial).toBe(mytSerial(at));
        const wall = Math.round((serial - 25_569) * 86_400) * 1000;
        expect(wall).toBe(Math.floor((at.getTime() + 8 * 3_600_000) / 1000) * 1000);
      }),
    );
  });

  it('a day is the same day from ISO text, a UTC-midnight Date or a local-midnight Date, in both formats', () => {
    const csv = cellWriter({ key: 'D', kind: 'date' }, 'en', 'csv');
    const xlsx = cellWriter({ key: 'D', kind: 'date' }, 'en', 'xlsx');
    fc.assert(
      fc.property(days, (day) => {
        const [y, m, d] = iso(day).split('-').map(Number) as [number, number, number];
        for (const v of [iso(day), new Date(day * DAY_MS), new Date(y, m - 1, d)]) expect(calendarDay(v)).toBe(day);
        const text = csv(iso(day)) as string;
        expect(text).toBe(`${String(d).padStart(2, '0')}-${String(m).padStart(2, '0')}-${y}`);
        expect(dayText(day)).toBe(text);
        expect(xlsx(new Date(day * DAY_MS))).toBe(day + 25_569);
        expect(serialOfText(text)).toBe(day + 25_569);
        expect(periodCell(iso(day), 'month', 'csv')).toBe(text.slice(3));
        expect(periodCell(iso(day), 'week', 'xlsx')).toBe(day + 25_569);
      }),
    );
  });

  it('empty values are empty cells, and a text that is not a §9 day or time is never turned into a date', () => {
    for (const kind of ['date', 'datetime', 'money', 'count'] as const) {
      expect(cellWriter({ key: 'X', kind }, 'en', 'xlsx')(null)).toBeNull();
      expect(cellWriter({ key: 'X', kind }, 'en', 'csv')(undefined)).toBe(kind === 'count' ? null : '');
    }
    expect(cellWriter({ key: 'D', kind: 'date' }, 'en', 'csv')('not a day')).toBe('');
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (s) => {
        fc.pre(!/^\d{2}-\d{2}-\d{4}( \d{2}:\d{2}:\d{2})?$/.test(s));
        expect(serialOfText(s)).toBe(s);
      }),
    );
    expect(textCellReader('money', 'xlsx')!('-12.50')).toBe(-12.5);
    expect(textCellReader('text', 'xlsx')).toBeNull();
    expect(textCellReader('date', 'csv')).toBeNull();
  });
});

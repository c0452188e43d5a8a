/**
 * Typed cells of a report export, one rule per column kind for every export path (the list
 * report's keyset and COPY readers, the summary report), so a file says what the screen says in
 * the §9 formats and a spreadsheet can compute with it:
 *
 * | kind     | CSV text                        | XLSX cell                                          |
 * |----------|---------------------------------|----------------------------------------------------|
 * | date     | DD-MM-YYYY                      | a date: Excel serial day, format dd-mm-yyyy         |
 * | datetime | DD-MM-YYYY HH:mm:ss, MYT        | a date-time: Excel serial of the MYT wall clock, format dd-mm-yyyy hh:mm:ss |
 * | money    | the exact decimal text          | a number, format #,##0.00                           |
 * | count, percent | the number's text         | a number                                            |
 * | enum     | the ENUM_LABELS text            | the same text                                       |
 * | others   | the value's text                | the same text (a reference stays text: no 1.2E+17) |
 *
 * Excel keeps no time zone: a date-time cell holds the Malaysian wall-clock time, as the header's
 * " (MYT)" says. Serials use Excel's 1900 date system (day 25,569 is 1970-01-01), valid for every
 * date after 1900-02-28, which is all a payment record can hold.
 */
import { enumLabeller, formatMytDateTime, MYT_OFFSET_MS, type EnumLabelLanguage } from '@paydesk/domain';
import type { ReportColumnKind } from '@paydesk/contract';
import type { SheetCell } from '../platform/spreadsheet.ts';

const DAY_MS = 86_400_000;
/** Excel's serial day of 1970-01-01 (1900 date system). */
const EXCEL_UNIX_EPOCH_DAY = 25_569;

/** The XLSX number format of each kind written as a number or a date (none: General or text). */
export const EXCEL_NUMBER_FORMATS: Partial<Record<ReportColumnKind | 'month', string>> = {
  money: '#,##0.00',
  date: 'dd-mm-yyyy',
  datetime: 'dd-mm-yyyy hh:mm:ss',
  month: 'mm-yyyy',
};

const TWO = (n: number) => (n < 10 ? `0${n}` : String(n));
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const DMY_DAY = /^(\d{2})-(\d{2})-(\d{4})$/;
const DMY_TIME = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The calendar day of a `date` value as days since 1970-01-01, or null when empty or not a day:
 * text starting 'YYYY-MM-DD' (PGlite, ::text), or a Date at a midnight — UTC midnight, or local
 * midnight as node-postgres parses a `date` column in a server not on UTC.
 */
export function calendarDay(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) {
    const ms = v.getTime();
    if (Number.isNaN(ms)) return null;
    if (ms % DAY_MS === 0) return ms / DAY_MS;
    return Date.UTC(v.getFullYear(), v.getMonth(), v.getDate()) / DAY_MS;
  }
  const m = ISO_DAY.exec(String(v));
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : null;
}

/** A day (days since 1970-01-01) as §9 text: 'DD-MM-YYYY', or 'MM-YYYY' for a month. */
export function dayText(day: number, month = false): string {
  const d = new Date(day * DAY_MS);
  const mmyyyy = `${TWO(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
  return month ? mmyyyy : `${TWO(d.getUTCDate())}-${mmyyyy}`;
}

/** Excel's serial of a calendar day (days since 1970-01-01, as calendarDay answers). */
export const daySerial = (day: number): number => day + EXCEL_UNIX_EPOCH_DAY;

/** Excel's serial of an instant's Malaysian wall-clock time, to the second (milliseconds dropped, as the text drops them). */
export function mytSerial(instant: Date): number {
  const seconds = Math.floor((instant.getTime() + MYT_OFFSET_MS) / 1000);
  return seconds / 86_400 + EXCEL_UNIX_EPOCH_DAY;
}

/**
 * The XLSX cell of a cell's §9 text as the database writes it (the COPY reader): 'DD-MM-YYYY' →
 * the day's serial, 'DD-MM-YYYY HH:mm:ss' → the wall clock's serial; '' → empty. Another text is
 * kept as it is (never a wrong date).
 */
export function serialOfText(text: string): SheetCell {
  if (text === '') return null;
  const t = DMY_TIME.exec(text);
  if (t) return Date.UTC(Number(t[3]), Number(t[2]) - 1, Number(t[1]), Number(t[4]), Number(t[5]), Number(t[6])) / DAY_MS + EXCEL_UNIX_EPOCH_DAY;
  const d = DMY_DAY.exec(text);
  if (d) return Date.UTC(Number(d[3]), Number(d[2]) - 1, Number(d[1])) / DAY_MS + EXCEL_UNIX_EPOCH_DAY;
  return text;
}

/** A column of an export as its writers see it. */
export interface ExportCellColumn {
  key: string;
  kind: ReportColumnKind;
  enumKey?: string;
}

/**
 * The writer of one column's cells from the values the API rows hold (Date or ISO text for
 * instants and days, decimal text for money, numbers for counts, codes for enums). See the table
 * in the module comment; null and undefined are an empty cell.
 */
export function cellWriter(c: ExportCellColumn, language: EnumLabelLanguage, format: 'xlsx' | 'csv'): (v: unknown) => SheetCell {
  const xlsx = format === 'xlsx';
  switch (c.kind) {
    case 'enum': {
      const label = enumLabeller(language);
      return (v) => (v === null || v === undefined ? '' : label(c.enumKey ?? c.key, v as string | number));
    }
    case 'datetime':
      return (v) => {
        if (v === null || v === undefined || v === '') return xlsx ? null : '';
        const at = v instanceof Date ? v : new Date(v as string);
        if (Number.isNaN(at.getTime())) return xlsx ? null : '';
        return xlsx ? mytSerial(at) : formatMytDateTime(at);
      };
    case 'date':
      return (v) => {
        const day = calendarDay(v);
        if (day === null) return xlsx ? null : '';
        return xlsx ? daySerial(day) : dayText(day);
      };
    case 'money':
      return xlsx ? (v) => (v === null || v === undefined ? null : Number(v)) : (v) => (v === null || v === undefined ? '' : String(v));
    case 'count':
    case 'percent':
      return (v) => (v === null || v === undefined ? null : Number(v));
    default:
      return (v) => (v === null || v === undefined ? '' : String(v));
  }
}

/**
 * How the COPY reader turns the database's cell text of a column into the file's cell (the text
 * as `cellTextSql` writes it), or null where the text is the cell (every CSV column; texts and
 * enums in XLSX).
 */
export function textCellReader(kind: ReportColumnKind, format: 'xlsx' | 'csv'): ((text: string) => SheetCell) | null {
  if (format === 'csv') return null;
  if (kind === 'money' || kind === 'count' || kind === 'percent') return (f) => (f === '' ? null : Number(f));
  if (kind === 'date' || kind === 'datetime') return serialOfText;
  return null;
}

/** The day a summary row's Period ('YYYY-MM-DD', the period's first MYT day) stands for, as a cell. */
export function periodCell(period: string, unit: 'day' | 'week' | 'month', format: 'xlsx' | 'csv'): SheetCell {
  const day = calendarDay(period);
  if (day === null) return period;
  return format === 'xlsx' ? day + EXCEL_UNIX_EPOCH_DAY : dayText(day, unit === 'month');
}

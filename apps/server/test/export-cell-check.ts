/**
 * What a typed export cell must look like, read back as a user's spreadsheet reads it (CSV text
 * by csv-parse, XLSX by ExcelJS, which turns a number with a date format into a Date): the rules
 * of reports/export-cells.ts, checked from the outside. `csvCellProblem` and `xlsxCellProblem`
 * answer null for a good cell, else what is wrong with it (for the test's message).
 */
import type ExcelJS from 'exceljs';
import { ENUM_LABELS, type EnumLabelLanguage } from '@paydesk/domain';
import type { ReportColumnKind } from '@paydesk/contract';

/** A column of a file under test: its kind, and for enums the ENUM_LABELS group. */
export interface CheckedColumn {
  key: string;
  kind: ReportColumnKind | 'month';
  enumKey?: string;
  /** A column that names an organization (`org.*` source): never a bare id. */
  names?: boolean;
}

const DMY = /^(\d{2})-(\d{2})-(\d{4})$/;
const DMY_TIME = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const MY = /^(\d{2})-(\d{4})$/;
/** JavaScript's Date text, the bug this guards against ("Sat Nov 28 2026 00:00:00 GMT+0000 (…)"), and ISO instants. */
const JS_DATE_TEXT = /GMT[+-]\d{4}|Coordinated Universal Time|^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Whether day/month/year (1-based month) is a real calendar day. */
function realDay(d: number, m: number, y: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const labelsOf = (language: EnumLabelLanguage, group: string): Set<string> => {
  const prefix = `enum.${group}.`;
  return new Set(Object.entries(ENUM_LABELS[language]).filter(([k]) => k.startsWith(prefix)).map(([, v]) => v));
};

/** What is wrong with one CSV cell of `c`, or null. An empty cell is always allowed (no value). */
export function csvCellProblem(c: CheckedColumn, text: string, language: EnumLabelLanguage): string | null {
  if (text === '') return null;
  if (JS_DATE_TEXT.test(text)) return `JavaScript or ISO date text ${JSON.stringify(text)}`;
  switch (c.kind) {
    case 'date': {
      const m = DMY.exec(text);
      return m && realDay(Number(m[1]), Number(m[2]), Number(m[3])) ? null : `not a DD-MM-YYYY day: ${JSON.stringify(text)}`;
    }
    case 'month':
      return MY.test(text) ? null : `not an MM-YYYY month: ${JSON.stringify(text)}`;
    case 'datetime': {
      const m = DMY_TIME.exec(text);
      return m && realDay(Number(m[1]), Number(m[2]), Number(m[3])) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60
        ? null
        : `not a DD-MM-YYYY HH:mm:ss time: ${JSON.stringify(text)}`;
    }
    case 'money':
      return /^-?\d+\.\d{2}$/.test(text) ? null : `not an exact 2-decimal amount: ${JSON.stringify(text)}`;
    case 'count':
      return /^-?\d+$/.test(text) ? null : `not a whole number: ${JSON.stringify(text)}`;
    case 'percent':
      return Number.isFinite(Number(text)) ? null : `not a number: ${JSON.stringify(text)}`;
    case 'enum': {
      const labels = labelsOf(language, c.enumKey ?? c.key);
      return labels.size === 0 || labels.has(text) ? null : `not a label of ${c.enumKey ?? c.key}: ${JSON.stringify(text)}`;
    }
    default:
      return c.names && /^\d+$/.test(text) ? `an id where a name belongs: ${text}` : null;
  }
}

/** What is wrong with one XLSX cell of `c` read by ExcelJS, or null. An empty cell is always allowed. */
export function xlsxCellProblem(c: CheckedColumn, cell: ExcelJS.Cell, language: EnumLabelLanguage): string | null {
  const v = cell.value as unknown;
  if (v === null || v === undefined || v === '') return null;
  const numFmt = cell.numFmt ?? '';
  switch (c.kind) {
    case 'date':
    case 'month':
      if (!(v instanceof Date)) return `not a date cell: ${JSON.stringify(v)} (${numFmt})`;
      return v.getUTCHours() === 0 && v.getUTCMinutes() === 0 && v.getUTCSeconds() === 0 ? null : `a day with a time: ${v.toISOString()}`;
    case 'datetime':
      return v instanceof Date && numFmt.includes('hh') ? null : `not a date-time cell: ${JSON.stringify(v)} (${numFmt})`;
    case 'money':
      return typeof v === 'number' && numFmt === '#,##0.00' ? null : `not a #,##0.00 number: ${JSON.stringify(v)} (${numFmt})`;
    case 'count':
      return typeof v === 'number' && Number.isInteger(v) ? null : `not a whole number: ${JSON.stringify(v)}`;
    case 'percent':
      return typeof v === 'number' ? null : `not a number: ${JSON.stringify(v)}`;
    default:
      return typeof v === 'string' ? csvCellProblem(c, v, language) : `not a text cell: ${JSON.stringify(v)}`;
  }
}

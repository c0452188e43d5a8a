/**
 * How a report column's value reads in a table cell and a detail line, by its declared kind:
 * enum → its ENUM label (status as a coloured tag), money → §3 amount in the row's
 * currency, count / percent grouped in the UI language, datetime → Malaysian time DD-MM-YYYY
 * HH:mm:ss (§9) or, for an age column, the time since it, date → DD-MM-YYYY, pan → monospace (already masked by the server: first 6 + last
 * 4), text as it is; an absent value is '-'.
 */
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReportColumn, ReportColumnKind } from '@paydesk/contract';
import { dayjs, formatDateTime } from '@paydesk/domain';
import { ageText, enumText, unitText } from '../../shared/cell-text.ts';
import { NO_VALUE, formatCount, formatMoney, formatPercent } from '../../shared/format.ts';
import { StatusTag } from '../../shared/status-tag.tsx';

/** The plain text of a value (what a cell shows, without markup; also the row's accessible name). */
export function cellText(t: TFunction, column: ReportColumn, value: unknown, currency: string, language: string): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  switch (column.kind) {
    case 'enum':
      return enumText(t, column.enumKey, value);
    case 'money':
      return formatMoney(value as string, currency);
    case 'count':
      return formatCount(value as number, language);
    case 'percent':
      return formatPercent(value as number, language);
    case 'datetime':
      return column.display === 'age' ? ageText(t, value as string) : formatDateTime(value as string);
    case 'date':
      return dayjs.utc(value as string).isValid() ? dayjs.utc(value as string).format('DD-MM-YYYY') : NO_VALUE;
    case 'pan':
    case 'text':
      return String(value as string);
  }
}

/** A cell of `row` for `column`: the text, a status tag, or the PAN in monospace. */
export function ReportCell({ t, column, row, fallbackCurrency, language }: { t: TFunction; column: ReportColumn; row: Record<string, unknown>; fallbackCurrency: string; language: string }): ReactNode {
  const value = row[column.key];
  if (column.kind === 'enum' && column.enumKey === 'status' && typeof value === 'string' && value) return <StatusTag status={value} />;
  const currency = typeof row.Currency === 'string' && row.Currency ? row.Currency : fallbackCurrency;
  const inUnit = unitText(t, column, row, currency, language);
  if (inUnit !== null) return inUnit;
  const text = cellText(t, column, value, currency, language);
  if (column.kind === 'pan' && text !== NO_VALUE) return <Typography.Text code>{text}</Typography.Text>;
  // A log entry's attributes: indented JSON, wrapped within the drawer.
  if (column.display === 'json' && text !== NO_VALUE) return <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>{prettyJson(text)}</pre>;
  // An age says since when on hover and to a screen reader's detail.
  if (column.display === 'age' && text !== NO_VALUE) return <span title={formatDateTime(value as string)}>{text}</span>;
  return text;
}

/** JSON text indented by two spaces; text that is not JSON as it is. */
function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A column's width in px by its kind: enough for its usual value; longer text ends in "…". */
export function kindWidth(kind: ReportColumnKind): number {
  switch (kind) {
    case 'money':
      return 150;
    case 'datetime':
      return 160;
    case 'pan':
      return 170;
    case 'count':
    case 'percent':
    case 'date':
      return 110;
    case 'enum':
      return 130;
    case 'text':
      return 170;
  }
}

/** Numbers align right. */
export const isNumeric = (kind: ReportColumnKind): boolean => kind === 'money' || kind === 'count' || kind === 'percent';

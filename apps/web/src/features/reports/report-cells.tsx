/**
 * How a report column's value reads in a table cell and a detail line, by its declared kind:
 * enum → its ENUM label (status as a coloured tag), money → §3 amount in the row's
 * currency, count / percent grouped in the UI language, datetime → Malaysian time DD-MM-YYYY
 * HH:mm:ss (§9), date → DD-MM-YYYY, pan → monospace (already masked by the server: first 6 + last
 * 4), text as it is; an absent value is '-'.
 */
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReportColumn, ReportColumnKind } from '@paydesk/contract';
import { dayjs, enumLabelKey, formatDateTime } from '@paydesk/domain';
import { NO_VALUE, formatCount, formatMoney, formatPercent } from '../../shared/format.ts';
import { StatusTag } from '../../shared/status-tag.tsx';

/** The ENUM label of a code (`enum.{enumKey}.{code}`), the code itself where none is written. */
export function enumText(t: TFunction, enumKey: string | undefined, code: unknown): string {
  if (code === null || code === undefined || code === '') return NO_VALUE;
  return enumKey ? t(enumLabelKey(enumKey, code as string | number), { defaultValue: String(code) }) : String(code);
}

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
      return formatDateTime(value as string);
    case 'date':
      return dayjs.utc(value as string).isValid() ? dayjs.utc(value as string).format('DD-MM-YYYY') : NO_VALUE;
    case 'pan':
    case 'text':
      return String(value as string);
  }
}

/**
 * A value whose unit the row decides (`column.unitBy`: a risk rule's threshold and observed value):
 * money in `currency`, a percentage, "3 transactions" or "30 days"; the plain text when the row's
 * unit is unknown or the value is not a number.
 */
export function unitText(t: TFunction, column: ReportColumn, row: Record<string, unknown>, currency: string, language: string): string | null {
  if (!column.unitBy) return null;
  const value = row[column.key];
  const unit = column.unitBy.units[String(row[column.unitBy.column] ?? '')];
  if (value === null || value === undefined || value === '' || !unit || !Number.isFinite(Number(value))) return null;
  switch (unit) {
    case 'AMOUNT':
      return formatMoney(value as string, currency);
    case 'PERCENT':
      return formatPercent(value as string, language);
    case 'COUNT':
      return t('unit.transactions', { count: Number(value), n: formatCount(value as string, language) });
    case 'DAYS':
      return t('unit.days', { count: Number(value), n: formatCount(value as string, language) });
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
  return text;
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

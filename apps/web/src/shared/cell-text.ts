/**
 * The words of a report value that its cells, filters, related sections and desks share (pure,
 * no markup): an enum code's label, a value in the unit its row decides (a risk rule's threshold
 * and observed value), and an age (the time since an instant).
 */
import type { TFunction } from 'i18next';
import type { ReportColumn } from '@paydesk/contract';
import { enumLabelKey } from '@paydesk/domain';
import { NO_VALUE, formatCount, formatMoney, formatPercent } from './format.ts';

/** The ENUM label of a code (`enum.{enumKey}.{code}`), the code itself where none is written. */
export function enumText(t: TFunction, enumKey: string | undefined, code: unknown): string {
  if (code === null || code === undefined || code === '') return NO_VALUE;
  return enumKey ? t(enumLabelKey(enumKey, code as string | number), { defaultValue: String(code) }) : String(code);
}

/**
 * The time from instant `iso` to `now` (ms since the epoch) as a case queue writes an age: "45 min",
 * "5 h 12 min", "3 d 4 h" (whole units, rounded down; never negative: a clock slightly behind the
 * server's reads 0 min).
 */
export function ageText(t: TFunction, iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return NO_VALUE;
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  const [d, h, m] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
  if (d > 0) return t('unit.ageDays', { d, h });
  if (h > 0) return t('unit.ageHours', { h, m });
  return t('unit.ageMinutes', { m });
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

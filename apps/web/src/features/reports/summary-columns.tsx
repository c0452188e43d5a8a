/**
 * The table columns of a summary (sales) report: the period (its first MYT day, by
 * period kind), the group when grouped (an enum code's ENUM label, an organization's name), the
 * split when declared (e.g. service type), the declared measures (money in the report's currency,
 * counts and rates grouped in the UI language), and the drill-down link to the live list. Each
 * column has a narrow-screen priority (shared/column-layout): the period, the group and the first
 * two measures always show; the rest give way first.
 */
import type { ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReportColumn, ReportDimension, ReportMeasure, SummaryPeriod, SummaryReportDef } from '@paydesk/contract';
import { dayjs } from '@paydesk/domain';
import type { ColumnPriority } from '../../shared/column-layout.ts';
import { NO_VALUE } from '../../shared/format.ts';
import { enumText } from '../../shared/cell-text.ts';
import { cellText, isNumeric, kindWidth } from './report-cells.tsx';
import type { SummaryRow } from './summary-api.ts';

export type SummaryTableColumn = TableColumnType<SummaryRow> & { key: string; title: string; priority: ColumnPriority };

const DAY = 'YYYY-MM-DD';

/** A period's text: a day or a week's first day DD-MM-YYYY, a month MM-YYYY (§9 date order). */
export function periodText(period: SummaryPeriod, day: string): string {
  const d = dayjs(day, DAY, true);
  if (!d.isValid()) return NO_VALUE;
  return d.format(period === 'month' ? 'MM-YYYY' : 'DD-MM-YYYY');
}

/** The column title of the period by its kind. */
export const PERIOD_TITLES: Readonly<Record<SummaryPeriod, string>> = {
  day: 'salesPage.periodDayTitle',
  week: 'salesPage.periodWeekTitle',
  month: 'salesPage.periodMonthTitle',
};

/** A group value's text: its ENUM label, the org's name (GroupLabel), or the value itself. */
export function groupText(t: TFunction, dimension: Pick<ReportDimension, 'kind' | 'enumKey'>, value: unknown, label?: unknown): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (dimension.kind === 'enum') return enumText(t, dimension.enumKey, value);
  if (typeof label === 'string' && label !== '') return label;
  return String(value as string | number);
}

/** A measure read like a report column of its kind (format.ts via report-cells). */
export const measureColumn = (m: ReportMeasure): ReportColumn => ({ key: m.key, source: m.source, labelKey: m.labelKey, kind: m.kind });

/** A measure's value as text in `currency` and `language`. */
export const measureText = (t: TFunction, m: ReportMeasure, value: unknown, currency: string, language: string): string =>
  cellText(t, measureColumn(m), value, currency, language);

interface Options {
  t: TFunction;
  period: SummaryPeriod;
  /** The dimension grouped by, if any. */
  group: ReportDimension | undefined;
  currency: string;
  language: string;
  /** The drill-down control of a row (null: the row has none). */
  drill: (row: SummaryRow) => ReactNode;
}

/** Every column of the summary table in order (the page lays them out by room). */
export function summaryColumns(def: Pick<SummaryReportDef, 'measures' | 'split'>, o: Options): SummaryTableColumn[] {
  const { t, period, group, currency, language } = o;
  const columns: SummaryTableColumn[] = [
    { key: 'Period', title: t(PERIOD_TITLES[period]), priority: 1, width: 120, render: (_: unknown, r: SummaryRow) => periodText(period, r.Period) },
  ];
  if (group) {
    columns.push({ key: 'Group', title: t(group.labelKey), priority: 1, width: 180, ellipsis: true, render: (_: unknown, r: SummaryRow) => groupText(t, group, r.Group, r.GroupLabel) });
  }
  const split = def.split;
  if (split && split.key !== group?.key) {
    columns.push({ key: split.key, title: t(split.labelKey), priority: 2, width: 150, ellipsis: true, render: (_: unknown, r: SummaryRow) => groupText(t, split, r[split.key]) });
  }
  def.measures.forEach((m, i) => {
    columns.push({
      key: m.key,
      title: t(m.labelKey),
      priority: i < 2 ? 1 : m.kind === 'percent' ? 3 : 2,
      width: kindWidth(m.kind),
      align: isNumeric(m.kind) ? 'right' : undefined,
      render: (_: unknown, r: SummaryRow) => measureText(t, m, r[m.key], currency, language),
    });
  });
  columns.push({ key: 'Drill', title: t('salesPage.drill'), priority: 1, width: 110, render: (_: unknown, r: SummaryRow) => o.drill(r) });
  return columns;
}

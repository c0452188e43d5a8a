/**
 * The table columns of a list report, from its column catalogue: the columns placed in
 * 'list', titled by their label key, each with its declared priority (shared/column-layout: 1
 * always and first on a phone, 2 at every width, 3 on wide screens or when turned on), a width by
 * kind, numbers right-aligned, and a sorter only on a column declared sortable (an index serves it).
 */
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { columnIn, type ListReportDef, type ReportRow } from '@paydesk/contract';
import type { ColumnPriority } from '../../shared/column-layout.ts';
import { ReportCell, isNumeric, kindWidth } from './report-cells.tsx';
import './labels.ts';

export type ReportTableColumn = TableColumnType<ReportRow> & { key: string; title: string; priority: ColumnPriority; sortable: boolean };

/** Every list column of `def` in declaration order (the page lays them out by room and choice). */
export function reportColumns(def: Pick<ListReportDef, 'columns'>, t: TFunction, fallbackCurrency: string, language: string): ReportTableColumn[] {
  return def.columns
    .filter((c) => columnIn(c, 'list'))
    .map((c) => ({
      key: c.key,
      title: t(c.labelKey),
      priority: c.priority ?? 2,
      sortable: c.sortable === true,
      width: kindWidth(c.kind),
      align: isNumeric(c.kind) ? ('right' as const) : undefined,
      ellipsis: c.kind === 'text',
      sorter: c.sortable === true,
      sortDirections: c.sortable ? (['descend', 'ascend', 'descend'] as const).slice() : undefined,
      render: (_: unknown, row: ReportRow) => <ReportCell t={t} column={c} row={row} fallbackCurrency={fallbackCurrency} language={language} />,
    }));
}

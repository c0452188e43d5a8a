/**
 * One screen for any declared summary report (the sales reports of §2, e.g.
 * /sales-report/ecommerce): the title, the filter bar generated from `def.filters` (the list
 * reports' ReportFilterBar; the date range defaults to the last 30 MYT days), the period (day /
 * week / month) and the dimension to group by, a trend chart of gross and net (lazy chunk), the
 * table of periods × groups with its measures and a totals row, a drill-down link per row into
 * the live list with the row's filters in its URL, and the export (xlsx / csv, headers in the
 * screen's language). State lives in the URL (summary-query.ts); the header currency governs the
 * figures and the export.
 */
import { Suspense, lazy, useCallback, useMemo } from 'react';
import { Button, Card, Flex, Grid, Segmented, Select, Skeleton, Space, Table, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { drillDown, type ReportMeasure, type SummaryPeriod, type SummaryReportDef } from '@paydesk/contract';
import { columnsWidth, layoutColumns, screenWidth, useElementWidth, NO_PREFS } from '../../shared/column-layout.ts';
import { ExportMenu } from '../../shared/export-menu.tsx';
import { formatCount } from '../../shared/format.ts';
import { listEmptyText } from '../../shared/list-empty.tsx';
import { LoadError } from '../../shared/load-error.tsx';
import { useScrollRegion } from '../../shared/scroll-region.ts';
import { useExportFileMutation } from '../../store/file-api.ts';
import { useHeaderCurrency } from '../../store/header-currency.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import './labels.ts';
import { ReportFilterBar } from './report-filter-bar.tsx';
import { invalidateSummary, summaryExport, useReportSummaryQuery, type SummaryBody, type SummaryRow } from './summary-api.ts';
import { groupText, measureText, periodText, summaryColumns } from './summary-columns.tsx';
import { listUrlOf } from '../../shared/summary-drill.ts';
import { NO_GROUP, parseSummaryQuery, toSummaryBody, toSummarySearchParams, type SummaryQuery } from './summary-query.ts';

const SalesChart = lazy(() => import('./sales-chart.tsx'));

const PERIOD_LABELS: Readonly<Record<SummaryPeriod, string>> = { day: 'sales.periodDay', week: 'sales.periodWeek', month: 'sales.periodMonth' };

/** A row's key: period, group and split value. */
const rowKey = (split: string | undefined) => (r: SummaryRow) => `${r.Period}|${String(r.Group)}|${split ? String(r[split]) : ''}`;

/** The gross and net money measures the chart draws: by their source figure, else the first and last money measures. */
function chartMeasures(def: Pick<SummaryReportDef, 'measures'>): { gross: ReportMeasure; net: ReportMeasure } | null {
  const money = def.measures.filter((m) => m.kind === 'money');
  if (!money.length) return null;
  const gross = money.find((m) => m.source === 'gross' || m.source === 'saleAmount') ?? money[0]!;
  const net = money.find((m) => m.source === 'net' || m.source === 'netAmount') ?? money.at(-1)!;
  return { gross, net };
}

export function SummaryReportPage({ def }: { def: SummaryReportDef }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const held = useAppSelector(selectHeldPermissions);
  const [exportFile] = useExportFileMutation();
  const callerType = useAppSelector((s) => s.auth.profile?.Current.GroupType) ?? 'MERCHANT_BRANCH';
  const language = useAppSelector((s) => s.ui.language);
  const currency = useHeaderCurrency();
  const width = screenWidth(Grid.useBreakpoint());
  const [tableBox, room] = useElementWidth();
  // The table scrolls inside its box on a phone, and a summary's rows hold no link.
  const setBox = useScrollRegion(t(def.titleKey), tableBox);

  const query = useMemo(() => parseSummaryQuery(def, params), [def, params]);
  const apply = useCallback((q: SummaryQuery) => setParams(toSummarySearchParams(def, q)), [def, setParams]);
  const body: SummaryBody = useMemo(() => {
    const b = toSummaryBody(def, query);
    return { ...b, SearchData: { ...b.SearchData, Currency: currency ?? undefined } };
  }, [def, query, currency]);
  // Skipped until the header currency is known: the first request is already the right one.
  const summary = useReportSummaryQuery(currency ? { api: def.api, body } : skipToken);
  const data = summary.currentData;
  const rows = useMemo(() => data?.Rows ?? [], [data]);
  const figuresCurrency = data?.Currency ?? currency ?? 'MYR';
  const dimension = def.dimensions.find((d) => d.key === query.group);
  const chart = chartMeasures(def);

  const drillLink = useCallback(
    (row: SummaryRow) => {
      // No link where no list is declared at the target path (the contract's drillDown says so),
      // nor for a range the server refuses (drillDown throws; such a request has no rows anyway).
      let target: ReturnType<typeof drillDown>;
      try {
        target = drillDown(def, body, row, figuresCurrency);
      } catch {
        return null;
      }
      const list = target.report;
      if (!list) return null;
      const group = dimension ? groupText(t, dimension, row.Group, row.GroupLabel) : '';
      // A list that cannot narrow to the row (a row without a card scheme, a filter the list does
      // not take…) still opens, named for what it is: its total may be larger than the row's. The
      // accessible name starts with the visible text (WCAG 2.5.3, axe label-content-name-mismatch).
      const label = t(target.exact ? 'salesPage.drillRow' : 'salesPage.drillWiderRow', { period: periodText(query.period, row.Period), group }).trim();
      const hint = target.exact ? undefined : t('salesPage.drillWiderHint');
      return (
        <Link to={listUrlOf(list, target.searchData)} title={hint} aria-label={hint ? `${label}. ${hint}` : label} data-testid="sales-drill" data-exact={String(target.exact)}>
          {target.exact ? t('salesPage.drill') : t('salesPage.drillWider')}
        </Link>
      );
    },
    [def, body, figuresCurrency, dimension, query.period, t],
  );

  // Stable, so the chart's option is rebuilt only when its data or texts change.
  const periodLabel = useCallback((p: string) => periodText(query.period, p), [query.period]);
  const groupLabel = useCallback(
    (g: string) => {
      const r = rows.find((row) => String(row.Group) === g);
      return dimension ? groupText(t, dimension, r?.Group ?? g, r?.GroupLabel) : g;
    },
    [rows, dimension, t],
  );

  const allColumns = useMemo(
    () => summaryColumns(def, { t, period: query.period, group: dimension, currency: figuresCurrency, language: i18n.language, drill: drillLink }),
    [def, t, query.period, dimension, figuresCurrency, i18n.language, drillLink],
  );
  const columns = layoutColumns(allColumns, NO_PREFS, width, room);
  const exportPermission = def.exportPermission ?? 'transaction:export';

  const totalsRow = () =>
    data && rows.length > 0 ? (
      <Table.Summary fixed="bottom">
        <Table.Summary.Row data-testid="sales-totals">
          {columns.map((c, i) => {
            const measure = def.measures.find((m) => m.key === c.key);
            return (
              <Table.Summary.Cell key={c.key} index={i} align={c.align}>
                {i === 0 ? <Typography.Text strong>{t('sales.total')}</Typography.Text> : measure ? <Typography.Text strong>{measureText(t, measure, data.Totals[measure.key], figuresCurrency, i18n.language)}</Typography.Text> : null}
              </Table.Summary.Cell>
            );
          })}
        </Table.Summary.Row>
      </Table.Summary>
    ) : null;

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t(def.titleKey)}
      </Typography.Title>
      <ReportFilterBar<SummaryQuery> def={def} query={query} callerType={callerType} onSearch={apply} />
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Space wrap>
            <Segmented<SummaryPeriod>
              aria-label={t('sales.period')}
              value={query.period}
              options={def.periods.map((p) => ({ value: p, label: t(PERIOD_LABELS[p]) }))}
              onChange={(period) => apply({ ...query, period })}
            />
            {def.dimensions.length > 0 && (
              <Select<string>
                aria-label={t('sales.groupBy')}
                style={{ minWidth: 180 }}
                value={query.group ?? NO_GROUP}
                options={[{ value: NO_GROUP, label: t('salesPage.groupNone') }, ...def.dimensions.map((d) => ({ value: d.key, label: t(d.labelKey) }))]}
                onChange={(group) => apply({ ...query, group: group === NO_GROUP ? undefined : group })}
              />
            )}
          </Space>
          <Space wrap>
            <Typography.Text type="secondary" data-testid="sales-rows">
              {data && t('salesPage.rows', { count: rows.length, total: formatCount(rows.length, i18n.language) })}
            </Typography.Text>
            <Button icon={<ReloadOutlined />} onClick={() => dispatch(invalidateSummary(def.api))} aria-label={t('common.retry')} />
            {held.has(exportPermission) && <ExportMenu onExport={(Format) => exportFile(summaryExport(def.api, { ...body, Format, Language: language })).unwrap()} />}
          </Space>
        </Flex>
        {summary.isError && !summary.isFetching ? (
          <LoadError onRetry={() => void summary.refetch()} />
        ) : (
          <Flex vertical gap={12}>
            {chart && rows.length > 0 && (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <SalesChart
                  rows={rows}
                  gross={chart.gross.key}
                  net={chart.net.key}
                  grossName={t(chart.gross.labelKey)}
                  netName={t(chart.net.labelKey)}
                  grouped={dimension !== undefined}
                  currency={figuresCurrency}
                  periodLabel={periodLabel}
                  groupLabel={groupLabel}
                  title={t('salesPage.chart')}
                />
              </Suspense>
            )}
            <div ref={setBox}>
              <Table<SummaryRow>
                rowKey={rowKey(def.split?.key)}
                size="small"
                columns={columns}
                dataSource={rows}
                loading={summary.isFetching}
                pagination={false}
                // Wider than its card (a phone) it scrolls inside the card, not the page.
                scroll={{ x: columnsWidth(columns) }}
                tableLayout="fixed"
                summary={totalsRow}
                locale={{ emptyText: listEmptyText(Boolean(data) && !summary.isFetching, true, { filtered: t('salesPage.empty'), none: t('salesPage.empty') }) }}
              />
            </div>
          </Flex>
        )}
      </Card>
    </Flex>
  );
}

export default SummaryReportPage;

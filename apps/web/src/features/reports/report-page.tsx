/**
 * One screen for any declared list report (e.g. /transaction/ecommerce): the title,
 * the filter bar generated from `def.filters`, the keyset-paged table generated from the 'list'
 * columns (sortable headers only where the declaration allows), the capped count ("more than
 * 10,000"), a totals line when the server offers one, refresh, column chooser, export (with the
 * export permission; headers in the screen's language), and the detail drawer at `{path}/:id`.
 * State lives in the URL and paging in the shared list controller (shared/list-controller.ts),
 * so a saved view or a shared link reopens it (shared/saved-views). The header currency governs
 * the list, its totals and its export (no RM and S$ rows mixed), and a new currency starts again
 * at the first page. Below 768 px the rows are cards (shared/card-list.tsx; no expandable rows
 * there: a card opens its detail). A report declaring `expand` has
 * expandable rows (antd Table `expandable`; the expand button is a Tab stop), each opening a page
 * of the child report filtered by the row (report-expanded-rows.tsx).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Flex, Space, Table, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { expandSearchData, hasTotals, LIST_REPORTS, REPORT_COUNT_CAP, type ListReportDef, type ReportRow, type WorkflowDef } from '@paydesk/contract';
import { columnsWidth, layoutColumns } from '../../shared/column-layout.ts';
import { ExportMenu } from '../../shared/export-menu.tsx';
import { formatCount, formatMoney } from '../../shared/format.ts';
import { KeysetPager } from '../../shared/keyset-pager.tsx';
import { useListController } from '../../shared/list-controller.ts';
import { listEmptyText } from '../../shared/list-empty.tsx';
import { LoadError } from '../../shared/load-error.tsx';
import { rowOpenProps } from '../../shared/row-open.ts';
import { CardList } from '../../shared/card-list.tsx';
import { SortPicker } from '../../shared/sort-picker.tsx';
import { useNarrow } from '../../shared/use-narrow.ts';
import { WIDER_PASTS, recentRange } from '../../shared/date-presets.ts';
import { BulkBar, useBulkAvailable } from '../../shared/workflow/bulk-actions.tsx';
import { useExportFileMutation } from '../../store/file-api.ts';
import { useHeaderCurrency } from '../../store/header-currency.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { ColumnChooser } from '../../shared/column-chooser.tsx';
import { SavedViewsMenu } from '../../shared/saved-views/saved-views-menu.tsx';
import './labels.ts';
import { invalidateReport, reportExport, useReportSearchQuery, useReportTotalsQuery, type ReportSearchBody } from '../../shared/report-api.ts';
import { reportColumns } from './report-columns.tsx';
import { ReportDetailDrawer } from './report-detail-drawer.tsx';
import type { DetailActionsComponent, PageActionsComponent } from '../../shared/report-actions.ts';
import { ReportExpandedRows } from './report-expanded-rows.tsx';
import { ReportFilterBar } from './report-filter-bar.tsx';
import { MINUTE_FORMAT, REPORT_PAGE_SIZES, hasReportFilters, jumpToDate, parseReportQuery, toReportSearchData, toReportSearchParams, type ReportQuery } from '../../shared/report-query.ts';

/** The column the list is in date order by (jump to date), if any: the sortable datetime column over `def.dateColumn`. */
const dateSortKey = (def: ListReportDef) => def.columns.find((c) => c.sortable && c.kind === 'datetime' && c.source === def.dateColumn)?.key;

/**
 * `PageActions`: what the page shows beside its title (e.g. a settlement report's file import),
 * given by the app like `detailActions`.
 * `detailActions`: what the detail drawer shows above the record (e.g. the refund desk's actions),
 * given by the app; the engine itself knows no actions.
 * `bulkWorkflow`: the workflow whose records the rows are, when it declares bulk commands (a
 * desk's queue): a caller holding one gets row selection and the workflow's bulk bar above the
 * table; a new page, filter or currency clears the selection.
 */
export function ReportPage({ def, detailActions, PageActions, bulkWorkflow }: { def: ListReportDef; detailActions?: DetailActionsComponent; PageActions?: PageActionsComponent; bulkWorkflow?: WorkflowDef }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const { id } = useParams();
  const held = useAppSelector(selectHeldPermissions);
  const [exportFile] = useExportFileMutation();
  const callerType = useAppSelector((s) => s.auth.profile?.Current.GroupType) ?? 'MERCHANT_BRANCH';
  const language = useAppSelector((s) => s.ui.language);
  const currency = useHeaderCurrency();

  const parse = useCallback((params: URLSearchParams) => parseReportQuery(def, params), [def]);
  const serialize = useCallback((q: ReportQuery) => toReportSearchParams(def, q), [def]);
  const searchData = (q: ReportQuery) => ({ ...toReportSearchData(def, q), Currency: currency ?? undefined });

  const list = useListController({
    screen: def.path,
    parse,
    serialize,
    isFiltered: hasReportFilters,
    mode: 'keyset',
    resetKey: currency ?? '',
    pathname: def.path,
    // Skipped until the header currency is known: the first request is already the right one.
    request: (q, { cursor }): { api: string; body: ReportSearchBody } | typeof skipToken =>
      currency ? { api: def.api, body: { RowsPerPage: q.size, Cursor: cursor, SearchData: searchData(q), Sort: { Field: q.sort, Order: q.order } } } : skipToken,
    useQuery: useReportSearchQuery,
    refresh: () => dispatch(invalidateReport(def)),
  });
  const { query, data } = list;
  // A report without a money column or a currency filter (e.g. /risk) has no totals line.
  const totals = useReportTotalsQuery(currency && hasTotals(def) ? { api: def.api, body: { SearchData: searchData(query) } } : skipToken);

  const fallbackCurrency = currency ?? 'MYR';
  const allColumns = useMemo(() => reportColumns(def, t, fallbackCurrency, i18n.language), [def, t, fallbackCurrency, i18n.language]);
  const { prefs, width, setPrefs, tableBox, room } = list.columns;
  const shown = layoutColumns(allColumns, prefs, width, room);
  const sortOrder = (key: string) => (query.sort === key ? (query.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);
  const columns = shown.map((c) => (c.sortable ? { ...c, sortOrder: sortOrder(c.key) } : c));

  const total = data?.TotalRecords ?? 0;
  const capped = data?.TotalCapped === true;
  const dateSort = dateSortKey(def);
  const exportPermission = def.exportPermission ?? 'transaction:export';
  const openDetail = (row: ReportRow) => navigate({ pathname: `${def.path}/${row.Id}`, search: location.search });
  const closeDetail = () => navigate({ pathname: def.path, search: location.search });
  const totalsLine = totals.currentData?.Available ? totals.currentData : null;
  // Expandable rows (def.expand): a page of the child report inside the row, for a caller holding
  // the child's view; a child row opens its own detail drawer here, the parent list staying put.
  const expandTo = def.expand ? LIST_REPORTS.find((d) => d.name === def.expand!.report) : undefined;
  const canExpand = expandTo !== undefined && held.has(expandTo.permission);
  const [childId, setChildId] = useState<number | null>(null);
  const canBulk = useBulkAvailable(bulkWorkflow);
  // A phone shows the rows as cards (the same columns), and the sort as a picker instead of headers.
  const narrow = useNarrow();
  const sortable = allColumns.filter((c) => c.sortable);
  // A row named by its reference: opening it, and selecting it for a bulk action.
  const refOf = (row: ReportRow) => String(row.TxnRefNo ?? row.Reference ?? row.Id);
  const rowLabel = (row: ReportRow) => t('txn.openRow', { ref: refOf(row) });
  const selectLabel = (row: ReportRow) => t('bulk.selectRow', { ref: refOf(row) });
  const emptyTexts = { filtered: t(def.emptyKeys?.filtered ?? 'txn.empty'), none: t(def.emptyKeys?.none ?? 'txn.emptyNone') };
  // A list opened on the recent past (a log screen) that has nothing there offers a wider past at once.
  const widen = def.filters.some((f) => f.kind === 'dateRange' && f.recentMinutes) ? (
    <Space wrap data-testid="report-widen">
      {WIDER_PASTS.map(({ minutes, labelKey }) => (
        <Button key={minutes} size="small" onClick={() => list.apply({ ...query, from: recentRange(minutes)[0].format(MINUTE_FORMAT), to: undefined })}>
          {t(labelKey)}
        </Button>
      ))}
    </Space>
  ) : undefined;
  const [selected, setSelected] = useState<ReportRow[]>([]);
  useEffect(() => setSelected([]), [data]);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t(def.titleKey)}
        </Typography.Title>
        {PageActions && <PageActions def={def} />}
      </Flex>
      <ReportFilterBar def={def} query={query} callerType={callerType} onSearch={list.apply} />
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Flex vertical gap={2}>
            <Typography.Text strong data-testid="report-total">
              {data &&
                // Above the cap the exact count still shows when the totals know it: one count, never "more than" above a number.
                (capped && !totalsLine
                  ? t('report.totalCapped', { total: formatCount(REPORT_COUNT_CAP, i18n.language) })
                  : t('list.total', { count: capped ? totalsLine!.Count : total, total: formatCount(capped ? totalsLine!.Count : total, i18n.language) }))}
            </Typography.Text>
            {totalsLine && (
              <Typography.Text type="secondary" data-testid="report-totals">
                {t('report.totals', { count: totalsLine.Count, total: formatCount(totalsLine.Count, i18n.language), amount: formatMoney(totalsLine.Amount, totalsLine.Currency ?? fallbackCurrency) })}
                {/* What the amount counts: the successful part, when other statuses are in the list too. */}
                {totalsLine.Successful && totalsLine.Successful.Count !== totalsLine.Count &&
                  t('report.totalsSuccessful', { total: formatCount(totalsLine.Successful.Count, i18n.language), amount: formatMoney(totalsLine.Successful.Amount, totalsLine.Currency ?? fallbackCurrency) })}
              </Typography.Text>
            )}
          </Flex>
          <Space wrap>
            {narrow && (
              <SortPicker options={sortable.map((c) => ({ value: c.key, label: c.title }))} sort={query.sort} order={query.order} onChange={(sort, order) => list.apply({ ...query, sort, order })} />
            )}
            <Button icon={<ReloadOutlined />} onClick={list.refresh} aria-label={t('common.retry')} />
            <ColumnChooser columns={allColumns} visible={shown.map((c) => c.key)} prefs={prefs} onChange={setPrefs} />
            <SavedViewsMenu screen={def.path} search={list.search} prefs={prefs} />
            {held.has(exportPermission) && (
              <ExportMenu
                onExport={(Format) =>
                  exportFile(reportExport(def, { SearchData: searchData(query), Sort: { Field: query.sort, Order: query.order }, Format, Language: language })).unwrap()
                }
              />
            )}
          </Space>
        </Flex>
        {list.failed ? (
          <LoadError onRetry={list.refresh} />
        ) : (
          <div ref={tableBox}>
            {canBulk && (
              <BulkBar workflow={bulkWorkflow!} def={def} rows={selected} onClear={() => setSelected([])} page={{ rows: data?.Items ?? [], onSelect: setSelected }} />
            )}
            {narrow ? (
              <CardList<ReportRow>
                rows={data?.Items ?? []}
                columns={columns}
                rowKey={(r) => r.Id}
                loading={list.loading}
                emptyText={listEmptyText(list.loaded, list.filtered, emptyTexts, widen)}
                onOpen={openDetail}
                openLabel={rowLabel}
                selection={canBulk ? { selected: selected.map((r) => r.Id), onChange: (_k, rows) => setSelected(rows), label: selectLabel } : undefined}
              />
            ) : (
              <Table<ReportRow>
                rowKey="Id"
                size="small"
                columns={columns}
                dataSource={data?.Items ?? []}
                loading={list.loading}
                pagination={false}
                // The columns' widths: within the card when they fit; wider (a phone, or columns the
                // user turned on) it scrolls inside the card, not the page.
                scroll={{ x: columnsWidth(columns) }}
                tableLayout="fixed"
                showSorterTooltip={false}
                locale={{ emptyText: listEmptyText(list.loaded, list.filtered, emptyTexts, widen) }}
                onChange={(_pagination, _filters, sorter, extra) => {
                  if (extra.action !== 'sort') return;
                  const s = Array.isArray(sorter) ? sorter[0] : sorter;
                  const key = s?.columnKey ? String(s.columnKey) : def.defaultSort.key;
                  list.apply({ ...query, sort: key, order: s?.order === 'ascend' ? 'asc' : 'desc' });
                }}
                rowSelection={
                  canBulk
                    ? {
                        selectedRowKeys: selected.map((r) => r.Id),
                        onChange: (_keys, rows) => setSelected(rows),
                        columnWidth: 40,
                        // Named in the screen's language, by the row's reference (antd's own: "Select row 3").
                        getCheckboxProps: (row) => ({ 'aria-label': selectLabel(row) }),
                        // The bulk bar selects the page: antd's header box was copied into the hidden measuring row.
                      hideSelectAll: true,
                        // A click beside the checkbox selects nothing and must not open the row either.
                        onCell: () => ({ onClick: (e) => e.stopPropagation() }),
                      }
                    : undefined
                }
                onRow={(row) => rowOpenProps(() => openDetail(row), rowLabel(row))}
                expandable={
                  canExpand
                    ? {
                        columnWidth: 48,
                        expandedRowRender: (row) => (
                          <ReportExpandedRows
                            child={expandTo}
                            searchData={{ ...expandSearchData(def, row), Currency: currency ?? undefined }}
                            fallbackCurrency={fallbackCurrency}
                            onOpen={(r) => setChildId(r.Id)}
                          />
                        ),
                      }
                    : undefined
                }
              />
            )}
          </div>
        )}
        <KeysetPager
          page={list.keyset!.page}
          total={total}
          capped={capped}
          size={query.size}
          sizes={REPORT_PAGE_SIZES}
          loading={list.result.isFetching}
          hasNext={Boolean(data?.NextCursor)}
          onFirst={list.keyset!.first}
          onPrevious={list.keyset!.previous}
          onNext={() => list.keyset!.next(data?.NextCursor)}
          onSize={(size) => list.apply({ ...query, size })}
          // Only a list in date order has a date to jump to.
          onJumpToDate={dateSort && query.sort === dateSort ? (day) => list.apply(jumpToDate(query, day, dateSort)) : undefined}
        />
      </Card>
      <ReportDetailDrawer def={def} id={id === undefined ? null : Number(id)} onClose={closeDetail} actions={detailActions} />
      {canExpand && <ReportDetailDrawer def={expandTo} id={childId} onClose={() => setChildId(null)} />}
    </Flex>
  );
}

export default ReportPage;

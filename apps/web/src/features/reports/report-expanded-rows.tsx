/**
 * The rows an expanded report row opens (the declaration's `expand`; e.g. a batch of the
 * batch-grouped card view → its card transactions): a page of the CHILD report, through the
 * child's own API, columns and permission, filtered by the values the parent row gives
 * (`expandSearchData`). Keyset-paged inside the row (its own pager and page size); the child's
 * columns of priority 1 and 2 only, so the nested table stays narrow, scrolling inside its own box
 * on a phone. A child row opens (click, Enter or Space) through `onOpen`.
 */
import { useMemo, useState } from 'react';
import { Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListReportDef, ReportRow } from '@paydesk/contract';
import { columnsWidth } from '../../shared/column-layout.ts';
import { KeysetPager } from '../../shared/keyset-pager.tsx';
import { LoadError } from '../../shared/load-error.tsx';
import { rowOpenProps } from '../../shared/row-open.ts';
import './labels.ts';
import { useReportSearchQuery } from '../../shared/report-api.ts';
import { reportColumns } from './report-columns.tsx';

/** Page sizes of a nested list (smaller than a screen's: it sits inside a row). */
const NESTED_PAGE_SIZES = [10, 20, 50] as const;

export interface ReportExpandedRowsProps {
  /** The child report (`def.expand.report`). */
  child: ListReportDef;
  /** The child's SearchData: the parent row's values (and the header currency). */
  searchData: Record<string, unknown>;
  /** Currency of money cells when a row carries none (the header currency). */
  fallbackCurrency: string;
  onOpen: (row: ReportRow) => void;
}

export function ReportExpandedRows({ child, searchData, fallbackCurrency, onOpen }: ReportExpandedRowsProps) {
  const { t, i18n } = useTranslation();
  // Cursors of the pages seen, the first page's undefined: Previous pops one.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [size, setSize] = useState<number>(NESTED_PAGE_SIZES[0]);
  const cursor = cursors[cursors.length - 1];
  const result = useReportSearchQuery({
    api: child.api,
    body: { RowsPerPage: size, Cursor: cursor, SearchData: searchData, Sort: { Field: child.defaultSort.key, Order: child.defaultSort.order } },
  });
  const columns = useMemo(
    () =>
      reportColumns(child, t, fallbackCurrency, i18n.language)
        .filter((c) => c.priority <= 2)
        // The nested page keeps the child's default order: no sorter in the nested headers.
        .map((c) => ({ ...c, sorter: false, sortDirections: undefined })),
    [child, t, fallbackCurrency, i18n.language],
  );
  const data = result.currentData;
  const title = t(child.titleKey);
  return (
    <Flex vertical gap={8} data-testid="report-expanded" role="region" aria-label={title}>
      <Typography.Text strong>{title}</Typography.Text>
      {result.isError ? (
        <LoadError onRetry={() => void result.refetch()} />
      ) : (
        <Table<ReportRow>
          rowKey="Id"
          size="small"
          columns={columns}
          dataSource={data?.Items ?? []}
          loading={result.isFetching}
          pagination={false}
          scroll={{ x: columnsWidth(columns) }}
          tableLayout="fixed"
          onRow={(row) => rowOpenProps(() => onOpen(row), t('txn.openRow', { ref: String(row.TxnRefNo ?? row.Id) }))}
        />
      )}
      <KeysetPager
        page={cursors.length}
        total={data?.TotalRecords ?? 0}
        capped={data?.TotalCapped === true}
        size={size}
        sizes={NESTED_PAGE_SIZES}
        loading={result.isFetching}
        hasNext={Boolean(data?.NextCursor)}
        onFirst={() => setCursors([undefined])}
        onPrevious={() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c))}
        onNext={() => data?.NextCursor && setCursors((c) => [...c, data.NextCursor!])}
        onSize={(n) => {
          setSize(n);
          setCursors([undefined]);
        }}
      />
    </Flex>
  );
}

/**
 * The table and pager of a hand-built offset list (/rm-application, /zmk-config, the firmware files
 * and rollouts): columns sorted by the server through their `key` (`sortOrderOf` marks the sorted
 * one), rows that open on a click or Enter (shared/row-open.ts), the empty text (no rows yet, or
 * none matching the filters) and the page-size pager. A sort or a page-size change goes back to
 * page 1. `useOffsetListState` holds a list's page, size and sort for both the request and the table.
 */
import { useState } from 'react';
import { Table, type TableColumnsType } from 'antd';
import { listEmptyText } from './list-empty.tsx';
import { OffsetPager } from './offset-pager.tsx';
import { rowOpenProps } from './row-open.ts';

export interface ServerSort<F extends string> {
  Field: F;
  Order: 'asc' | 'desc';
}

/** A sortable column's props for the current sort (the server sorts; antd only shows it). */
export function sortOrderOf<F extends string>(sort: ServerSort<F> | undefined, field: F) {
  return { sorter: true, sortOrder: sort?.Field === field ? (sort.Order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null };
}

/**
 * The paging state of a hand-built offset list: `request` is the paging part of its Search request
 * (PageIndex from 1, RowsPerPage one of `sizes`, the server Sort), `table` the OffsetListTable props
 * it drives (a sort goes back to page 1), and `filter(set)` wraps a filter's setter so that a new
 * filter value starts again at page 1.
 */
export function useOffsetListState<F extends string>(sizes: readonly number[]) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(sizes[0] ?? 20);
  const [sort, setSort] = useState<ServerSort<F> | undefined>(undefined);
  return {
    sort,
    request: { PageIndex: page, RowsPerPage: size, Sort: sort },
    filter:
      <V,>(set: (value: V) => void) =>
      (value: V) => {
        set(value);
        setPage(1);
      },
    table: {
      page,
      size,
      sizes,
      onSort: (next: ServerSort<F> | undefined) => {
        setSort(next);
        setPage(1);
      },
      onPage: (nextPage: number, nextSize: number) => {
        setPage(nextPage);
        setSize(nextSize);
      },
    },
  };
}

export function OffsetListTable<R extends { Id: number }, F extends string>(props: {
  columns: TableColumnsType<R>;
  rows: R[];
  /** Whether an answer has arrived (before it, the table shows no empty text). */
  loaded: boolean;
  loading: boolean;
  /** Whether a filter is set (the empty text then says none match). */
  filtered: boolean;
  empty: { filtered: string; none: string };
  /** The accessible name of a row's open action. */
  rowName: (row: R) => string;
  onOpen: (row: R) => void;
  onSort: (sort: ServerSort<F> | undefined) => void;
  page: number;
  size: number;
  sizes: readonly number[];
  total: number;
  onPage: (page: number, size: number) => void;
}) {
  return (
    <>
      <Table<R>
        rowKey="Id"
        size="middle"
        columns={props.columns}
        dataSource={props.rows}
        loading={props.loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: listEmptyText(props.loaded, props.filtered, props.empty) }}
        onRow={(r) => ({ ...rowOpenProps(() => props.onOpen(r), props.rowName(r)), style: { cursor: 'pointer' } })}
        onChange={(_, __, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          const field = one?.columnKey as F | undefined;
          props.onSort(field && one?.order ? { Field: field, Order: one.order === 'ascend' ? 'asc' : 'desc' } : undefined);
        }}
      />
      <OffsetPager page={props.page} size={props.size} sizes={props.sizes} total={props.total} onChange={props.onPage} />
    </>
  );
}

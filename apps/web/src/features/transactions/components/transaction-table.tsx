/**
 * The server-paged transaction list: sorting by date and amount happens on the server. Columns
 * carry a priority (shared/column-layout.ts) so reference, date, status and amount stay on screen
 * at 1280 px; the page lays them out (priorities, room, the user's choices) and passes them in. Rows open the detail by click, Enter
 * or Space.
 */
import type { ReactNode } from 'react';
import { Table, type TableProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TransactionListItem } from '@paydesk/contract';
import { formatDateTime } from '@paydesk/domain';
import { columnsWidth, type ColumnPriority } from '../../../shared/column-layout.ts';
import { formatMoney } from '../../../shared/format.ts';
import { enumLabel, orDash } from '../../../shared/labels.ts';
import { listEmptyText } from '../../../shared/list-empty.tsx';
import { rowOpenProps } from '../../../shared/row-open.ts';
import { StatusTag } from '../../../shared/status-tag.tsx';
import type { SortField, SortOrder } from '../filters.ts';

export type TransactionColumn = NonNullable<TableProps<TransactionListItem>['columns']>[number] & { key: string; title: string; priority: ColumnPriority };

/**
 * The columns in display order with their priority: 1 (reference, date, status, amount) always
 * and first on a phone, 2 shown at every width, 3 from 1600 px or when the user turns them on.
 * Widths in px sum to 930 for priorities 1–2, which fits the content area at 1280 px.
 */
export function transactionColumns(t: TFunction): TransactionColumn[] {
  return [
    { key: 'TxnRefNo', title: t('txn.txnRefNoShort'), priority: 1, dataIndex: 'TxnRefNo', width: 180 },
    {
      key: 'CreatedAt',
      title: t('txn.date'),
      priority: 1,
      width: 160,
      sorter: true,
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, r) => formatDateTime(r.PaymentCreationDate ?? r.CreatedAt),
    },
    { key: 'merchant', title: t('txn.merchant'), priority: 2, dataIndex: 'MerchantName', ellipsis: true, width: 180 },
    { key: 'branch', title: t('txn.branch'), priority: 3, render: (_, r) => orDash(r.BranchName), ellipsis: true, width: 150 },
    { key: 'pm', title: t('txn.paymentMethod'), priority: 2, render: (_, r) => enumLabel(t, 'paymentMethod', r.PaymentMethod), ellipsis: true, width: 150 },
    { key: 'scheme', title: t('txn.cardScheme'), priority: 3, render: (_, r) => orDash(r.CardScheme), width: 110 },
    { key: 'pan', title: t('txn.maskedPan'), priority: 3, render: (_, r) => orDash(r.MaskedPAN), width: 170 },
    { key: 'type', title: t('txn.type'), priority: 3, dataIndex: 'TxnType', width: 110 },
    { key: 'status', title: t('txn.status'), priority: 1, render: (_, r) => <StatusTag status={r.Status} />, width: 110 },
    {
      key: 'Amount',
      title: t('txn.amount'),
      priority: 1,
      align: 'right',
      width: 150,
      sorter: true,
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, r) => formatMoney(r.TxnAmount, r.Currency),
    },
  ];
}

interface Props {
  rows: TransactionListItem[];
  loading: boolean;
  /** An answer for the current query is shown (false while it is awaited). */
  loaded: boolean;
  /** The query narrows the list: the empty text says the filters match nothing. */
  filtered: boolean;
  /** The columns to show, in order (from transactionColumns, laid out by the page). */
  columns: TransactionColumn[];
  sort: SortField;
  order: SortOrder;
  onSort: (field: SortField, order: SortOrder) => void;
  onOpen: (row: TransactionListItem) => void;
}

export function TransactionTable({ rows, loading, loaded, filtered, columns: shown, sort, order, onSort, onOpen }: Props): ReactNode {
  const { t } = useTranslation();
  const sortOrderOf = (field: SortField) => (sort === field ? (order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);
  const columns = shown.map((c) => (c.key === 'CreatedAt' || c.key === 'Amount' ? { ...c, sortOrder: sortOrderOf(c.key) } : c));

  return (
    <Table<TransactionListItem>
      rowKey="Id"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      // The columns' widths: within the card when they fit; wider (a phone, or columns the user
      // turned on) it scrolls inside the card, not the page.
      scroll={{ x: columnsWidth(columns) }}
      tableLayout="fixed"
      showSorterTooltip={false}
      locale={{ emptyText: listEmptyText(loaded, filtered, { filtered: t('txn.empty'), none: t('txn.emptyNone') }) }}
      onChange={(_pagination, _filters, sorter) => {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = s?.columnKey === 'Amount' ? 'Amount' : 'CreatedAt';
        onSort(field, s?.order === 'ascend' ? 'asc' : 'desc');
      }}
      onRow={(row) => rowOpenProps(() => onOpen(row), t('txn.openRow', { ref: row.TxnRefNo }))}
    />
  );
}

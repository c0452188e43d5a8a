/** The server-paged list: sorting by date and amount happens on the server. */
import { Empty, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransactionListItem } from '@paydesk/contract';
import { formatAmount, formatDateTime } from '@paydesk/domain';
import { enumLabel, orDash } from '../../../shared/labels.ts';
import { StatusTag } from '../../../shared/status-tag.tsx';
import type { SortField, SortOrder } from '../filters.ts';

interface Props {
  rows: TransactionListItem[];
  loading: boolean;
  sort: SortField;
  order: SortOrder;
  onSort: (field: SortField, order: SortOrder) => void;
  onOpen: (row: TransactionListItem) => void;
}

export function TransactionTable({ rows, loading, sort, order, onSort, onOpen }: Props) {
  const { t } = useTranslation();
  const sortOrderOf = (field: SortField) => (sort === field ? (order === 'asc' ? 'ascend' : 'descend') : null);

  const columns: TableProps<TransactionListItem>['columns'] = [
    { key: 'TxnRefNo', title: t('txn.txnRefNoShort'), dataIndex: 'TxnRefNo', fixed: 'left', width: 190 },
    {
      key: 'CreatedAt',
      title: t('txn.date'),
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf('CreatedAt'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, r) => formatDateTime(r.PaymentCreationDate ?? r.CreatedAt),
    },
    { key: 'merchant', title: t('txn.merchant'), dataIndex: 'MerchantName', ellipsis: true, width: 180 },
    { key: 'branch', title: t('txn.branch'), render: (_, r) => orDash(r.BranchName), ellipsis: true, width: 150 },
    { key: 'pm', title: t('txn.paymentMethod'), render: (_, r) => enumLabel(t, 'paymentMethod', r.PaymentMethod), width: 150 },
    { key: 'scheme', title: t('txn.cardScheme'), render: (_, r) => orDash(r.CardScheme), width: 110 },
    { key: 'pan', title: t('txn.maskedPan'), render: (_, r) => orDash(r.MaskedPAN), width: 170 },
    { key: 'type', title: t('txn.type'), dataIndex: 'TxnType', width: 110 },
    { key: 'status', title: t('txn.status'), render: (_, r) => <StatusTag status={r.Status} />, width: 110 },
    {
      key: 'Amount',
      title: t('txn.amount'),
      align: 'right',
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf('Amount'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, r) => formatAmount(r.TxnAmount, r.Currency),
    },
  ];

  return (
    <Table<TransactionListItem>
      rowKey="Id"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 1500 }}
      showSorterTooltip={false}
      locale={{ emptyText: <Empty description={t('txn.empty')} /> }}
      onChange={(_pagination, _filters, sorter) => {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = s?.columnKey === 'Amount' ? 'Amount' : 'CreatedAt';
        onSort(field, s?.order === 'ascend' ? 'asc' : 'desc');
      }}
      onRow={(row) => ({
        onClick: () => onOpen(row),
        onKeyDown: (e) => {
          if (e.key === 'Enter') onOpen(row);
        },
        tabIndex: 0,
        style: { cursor: 'pointer' },
      })}
    />
  );
}

import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
/**
 * The dashboard's latest transactions (every channel): a row opens its record in the live view of
 * its channel (contract transactionViewPath), when the user may open that view.
 */
import { transactionViewPath, type TransactionListItem } from '@paydesk/contract';
import { formatAmount, formatDateTime } from '@paydesk/domain';
import type { PaymentMethodLabel } from '../../../shared/payment-methods.ts';
import { rowOpenProps } from '../../../shared/row-open.ts';
import { StatusTag } from '../../../shared/status-tag.tsx';

export function LatestTable({ rows, canOpen, paymentMethodLabel }: { rows: TransactionListItem[]; canOpen: (path: string) => boolean; paymentMethodLabel: PaymentMethodLabel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Table<TransactionListItem>
      rowKey="Id"
      size="small"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 720 }}
      locale={{ emptyText: t('common.noData') }}
      onRow={(row) => {
        const view = transactionViewPath(row.ServiceType, row.PaymentMethod);
        return canOpen(view) ? rowOpenProps(() => void navigate(`${view}/${row.Id}`), t('txn.openRow', { ref: row.TxnRefNo })) : {};
      }}
      columns={[
        { key: 'ref', title: t('txn.txnRefNoShort'), dataIndex: 'TxnRefNo' },
        { key: 'date', title: t('txn.date'), render: (_, r) => formatDateTime(r.PaymentCreationDate ?? r.CreatedAt) },
        { key: 'merchant', title: t('txn.merchant'), dataIndex: 'MerchantName', ellipsis: true },
        { key: 'pm', title: t('txn.paymentMethod'), render: (_, r) => paymentMethodLabel(r.PaymentMethod) },
        { key: 'status', title: t('txn.status'), render: (_, r) => <StatusTag status={r.Status} /> },
        { key: 'amount', title: t('txn.amount'), align: 'right', render: (_, r) => formatAmount(r.TxnAmount, r.Currency) },
      ]}
    />
  );
}

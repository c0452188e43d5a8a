/**
 * The transaction detail drawer, opened by row click (or Enter on the row) or by URL
 * `/transaction/ecommerce/:id`; full width below 768 px; on close focus returns to the opener.
 */
import { Button, Drawer, Empty, Result, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useNarrow } from '../../../app/use-narrow.ts';
import { focusMainIfLost } from '../../../shared/focus-return.ts';
import { useEcommerceGetQuery } from '../../../store/api.ts';
import { useAppSelector } from '../../../store/hooks.ts';
import { TransactionDetail } from './transaction-detail.tsx';

export function DetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const currency = useAppSelector((s) => s.permission.selectedCurrency) ?? undefined;
  const valid = id !== null && Number.isSafeInteger(id) && id > 0;
  const query = useEcommerceGetQuery(valid ? id : skipToken);

  let body: React.ReactNode;
  if (!valid) body = <Empty description={t('txn.notFound')} />;
  else if (query.isFetching && !query.currentData) body = <Skeleton active paragraph={{ rows: 12 }} />;
  else if (query.isError || !query.currentData)
    body = (
      <Result
        status="warning"
        title={t('txn.notFound')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else body = <TransactionDetail detail={query.currentData} fallbackCurrency={currency} />;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={query.currentData ? `${t('txn.detail')} · ${query.currentData.TxnRefNo}` : t('txn.detail')}
      size={narrow ? '100%' : 720}
      afterOpenChange={(open) => {
        if (!open) focusMainIfLost();
      }}
      destroyOnHidden
      closable={{ 'aria-label': t('common.close') }}
    >
      {body}
    </Drawer>
  );
}

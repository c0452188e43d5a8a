/**
 * A report row's detail drawer, opened by a row (click, Enter or Space) or by URL `{path}/:id`;
 * full width below 768 px; on close focus returns to the opener (issue 9).
 */
import { Button, Drawer, Empty, Result, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { ListReportDef } from '@paydesk/contract';
import { useNarrow } from '../../app/use-narrow.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { useReportGetQuery } from './report-api.ts';
import { ReportDetail } from './report-detail.tsx';

/** `id`: the row's Id from the URL (null: closed; not a positive integer: "could not be loaded"). */
export function ReportDetailDrawer({ def, id, onClose }: { def: ListReportDef; id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const currency = useAppSelector((s) => s.permission.selectedCurrency) ?? undefined;
  const valid = id !== null && Number.isSafeInteger(id) && id > 0;
  const query = useReportGetQuery(valid ? { api: def.api, id } : skipToken);
  const detail = query.currentData;
  const reference = detail && typeof detail.TxnRefNo === 'string' ? detail.TxnRefNo : null;

  let body: React.ReactNode;
  if (!valid) body = <Empty description={t('txn.notFound')} />;
  else if (query.isFetching && !detail) body = <Skeleton active paragraph={{ rows: 12 }} />;
  else if (query.isError || !detail)
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
  else body = <ReportDetail def={def} detail={detail} fallbackCurrency={typeof detail.Currency === 'string' && detail.Currency ? detail.Currency : currency} />;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={reference ? `${t('txn.detail')} · ${reference}` : t('txn.detail')}
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

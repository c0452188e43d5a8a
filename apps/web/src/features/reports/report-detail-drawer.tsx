/**
 * A report row's detail drawer, opened by a row (click, Enter or Space) or by URL `{path}/:id`;
 * full width below 768 px; on close focus returns to the opener. Below the row's fields,
 * its related sections when the report declares some (report-related.tsx).
 */
import { Button, Drawer, Empty, Flex, Result, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { relatedOf, type ListReportDef } from '@paydesk/contract';
import type { DetailActionsComponent } from '../../shared/report-actions.ts';
import { useNarrow } from '../../shared/use-narrow.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { useReportGetQuery } from '../../shared/report-api.ts';
import { ReportDetail } from './report-detail.tsx';
import { ReportRelatedSections } from './report-related.tsx';

/** `id`: the row's Id from the URL (null: closed; not a positive integer: "could not be loaded"). */
export function ReportDetailDrawer({ def, id, onClose, actions: Actions }: { def: ListReportDef; id: number | null; onClose: () => void; actions?: DetailActionsComponent }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const currency = useAppSelector((s) => s.permission.selectedCurrency) ?? undefined;
  const valid = id !== null && Number.isSafeInteger(id) && id > 0;
  const query = useReportGetQuery(valid ? { api: def.api, id } : skipToken);
  const detail = query.currentData;
  // The record's reference in the title: a transaction's TxnRefNo, a provider line's Reference.
  const ref = detail?.TxnRefNo ?? detail?.Reference;
  const reference = typeof ref === 'string' ? ref : null;
  const title = reference ? `${t(def.detailTitleKey ?? 'txn.detail')} · ${reference}` : t(def.detailTitleKey ?? 'txn.detail');

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
  else {
    // The declared related sections (chain, link, schedule, timeline) follow the row's fields.
    const related = relatedOf(detail);
    // Focusable (tabIndex 0), so a keyboard user can reach and scroll the drawer's body even when
    // the record has no link or button (axe scrollable-region-focusable; e.g. a TALLY item).
    body = (
      <Flex vertical gap={16} tabIndex={0} role="region" aria-label={title} data-testid="report-detail-body">
        {Actions && <Actions def={def} detail={detail} />}
        <ReportDetail def={def} detail={detail} fallbackCurrency={typeof detail.Currency === 'string' && detail.Currency ? detail.Currency : currency} />
        {related && <ReportRelatedSections def={def} id={detail.Id} related={related} />}
      </Flex>
    );
  }

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={title}
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

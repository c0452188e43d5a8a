/**
 * View log: every event of a refund request, oldest first — the request, the
 * desk's decisions, the scheduler's expiry, each acknowledgement delivery attempt — with time
 * (MYT, §9 format), action, status change, actor (the system when none) and summary. A table that
 * scrolls inside its box on a phone; a failed load offers a retry.
 */
import { useEffect, useState } from 'react';
import { Button, Modal, Result, Skeleton, Table } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './texts.ts';
import { formatDateTime } from '@paydesk/domain';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { refundLog, type RefundLog } from './refund-api.ts';

type LogEvent = RefundLog['Events'][number];

export function RefundLogDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [log, setLog] = useState<RefundLog | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (id === null) return;
    const abort = new AbortController();
    setLog(null);
    setFailed(false);
    refundLog(id, abort.signal).then(setLog, () => !abort.signal.aborted && setFailed(true));
    return () => abort.abort();
  }, [id, attempt]);

  const status = (s: string | null) => (s ? t(`enum.refundStatus.${s}`, { defaultValue: s }) : '—');
  const columns = [
    { key: 'At', title: t('refund.log.at'), width: 170, render: (_: unknown, e: LogEvent) => formatDateTime(e.At) },
    { key: 'Action', title: t('refund.log.action'), width: 190, render: (_: unknown, e: LogEvent) => t(`refund.event.${e.Action}`, { defaultValue: e.Action }) },
    { key: 'Status', title: t('refund.log.status'), width: 220, render: (_: unknown, e: LogEvent) => (e.FromStatus === e.ToStatus ? status(e.ToStatus) : `${status(e.FromStatus)} → ${status(e.ToStatus)}`) },
    { key: 'Actor', title: t('refund.log.actor'), width: 190, render: (_: unknown, e: LogEvent) => e.Actor ?? t('refund.log.system') },
    { key: 'Summary', title: t('refund.log.summary'), render: (_: unknown, e: LogEvent) => e.Summary },
  ];

  return (
    <Modal
      open={id !== null}
      title={log ? t('refund.log.title', { ref: log.TxnRefNo }) : t('refund.actions.viewLog')}
      footer={null}
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      afterClose={focusMainIfLost}
    >
      {failed ? (
        <Result
          status="warning"
          title={t('refund.log.failed')}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !log ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <div tabIndex={0} role="region" aria-label={t('refund.actions.viewLog')} style={{ overflowX: 'auto' }}>
          <Table
            rowKey={(e) => `${e.At}-${e.Action}-${e.Summary}`}
            size="small"
            columns={columns}
            dataSource={log.Events}
            pagination={false}
            tableLayout="fixed"
            style={{ minWidth: 900 }}
            locale={{ emptyText: t('refund.log.empty') }}
            data-testid="refund-log"
          />
        </div>
      )}
    </Modal>
  );
}

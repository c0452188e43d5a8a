/**
 * The bank payout batches, newest first, 10 a page, optionally of one state (POST
 * Payout/Batch/Search): reference, payout date, channel, currency, state, lines, total, paid /
 * failed, created at and by, and per batch: "Download file" (GET Payout/Batch/:Id/File), "Record
 * bank result" (awaiting a result, for holders of `payoutreport:batchresult`) and "Show payouts"
 * (the payout report filtered by the batch).
 */
import { useState } from 'react';
import { App, Button, Flex, Pagination, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, FileDoneOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAYOUT_BATCH_STATES, enumLabelKey, formatDateTime, type PayoutBatchState } from '@paydesk/domain';
import { formatCount, formatMoney } from '../../shared/format.ts';
import { listEmptyText } from '../../shared/list-empty.tsx';
import { LoadError } from '../../shared/load-error.tsx';
import { CardList } from '../../shared/card-list.tsx';
import { useNarrow } from '../../shared/use-narrow.ts';
import { useDownloadFileMutation } from '../../store/file-api.ts';
import { RecordEvents } from '../../shared/record-events.tsx';
import { BATCH_PAGE_SIZE, batchFileDownload, usePayoutBatchQuery, usePayoutBatchSearchQuery, type PayoutBatch } from './batch-api.ts';
import './texts.ts';

/** A calendar day 'YYYY-MM-DD' as the screen writes it (DD-MM-YYYY, §9). */
const dayText = (day: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split('-').reverse().join('-') : day);

const STATE_COLORS: Record<PayoutBatchState, string> = { AWAITING_RESULT: 'warning', COMPLETED: 'success' };

export interface BatchListProps {
  /** The caller may record a bank result. */
  canRecord: boolean;
  onRecord: (batch: PayoutBatch) => void;
  onShowPayouts: (batch: PayoutBatch) => void;
}

function RowActions({ batch, canRecord, onRecord, onShowPayouts }: BatchListProps & { batch: PayoutBatch }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [downloadFile] = useDownloadFileMutation();
  const download = async () => {
    setSaving(true);
    try {
      void message.success(t('common.exported', { file: await downloadFile(batchFileDownload(batch.Id)).unwrap() }));
    } catch {
      // The client has shown the error.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Flex wrap gap={4} role="group" aria-label={t('payoutBatch.rowActions', { reference: batch.Reference })}>
      <Button size="small" icon={<DownloadOutlined />} loading={saving} onClick={() => void download()}>
        {t('payoutBatch.download')}
      </Button>
      {canRecord && batch.State === 'AWAITING_RESULT' && (
        <Button size="small" type="primary" icon={<FileDoneOutlined />} onClick={() => onRecord(batch)}>
          {t('payoutBatch.recordResult')}
        </Button>
      )}
      <Button size="small" icon={<UnorderedListOutlined />} onClick={() => onShowPayouts(batch)}>
        {t('payoutBatch.showPayouts')}
      </Button>
    </Flex>
  );
}

/** A batch's log, read when its row is expanded: who made it, who took its file, who recorded the result. */
function BatchHistory({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = usePayoutBatchQuery(id);
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return (
    <RecordEvents
      events={query.data?.Events ?? []}
      actionLabel={(a) => t(`payoutBatch.event.${a}`)}
      stateLabel={(s) => t(enumLabelKey('payoutBatchState', s))}
      testId={`batch-history-${id}`}
    />
  );
}

/** The paged batch list with its state filter and each batch's actions; a row expands to its log. */
export function BatchList(props: BatchListProps) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<PayoutBatchState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = usePayoutBatchSearchQuery({ State: state, PageIndex: page, RowsPerPage: BATCH_PAGE_SIZE });
  const data = query.currentData ?? (query.isError ? undefined : query.data);
  const count = (n: number) => formatCount(n, i18n.language);
  // A phone shows each batch as a card: its reference, state, total and actions first, nothing off-screen.
  const narrow = useNarrow();

  // Key columns first: on a phone the table scrolls inside the drawer and these stay in view.
  const columns: TableColumnsType<PayoutBatch> = [
    { key: 'Reference', title: t('payoutBatch.reference'), dataIndex: 'Reference', width: 130 },
    { key: 'State', title: t('payoutBatch.state'), width: 170, render: (_, b) => <Tag color={STATE_COLORS[b.State]}>{t(enumLabelKey('payoutBatchState', b.State))}</Tag> },
    { key: 'Total', title: t('payoutBatch.total'), width: 140, align: 'right', render: (_, b) => formatMoney(b.Total, b.Currency) },
    { key: 'Actions', title: t('payoutBatch.actions'), width: 300, render: (_, b) => <RowActions batch={b} {...props} /> },
    { key: 'PayoutDate', title: t('payoutBatch.payoutDate'), width: 110, render: (_, b) => dayText(b.PayoutDate) },
    { key: 'Channel', title: t('payoutBatch.channel'), width: 150, render: (_, b) => t(enumLabelKey('payoutChannel', b.Channel)) },
    { key: 'Currency', title: t('payoutBatch.currency'), dataIndex: 'Currency', width: 90 },
    { key: 'Lines', title: t('payoutBatch.lines'), width: 70, align: 'right', render: (_, b) => count(b.LineCount) },
    { key: 'PaidFailed', title: t('payoutBatch.paidFailed'), width: 110, align: 'right', render: (_, b) => (b.State === 'COMPLETED' ? `${count(b.PaidCount)} / ${count(b.FailedCount)}` : '-') },
    {
      key: 'Created',
      title: t('payoutBatch.createdCol'),
      width: 190,
      render: (_, b) => (
        <Flex vertical>
          <span>{formatDateTime(b.CreatedAt)}</span>
          <Typography.Text type="secondary">{b.CreatedBy}</Typography.Text>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('payoutBatch.listTitle')}
        </Typography.Title>
        <Select<PayoutBatchState | ''>
          aria-label={t('payoutBatch.stateFilter')}
          value={state ?? ''}
          style={{ minWidth: 220 }}
          options={[{ value: '', label: t('payoutBatch.allStates') }, ...PAYOUT_BATCH_STATES.map((s) => ({ value: s, label: t(enumLabelKey('payoutBatchState', s)) }))]}
          onChange={(v) => {
            setState(v === '' ? undefined : v);
            setPage(1);
          }}
          data-testid="payout-batch-state"
        />
      </Flex>
      {query.isError && !data ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : narrow ? (
        <Flex vertical gap={8} data-testid="payout-batch-list">
          <CardList<PayoutBatch>
            rows={data?.Rows ?? []}
            columns={columns}
            rowKey={(b) => b.Id}
            loading={query.isFetching}
            emptyText={listEmptyText(data !== undefined, state !== undefined, { filtered: t('payoutBatch.noneInState'), none: t('payoutBatch.none') })}
          />
          <Pagination
            simple
            align="center"
            current={page}
            pageSize={BATCH_PAGE_SIZE}
            total={data?.TotalRecords ?? 0}
            hideOnSinglePage
            onChange={setPage}
          />
        </Flex>
      ) : (
        <div role="region" aria-label={t('payoutBatch.listTitle')} tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table<PayoutBatch>
            rowKey="Id"
            size="small"
            tableLayout="fixed"
            style={{ minWidth: 1460 }}
            loading={query.isFetching}
            dataSource={data?.Rows ?? []}
            columns={columns}
            expandable={{ expandedRowRender: (b) => <BatchHistory id={b.Id} /> }}
            locale={{ emptyText: listEmptyText(data !== undefined, state !== undefined, { filtered: t('payoutBatch.noneInState'), none: t('payoutBatch.none') }) }}
            pagination={{
              current: page,
              pageSize: BATCH_PAGE_SIZE,
              total: data?.TotalRecords ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (n) => t('list.total', { count: n, total: count(n) }),
              onChange: setPage,
            }}
            data-testid="payout-batch-list"
          />
        </div>
      )}
    </Flex>
  );
}

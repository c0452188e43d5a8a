/**
 * /log-ingest-keys (issue 30 item 4): the keys the OTLP sources send their logs with, newest first,
 * filtered by source (`?source=` from a log screen's button) and status, paged: source, label, the
 * key's first characters, status, issued (when, by whom), last used, revoked (when, by whom).
 * "Issue key" asks source and label; Rotate and Revoke are row actions of an active key, each
 * confirmed. A new key (issued or rotated) is shown once, with a copy button. The server refuses
 * all of it without `logfiles:ingestkeys`; the screen says so too.
 */
import { useState } from 'react';
import { App, Button, Flex, Result, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LOG_INGEST_KEY_STATUSES, type LogIngestKeyStatus } from '@paydesk/contract';
import { formatDateTime } from '@paydesk/domain';
import { listEmptyText } from '../../../shared/list-empty.tsx';
import { OffsetPager } from '../../../shared/offset-pager.tsx';
import { sortOrderOf, useOffsetListState } from '../../../shared/offset-list-table.tsx';
import { usePageTitle } from '../../../shared/page-title.ts';
import { RowActionLinks } from '../../../shared/row-actions.tsx';
import { useAppSelector } from '../../../store/hooks.ts';
import { selectHeldPermissions } from '../../../store/selectors.ts';
import { useLogIngestKeyRevokeMutation, useLogIngestKeyRotateMutation, useLogIngestKeySearchQuery, type IngestKeyRow } from '../ingest-keys-api.ts';
import { IssueKeyDialog } from '../issue-dialog.tsx';
import { KeyShownDialog } from '../key-shown-dialog.tsx';
import { KEY_SOURCES, LOG_INGEST_KEY_PERMISSION, isIngestSource, type IngestSource } from '../sources.ts';
import '../texts.ts';

const SIZES = [20, 50, 100] as const;
type SortField = 'CreatedAt' | 'Source' | 'LastUsedAt';

export default function LogIngestKeysPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  usePageTitle(t('ingestKeys.title'));
  const held = useAppSelector(selectHeldPermissions);
  const [params] = useSearchParams();
  const fromUrl = params.get('source');
  const [source, setSource] = useState<IngestSource | undefined>(isIngestSource(fromUrl) ? fromUrl : undefined);
  const [status, setStatus] = useState<LogIngestKeyStatus | undefined>(undefined);
  const list = useOffsetListState<SortField>(SIZES);
  const [issuing, setIssuing] = useState(false);
  const [shown, setShown] = useState<{ key: string; item: IngestKeyRow } | null>(null);
  const [rotate] = useLogIngestKeyRotateMutation();
  const [revoke] = useLogIngestKeyRevokeMutation();
  const allowed = held.has(LOG_INGEST_KEY_PERMISSION);
  const query = useLogIngestKeySearchQuery({ ...list.request, SearchData: { Source: source, Status: status } }, { skip: !allowed });
  const data = query.currentData ?? (query.isError ? undefined : query.data);
  if (!allowed) return <Result status="403" title={t('forbidden.title')} subTitle={t('forbidden.subtitle')} />;

  const confirmRotate = (r: IngestKeyRow) =>
    void modal.confirm({
      title: t('ingestKeys.rotateTitle', { prefix: r.Prefix }),
      content: t('ingestKeys.rotateBody', { label: r.Label }),
      okText: t('ingestKeys.rotate'),
      cancelText: t('resource.cancel'),
      // A refusal has had its toast; the dialog closes either way.
      onOk: () => rotate({ Id: r.Id }).unwrap().then((done) => setShown({ key: done.Key, item: done.Item }), () => undefined),
    });
  const confirmRevoke = (r: IngestKeyRow) =>
    void modal.confirm({
      title: t('ingestKeys.revokeTitle', { prefix: r.Prefix }),
      content: t('ingestKeys.revokeBody'),
      okText: t('ingestKeys.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('resource.cancel'),
      onOk: () => revoke({ Id: r.Id }).unwrap().then(() => void message.success(t('ingestKeys.revokedToast')), () => undefined),
    });

  const when = (iso: string | null, user?: string | null) => (iso ? t('ingestKeys.byAt', { at: formatDateTime(new Date(iso)), user: user ?? t('ingestKeys.seeded') }) : '-');
  const columns: TableColumnsType<IngestKeyRow> = [
    { key: 'Source', title: t('ingestKeys.source'), ...sortOrderOf(list.sort, 'Source'), render: (_, r) => t(`ingestKeys.source.${r.Source}`) },
    { key: 'Label', title: t('ingestKeys.label'), dataIndex: 'Label' },
    { key: 'Prefix', title: t('ingestKeys.prefix'), render: (_, r) => <Typography.Text code>{r.Prefix}…</Typography.Text> },
    { key: 'Status', title: t('ingestKeys.status'), render: (_, r) => <Tag color={r.Status === 'ACTIVE' ? 'success' : 'default'}>{t(`ingestKeys.status.${r.Status}`)}</Tag> },
    { key: 'CreatedAt', title: t('ingestKeys.created'), ...sortOrderOf(list.sort, 'CreatedAt'), responsive: ['md'], render: (_, r) => when(r.CreatedAt, r.CreatedBy) },
    { key: 'LastUsedAt', title: t('ingestKeys.lastUsed'), ...sortOrderOf(list.sort, 'LastUsedAt'), render: (_, r) => (r.LastUsedAt ? formatDateTime(new Date(r.LastUsedAt)) : t('ingestKeys.never')) },
    { key: 'RevokedAt', title: t('ingestKeys.revoked'), responsive: ['lg'], render: (_, r) => when(r.RevokedAt, r.RevokedBy) },
    {
      key: 'Actions',
      title: t('ingestKeys.actions'),
      render: (_, r) =>
        r.Status === 'ACTIVE' && (
          <RowActionLinks
            moreLabel={t('ingestKeys.more')}
            actions={[
              { key: 'rotate', label: t('ingestKeys.rotate'), run: () => confirmRotate(r) },
              { key: 'revoke', label: t('ingestKeys.revoke'), danger: true, run: () => confirmRevoke(r) },
            ]}
          />
        ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('ingestKeys.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setIssuing(true)} data-testid="ingest-key-issue">
          {t('ingestKeys.issue')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">{t('ingestKeys.intro')} {t('ingestKeys.signingNote')}</Typography.Paragraph>
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Select<IngestSource | undefined>
          aria-label={t('ingestKeys.source')}
          allowClear
          placeholder={t('ingestKeys.allSources')}
          value={source}
          onChange={list.filter((v: IngestSource | undefined) => setSource(v ?? undefined))}
          options={KEY_SOURCES.map((s) => ({ value: s, label: t(`ingestKeys.source.${s}`) }))}
          style={{ width: 240, maxWidth: '100%' }}
        />
        <Select<LogIngestKeyStatus | undefined>
          aria-label={t('ingestKeys.status')}
          allowClear
          placeholder={t('ingestKeys.allStatuses')}
          value={status}
          onChange={list.filter((v: LogIngestKeyStatus | undefined) => setStatus(v ?? undefined))}
          options={LOG_INGEST_KEY_STATUSES.map((s) => ({ value: s, label: t(`ingestKeys.status.${s}`) }))}
          style={{ width: 180, maxWidth: '100%' }}
        />
      </Flex>
      <Table<IngestKeyRow>
        rowKey="Id"
        size="middle"
        aria-label={t('ingestKeys.list')}
        columns={columns}
        dataSource={data?.Items ?? []}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: listEmptyText(Boolean(data), source !== undefined || status !== undefined, { filtered: t('ingestKeys.noneFiltered'), none: t('ingestKeys.none') }) }}
        onChange={(_, __, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          const field = one?.columnKey as SortField | undefined;
          list.table.onSort(field && one?.order ? { Field: field, Order: one.order === 'ascend' ? 'asc' : 'desc' } : undefined);
        }}
      />
      <OffsetPager page={list.table.page} size={list.table.size} sizes={SIZES} total={data?.TotalRecords ?? 0} onChange={list.table.onPage} />
      <IssueKeyDialog
        open={issuing}
        source={source}
        onClose={() => setIssuing(false)}
        onIssued={(issued) => {
          setIssuing(false);
          setShown({ key: issued.Key, item: issued.Item });
        }}
      />
      <KeyShownDialog shown={shown} onClose={() => setShown(null)} />
    </>
  );
}

/**
 * /zmk-config: the zone master keys, newest first, filtered by status and a
 * keyword (key or acquirer name), sortable, paged: name, scheme, purpose and acquirer, status,
 * components entered of N, KCV, who created it and when, when it became active. A row opens the
 * key in a drawer (components, history, actions). "New key" (holders of zmk:create) defines a key
 * and starts its ceremony. The table scrolls in a focusable region (a phone keeps the name, status
 * and components).
 */
import { useState } from 'react';
import { App, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZMK_STATUSES, enumLabelKey, formatDateTime, type ZmkStatus } from '@paydesk/domain';
import { ListHeader } from '../../../shared/list-header.tsx';
import { LoadError } from '../../../shared/load-error.tsx';
import { OffsetListTable, sortOrderOf, useOffsetListState } from '../../../shared/offset-list-table.tsx';
import { useScrollRegion } from '../../../shared/scroll-region.ts';
import { useAppSelector } from '../../../store/hooks.ts';
import { selectHeldPermissions } from '../../../store/selectors.ts';
import { CreateKeyDialog } from '../create-key-dialog.tsx';
import { KeyDrawer } from '../key-drawer.tsx';
import { STATUS_COLORS } from '../status-colors.ts';
import { fetchKey, useZmkSearchQuery, type ZmkKey, type ZmkRow } from '../zmk-api.ts';
import '../texts.ts';

const SIZES = [20, 50, 100] as const;
type SortField = 'Name' | 'Status' | 'CreatedAt' | 'ActivatedAt';

const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '-');

export default function ZmkPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const held = useAppSelector(selectHeldPermissions);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<ZmkStatus | undefined>(undefined);
  const list = useOffsetListState<SortField>(SIZES);
  const [opened, setOpened] = useState<ZmkKey | null>(null);
  const [creating, setCreating] = useState(false);
  const region = useScrollRegion(t('zmk.list'));

  const query = useZmkSearchQuery({ ...list.request, SearchData: { Keyword: keyword, Status: status } });
  const data = query.currentData ?? (query.isError ? undefined : query.data);

  const open = async (row: ZmkRow) => {
    try {
      setOpened(await fetchKey(row.Id));
    } catch {
      // The client has shown the error.
    }
  };

  const sorter = (field: SortField) => sortOrderOf(list.sort, field);
  const columns: TableColumnsType<ZmkRow> = [
    { key: 'Name', title: t('zmk.name'), dataIndex: 'Name', ...sorter('Name') },
    { key: 'Status', title: t('zmk.status'), width: 170, ...sorter('Status'), render: (_, r) => <Tag color={STATUS_COLORS[r.Status]}>{t(enumLabelKey('zmkStatus', r.Status))}</Tag> },
    { key: 'Components', title: t('zmk.components'), width: 120, render: (_, r) => t('zmk.componentsOf', { entered: r.ComponentsEntered, count: r.ComponentCount }) },
    { key: 'Kcv', title: t('zmk.kcv'), width: 100, render: (_, r) => (r.Kcv ? <Typography.Text code>{r.Kcv}</Typography.Text> : '-') },
    { key: 'Scheme', title: t('zmk.scheme'), width: 200, responsive: ['md'], render: (_, r) => t(enumLabelKey('zmkScheme', r.Scheme)) },
    { key: 'Purpose', title: t('zmk.purpose'), responsive: ['lg'], render: (_, r) => `${t(enumLabelKey('zmkPurpose', r.Purpose))} · ${r.AcquirerName}` },
    { key: 'CreatedAt', title: t('zmk.created'), width: 230, ...sorter('CreatedAt'), responsive: ['lg'], render: (_, r) => t('zmk.byAt', { user: r.CreatedBy, at: when(r.CreatedAt) }) },
    { key: 'ActivatedAt', title: t('zmk.activated'), width: 170, ...sorter('ActivatedAt'), responsive: ['xl'], render: (_, r) => when(r.ActivatedAt) },
  ];
  const filtered = keyword !== '' || status !== undefined;

  return (
    <>
      <ListHeader<ZmkStatus>
        title={t('nav.zmk-config')}
        newLabel={t('zmk.new')}
        onNew={held.has('zmk:create') ? () => setCreating(true) : undefined}
        keywordLabel={t('zmk.keyword')}
        onKeyword={list.filter(setKeyword)}
        statusLabel={t('zmk.status')}
        allStatuses={t('zmk.allStatuses')}
        statuses={ZMK_STATUSES.map((s) => ({ value: s, label: t(enumLabelKey('zmkStatus', s)) }))}
        status={status}
        onStatus={list.filter(setStatus)}
      />
      {query.isError && !data ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <div ref={region}>
          <OffsetListTable<ZmkRow, SortField>
            columns={columns}
            rows={data?.Items ?? []}
            loaded={Boolean(data)}
            loading={query.isFetching}
            filtered={filtered}
            empty={{ filtered: t('zmk.noneFiltered'), none: t('zmk.none') }}
            rowName={(r) => r.Name}
            onOpen={(r) => void open(r)}
            {...list.table}
            total={data?.TotalRecords ?? 0}
          />
        </div>
      )}
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          void message.success(t('zmk.created.toast'));
          setOpened(key);
        }}
      />
      <KeyDrawer zmk={opened} onClose={() => setOpened(null)} onChanged={setOpened} />
    </>
  );
}

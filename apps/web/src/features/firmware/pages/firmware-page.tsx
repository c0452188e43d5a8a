/**
 * /terminal-firmware-management (§2 Terminal group): two tabs.
 *  - Firmware files: the images, newest first, filtered by version or file name, model and status,
 *    sortable, paged: version, status, compatible models, size, SHA-256 (short), uploaded. A row
 *    opens the image (download, roll out, retire). "Upload firmware" (terminalfirmware:upload)
 *    opens the upload drawer.
 *  - Rollouts: the rollouts, newest first, filtered by name or version and status: status, stage
 *    N of M, a progress bar (percent installed). The list is asked again every few seconds while
 *    any rollout shown runs; a row opens the rollout drawer (live progress, pause, resume,
 *    cancel). "New rollout" (terminalfirmware:rollout) opens the wizard.
 * Tables scroll in a focusable region; on a phone they keep version/name, status and progress,
 * and the drawers take the whole width.
 */
import { useState } from 'react';
import { App, Flex, Progress, Select, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIRMWARE_STATUSES, ROLLOUT_STATUSES, formatDateTime, type FirmwareStatus, type RolloutStatus } from '@paydesk/domain';
import { ListHeader } from '../../../shared/list-header.tsx';
import { LoadError } from '../../../shared/load-error.tsx';
import { OffsetListTable, sortOrderOf, useOffsetListState } from '../../../shared/offset-list-table.tsx';
import { useScrollRegion } from '../../../shared/scroll-region.ts';
import { useAppDispatch, useAppSelector } from '../../../store/hooks.ts';
import { useTerminalModelsQuery } from '../../../store/api.ts';
import { selectHeldPermissions } from '../../../store/selectors.ts';
import { fetchFirmware, invalidateFirmware, isLive, useFirmwareSearchQuery, useRolloutSearchQuery, type Firmware, type FirmwareRow, type RolloutRow } from '../firmware-api.ts';
import { FirmwareDrawer } from '../firmware-drawer.tsx';
import { POLL_MS, RolloutDrawer } from '../rollout-drawer.tsx';
import { RolloutWizard } from '../rollout-wizard.tsx';
import { FIRMWARE_COLORS, ROLLOUT_COLORS } from '../status-colors.ts';
import { UploadDrawer } from '../upload-drawer.tsx';
import '../texts.ts';

const SIZES = [20, 50, 100] as const;
type FileSort = 'Version' | 'UploadedAt' | 'SizeBytes' | 'Status';
type RolloutSort = 'CreatedAt' | 'Status' | 'Name';
const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '-');

function FilesTab({ onOpen, onUpload }: { onOpen: (row: FirmwareRow) => void; onUpload?: () => void }) {
  const { t } = useTranslation();
  const models = useTerminalModelsQuery();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<FirmwareStatus | undefined>(undefined);
  const [model, setModel] = useState<string | undefined>(undefined);
  const list = useOffsetListState<FileSort>(SIZES);
  const region = useScrollRegion(t('fw.list'));
  const query = useFirmwareSearchQuery({ ...list.request, SearchData: { Keyword: keyword, Status: status, Model: model } });
  const data = query.currentData ?? (query.isError ? undefined : query.data);
  const sorter = (f: FileSort) => sortOrderOf(list.sort, f);
  const columns: TableColumnsType<FirmwareRow> = [
    { key: 'Version', title: t('fw.version'), dataIndex: 'Version', ...sorter('Version') },
    { key: 'Status', title: t('fw.status'), width: 120, ...sorter('Status'), render: (_, r) => <Tag color={FIRMWARE_COLORS[r.Status]}>{t(`fw.status.${r.Status}`)}</Tag> },
    { key: 'Models', title: t('fw.models'), responsive: ['md'], render: (_, r) => r.Models.join(', ') },
    { key: 'SizeBytes', title: t('fw.size'), width: 140, responsive: ['lg'], ...sorter('SizeBytes'), render: (_, r) => t('fw.bytes', { size: r.SizeBytes.toLocaleString() }) },
    { key: 'Sha256', title: t('fw.sha256'), responsive: ['xl'], render: (_, r) => <Typography.Text code>{`${r.Sha256.slice(0, 16)}…`}</Typography.Text> },
    { key: 'UploadedAt', title: t('fw.uploaded'), responsive: ['lg'], ...sorter('UploadedAt'), render: (_, r) => t('fw.byAt', { user: r.UploadedBy, at: when(r.UploadedAt) }) },
  ];
  return (
    <>
      <ListHeader<FirmwareStatus>
        title={t('fw.tab.files')}
        newLabel={t('fw.upload')}
        onNew={onUpload}
        keywordLabel={t('fw.keyword')}
        onKeyword={list.filter(setKeyword)}
        statusLabel={t('fw.status')}
        allStatuses={t('fw.allStatuses')}
        statuses={FIRMWARE_STATUSES.map((s) => ({ value: s, label: t(`fw.status.${s}`) }))}
        status={status}
        onStatus={list.filter(setStatus)}
      />
      <Flex style={{ marginBottom: 12 }}>
        <Select<string | undefined>
          aria-label={t('fw.models')}
          allowClear
          showSearch
          placeholder={t('fw.allModels')}
          value={model}
          onChange={list.filter((v: string | undefined) => setModel(v ?? undefined))}
          options={(models.data ?? []).map((m) => ({ value: m, label: m }))}
          style={{ width: 320, maxWidth: '100%' }}
        />
      </Flex>
      {query.isError && !data ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <div ref={region}>
          <OffsetListTable<FirmwareRow, FileSort>
            columns={columns}
            rows={data?.Items ?? []}
            loaded={Boolean(data)}
            loading={query.isFetching}
            filtered={keyword !== '' || status !== undefined || model !== undefined}
            empty={{ filtered: t('fw.noneFiltered'), none: t('fw.none') }}
            rowName={(r) => r.Version}
            onOpen={onOpen}
            {...list.table}
            total={data?.TotalRecords ?? 0}
          />
        </div>
      )}
    </>
  );
}

function RolloutsTab({ onOpen, onNew }: { onOpen: (row: RolloutRow) => void; onNew?: () => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<RolloutStatus | undefined>(undefined);
  const list = useOffsetListState<RolloutSort>(SIZES);
  const [live, setLive] = useState(false);
  const region = useScrollRegion(t('fw.tab.rollouts'));
  const query = useRolloutSearchQuery({ ...list.request, SearchData: { Keyword: keyword, Status: status } }, { pollingInterval: live ? POLL_MS : 0 });
  const data = query.currentData ?? (query.isError ? undefined : query.data);
  const anyLive = Boolean(data?.Items.some((r) => isLive(r.Status)));
  if (anyLive !== live) setLive(anyLive);
  const sorter = (f: RolloutSort) => sortOrderOf(list.sort, f);
  const columns: TableColumnsType<RolloutRow> = [
    { key: 'Name', title: t('fw.rollout.name'), dataIndex: 'Name', ...sorter('Name') },
    { key: 'Status', title: t('fw.status'), width: 130, ...sorter('Status'), render: (_, r) => <Tag color={ROLLOUT_COLORS[r.Status]}>{t(`fw.rollout.status.${r.Status}`)}</Tag> },
    {
      key: 'Progress',
      title: t('fw.rollout.progress'),
      width: 220,
      render: (_, r) => <Progress percent={r.PercentInstalled} size="small" aria-label={t('fw.installedOf', { installed: r.Counts.INSTALLED, total: r.Total })} format={() => `${r.Counts.INSTALLED}/${r.Total}`} />,
    },
    { key: 'Stage', title: t('fw.rollout.stage'), width: 130, responsive: ['md'], render: (_, r) => t('fw.rollout.stageOf', { current: r.CurrentStage, count: r.Stages.length }) },
    { key: 'Firmware', title: t('fw.rollout.firmware'), responsive: ['md'], render: (_, r) => r.FirmwareVersion },
    { key: 'CreatedAt', title: t('fw.rollout.created'), responsive: ['lg'], ...sorter('CreatedAt'), render: (_, r) => t('fw.byAt', { user: r.CreatedBy, at: when(r.CreatedAt) }) },
  ];
  return (
    <>
      <ListHeader<RolloutStatus>
        title={t('fw.tab.rollouts')}
        newLabel={t('fw.rollout.new')}
        onNew={onNew}
        keywordLabel={t('fw.rollout.keyword')}
        onKeyword={list.filter(setKeyword)}
        statusLabel={t('fw.status')}
        allStatuses={t('fw.allStatuses')}
        statuses={ROLLOUT_STATUSES.map((s) => ({ value: s, label: t(`fw.rollout.status.${s}`) }))}
        status={status}
        onStatus={list.filter(setStatus)}
      />
      {query.isError && !data ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <div ref={region}>
          <OffsetListTable<RolloutRow, RolloutSort>
            columns={columns}
            rows={data?.Items ?? []}
            loaded={Boolean(data)}
            loading={query.isFetching && !data}
            filtered={keyword !== '' || status !== undefined}
            empty={{ filtered: t('fw.rollout.noneFiltered'), none: t('fw.rollout.none') }}
            rowName={(r) => r.Name}
            onOpen={onOpen}
            {...list.table}
            total={data?.TotalRecords ?? 0}
          />
        </div>
      )}
    </>
  );
}

export default function FirmwarePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { message } = App.useApp();
  const held = useAppSelector(selectHeldPermissions);
  const [tab, setTab] = useState<'files' | 'rollouts'>('files');
  const [uploading, setUploading] = useState(false);
  const [opened, setOpened] = useState<Firmware | null>(null);
  const [wizard, setWizard] = useState<{ firmwareId?: number } | null>(null);
  const [rolloutId, setRolloutId] = useState<number | null>(null);

  const open = async (row: FirmwareRow) => {
    try {
      setOpened(await fetchFirmware(row.Id));
    } catch {
      // The client has shown the error.
    }
  };

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'files' | 'rollouts')}
        items={[
          { key: 'files', label: t('fw.tab.files'), children: <FilesTab onOpen={(r) => void open(r)} onUpload={held.has('terminalfirmware:upload') ? () => setUploading(true) : undefined} /> },
          {
            key: 'rollouts',
            label: t('fw.tab.rollouts'),
            children: <RolloutsTab onOpen={(r) => setRolloutId(r.Id)} onNew={held.has('terminalfirmware:rollout') ? () => setWizard({}) : undefined} />,
          },
        ]}
      />
      <UploadDrawer
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(f) => {
          setUploading(false);
          dispatch(invalidateFirmware());
          void message.success(t('fw.uploaded.toast', { version: f.Version }));
          setOpened(f);
        }}
      />
      <FirmwareDrawer
        firmware={opened}
        onClose={() => setOpened(null)}
        onChanged={setOpened}
        onRollout={(f) => {
          setOpened(null);
          setWizard({ firmwareId: f.Id });
        }}
      />
      <RolloutWizard
        open={wizard !== null}
        firmwareId={wizard?.firmwareId}
        onClose={() => setWizard(null)}
        onStarted={(r) => {
          setWizard(null);
          void message.success(t('fw.wizard.started'));
          setTab('rollouts');
          setRolloutId(r.Id);
        }}
      />
      <RolloutDrawer rolloutId={rolloutId} onClose={() => setRolloutId(null)} />
    </>
  );
}

/**
 * One rollout followed live: its progress (percent installed, targets per state), each
 * stage (targets, offered, installed, when it started), its terminals by page (filter by state),
 * its history, and the caller's actions (the server's AllowedActions): pause, resume, cancel —
 * each confirmed, cancel with a reason. While the rollout is RUNNING or PAUSED the drawer asks the
 * server again every POLL_MS (the job advances it in the background).
 */
import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Flex, Progress, Select, Table, Tag, Timeline, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLLOUT_TARGET_STATES, formatDateTime, type RolloutTargetState } from '@paydesk/domain';
import { useNarrow } from '../../shared/use-narrow.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { NoteDialog } from '../../shared/note-dialog.tsx';
import { OffsetPager } from '../../shared/offset-pager.tsx';
import { isLive, useRolloutControlMutation, useRolloutGetQuery, useRolloutTargetsQuery } from './firmware-api.ts';
import { ROLLOUT_COLORS, TARGET_COLORS } from './status-colors.ts';
import './texts.ts';

/** How often a live rollout is asked again (ms). */
export const POLL_MS = 5000;
const SIZES = [20, 50, 100] as const;
const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '-');
type Target = { Tid: string; Model: string; MerchantName: string; Stage: number; State: RolloutTargetState; ReportedVersion: string | null; OfferedAt: string | null; InstalledAt: string | null };

export function RolloutDrawer({ rolloutId, onClose }: { rolloutId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [control] = useRolloutControlMutation();
  const narrow = useNarrow();
  const [state, setState] = useState<RolloutTargetState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(SIZES[0]);
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState(true);
  const query = useRolloutGetQuery(rolloutId ?? 0, { skip: rolloutId === null, pollingInterval: live ? POLL_MS : 0 });
  const r = query.currentData ?? query.data;
  const targets = useRolloutTargetsQuery(
    { PageIndex: page, RowsPerPage: size, SearchData: { Id: rolloutId ?? 0, Keyword: '', State: state } },
    { skip: rolloutId === null, pollingInterval: live ? POLL_MS : 0 },
  );
  if (r && live !== isLive(r.Status)) setLive(isLive(r.Status));
  if (rolloutId === null) return null;

  const act = (action: 'PAUSE' | 'RESUME' | 'CANCEL', reason = '') => {
    if (!r) return;
    const word = action === 'PAUSE' ? 'pause' : action === 'RESUME' ? 'resume' : 'cancel';
    modal.confirm({
      title: t(`fw.rollout.${word}Title`, { name: r.Name }),
      content: t(`fw.rollout.${word}Note`),
      okText: t('fw.confirmYes'),
      okButtonProps: { danger: action === 'CANCEL' },
      cancelText: t('resource.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          await control({ action, body: { Id: r.Id, Reason: reason } }).unwrap();
          setCancelling(false);
          void message.success(t(action === 'PAUSE' ? 'fw.rollout.paused' : action === 'RESUME' ? 'fw.rollout.resumed' : 'fw.rollout.cancelled'));
        } catch {
          // The client has shown the server's message (§8).
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const columns: TableColumnsType<Target> = [
    { key: 'Tid', title: t('fw.rollout.tid'), dataIndex: 'Tid' },
    { key: 'State', title: t('fw.rollout.state'), render: (_, x) => <Tag color={TARGET_COLORS[x.State]}>{t(`fw.state.${x.State}`)}</Tag> },
    { key: 'Stage', title: t('fw.rollout.stage'), dataIndex: 'Stage', responsive: ['sm'] },
    { key: 'Model', title: t('fw.rollout.model'), dataIndex: 'Model', responsive: ['md'] },
    { key: 'Merchant', title: t('fw.rollout.merchant'), dataIndex: 'MerchantName', responsive: ['lg'] },
    { key: 'Reported', title: t('fw.rollout.reported'), render: (_, x) => x.ReportedVersion ?? '-', responsive: ['md'] },
  ];

  const footer = r && r.AllowedActions.length > 0 && (
    <Flex wrap gap={8} justify="flex-end">
      {r.AllowedActions.includes('CANCEL') && (
        <Button danger onClick={() => setCancelling(true)} disabled={busy}>
          {t('fw.rollout.cancel')}
        </Button>
      )}
      {r.AllowedActions.includes('PAUSE') && (
        <Button onClick={() => act('PAUSE')} disabled={busy}>
          {t('fw.rollout.pause')}
        </Button>
      )}
      {r.AllowedActions.includes('RESUME') && (
        <Button type="primary" onClick={() => act('RESUME')} disabled={busy}>
          {t('fw.rollout.resume')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Drawer
      open
      size={narrow ? '100%' : 760}
      title={
        r && (
          <Flex gap={8} align="center" wrap>
            <span>{t('fw.rollout.drawerTitle', { name: r.Name })}</span>
            <Tag color={ROLLOUT_COLORS[r.Status]}>{t(`fw.rollout.status.${r.Status}`)}</Tag>
          </Flex>
        )
      }
      onClose={onClose}
      afterOpenChange={(open) => !open && focusMainIfLost()}
      footer={footer || undefined}
      destroyOnHidden
    >
      {query.isError && !r ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : !r ? null : (
        <>
          <Progress percent={r.PercentInstalled} aria-label={t('fw.rollout.progress')} format={() => t('fw.rollout.percent', { percent: r.PercentInstalled })} data-testid="fw-rollout-progress" />
          <Flex wrap gap={4} style={{ margin: '8px 0' }} data-testid="fw-rollout-counts">
            {ROLLOUT_TARGET_STATES.map((s) => (
              <Tag key={s} color={TARGET_COLORS[s]}>
                {t(`fw.state.${s}`)}: {r.Counts[s]}
              </Tag>
            ))}
          </Flex>
          {isLive(r.Status) && <Typography.Paragraph type="secondary">{t('fw.rollout.live')}</Typography.Paragraph>}
          <Typography.Paragraph type="secondary">{t('fw.rollout.delivery')}</Typography.Paragraph>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('fw.rollout.firmware')}>{r.FirmwareVersion}</Descriptions.Item>
            <Descriptions.Item label={t('fw.models')}>{r.Models.join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('fw.rollout.created')}>{t('fw.byAt', { user: r.CreatedBy, at: when(r.CreatedAt) })}</Descriptions.Item>
            <Descriptions.Item label={t('fw.wizard.wait')}>{r.StageWaitMinutes}</Descriptions.Item>
            <Descriptions.Item label={t('fw.wizard.finalWait')}>{r.FinalWaitHours}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('fw.rollout.stages')}
          </Typography.Title>
          <Descriptions column={1} size="small" bordered>
            {r.StageProgress.map((s) => (
              <Descriptions.Item key={s.Stage} label={t('fw.rollout.stageRow', { stage: s.Stage, percent: s.Percent })}>
                {s.StartedAt ? `${t('fw.rollout.stageCounts', { installed: s.Installed, targets: s.Targets, offered: s.Offered })} · ${when(s.StartedAt)}` : t('fw.rollout.notStarted')}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 16, marginBottom: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('fw.rollout.targets')}
            </Typography.Title>
            <Select<RolloutTargetState | undefined>
              aria-label={t('fw.rollout.state')}
              allowClear
              placeholder={t('fw.rollout.allStates')}
              value={state}
              onChange={(v) => {
                setState(v ?? undefined);
                setPage(1);
              }}
              options={ROLLOUT_TARGET_STATES.map((s) => ({ value: s, label: t(`fw.state.${s}`) }))}
              style={{ width: 200 }}
            />
          </Flex>
          {targets.isError && !targets.data ? (
            <LoadError onRetry={() => void targets.refetch()} />
          ) : (
            <>
              <Table<Target>
                rowKey="Tid"
                size="small"
                columns={columns}
                dataSource={(targets.currentData ?? targets.data)?.Items ?? []}
                loading={targets.isFetching && !targets.data}
                pagination={false}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: t('fw.rollout.noTargets') }}
              />
              <OffsetPager
                page={page}
                size={size}
                sizes={SIZES}
                total={targets.data?.TotalRecords ?? 0}
                onChange={(p, s) => {
                  setPage(p);
                  setSize(s);
                }}
              />
            </>
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('fw.rollout.history')}
          </Typography.Title>
          <Timeline
            items={r.History.map((e, i) => ({
              key: i,
              content: (
                <Flex vertical>
                  <Typography.Text>{t(`fw.rollout.event.${e.Event}`, { stage: e.Stage ?? '', reason: e.Reason ?? '' })}</Typography.Text>
                  <Typography.Text type="secondary">{t('fw.byAt', { user: e.By ?? t('fw.rollout.system'), at: when(e.At) })}</Typography.Text>
                </Flex>
              ),
            }))}
          />
        </>
      )}
      <NoteDialog
        open={cancelling}
        title={t('fw.rollout.cancel')}
        okText={t('fw.rollout.cancel')}
        label={t('fw.reason')}
        danger
        busy={busy}
        testId="fw-cancel-reason"
        onSubmit={(reason) => act('CANCEL', reason)}
        onCancel={() => setCancelling(false)}
      />
    </Drawer>
  );
}

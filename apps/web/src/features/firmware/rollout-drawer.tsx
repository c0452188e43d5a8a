/**
 * One rollout followed live: its progress (percent installed, targets per state), each
 * stage (targets, offered, installed, when it started), its terminals by page (filter by state),
 * its history, and the caller's actions: the FirmwareRollout workflow's commands (contract
 * workflows/firmware-rollout.ts: pause, resume, cancel — each confirmed, cancel with a reason)
 * drawn by the workflow engine's toolbar in the footer, where the rollout's status accepts them,
 * the caller holds their permission and the server lists them in AllowedActions. A command asks
 * the rollout and the lists again. While the rollout is RUNNING or PAUSED the drawer asks the
 * server again every POLL_MS (the job advances it in the background).
 */
import { useState } from 'react';
import { Descriptions, Drawer, Flex, Progress, Select, Table, Tag, Timeline, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIRMWARE_ROLLOUT_WORKFLOW } from '@paydesk/contract';
import { ROLLOUT_TARGET_STATES, formatDateTime, type RolloutTargetState } from '@paydesk/domain';
import { useNarrow } from '../../shared/use-narrow.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { OffsetPager } from '../../shared/offset-pager.tsx';
import { useWorkflowActions } from '../../shared/workflow/workflow-actions.tsx';
import { FIRMWARE_TAG, isLive, useRolloutGetQuery, useRolloutTargetsQuery } from './firmware-api.ts';
import { ROLLOUT_COLORS, TARGET_COLORS } from './status-colors.ts';
import './texts.ts';

/** How often a live rollout is asked again (ms). */
export const POLL_MS = 5000;
const SIZES = [20, 50, 100] as const;
const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '-');
type Target = { Tid: string; Model: string; MerchantName: string; Stage: number; State: RolloutTargetState; ReportedVersion: string | null; OfferedAt: string | null; InstalledAt: string | null };
/** The commands ask the rollout, its targets and the lists again (all under the firmware tag). */
const REFRESH = [FIRMWARE_TAG];

export function RolloutDrawer({ rolloutId, onClose }: { rolloutId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [state, setState] = useState<RolloutTargetState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(SIZES[0]);
  const [live, setLive] = useState(true);
  const query = useRolloutGetQuery(rolloutId ?? 0, { skip: rolloutId === null, pollingInterval: live ? POLL_MS : 0 });
  const r = query.currentData ?? query.data;
  const targets = useRolloutTargetsQuery(
    { PageIndex: page, RowsPerPage: size, SearchData: { Id: rolloutId ?? 0, Keyword: '', State: state } },
    { skip: rolloutId === null, pollingInterval: live ? POLL_MS : 0 },
  );
  // Before the rollout is loaded the record has no state, so no command shows.
  const actions = useWorkflowActions({
    workflow: FIRMWARE_ROLLOUT_WORKFLOW,
    detail: r ?? { Id: rolloutId ?? 0 },
    allowed: r?.AllowedActions ?? [],
    refresh: REFRESH,
    testId: 'fw-rollout-actions',
    noteTestId: 'fw-cancel-reason',
  });
  if (r && live !== isLive(r.Status)) setLive(isLive(r.Status));
  if (rolloutId === null) return null;

  const columns: TableColumnsType<Target> = [
    { key: 'Tid', title: t('fw.rollout.tid'), dataIndex: 'Tid' },
    { key: 'State', title: t('fw.rollout.state'), render: (_, x) => <Tag color={TARGET_COLORS[x.State]}>{t(`fw.state.${x.State}`)}</Tag> },
    { key: 'Stage', title: t('fw.rollout.stage'), dataIndex: 'Stage', responsive: ['sm'] },
    { key: 'Model', title: t('fw.rollout.model'), dataIndex: 'Model', responsive: ['md'] },
    { key: 'Merchant', title: t('fw.rollout.merchant'), dataIndex: 'MerchantName', responsive: ['lg'] },
    { key: 'Reported', title: t('fw.rollout.reported'), render: (_, x) => x.ReportedVersion ?? '-', responsive: ['md'] },
  ];

  const footer = actions.toolbar ? <Flex justify="flex-end">{actions.toolbar}</Flex> : undefined;

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
      footer={footer}
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
      {actions.dialogs}
    </Drawer>
  );
}

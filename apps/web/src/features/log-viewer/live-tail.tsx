/**
 * A log screen's live tail (issue 30 item 4): "Live tail" beside the title opens a drawer that
 * follows the entries stored from now on that match the screen's filters (its time range aside),
 * newest first, at most MAX_ROWS kept. Pause holds what arrives (counted) until Resume; a broken
 * stream says so and offers Reconnect. A row opens the entry's detail. Full width on a phone.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Drawer, Flex, Space, Table, Tag, Typography } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ListReportDef, ReportRow } from '@paydesk/contract';
import { formatDateTime } from '@paydesk/domain';
import { enumText } from '../../shared/cell-text.ts';
import { parseReportQuery, toReportSearchData } from '../../shared/report-query.ts';
import { rowOpenProps } from '../../shared/row-open.ts';
import { useNarrow } from '../../shared/use-narrow.ts';
import { followTail } from './tail-stream.ts';

/** Rows the drawer keeps (older ones leave as new ones come). */
export const MAX_ROWS = 500;

type TailState = 'connecting' | 'live' | 'stopped';

/** The list's filters for the tail: the screen's URL query without its time range. */
function tailFilters(def: ListReportDef, search: string): Record<string, unknown> {
  const { DateFrom: _from, DateTo: _to, ...rest } = toReportSearchData(def, parseReportQuery(def, new URLSearchParams(search)));
  return rest;
}

/** Level colours: 9 exception red, 5 warning orange, info plain. */
const levelColor = (level: unknown) => (level === 9 ? 'red' : level === 5 ? 'orange' : undefined);

/** The drawer's body while open: follows the tail and shows its rows. */
function LiveTailBody({ def }: { def: ListReportDef }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [rows, setRows] = useState<ReportRow[]>([]);
  const [held, setHeld] = useState<ReportRow[]>([]);
  const [paused, setPaused] = useState(false);
  const [state, setState] = useState<TailState>('connecting');
  const [attempt, setAttempt] = useState(0);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const filters = tailFilters(def, location.search);
  const filterKey = JSON.stringify(filters);

  useEffect(() => {
    const stop = new AbortController();
    setState('connecting');
    const keep = (list: ReportRow[], fresh: ReportRow[]) => [...[...fresh].reverse(), ...list].slice(0, MAX_ROWS);
    followTail(
      def.api,
      JSON.parse(filterKey) as Record<string, unknown>,
      {
        onOpen: () => setState('live'),
        onEntries: (fresh) => (pausedRef.current ? setHeld((h) => keep(h, fresh)) : setRows((r) => keep(r, fresh))),
      },
      stop.signal,
    ).catch(() => {
      if (!stop.signal.aborted) setState('stopped');
    });
    return () => stop.abort();
  }, [def.api, filterKey, attempt]);

  const resume = () => {
    setRows((r) => [...held, ...r].slice(0, MAX_ROWS));
    setHeld([]);
    setPaused(false);
  };

  const columns = [
    { key: 'At', title: t('log.at'), width: 170, render: (_: unknown, r: ReportRow) => formatDateTime(r.At as string) },
    { key: 'Level', title: t('log.level'), width: 110, render: (_: unknown, r: ReportRow) => <Tag color={levelColor(r.Level)}>{enumText(t, 'logLevel', r.Level)}</Tag> },
    { key: 'Message', title: t('log.message'), render: (_: unknown, r: ReportRow) => <Typography.Text>{String(r.Message ?? '')}</Typography.Text> },
    { key: 'TID', title: t('detail.tid'), width: 100, render: (_: unknown, r: ReportRow) => String(r.TID ?? '-') },
    { key: 'RequestId', title: t('log.requestId'), width: 160, ellipsis: true, render: (_: unknown, r: ReportRow) => String(r.RequestId ?? '-') },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space>
          <Badge
            status={state === 'live' ? (paused ? 'warning' : 'processing') : state === 'stopped' ? 'error' : 'default'}
            text={t(state === 'live' ? (paused ? 'log.livePaused' : 'log.liveOn') : state === 'stopped' ? 'log.liveOff' : 'log.liveConnecting')}
            data-testid="live-tail-state"
          />
          <Typography.Text type="secondary">{t('log.liveFilters')}</Typography.Text>
        </Space>
        <Space>
          {state === 'stopped' ? (
            <Button icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)} data-testid="live-tail-reconnect">
              {t('log.liveReconnect')}
            </Button>
          ) : paused ? (
            <Button type="primary" icon={<PlayCircleOutlined />} onClick={resume} data-testid="live-tail-resume">
              {t('log.liveResume')}
            </Button>
          ) : (
            <Button icon={<PauseCircleOutlined />} onClick={() => setPaused(true)} data-testid="live-tail-pause">
              {t('log.livePause')}
            </Button>
          )}
        </Space>
      </Flex>
      {state === 'stopped' && <Alert type="error" showIcon title={t('log.liveStopped')} />}
      <div aria-live="polite">{held.length > 0 && <Alert type="info" showIcon title={t('log.liveHeld', { count: held.length })} data-testid="live-tail-held" />}</div>
      <Table<ReportRow>
        rowKey="Id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('log.liveWaiting') }}
        onRow={(r) => rowOpenProps(() => void navigate({ pathname: `${def.path}/${r.Id}`, search: location.search }), t('txn.openRow', { ref: String(r.Id) }))}
        data-testid="live-tail-rows"
      />
    </Flex>
  );
}

/** "Live tail" and its drawer, for a log screen (a report declaring `liveTail`). */
export function LiveTailButton({ def }: { def: ListReportDef }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PlayCircleOutlined />} onClick={() => setOpen(true)} data-testid="live-tail-open">
        {t('log.live')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={`${t('log.live')} · ${t(def.titleKey)}`} size={narrow ? '100%' : 880} destroyOnHidden closable={{ 'aria-label': t('common.close') }}>
        {open && <LiveTailBody def={def} />}
      </Drawer>
    </>
  );
}

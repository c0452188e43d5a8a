/**
 * A request's timeline across the log sources (issue 30 item 4): on a log entry that carries a
 * request reference, "Request timeline" opens every entry of that request in the logs the user
 * may read — the portal request, the jobs it sent, their provider calls — in time order. Each
 * source is read through its own screen's Search (its permission, scope and read audit), over
 * the hour before the entry to the day after it (a job's retries run later than its request).
 * An entry opens in its own screen.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Modal, Skeleton, Tag, Timeline, Typography } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIST_REPORTS, type ListReportDef, type ReportRow, type ReportSearchResponse } from '@paydesk/contract';
import { BUSINESS_TIME_ZONE, dayjs } from '@paydesk/domain';
import { apiClient } from '../../api/index.ts';
import { enumText } from '../../shared/cell-text.ts';
import { MINUTE_FORMAT } from '../../shared/report-query.ts';
import type { DetailActionsComponent } from '../../shared/report-actions.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';

/** Entries read per source at most. */
export const TIMELINE_PER_SOURCE = 100;

/** One entry of the timeline, with the screen it belongs to. */
interface TimelineEntry {
  def: ListReportDef;
  row: ReportRow;
}

/** The log screens (reports over the log store) a holder of `held` may read. */
const readableLogs = (held: ReadonlySet<string>) => LIST_REPORTS.filter((d) => d.source === 'log_entries' && held.has(d.permission));

/**
 * Every entry of request `requestId` around instant `at` (ISO) in `logs`, oldest first, and
 * whether a source had more than TIMELINE_PER_SOURCE. A source that fails is left out (its toast
 * says why).
 */
export async function readTimeline(logs: readonly ListReportDef[], requestId: string, at: string): Promise<{ entries: TimelineEntry[]; capped: boolean }> {
  const around = dayjs.utc(at);
  const SearchData = { RequestId: requestId, DateFrom: around.subtract(1, 'hour').toISOString(), DateTo: around.add(1, 'day').toISOString() };
  const pages = await Promise.all(
    logs.map((def) =>
      apiClient()
        .path.post<ReportSearchResponse>(`/api/portal/${def.api}/Search`, { RowsPerPage: TIMELINE_PER_SOURCE, SearchData, Sort: { Field: 'At', Order: 'asc' } })
        .then((page) => ({ def, page }), () => null),
    ),
  );
  const entries = pages.flatMap((p) => (p ? p.page.Items.map((row) => ({ def: p.def, row })) : []));
  entries.sort((a, b) => String(a.row.At).localeCompare(String(b.row.At)) || a.row.Id - b.row.Id);
  return { entries, capped: pages.some((p) => p !== null && p.page.NextCursor !== null) };
}

/** The query of a log screen listing request `requestId` around `at` (its time range written out: MYT minutes). */
export function entryQuery(requestId: string, at: string): string {
  const around = dayjs.utc(at).tz(BUSINESS_TIME_ZONE);
  return new URLSearchParams({ requestId, from: around.subtract(1, 'hour').format(MINUTE_FORMAT), to: around.add(1, 'day').format(MINUTE_FORMAT) }).toString();
}

function TimelineBody({ requestId, at, onOpen }: { requestId: string; at: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const held = useAppSelector(selectHeldPermissions);
  const [answer, setAnswer] = useState<{ entries: TimelineEntry[]; capped: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void readTimeline(readableLogs(held), requestId, at).then((a) => live && setAnswer(a));
    return () => {
      live = false;
    };
  }, [held, requestId, at]);
  if (!answer) return <Skeleton active />;
  if (!answer.entries.length) return <Empty description={t('log.timelineEmpty')} />;
  return (
    <>
      {answer.capped && <Alert type="info" showIcon title={t('log.timelineCapped', { count: TIMELINE_PER_SOURCE })} style={{ marginBottom: 12 }} />}
      <Timeline
        data-testid="request-timeline"
        items={answer.entries.map(({ def, row }) => ({
          key: `${def.name}-${row.Id}`,
          color: row.Level === 9 ? 'red' : row.Level === 5 ? 'orange' : 'blue',
          content: (
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              <Typography.Text type="secondary">{dayjs.utc(String(row.At)).tz(BUSINESS_TIME_ZONE).format('HH:mm:ss.SSS')}</Typography.Text> <Tag>{t(def.titleKey)}</Tag>
              <Tag color={row.Level === 9 ? 'red' : row.Level === 5 ? 'orange' : undefined}>{enumText(t, 'logLevel', row.Level)}</Tag>
              <Button
                type="link"
                size="small"
                onClick={() => {
                  onOpen();
                  void navigate({ pathname: `${def.path}/${row.Id}`, search: `?${entryQuery(requestId, String(row.At))}` });
                }}
              >
                {String(row.Message ?? '')}
              </Button>
              {[row.Operation, row.Outcome, row.DurationMs !== null && row.DurationMs !== undefined ? `${String(row.DurationMs)} ms` : null].filter(Boolean).join(' · ')}
            </Typography.Paragraph>
          ),
        }))}
      />
    </>
  );
}

/** "Request timeline" on a log entry that carries a request reference. */
function RequestTimelineAction({ detail }: { def: ListReportDef; detail: ReportRow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const requestId = typeof detail.RequestId === 'string' ? detail.RequestId : null;
  if (!requestId || typeof detail.At !== 'string') return null;
  return (
    <>
      <Button icon={<NodeIndexOutlined />} onClick={() => setOpen(true)} data-testid="request-timeline-open" style={{ alignSelf: 'flex-start' }}>
        {t('log.timeline')}
      </Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={`${t('log.timeline')} · ${requestId}`} width={820} destroyOnHidden>
        {open && <TimelineBody requestId={requestId} at={detail.At} onOpen={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

/** The detail actions of a log screen (a report over the log store), or null for any other report. */
export function logDetailActions(def: ListReportDef): DetailActionsComponent | null {
  return def.source === 'log_entries' ? RequestTimelineAction : null;
}

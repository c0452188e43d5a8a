/**
 * A record's log as the workflow engine answers it (contract `RecordEvent`, oldest first): a
 * titled timeline, one item per event: what happened (the feature's label of the action), the
 * state before and after when it changed, the summary, and who (the system when no user) and when
 * (DD-MM-YYYY HH:mm:ss MYT, §9). An auditor reads who moved the record, not only where it is now.
 * The feature names the actions and states (its own texts and enum labels).
 */
import { Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordEvent } from '@paydesk/contract';
import { formatDateTime } from '@paydesk/domain';
import { addScreenTexts } from '../i18n/index.ts';

addScreenTexts({
  en: { 'events.title': 'History', 'events.system': 'System', 'events.byAt': '{{user}} · {{at}}', 'events.none': 'Nothing has happened to it yet' },
  ms: { 'events.title': 'Sejarah', 'events.system': 'Sistem', 'events.byAt': '{{user}} · {{at}}', 'events.none': 'Belum ada apa-apa berlaku' },
  zh: { 'events.title': '历史记录', 'events.system': '系统', 'events.byAt': '{{user}} · {{at}}', 'events.none': '尚无任何记录' },
});

export interface RecordEventsProps {
  events: readonly RecordEvent[];
  /** The text of an action (e.g. t(`rm.event.${action}`)). */
  actionLabel: (action: string) => string;
  /** The text of a state (e.g. its enum label). */
  stateLabel: (state: string) => string;
  testId?: string;
}

/** The log under a "History" heading; an empty log says so. */
export function RecordEvents({ events, actionLabel, stateLabel, testId }: RecordEventsProps) {
  const { t } = useTranslation();
  return (
    <section data-testid={testId}>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('events.title')}
      </Typography.Title>
      {events.length === 0 ? (
        <Typography.Text type="secondary">{t('events.none')}</Typography.Text>
      ) : (
        <Timeline
          items={events.map((e, i) => ({
            key: i,
            content: (
              <Flex vertical>
                <Typography.Text>
                  {actionLabel(e.Action)}
                  {e.ToStatus && e.FromStatus !== e.ToStatus ? ` · ${e.FromStatus ? `${stateLabel(e.FromStatus)} → ` : ''}${stateLabel(e.ToStatus)}` : ''}
                </Typography.Text>
                {e.Summary && <Typography.Text>{e.Summary}</Typography.Text>}
                <Typography.Text type="secondary">{t('events.byAt', { user: e.Actor ?? t('events.system'), at: formatDateTime(new Date(e.At)) })}</Typography.Text>
              </Flex>
            ),
          }))}
        />
      )}
    </section>
  );
}

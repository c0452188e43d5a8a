/**
 * The related sections of a report row's detail (shapes in the contract's
 * reports/related.ts), under the row's own fields: the pre-auth operation chain as a small table
 * (operation, MYT time, amount, status; each other operation a link to its own detail at
 * `{path}/{Id}`, the current one marked "This transaction"), the payment link and the recurring
 * schedule as descriptions, and the timeline as an antd Timeline (event text, MYT time, its
 * status and amount; a refund event links to its request on the refund desk for a holder of it).
 * Sections appear when the answer holds them, each titled by
 * `detail.{section}` and marked `data-testid="txn-{section}"`. The table scrolls inside its own
 * box, so the drawer holds at 390 px. Presentational: the drawer loads the record.
 */
import { Descriptions, Flex, Table, Timeline, Typography, type DescriptionsProps, type TableColumnsType } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIST_REPORTS, type ListReportDef, type PreauthChainItem, type ReportRelated, type TimelineEvent } from '@paydesk/contract';
import { formatDateTime } from '@paydesk/domain';
import { NO_VALUE, formatCount, formatMoney } from '../../shared/format.ts';
import { StatusTag } from '../../shared/status-tag.tsx';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { enumText } from '../../shared/cell-text.ts';
import './labels.ts';

type Items = NonNullable<DescriptionsProps['items']>;
const common = { bordered: true, size: 'small' as const, column: { xs: 1, sm: 2 } };

/** The ENUM group of an event's status: a refund's, a batch's, or a transaction's. */
const EVENT_STATUS_ENUM: Partial<Record<TimelineEvent['Code'], string>> = { REFUND_UPDATED: 'refundStatus', BATCH_SETTLED: 'settlementBatchStatus', REPORTED: 'txnEventType', REPORT_REFUSED: 'txnEventType' };
const eventStatusEnum = (e: TimelineEvent) => EVENT_STATUS_ENUM[e.Code] ?? 'status';

/** The refund desk's list (the refund requests' report): a refund event of the timeline opens its request there. */
const REFUND_DESK = LIST_REPORTS.find((d) => d.source === 'refund_requests');

/** The path of the refund request a timeline event is about, for a holder of the desk's view; else null. */
export function refundEventPath(e: TimelineEvent, held: ReadonlySet<string>): string | null {
  if ((e.Code !== 'REFUND_REQUESTED' && e.Code !== 'REFUND_UPDATED') || e.RefId === null || !REFUND_DESK || !held.has(REFUND_DESK.permission)) return null;
  return `${REFUND_DESK.path}/${e.RefId}`;
}

/** A timeline event's title: a link to the record it is about when the user may open it. */
function TimelineTitle({ text, to }: { text: string; to: string | null }) {
  const title = <Typography.Text strong>{text}</Typography.Text>;
  return to ? (
    <Link to={to} data-testid="timeline-refund-link">
      {title}
    </Link>
  ) : (
    title
  );
}

/** `def.path` of the row's report and the row's id: chain links open siblings in the same drawer. */
export function ReportRelatedSections({ def, id, related }: { def: Pick<ListReportDef, 'path'>; id: number; related: ReportRelated }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const held = useAppSelector(selectHeldPermissions);
  const title = (key: string) => <Typography.Title level={5} style={{ margin: 0 }}>{t(key)}</Typography.Title>;
  const missing = <Typography.Text type="secondary">{t('related.notAvailable')}</Typography.Text>;

  const chainColumns: TableColumnsType<PreauthChainItem> = [
    {
      key: 'op',
      title: t('txn.preauthOp'),
      render: (_v, r) => {
        const text = enumText(t, 'preAuthOperation', r.PreauthOp);
        return r.Id === id ? (
          <span aria-current="true">
            {text} <Typography.Text type="secondary">({t('related.current')})</Typography.Text>
          </span>
        ) : (
          <Link to={{ pathname: `${def.path}/${r.Id}`, search: location.search }}>{text}</Link>
        );
      },
    },
    { key: 'at', title: t('txn.date'), render: (_v, r) => formatDateTime(r.CreatedAt) },
    { key: 'amount', title: t('txn.amount'), align: 'right', render: (_v, r) => formatMoney(r.Amount, r.Currency) },
    { key: 'status', title: t('txn.status'), render: (_v, r) => <StatusTag status={r.Status} /> },
  ];

  const link = related.PaymentLink;
  const linkItems: Items = link
    ? [
        { key: 'ref', label: t('related.linkRef'), children: <Typography.Text copyable>{link.LinkRef}</Typography.Text> },
        { key: 'amount', label: t('txn.amount'), children: formatMoney(link.Amount, link.Currency) },
        { key: 'status', label: t('txn.status'), children: enumText(t, 'paymentLinkStatus', link.Status) },
        { key: 'desc', label: t('related.description'), children: link.Description ?? NO_VALUE },
        { key: 'created', label: t('related.createdAt'), children: formatDateTime(link.CreatedAt) },
        { key: 'expires', label: t('related.expiresAt'), children: formatDateTime(link.ExpiresAt) },
      ]
    : [];

  const sched = related.RecurringSchedule;
  const schedItems: Items = sched
    ? [
        { key: 'cust', label: t('detail.cust_name'), children: sched.CustName },
        { key: 'ref', label: t('detail.cust_ref'), children: sched.CustRef ?? NO_VALUE },
        { key: 'amount', label: t('txn.amount'), children: formatMoney(sched.Amount, sched.Currency) },
        { key: 'freq', label: t('related.frequency'), children: enumText(t, 'frequency', sched.Frequency) },
        { key: 'status', label: t('txn.status'), children: enumText(t, 'recurringStatus', sched.Status) },
        { key: 'start', label: t('related.startDate'), children: sched.StartDate.split('-').reverse().join('-') },
        {
          key: 'cycles',
          label: t('related.cycles'),
          children: sched.CyclesTotal === null ? formatCount(sched.CyclesDone, i18n.language) : `${formatCount(sched.CyclesDone, i18n.language)} / ${formatCount(sched.CyclesTotal, i18n.language)}`,
        },
        { key: 'next', label: t('related.nextRunAt'), children: formatDateTime(sched.NextRunAt) },
      ]
    : [];

  return (
    <Flex vertical gap={16}>
      {related.PreauthChain && (
        <section data-testid="txn-preauth-chain">
          <Flex vertical gap={8}>
            {title('detail.preauth_chain')}
            {/* The table scrolls sideways in this box on a phone; the box is a Tab stop so a keyboard can scroll it (axe scrollable-region-focusable). */}
            <div role="region" aria-label={t('detail.preauth_chain')} tabIndex={0} style={{ overflowX: 'auto' }}>
              <Table<PreauthChainItem> size="small" rowKey="Id" columns={chainColumns} dataSource={related.PreauthChain} pagination={false} />
            </div>
          </Flex>
        </section>
      )}
      {related.PaymentLink !== undefined &&
        (link ? <Descriptions {...common} title={t('detail.payment_link')} items={linkItems} data-testid="txn-payment-link" /> : <section data-testid="txn-payment-link">{title('detail.payment_link')}{missing}</section>)}
      {related.RecurringSchedule !== undefined &&
        (sched ? (
          <Descriptions {...common} title={t('detail.recurring_schedule')} items={schedItems} data-testid="txn-recurring-schedule" />
        ) : (
          <section data-testid="txn-recurring-schedule">{title('detail.recurring_schedule')}{missing}</section>
        ))}
      {related.Timeline && (
        <section data-testid="txn-timeline">
          <Flex vertical gap={8}>
            {title('detail.timeline')}
            <Timeline
              items={related.Timeline.map((e, i) => ({
                key: `${e.Code}-${e.RefId ?? ''}-${i}`,
                color: e.Code === 'DECLINED' || e.Code === 'VOIDED' ? 'red' : e.Code === 'INITIATED' ? 'gray' : 'blue',
                content: (
                  <Flex vertical gap={0}>
                    <TimelineTitle text={t(e.LabelKey)} to={refundEventPath(e, held)} />
                    <Typography.Text type="secondary">{formatDateTime(e.At)}</Typography.Text>
                    {(e.Status || e.Amount) && (
                      <Typography.Text>
                        {[e.Status ? enumText(t, eventStatusEnum(e), e.Status) : null, e.Amount && e.Currency ? formatMoney(e.Amount, e.Currency) : null].filter(Boolean).join(' · ')}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              }))}
            />
          </Flex>
        </section>
      )}
    </Flex>
  );
}

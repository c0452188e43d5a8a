/**
 * The unattended terminals' cash (§2 "Unattended terminal"), both on the report
 * engine over the server source `unattended_cash_events` (one row per cash event of a terminal,
 * counts per MYR denomination and direction, amounts derived from them; domain unattended-cash.ts):
 * - /unattended-history/Denomination: the events themselves, a list report (keyset pages, detail,
 *   export) filtered by MYT date range, TID, organization and event kind, newest first;
 * - /unattended-report/Denomination: a summary report of the same events, per terminal (or
 *   branch) and MYT day (or ISO week, month): event count, pieces in and out per denomination,
 *   cash in, cash out and net, drilling into the history with the row's TID and days.
 * Money is MYR (the machines count ringgit), decimal strings; both take the header currency like
 * every terminal view, so another currency shows no cash. Exports are guarded by
 * `transaction:export`, the terminal views' export permission: cash counts are terminal data, and
 * a branch (which does not hold it) exports none of them either.
 */
import { CASH_DENOMINATIONS, CASH_DIRECTIONS, CASH_EVENT_KINDS, cashCountColumn, cashCountKey } from '@paydesk/domain';
import { defineReport, type ReportColumn, type ReportFilter, type ReportMeasure } from '../define.ts';
import { TERMINAL_CODE_FILTERS, TXN } from './transaction-columns.ts';

/** The i18n key of a denomination count's title, e.g. 'cash.Note100In' ("RM100 in"). */
export const cashCountLabelKey = (key: string): string => `cash.${key}`;

/** Every count column (pieces of one denomination in one direction): in the detail and export, in wide lists. */
const COUNT_COLUMNS: readonly ReportColumn[] = CASH_DIRECTIONS.flatMap((dir) =>
  CASH_DENOMINATIONS.map((d): ReportColumn => {
    const key = cashCountKey(d, dir);
    return { key, source: cashCountColumn(d, dir), labelKey: cashCountLabelKey(key), kind: 'count', priority: 3, section: dir === 'in' ? 'cashIn' : 'cashOut' };
  }),
);

/** The columns of a cash event, by key. */
export const CASH_EVENT = {
  OccurredAt: { key: 'OccurredAt', source: 'occurred_at', labelKey: 'cash.occurredAt', kind: 'datetime', priority: 1, sortable: true },
  TID: { key: 'TID', source: 'tid', labelKey: 'detail.tid', kind: 'text', priority: 1 },
  EventKind: { key: 'EventKind', source: 'event_kind', labelKey: 'cash.eventKind', kind: 'enum', enumKey: 'cashEventKind', priority: 1 },
  CashIn: { key: 'CashIn', source: 'cash_in_amount', labelKey: 'cash.cashIn', kind: 'money', priority: 1 },
  CashOut: { key: 'CashOut', source: 'cash_out_amount', labelKey: 'cash.cashOut', kind: 'money', priority: 1 },
  NetAmount: { key: 'NetAmount', source: 'net_amount', labelKey: 'cash.net', kind: 'money', priority: 2 },
  MerchantName: TXN.MerchantName,
  BranchName: TXN.BranchName,
  TxnRefNo: { ...TXN.TxnRefNo, priority: 3 },
  MID: { ...TXN.MID, in: ['detail', 'export'] },
  EventId: { key: 'EventId', source: 'id', labelKey: 'cash.eventId', kind: 'count', in: ['detail', 'export'] },
  Currency: TXN.Currency,
  MasterMerchantName: TXN.MasterMerchantName,
  AgencyName: TXN.AgencyName,
  AgentName: TXN.AgentName,
} as const satisfies Record<string, ReportColumn>;

const [tidFilter] = TERMINAL_CODE_FILTERS;

/** The filters both screens share: MYT date range, TID, organization cascade, the header currency. */
const CASH_FILTERS = [
  { kind: 'dateRange', source: 'occurred_at', labelKey: 'txn.dateRange' },
  tidFilter,
  { kind: 'org' },
  { kind: 'currency', source: 'currency' },
] as const satisfies readonly ReportFilter[];

/** /unattended-history/Denomination: every cash event in the caller's subtree, newest first. */
export const unattendedHistory = defineReport({
  kind: 'list',
  name: 'UnattendedHistory',
  path: '/unattended-history/Denomination',
  api: 'Unattended/History',
  permission: 'unattended:history',
  exportPermission: 'transaction:export',
  titleKey: 'report.unattendedHistory.title',
  source: 'unattended_cash_events',
  where: {},
  idOf: 'cashEvent',
  filters: [
    ...CASH_FILTERS,
    { kind: 'enum', key: 'EventKind', source: 'event_kind', values: CASH_EVENT_KINDS, enumKey: 'cashEventKind', labelKey: 'cash.eventKind' },
  ],
  columns: [
    CASH_EVENT.OccurredAt, CASH_EVENT.TID, CASH_EVENT.EventKind, CASH_EVENT.CashIn, CASH_EVENT.CashOut, CASH_EVENT.NetAmount,
    CASH_EVENT.MerchantName, CASH_EVENT.BranchName, CASH_EVENT.TxnRefNo, ...COUNT_COLUMNS, CASH_EVENT.MID, CASH_EVENT.EventId, CASH_EVENT.Currency,
    CASH_EVENT.MasterMerchantName, CASH_EVENT.AgencyName, CASH_EVENT.AgentName,
  ],
  amountKey: 'NetAmount',
  defaultSort: { key: 'OccurredAt', order: 'desc' },
  dateColumn: 'occurred_at',
  exportName: 'unattended-denomination-history',
  detailTitleKey: 'cash.detail',
});

/** The summary measures: events, pieces per denomination and direction, cash in, out and net. */
const CASH_MEASURES: readonly ReportMeasure[] = [
  { key: 'EventCount', source: 'eventCount', labelKey: 'cash.eventCount', kind: 'count' },
  { key: 'CashIn', source: 'cashIn', labelKey: 'cash.cashIn', kind: 'money' },
  { key: 'CashOut', source: 'cashOut', labelKey: 'cash.cashOut', kind: 'money' },
  { key: 'NetAmount', source: 'netAmount', labelKey: 'cash.net', kind: 'money' },
  ...COUNT_COLUMNS.map((c): ReportMeasure => ({ key: c.key, source: c.source, labelKey: c.labelKey, kind: 'count' })),
];

/**
 * /unattended-report/Denomination: the events' totals per terminal and MYT day by default. The
 * summary engine fits: its periods are MYT days / weeks / months, its dimensions the terminal
 * (a text group) and the branch (an org group, named; not the merchant HQ: a branch's user would
 * be answered its HQ's id, an organization above its subtree), its filters those of the list (the TID a
 * code filter the engine hands to the source), its export and drill-down (into the history, with
 * the row's TID and days: EventCount is exactly the drilled list's TotalRecords) come with it. The
 * source reads the events with one GROUP BY (server reports/summary-unattended.ts): the
 * caller's scope column and the day range are the leading keys of an index of the table.
 */
export const unattendedReport = defineReport({
  kind: 'summary',
  name: 'UnattendedReport',
  path: '/unattended-report/Denomination',
  api: 'Unattended/Report',
  permission: 'unattended:report',
  exportPermission: 'transaction:export',
  titleKey: 'report.unattendedReport.title',
  source: 'unattended_cash',
  where: {},
  filters: CASH_FILTERS,
  periods: ['day', 'week', 'month'],
  defaultPeriod: 'day',
  dimensions: [
    { key: 'Terminal', source: 'tid', labelKey: 'detail.tid', kind: 'text', drillKey: 'TID' },
    { key: 'Branch', source: 'branch', labelKey: 'txn.branch', kind: 'org', drillKey: 'BranchId' },
  ],
  defaultGroupBy: 'Terminal',
  measures: CASH_MEASURES,
  drillTo: '/unattended-history/Denomination',
  exportName: 'unattended-denomination-report',
});

/**
 * The payout reports (§2 "Payout" and "Risks") over the source `payouts`: one
 * row per merchant HQ, MYT business day, channel and currency — gross sales, refunds, MDR and
 * chargebacks, the net (gross − refunds − MDR − chargebacks), the negative balance carried in,
 * what is payable, the payout date (T+X payout days) and the state.
 *  - /payout-report (`payoutreport:view`): every payout in the caller's subtree (merchant HQs,
 *    agents, agencies and master merchants see their own merchants').
 *  - /tpa-payout-report (`tpapayoutreport:view`): the payouts the platform funds from an
 *    acquirer's settlement (channels RM, PAYDEE, BSN). Platform staff.
 *  - /tpa-payout-report-v2 (`tpapayoutreportv2:view`, under Risks): the same payouts as a risk
 *    desk — the state, the violation and the hold first; its detail holds a payout for a violation
 *    of RiskViolationOptions or releases a hold (Payout/Hold, Payout/Release).
 * Sorted by business day (newest first) or payout date, each with its (scope, sort, id) index;
 * filtered by business day (MYT), payout date, state, channel, organization and currency.
 */
import { PAYOUT_CHANNELS, PAYOUT_STATES, RULE_MESSAGES } from '@paydesk/domain';
import { defineReport, type ListReportDef, type ReportColumn, type ReportFilter } from '../define.ts';
import { TXN } from './transaction-columns.ts';

export const PAYOUT_COLUMNS = {
  BusinessDay: { key: 'BusinessDay', source: 'business_day', labelKey: 'payout.businessDay', kind: 'date', priority: 1, sortable: true },
  PayoutDate: { key: 'PayoutDate', source: 'payout_date', labelKey: 'payout.payoutDate', kind: 'date', priority: 1, sortable: true },
  MerchantName: TXN.MerchantName,
  Channel: { key: 'Channel', source: 'channel', labelKey: 'payout.channel', kind: 'enum', enumKey: 'payoutChannel', priority: 2 },
  State: { key: 'State', source: 'state', labelKey: 'payout.state', kind: 'enum', enumKey: 'payoutState', priority: 1 },
  Currency: TXN.Currency,
  SalesCount: { key: 'SalesCount', source: 'sales_count', labelKey: 'payout.salesCount', kind: 'count', priority: 3, section: 'figures' },
  Gross: { key: 'Gross', source: 'gross', labelKey: 'payout.gross', kind: 'money', priority: 2, section: 'figures' },
  RefundCount: { key: 'RefundCount', source: 'refund_count', labelKey: 'payout.refundCount', kind: 'count', in: ['detail', 'export'], section: 'figures' },
  Refunds: { key: 'Refunds', source: 'refunds', labelKey: 'payout.refunds', kind: 'money', priority: 3, section: 'figures' },
  Mdr: { key: 'Mdr', source: 'mdr', labelKey: 'payout.mdr', kind: 'money', priority: 3, section: 'figures' },
  Chargebacks: { key: 'Chargebacks', source: 'chargebacks', labelKey: 'payout.chargebacks', kind: 'money', in: ['detail', 'export'], section: 'figures' },
  Net: { key: 'Net', source: 'net', labelKey: 'payout.net', kind: 'money', priority: 2, section: 'figures' },
  CarryIn: { key: 'CarryIn', source: 'carry_in', labelKey: 'payout.carryIn', kind: 'money', in: ['detail', 'export'], section: 'figures' },
  Payable: { key: 'Payable', source: 'payable', labelKey: 'payout.payable', kind: 'money', priority: 1, section: 'figures' },
  CarryOut: { key: 'CarryOut', source: 'carry_out', labelKey: 'payout.carryOut', kind: 'money', in: ['detail', 'export'], section: 'figures' },
  SettlementDays: { key: 'SettlementDays', source: 'settlement_days', labelKey: 'payout.settlementDays', kind: 'count', in: ['detail', 'export'] },
  Violation: { key: 'Violation', source: 'violation', labelKey: 'payout.violation', kind: 'enum', enumKey: 'riskRule', in: ['detail', 'export'], section: 'hold' },
  HoldNote: { key: 'HoldNote', source: 'hold_note', labelKey: 'payout.holdNote', kind: 'text', in: ['detail', 'export'], section: 'hold' },
  HeldAt: { key: 'HeldAt', source: 'held_at', labelKey: 'payout.heldAt', kind: 'datetime', in: ['detail', 'export'], section: 'hold' },
  // Four eyes, said before a note is typed: who held it (never its releaser) and who released it.
  HeldBy: { key: 'HeldBy', source: 'user.holder', labelKey: 'payout.heldBy', kind: 'text', in: ['detail', 'export'], section: 'hold' },
  ReleasedBy: { key: 'ReleasedBy', source: 'user.releaser', labelKey: 'payout.releasedBy', kind: 'text', in: ['detail', 'export'], section: 'hold' },
  ReleaseNote: { key: 'ReleaseNote', source: 'release_note', labelKey: 'payout.releaseNote', kind: 'text', in: ['detail', 'export'], section: 'hold' },
  ReleasedAt: { key: 'ReleasedAt', source: 'released_at', labelKey: 'payout.releasedAt', kind: 'datetime', in: ['detail', 'export'], section: 'hold' },
  BatchId: { key: 'BatchId', source: 'batch_id', labelKey: 'payout.batchId', kind: 'count', in: ['detail', 'export'], section: 'bank' },
  PaidAt: { key: 'PaidAt', source: 'paid_at', labelKey: 'payout.paidAt', kind: 'datetime', in: ['detail', 'export'], section: 'bank' },
  FailureReason: { key: 'FailureReason', source: 'failure_reason', labelKey: 'payout.failureReason', kind: 'text', in: ['detail', 'export'], section: 'bank' },
  PayoutId: { key: 'PayoutId', source: 'id', labelKey: 'payout.id', kind: 'count', in: ['detail', 'export'] },
  AgentName: { ...TXN.AgentName, in: ['detail', 'export'] },
  MasterMerchantName: { ...TXN.MasterMerchantName, in: ['detail', 'export'] },
} as const satisfies Record<string, ReportColumn>;

const P = PAYOUT_COLUMNS;

/** `column` shown in the table too, at `priority`. */
function listed(column: ReportColumn, priority: 1 | 2 | 3): ReportColumn {
  const { in: _hidden, ...rest } = column;
  return { ...rest, priority };
}

/** The filters of every payout report. */
function payoutFilters(): ReportFilter[] {
  return [
    { kind: 'dateRange', source: 'business_day_at', labelKey: 'payout.businessDay' },
    { kind: 'code', key: 'PayoutDate', source: 'payout_date', labelKey: 'payout.payoutDate', pattern: /^\d{4}-\d{2}-\d{2}$/, maxLength: 10, message: RULE_MESSAGES.settlementDate },
    { kind: 'enum', key: 'State', source: 'state', values: PAYOUT_STATES, enumKey: 'payoutState', labelKey: 'payout.state' },
    { kind: 'enum', key: 'Channel', source: 'channel', values: PAYOUT_CHANNELS, enumKey: 'payoutChannel', labelKey: 'payout.channel' },
    { kind: 'org' },
    { kind: 'currency', source: 'currency' },
    // A bank batch's lines: its number as the batch list shows it.
    { kind: 'code', key: 'BatchId', source: 'batch_id', labelKey: 'payout.batchId', pattern: /^\d{1,12}$/, maxLength: 12, message: RULE_MESSAGES.payoutBatchId },
  ];
}

function payoutReport(o: { name: string; path: string; api: string; module: string; titleKey: string; tpa: boolean; columns: readonly ReportColumn[]; exportName: string }): ListReportDef {
  return defineReport<ListReportDef>({
    kind: 'list',
    name: o.name,
    path: o.path,
    api: o.api,
    permission: `${o.module}:view`,
    exportPermission: `${o.module}:view`,
    titleKey: o.titleKey,
    ...(o.tpa ? { groupTypes: ['SUPERADMIN'] } : {}),
    source: 'payouts',
    where: o.tpa ? { channel: ['RM', 'PAYDEE', 'BSN'] } : {},
    idOf: 'payout',
    filters: payoutFilters(),
    columns: o.columns,
    amountKey: 'Payable',
    defaultSort: { key: 'BusinessDay', order: 'desc' },
    dateColumn: 'business_day_at',
    exportName: o.exportName,
    detailTitleKey: 'payout.detail',
  });
}

export const payoutReportDef = payoutReport({
  name: 'Payout', path: '/payout-report', api: 'Payout/Report', module: 'payoutreport', titleKey: 'report.payout.all', tpa: false, columns: Object.values(P), exportName: 'payout-report',
});

export const tpaPayoutReport = payoutReport({
  name: 'PayoutTpa', path: '/tpa-payout-report', api: 'Payout/Tpa', module: 'tpapayoutreport', titleKey: 'report.payout.tpa', tpa: true, columns: Object.values(P), exportName: 'tpa-payout-report',
});

/** The risk desk's view: state and violation first, the hold's fields in the table. */
export const tpaPayoutRiskReport = payoutReport({
  name: 'PayoutRisk', path: '/tpa-payout-report-v2', api: 'Payout/Risk', module: 'tpapayoutreportv2', titleKey: 'report.payout.risk', tpa: true, exportName: 'tpa-payout-report-v2',
  columns: [
    P.BusinessDay, P.State, listed(P.Violation, 1), P.MerchantName, P.Channel, P.Payable, P.PayoutDate, listed(P.HoldNote, 2),
    P.Currency, P.SalesCount, P.Gross, P.RefundCount, P.Refunds, P.Mdr, P.Chargebacks, P.Net, P.CarryIn, P.CarryOut, P.SettlementDays, P.HeldAt, P.HeldBy, P.ReleaseNote, P.ReleasedAt, P.ReleasedBy,
    P.BatchId, P.PaidAt, P.FailureReason, P.PayoutId, P.AgentName, P.MasterMerchantName,
  ],
});

/** The three payout reports, in the §2 menu order. */
export const PAYOUT_REPORTS = [payoutReportDef, tpaPayoutReport, tpaPayoutRiskReport] as const;

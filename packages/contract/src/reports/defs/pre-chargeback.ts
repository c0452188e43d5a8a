/**
 * /pre-chargeback: the refund desk's queue on the report engine, over the source
 * `refund_requests` (one row per request, carrying its transaction's owner columns, so the
 * caller's scope is the same one indexed equality as the transaction views). Newest request
 * first (keyset on created_at, id; indexes refund_requests_*_created_idx); filters by §4 status,
 * §9 reason, service type, request date, organization cascade, amount and reference. The row's
 * detail is the handling screen's "details"; its actions (manual refund, reject, not found,
 * resend acknowledgement, view log) are the RiskPreChargeback routes. Merchant-side callers see
 * their own subtree's requests; deciding them is the platform's (permissions).
 */
import { REFUND_REASONS, REFUND_SERVICE_TYPE_CODES, REFUND_STATUS_OUTSIDE, REFUND_STATUSES, RULE_MESSAGES } from '@paydesk/domain';
import { defineReport, type ReportColumn } from '../define.ts';
import { TXN } from './transaction-columns.ts';

export const REFUND_COLUMNS = {
  CreatedAt: { key: 'CreatedAt', source: 'created_at', labelKey: 'refund.requestedAt', kind: 'datetime', priority: 1, sortable: true },
  TxnRefNo: TXN.TxnRefNo,
  MerchantName: TXN.MerchantName,
  BranchName: TXN.BranchName,
  ServiceType: { key: 'ServiceType', source: 'service_type', labelKey: 'detail.service_type', kind: 'enum', enumKey: 'serviceType', priority: 3 },
  ReasonCode: { key: 'ReasonCode', source: 'reason_code', labelKey: 'refund.reason', kind: 'enum', enumKey: 'refundReason', priority: 2 },
  Status: { key: 'Status', source: 'status', labelKey: 'txn.status', kind: 'enum', enumKey: 'refundStatus', priority: 1, outside: REFUND_STATUS_OUTSIDE },
  TxnAmount: { key: 'TxnAmount', source: 'amount', labelKey: 'refund.amount', kind: 'money', priority: 1 },
  Currency: TXN.Currency,
  Description: { key: 'Description', source: 'description', labelKey: 'refund.description', kind: 'text', in: ['detail', 'export'] },
  UpdatedAt: { key: 'UpdatedAt', source: 'updated_at', labelKey: 'detail.updated_at', kind: 'datetime', in: ['detail', 'export'] },
  RefundedAt: { key: 'RefundedAt', source: 'refunded_at', labelKey: 'refund.refundedAt', kind: 'datetime', in: ['detail', 'export'] },
  TransactionId: { key: 'TransactionId', source: 'transaction_id', labelKey: 'refund.transactionId', kind: 'text', in: ['detail'] },
  // Where the merchant's acknowledgement goes; none: "Resend acknowledgement" is shown disabled with that reason.
  CallbackUrl: { key: 'CallbackUrl', source: 'config.callback', labelKey: 'refund.callbackUrl', kind: 'text', in: ['detail'] },
  MasterMerchantName: TXN.MasterMerchantName,
  AgencyName: TXN.AgencyName,
  AgentName: TXN.AgentName,
} as const satisfies Record<string, ReportColumn>;

export const preChargeback = defineReport({
  kind: 'list',
  name: 'PreChargeback',
  path: '/pre-chargeback',
  api: 'RiskPreChargeback/Request',
  permission: 'prechargeback:view',
  exportPermission: 'transaction:export',
  titleKey: 'report.preChargeback.title',
  groupTypes: ['SUPERADMIN', 'MASTER_MERCHANT', 'AGENCY', 'AGENT', 'MERCHANT_HQ'],
  source: 'refund_requests',
  where: {},
  idOf: 'refundRequest',
  filters: [
    { kind: 'dateRange', source: 'created_at', labelKey: 'refund.requestedAt' },
    { kind: 'enum', key: 'Status', source: 'status', values: REFUND_STATUSES, enumKey: 'refundStatus', labelKey: 'txn.status' },
    { kind: 'enum', key: 'ReasonCode', source: 'reason_code', values: REFUND_REASONS, enumKey: 'refundReason', labelKey: 'refund.reason' },
    { kind: 'enum', key: 'ServiceType', source: 'service_type', values: REFUND_SERVICE_TYPE_CODES, enumKey: 'serviceType', labelKey: 'detail.service_type' },
    { kind: 'org' },
    { kind: 'moneyRange', source: 'amount', labelKey: 'refund.amount' },
    { kind: 'code', key: 'TxnRefNo', source: 'txn_ref_no', labelKey: 'txn.txnRefNoShort', pattern: /^[A-Za-z0-9_-]{1,64}$/, maxLength: 64, message: RULE_MESSAGES.txnRefNo, prefix: true },
    { kind: 'currency', source: 'currency' },
  ],
  columns: [
    REFUND_COLUMNS.CreatedAt, REFUND_COLUMNS.TxnRefNo, REFUND_COLUMNS.MerchantName, REFUND_COLUMNS.BranchName, REFUND_COLUMNS.ServiceType,
    REFUND_COLUMNS.ReasonCode, REFUND_COLUMNS.Status, REFUND_COLUMNS.TxnAmount, REFUND_COLUMNS.Currency, REFUND_COLUMNS.Description,
    REFUND_COLUMNS.UpdatedAt, REFUND_COLUMNS.RefundedAt, REFUND_COLUMNS.TransactionId, REFUND_COLUMNS.CallbackUrl, REFUND_COLUMNS.MasterMerchantName,
    REFUND_COLUMNS.AgencyName, REFUND_COLUMNS.AgentName,
  ],
  amountKey: 'TxnAmount',
  defaultSort: { key: 'CreatedAt', order: 'desc' },
  dateColumn: 'created_at',
  exportName: 'pre-chargeback',
  detailTitleKey: 'refund.detail',
});

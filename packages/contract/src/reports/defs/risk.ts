/**
 * The risk desk on the report engine:
 *  - /risk: the alerts as tickets (§4 ticket status PENDING → OPEN → CLOSE), over the source
 *    `risk_alerts` (owner columns of the merchant whose transaction raised it), newest first;
 *    filters by status, rule, assignee (mine / unassigned), date, organization; the subject by name
 *    and kind, the case's age, the assignee's name. The detail is the ticket; its actions (take,
 *    assign to a colleague, comment, close), its evidence transactions and its history are the Risk
 *    routes.
 *  - /risk-transaction: the transactions that triggered rules, one row per alert and transaction,
 *    with the rule, over `risk_alert_transactions` (the transaction's fields copied when the alert
 *    was raised), newest alert first.
 * Threshold and observed value are decimal text in the rule's unit (RM for amount rules, % for
 * ratios, a count of transactions or days otherwise: domain RISK_THRESHOLD_KINDS); the screens
 * write them in it (`unitBy`).
 */
import { RISK_ALERT_RULES, RISK_THRESHOLD_KINDS, TICKET_STATUSES } from '@paydesk/domain';
import { defineReport, type ReportColumn } from '../define.ts';
import { TXN } from './transaction-columns.ts';

/** Threshold and observed value are written in their rule's unit (money in the alert's currency, %, transactions, days). */
const BY_RULE = { column: 'RuleCode', units: RISK_THRESHOLD_KINDS } as const;

const RULE = { key: 'RuleCode', source: 'rule_code', labelKey: 'risk.rule', kind: 'enum', enumKey: 'riskRule', priority: 1 } as const satisfies ReportColumn;

export const RISK_ALERT_COLUMNS = {
  CreatedAt: { key: 'CreatedAt', source: 'created_at', labelKey: 'risk.raisedAt', kind: 'datetime', priority: 1, sortable: true },
  AlertId: { key: 'AlertId', source: 'id', labelKey: 'risk.alertId', kind: 'text', in: ['detail', 'export'] },
  RuleCode: RULE,
  // Named as a person reads it (the merchant, the masked card, the IP, the transaction's reference), fixed when raised.
  SubjectKind: { key: 'SubjectKind', source: 'subject_kind', labelKey: 'risk.subjectKind', kind: 'enum', enumKey: 'riskSubject', priority: 3 },
  Subject: { key: 'Subject', source: 'subject_label', labelKey: 'risk.subject', kind: 'text', priority: 2 },
  // How long the case has waited since it was raised (the queue's oldest first by sorting Raised at ascending).
  Age: { key: 'Age', source: 'created_at', labelKey: 'risk.age', kind: 'datetime', display: 'age', priority: 2, in: ['list', 'detail'] },
  Threshold: { key: 'Threshold', source: 'threshold', labelKey: 'risk.threshold', kind: 'text', priority: 3, unitBy: BY_RULE },
  Observed: { key: 'Observed', source: 'observed', labelKey: 'risk.observed', kind: 'text', priority: 2, unitBy: BY_RULE },
  Status: { key: 'Status', source: 'status', labelKey: 'txn.status', kind: 'enum', enumKey: 'ticketStatus', priority: 1 },
  // The case owner (take / take over / assign); null while unassigned.
  Assignee: { key: 'Assignee', source: 'user.assignee', labelKey: 'risk.assignee', kind: 'text', priority: 2 },
  MerchantName: TXN.MerchantName,
  WindowStart: { key: 'WindowStart', source: 'window_start', labelKey: 'risk.windowStart', kind: 'datetime', in: ['detail', 'export'] },
  // In the rows too: an amount rule's values are money in it.
  Currency: { key: 'Currency', source: 'currency', labelKey: 'shell.currency', kind: 'text', priority: 3 },
  Resolution: { key: 'Resolution', source: 'resolution', labelKey: 'risk.resolution', kind: 'text', in: ['detail', 'export'] },
  UpdatedAt: { key: 'UpdatedAt', source: 'updated_at', labelKey: 'detail.updated_at', kind: 'datetime', in: ['detail', 'export'] },
  MasterMerchantName: TXN.MasterMerchantName,
  AgencyName: TXN.AgencyName,
  AgentName: TXN.AgentName,
} as const satisfies Record<string, ReportColumn>;

export const riskAlerts = defineReport({
  kind: 'list',
  name: 'RiskAlert',
  path: '/risk',
  api: 'Risk/Alert',
  permission: 'risk:view',
  exportPermission: 'transaction:export',
  titleKey: 'report.riskAlert.title',
  source: 'risk_alerts',
  where: {},
  idOf: 'riskAlert',
  filters: [
    { kind: 'dateRange', source: 'created_at', labelKey: 'risk.raisedAt' },
    { kind: 'enum', key: 'Status', source: 'status', values: TICKET_STATUSES, enumKey: 'ticketStatus', labelKey: 'txn.status' },
    { kind: 'enum', key: 'RuleCode', source: 'rule_code', values: RISK_ALERT_RULES, enumKey: 'riskRule', labelKey: 'risk.rule' },
    // "My queue": Assignee ME (a saved view of it is each user's own queue).
    { kind: 'assignee', key: 'Assignee', source: 'assignee_user_id', labelKey: 'risk.assignee' },
    { kind: 'org' },
  ],
  columns: Object.values(RISK_ALERT_COLUMNS),
  defaultSort: { key: 'CreatedAt', order: 'desc' },
  dateColumn: 'created_at',
  exportName: 'risk-alerts',
  detailTitleKey: 'risk.detail',
});

export const riskTransactions = defineReport({
  kind: 'list',
  name: 'RiskTransaction',
  path: '/risk-transaction',
  api: 'Risk/Transaction',
  permission: 'risktransaction:view',
  exportPermission: 'transaction:export',
  titleKey: 'report.riskTransaction.title',
  source: 'risk_alert_transactions',
  where: {},
  idOf: 'riskAlertTransaction',
  filters: [
    { kind: 'dateRange', source: 'alerted_at', labelKey: 'risk.raisedAt' },
    { kind: 'enum', key: 'RuleCode', source: 'rule_code', values: RISK_ALERT_RULES, enumKey: 'riskRule', labelKey: 'risk.rule' },
    { kind: 'org' },
    { kind: 'moneyRange', source: 'amount', labelKey: 'txn.amount' },
    { kind: 'currency', source: 'currency' },
  ],
  columns: [
    { key: 'AlertedAt', source: 'alerted_at', labelKey: 'risk.raisedAt', kind: 'datetime', priority: 1, sortable: true },
    RULE,
    TXN.TxnRefNo,
    { key: 'TxnCreatedAt', source: 'txn_created_at', labelKey: 'txn.date', kind: 'datetime', priority: 2 },
    TXN.MerchantName,
    TXN.BranchName,
    { ...TXN.ServiceType, in: ['detail', 'export'] },
    TXN.PaymentMethod,
    TXN.MaskedPAN,
    { key: 'ClientIp', source: 'client_ip', labelKey: 'risk.clientIp', kind: 'text', priority: 3 },
    TXN.Status,
    TXN.TxnAmount,
    TXN.Currency,
    { key: 'AlertId', source: 'alert_id', labelKey: 'risk.alertId', kind: 'text', in: ['detail', 'export'] },
    TXN.MasterMerchantName,
    TXN.AgencyName,
    TXN.AgentName,
  ],
  amountKey: 'TxnAmount',
  defaultSort: { key: 'AlertedAt', order: 'desc' },
  dateColumn: 'alerted_at',
  exportName: 'risk-transactions',
  detailTitleKey: 'risk.transactionDetail',
});

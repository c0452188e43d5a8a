/**
 * Column and filter building blocks shared by the transaction reports: every live
 * transaction view lists a subset of these, so a column's key, source, label and kind are
 * written once. Label keys are the existing screen keys (en/ms/zh in the web catalogues and, for
 * export headers, `REPORT_LABELS`).
 */
import { BNPL_PROVIDERS, CARD_SCHEMES, ENTRY_MODES, PAYMENT_METHODS, PREAUTH_OPERATIONS, REFUND_STATUS_OUTSIDE, RULE_MESSAGES, TRANSACTION_STATUSES, TRANSACTION_TYPES, WALLET_PROVIDERS } from '@paydesk/domain';
import type { ReportColumn, ReportFilter } from '../define.ts';

/** The columns of a transaction row, by key. `in` and `priority` are the e-commerce view's. */
export const TXN = {
  TxnRefNo: { key: 'TxnRefNo', source: 'txn_ref_no', labelKey: 'txn.txnRefNoShort', kind: 'text', priority: 1 },
  /** The list's date: when the record was created (indexed, the keyset order); §3's detail date is PaymentCreationDate. */
  CreatedAt: { key: 'CreatedAt', source: 'created_at', labelKey: 'txn.date', kind: 'datetime', priority: 1, sortable: true, in: ['list', 'export'] },
  PaymentCreationDate: { key: 'PaymentCreationDate', source: 'payment_creation_date', labelKey: 'detail.transaction_date', kind: 'datetime', in: ['detail'] },
  UpdatedAt: { key: 'UpdatedAt', source: 'updated_at', labelKey: 'detail.updated_at', kind: 'datetime', in: ['detail'] },
  MerchantName: { key: 'MerchantName', source: 'org.merchant', labelKey: 'txn.merchant', kind: 'text', priority: 2, section: 'hierarchy' },
  BranchName: { key: 'BranchName', source: 'org.branch', labelKey: 'txn.branch', kind: 'text', priority: 3, section: 'hierarchy' },
  MasterMerchantName: { key: 'MasterMerchantName', source: 'org.master_merchant', labelKey: 'detail.master_merchant', kind: 'text', in: ['detail'], section: 'hierarchy' },
  AgencyName: { key: 'AgencyName', source: 'org.agency', labelKey: 'detail.agency', kind: 'text', in: ['detail'], section: 'hierarchy' },
  AgentName: { key: 'AgentName', source: 'org.agent', labelKey: 'detail.agent', kind: 'text', in: ['detail'], section: 'hierarchy' },
  MID: { key: 'MID', source: 'mid', labelKey: 'detail.mid', kind: 'text', priority: 3 },
  TID: { key: 'TID', source: 'tid', labelKey: 'detail.tid', kind: 'text', in: ['detail'] },
  ServiceType: { key: 'ServiceType', source: 'service_type', labelKey: 'detail.service_type', kind: 'enum', enumKey: 'serviceType', in: ['detail', 'export'] },
  PaymentMethod: { key: 'PaymentMethod', source: 'payment_method', labelKey: 'txn.paymentMethod', kind: 'enum', enumKey: 'paymentMethod', priority: 2 },
  CardScheme: { key: 'CardScheme', source: 'card_scheme', labelKey: 'txn.cardScheme', kind: 'enum', enumKey: 'cardScheme', priority: 3 },
  CardType: { key: 'CardType', source: 'card_type', labelKey: 'detail.card_type', kind: 'text', in: ['detail'] },
  MaskedPAN: { key: 'MaskedPAN', source: 'masked_pan', labelKey: 'txn.maskedPan', kind: 'pan', priority: 3 },
  IssuerCountry: { key: 'IssuerCountry', source: 'issuer_country', labelKey: 'detail.issuer_country', kind: 'text', in: ['detail'] },
  BankCode: { key: 'BankCode', source: 'bank_code', labelKey: 'detail.bank_code', kind: 'text', in: ['detail'] },
  TxnType: { key: 'TxnType', source: 'txn_type', labelKey: 'txn.type', kind: 'enum', enumKey: 'transactionType', priority: 3 },
  Status: { key: 'Status', source: 'status', labelKey: 'txn.status', kind: 'enum', enumKey: 'status', priority: 1 },
  Currency: { key: 'Currency', source: 'currency', labelKey: 'shell.currency', kind: 'text', in: ['export'] },
  TxnAmount: { key: 'TxnAmount', source: 'amount', labelKey: 'txn.amount', kind: 'money', priority: 1, sortable: true },
  /** What was refunded of it and the status of its latest refund request (detail and export). */
  RefundedAmount: { key: 'RefundedAmount', source: 'refunded_amount', labelKey: 'txn.refundedAmount', kind: 'money', in: ['detail', 'export'] },
  RefundStatus: { key: 'RefundStatus', source: 'refund_status', labelKey: 'txn.refundStatus', kind: 'enum', enumKey: 'refundStatus', in: ['detail', 'export'], outside: REFUND_STATUS_OUTSIDE },
  AcquirerName: { key: 'AcquirerName', source: 'acquirer_name', labelKey: 'detail.acquirer_name', kind: 'text', in: ['detail'] },
  Provider: { key: 'Provider', source: 'provider', labelKey: 'detail.provider', kind: 'text', in: ['detail'] },
  AuthCode: { key: 'AuthCode', source: 'auth_code', labelKey: 'detail.auth_code', kind: 'text', in: ['detail'] },
  ResponseCode: { key: 'ResponseCode', source: 'response_code', labelKey: 'detail.response_code', kind: 'text', in: ['detail'] },
  ResponseMessage: { key: 'ResponseMessage', source: 'response_message', labelKey: 'detail.response_message', kind: 'text', in: ['detail'] },
  MerchantOrderNo: { key: 'MerchantOrderNo', source: 'merchant_order_no', labelKey: 'detail.merchant_order_no', kind: 'text', in: ['detail'] },
  OrderDescription: { key: 'OrderDescription', source: 'order_description', labelKey: 'detail.order_description', kind: 'text', in: ['detail'] },
  CustName: { key: 'CustName', source: 'cust_name', labelKey: 'detail.cust_name', kind: 'text', in: ['detail', 'export'], section: 'customer' },
  CustPhoneNo: { key: 'CustPhoneNo', source: 'cust_phone_no', labelKey: 'detail.cust_phone', kind: 'text', in: ['detail'], section: 'customer' },
  CustEmail: { key: 'CustEmail', source: 'cust_email', labelKey: 'detail.cust_email', kind: 'text', in: ['detail'], section: 'customer' },
  CustRef: { key: 'CustRef', source: 'cust_ref', labelKey: 'detail.cust_ref', kind: 'text', in: ['detail'], section: 'customer' },
  CustAddress1: { key: 'CustAddress1', source: 'cust_address1', labelKey: 'detail.address1', kind: 'text', in: ['detail'], section: 'customerAddress' },
  CustAddress2: { key: 'CustAddress2', source: 'cust_address2', labelKey: 'detail.address2', kind: 'text', in: ['detail'], section: 'customerAddress' },
  CustState: { key: 'CustState', source: 'cust_state', labelKey: 'detail.state', kind: 'text', in: ['detail'], section: 'customerAddress' },
  CustCity: { key: 'CustCity', source: 'cust_city', labelKey: 'detail.city', kind: 'text', in: ['detail'], section: 'customerAddress' },
  CustCountry: { key: 'CustCountry', source: 'cust_country', labelKey: 'detail.country', kind: 'text', in: ['detail'], section: 'customerAddress' },
  // The fields of each kind (docs/transaction-model.md).
  PreauthOp: { key: 'PreauthOp', source: 'preauth_op', labelKey: 'txn.preauthOp', kind: 'enum', enumKey: 'preAuthOperation', priority: 1 },
  OriginalTxnId: { key: 'OriginalTxnId', source: 'original_txn_id', labelKey: 'txn.originalTxnId', kind: 'count', in: ['detail', 'export'] },
  PaymentLinkId: { key: 'PaymentLinkId', source: 'payment_link_id', labelKey: 'txn.paymentLinkId', kind: 'count', priority: 3 },
  RecurringScheduleId: { key: 'RecurringScheduleId', source: 'recurring_schedule_id', labelKey: 'txn.recurringScheduleId', kind: 'count', priority: 3 },
  RecurringCycle: { key: 'RecurringCycle', source: 'recurring_cycle', labelKey: 'txn.recurringCycle', kind: 'count', priority: 2 },
  EntryMode: { key: 'EntryMode', source: 'entry_mode', labelKey: 'txn.entryMode', kind: 'enum', enumKey: 'entryMode', priority: 3, section: 'terminal' },
  TerminalTID: { key: 'TID', source: 'tid', labelKey: 'detail.tid', kind: 'text', priority: 2, section: 'terminal' },
  TerminalMID: { key: 'MID', source: 'mid', labelKey: 'detail.mid', kind: 'text', priority: 3, section: 'terminal' },
  BatchNo: { key: 'BatchNo', source: 'batch_no', labelKey: 'txn.batchNo', kind: 'text', priority: 3, section: 'terminal' },
  STAN: { key: 'STAN', source: 'stan', labelKey: 'txn.stan', kind: 'text', in: ['detail', 'export'], section: 'terminal' },
  RRN: { key: 'RRN', source: 'rrn', labelKey: 'txn.rrn', kind: 'text', in: ['detail', 'export'], section: 'terminal' },
  ApprovalCode: { key: 'AuthCode', source: 'auth_code', labelKey: 'txn.approvalCode', kind: 'text', in: ['detail', 'export'], section: 'terminal' },
  WalletProvider: { key: 'WalletProvider', source: 'wallet_provider', labelKey: 'txn.walletProvider', kind: 'enum', enumKey: 'walletProvider', priority: 1 },
  BnplProvider: { key: 'BnplProvider', source: 'bnpl_provider', labelKey: 'txn.bnplProvider', kind: 'enum', enumKey: 'bnplProvider', priority: 1 },
} as const satisfies Record<string, ReportColumn>;

/** The columns every transaction view shows in its detail (who, how, the customer), after its own. */
export const TXN_DETAIL_COMMON = [
  TXN.ServiceType, TXN.Currency, TXN.PaymentCreationDate, TXN.UpdatedAt, TXN.MasterMerchantName, TXN.AgencyName, TXN.AgentName,
  TXN.CardType, TXN.IssuerCountry, TXN.BankCode, TXN.AcquirerName, TXN.Provider, TXN.ResponseCode, TXN.ResponseMessage,
] as const satisfies readonly ReportColumn[];

/** The customer panels (§3 Customer, Customer address). */
export const TXN_CUSTOMER = [
  TXN.CustName, TXN.CustPhoneNo, TXN.CustEmail, TXN.CustRef, TXN.CustAddress1, TXN.CustAddress2, TXN.CustState, TXN.CustCity, TXN.CustCountry,
] as const satisfies readonly ReportColumn[];

const code = (key: string, source: string, labelKey: string, pattern: RegExp, maxLength: number, message: string) =>
  ({ kind: 'code', key, source, labelKey, pattern, maxLength, message }) as const satisfies ReportFilter;

/** The terminal's codes a terminal view filters on exactly: TID, MID, batch number, approval code. */
export const TERMINAL_CODE_FILTERS = [
  code('TID', 'tid', 'detail.tid', /^[A-Za-z0-9]{8}$/, 8, RULE_MESSAGES.tid),
  code('MID', 'mid', 'detail.mid', /^[A-Za-z0-9]{1,15}$/, 15, RULE_MESSAGES.mid),
  code('BatchNo', 'batch_no', 'txn.batchNo', /^\d{6}$/, 6, RULE_MESSAGES.batchNo),
  code('ApprovalCode', 'auth_code', 'txn.approvalCode', /^[A-Za-z0-9]{6}$/, 6, RULE_MESSAGES.approvalCode),
] as const satisfies readonly ReportFilter[];

/** Enum filters of the kinds' own fields. */
export const KIND_FILTERS = {
  preauthOp: { kind: 'enum', key: 'PreauthOp', source: 'preauth_op', values: PREAUTH_OPERATIONS, enumKey: 'preAuthOperation', labelKey: 'txn.preauthOp' },
  txnType: { kind: 'enum', key: 'TxnType', source: 'txn_type', values: TRANSACTION_TYPES, enumKey: 'transactionType', labelKey: 'txn.type' },
  entryMode: { kind: 'enum', key: 'EntryMode', source: 'entry_mode', values: ENTRY_MODES, enumKey: 'entryMode', labelKey: 'txn.entryMode' },
  walletProvider: { kind: 'enum', key: 'WalletProvider', source: 'wallet_provider', values: WALLET_PROVIDERS, enumKey: 'walletProvider', labelKey: 'txn.walletProvider' },
  bnplProvider: { kind: 'enum', key: 'BnplProvider', source: 'bnpl_provider', values: BNPL_PROVIDERS, enumKey: 'bnplProvider', labelKey: 'txn.bnplProvider' },
} as const satisfies Record<string, ReportFilter>;

/** The filters every online transaction view offers (dates, status, method, scheme, org, money, reference, last 4, currency). */
export const ONLINE_TXN_FILTERS = [
  { kind: 'dateRange', source: 'created_at', labelKey: 'txn.dateRange' },
  { kind: 'enum', key: 'Status', source: 'status', values: TRANSACTION_STATUSES, enumKey: 'status', labelKey: 'txn.status' },
  { kind: 'enum', key: 'PaymentMethod', source: 'payment_method', values: PAYMENT_METHODS, enumKey: 'paymentMethod', labelKey: 'txn.paymentMethod' },
  { kind: 'enum', key: 'CardScheme', source: 'card_scheme', values: CARD_SCHEMES, enumKey: 'cardScheme', labelKey: 'txn.cardScheme' },
  { kind: 'org' },
  { kind: 'code', key: 'TxnRefNo', source: 'txn_ref_no', labelKey: 'txn.txnRefNo', pattern: /^[A-Za-z0-9_-]{1,64}$/, maxLength: 64, message: RULE_MESSAGES.txnRefNo, prefix: true },
  { kind: 'moneyRange', source: 'amount', labelKey: 'txn.amount' },
  { kind: 'code', key: 'Last4', source: 'pan_last4', labelKey: 'txn.last4', pattern: /^\d{4}$/, maxLength: 4, message: RULE_MESSAGES.last4 },
  { kind: 'currency', source: 'currency' },
] as const satisfies readonly ReportFilter[];

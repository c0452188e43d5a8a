/**
 * Building blocks of the sales reports (§2 Sales report): the measures, the
 * dimensions and the filters every summary report over the sales summaries (readSummary) may
 * declare, written once. Filters reuse the live views' filter declarations, restricted to the
 * kinds readSummary honours (date range, status, payment method, card scheme, org, currency, and
 * service type for the org reports), so a drilled list takes the same fields.
 */
import { CARD_SCHEMES, CARD_TYPES, PAYMENT_METHODS, SERVICE_TYPE_CODES, TRANSACTION_STATUSES } from '@paydesk/domain';
import type { ReportDimension, ReportFilter, ReportMeasure, SummaryDrillTarget } from '../define.ts';

/** The measures of a sales report over transactions (sale rows only, docs/transaction-model.md). */
export const SALES_MEASURES = [
  { key: 'TxnCount', source: 'txnCount', labelKey: 'sales.txnCount', kind: 'count' },
  { key: 'Gross', source: 'gross', labelKey: 'sales.gross', kind: 'money' },
  { key: 'SuccessCount', source: 'successCount', labelKey: 'sales.successCount', kind: 'count' },
  { key: 'SuccessAmount', source: 'successAmount', labelKey: 'sales.successAmount', kind: 'money' },
  { key: 'RefundCount', source: 'refundCount', labelKey: 'sales.refundCount', kind: 'count' },
  { key: 'RefundAmount', source: 'refundAmount', labelKey: 'sales.refundAmount', kind: 'money' },
  { key: 'MdrFee', source: 'mdrFee', labelKey: 'sales.mdrFee', kind: 'money' },
  { key: 'Net', source: 'net', labelKey: 'sales.net', kind: 'money' },
  { key: 'SuccessRate', source: 'successRate', labelKey: 'sales.successRate', kind: 'percent' },
  { key: 'AvgTicket', source: 'avgTicket', labelKey: 'sales.avgTicket', kind: 'money' },
] as const satisfies readonly ReportMeasure[];

/** The measures of the terminal settlement report (settlement batch lines). */
export const SETTLEMENT_MEASURES = [
  { key: 'BatchCount', source: 'batchCount', labelKey: 'sales.batchCount', kind: 'count' },
  { key: 'SaleCount', source: 'saleCount', labelKey: 'sales.saleCount', kind: 'count' },
  { key: 'SaleAmount', source: 'saleAmount', labelKey: 'sales.saleAmount', kind: 'money' },
  { key: 'VoidCount', source: 'voidCount', labelKey: 'sales.voidCount', kind: 'count' },
  { key: 'VoidAmount', source: 'voidAmount', labelKey: 'sales.voidAmount', kind: 'money' },
  { key: 'NetAmount', source: 'netAmount', labelKey: 'sales.netAmount', kind: 'money' },
] as const satisfies readonly ReportMeasure[];

/** The dimensions, by key. `drillKey` is the live list's filter field the group value becomes. */
export const DIM = {
  Status: { key: 'Status', source: 'status', labelKey: 'txn.status', kind: 'enum', enumKey: 'status', drillKey: 'Status' },
  PaymentMethod: { key: 'PaymentMethod', source: 'paymentMethod', labelKey: 'txn.paymentMethod', kind: 'enum', enumKey: 'paymentMethod', drillKey: 'PaymentMethod' },
  CardScheme: { key: 'CardScheme', source: 'cardScheme', labelKey: 'txn.cardScheme', kind: 'enum', enumKey: 'cardScheme', drillKey: 'CardScheme' },
  CardType: { key: 'CardType', source: 'cardType', labelKey: 'detail.card_type', kind: 'enum', enumKey: 'cardType' },
  ServiceType: { key: 'ServiceType', source: 'serviceType', labelKey: 'detail.service_type', kind: 'enum', enumKey: 'serviceType' },
  MasterMerchant: { key: 'MasterMerchant', source: 'masterMerchant', labelKey: 'txn.masterMerchant', kind: 'org', drillKey: 'MasterMerchantId' },
  Agency: { key: 'Agency', source: 'agency', labelKey: 'txn.agency', kind: 'org', drillKey: 'AgencyId' },
  Agent: { key: 'Agent', source: 'agent', labelKey: 'txn.agent', kind: 'org', drillKey: 'AgentId' },
  Merchant: { key: 'Merchant', source: 'merchant', labelKey: 'txn.merchant', kind: 'org', drillKey: 'MerchantId' },
  Branch: { key: 'Branch', source: 'branch', labelKey: 'txn.branch', kind: 'org', drillKey: 'BranchId' },
} as const satisfies Record<string, ReportDimension>;

/** The filters of a sales report, by key (sources are the summaries' column names). */
export const SALES_FILTER = {
  dateRange: { kind: 'dateRange', source: 'created_at', labelKey: 'txn.dateRange' },
  status: { kind: 'enum', key: 'Status', source: 'status', values: TRANSACTION_STATUSES, enumKey: 'status', labelKey: 'txn.status' },
  paymentMethod: { kind: 'enum', key: 'PaymentMethod', source: 'payment_method', values: PAYMENT_METHODS, enumKey: 'paymentMethod', labelKey: 'txn.paymentMethod' },
  cardScheme: { kind: 'enum', key: 'CardScheme', source: 'card_scheme', values: CARD_SCHEMES, enumKey: 'cardScheme', labelKey: 'txn.cardScheme' },
  cardType: { kind: 'enum', key: 'CardType', source: 'card_type', values: CARD_TYPES, enumKey: 'cardType', labelKey: 'detail.card_type' },
  serviceType: { kind: 'enum', key: 'ServiceType', source: 'service_type', values: SERVICE_TYPE_CODES, enumKey: 'serviceType', labelKey: 'detail.service_type' },
  org: { kind: 'org' },
  currency: { kind: 'currency', source: 'currency' },
} as const satisfies Record<string, ReportFilter>;

/**
 * The terminal live view of a terminal row by its payment method (the seed's and ingest's
 * `terminal_kind`): QR and e-wallet methods → e-wallet view, BNPL → BNPL view, every other
 * method (cards: CC, EPP, EPP_BSN) → card view.
 */
export const TERMINAL_DRILL: SummaryDrillTarget = {
  by: 'PaymentMethod',
  paths: { EW: '/transaction/terminal/ewallets', STATIC_QR: '/transaction/terminal/ewallets', GEN_QR: '/transaction/terminal/ewallets', BNPL: '/transaction/terminal/bnpl' },
  otherwise: '/transaction/terminal/card-transaction',
};

/** The live view of each service type (§2 Live transaction); terminal rows by method (TERMINAL_DRILL). */
export const SERVICE_TYPE_DRILL: SummaryDrillTarget = {
  by: 'ServiceType',
  paths: {
    1: '/transaction/ecommerce',
    2: TERMINAL_DRILL,
    3: '/transaction/payment-link',
    4: '/transaction/ecommerce-preauth',
    5: '/transaction/pay-by-card',
    6: '/transaction/recurring',
  },
  otherwise: '/transaction/ecommerce',
};

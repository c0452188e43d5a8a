/**
 * The light catalogue of every declared report (first-load budgets, as RESOURCE_CATALOG
 * is for resources): name, kind, screen path, API base, view permission and whether a list serves
 * Totals, and how to load the declaration itself. The browser's route addresses (ROUTE_PATHS), its
 * menu and its route table need only these strings; the declarations (columns, filters,
 * dimensions) load with the report's screen through `load()`, a chunk of its own, so they stay
 * out of the sign-in page's JavaScript. `test/report-catalog.test.ts` keeps this list equal to
 * REPORTS (same order, same fields, `load()` answering that very declaration).
 */
import type { ReportDef } from './define.ts';

export interface ReportEntry {
  name: string;
  kind: ReportDef['kind'];
  path: string;
  api: string;
  permission: string;
  /** A list report serving Totals (hasTotals); absent on a summary report, which never does. */
  totals?: boolean;
  /** A list report serving a live Tail (`liveTail`: the log screens); absent otherwise. */
  tail?: true;
  /** The full declaration; rejects only when its chunk cannot be fetched. */
  load: () => Promise<ReportDef>;
}

/** In the order of REPORTS. */
export const REPORT_CATALOG: readonly ReportEntry[] = [
  { name: 'TransactionEcommerce', kind: 'list', path: '/transaction/ecommerce', api: 'Transaction/Ecommerce', permission: 'transaction:ecommerce', totals: true, load: () => import('./defs/transaction-ecommerce.ts').then((m) => m.ecommerceTransactions) },
  { name: 'TransactionPreauth', kind: 'list', path: '/transaction/ecommerce-preauth', api: 'Transaction/EcommercePreauth', permission: 'transaction:ecommercepreauth', totals: true, load: () => import('./defs/transaction-views.ts').then((m) => m.preauthTransactions) },
  { name: 'TransactionPayByCard', kind: 'list', path: '/transaction/pay-by-card', api: 'Transaction/PayByCard', permission: 'transaction:paybycard', totals: true, load: () => import('./defs/transaction-views.ts').then((m) => m.payByCardTransactions) },
  { name: 'TransactionPaymentLink', kind: 'list', path: '/transaction/payment-link', api: 'Transaction/PaymentLink', permission: 'transaction:paymentlink', totals: true, load: () => import('./defs/transaction-views.ts').then((m) => m.paymentLinkTransactions) },
  { name: 'TransactionRecurring', kind: 'list', path: '/transaction/recurring', api: 'Transaction/Recurring', permission: 'transaction:recurring', totals: true, load: () => import('./defs/transaction-views.ts').then((m) => m.recurringTransactions) },
  { name: 'TerminalCardTransaction', kind: 'list', path: '/transaction/terminal/card-transaction', api: 'Transaction/Terminal/CardTransaction', permission: 'transactionterminal:viewcardtrans', totals: true, load: () => import('./defs/transaction-views.ts').then((m) => m.terminalCardTransactions) },
  { name: 'TerminalEwalletTransaction', kind: 'list', path: '/transaction/terminal/ewallets', api: 'Transaction/Terminal/Ewallet', permission: 'transactionterminal:viewewallet', totals: true, load: () => import('./defs/transaction-views.ts').then((m) => m.terminalEwalletTransactions) },
  { name: 'TerminalBnplTransaction', kind: 'list', path: '/transaction/terminal/bnpl', api: 'Transaction/Terminal/Bnpl', permission: 'transactionterminal:viewbnpl', totals: true, load: () => import('./defs/transaction-views.ts').then((m) => m.terminalBnplTransactions) },
  { name: 'TerminalCardSettlement', kind: 'list', path: '/transaction/terminal/card-settlement', api: 'Transaction/Terminal/CardSettlement', permission: 'transactionterminal:viewcardsettlement', totals: true, load: () => import('./defs/terminal-settlement.ts').then((m) => m.terminalCardSettlement) },
  { name: 'TerminalCardTransactionV2', kind: 'list', path: '/transaction/terminal/card-transaction-v2', api: 'Transaction/Terminal/CardTransactionV2', permission: 'transactionterminal:beta', totals: true, load: () => import('./defs/terminal-settlement.ts').then((m) => m.terminalCardTransactionsV2) },
  { name: 'PreChargeback', kind: 'list', path: '/pre-chargeback', api: 'RiskPreChargeback/Request', permission: 'prechargeback:view', totals: true, load: () => import('./defs/pre-chargeback.ts').then((m) => m.preChargeback) },
  { name: 'RiskAlert', kind: 'list', path: '/risk', api: 'Risk/Alert', permission: 'risk:view', totals: false, load: () => import('./defs/risk.ts').then((m) => m.riskAlerts) },
  { name: 'RiskTransaction', kind: 'list', path: '/risk-transaction', api: 'Risk/Transaction', permission: 'risktransaction:view', totals: true, load: () => import('./defs/risk.ts').then((m) => m.riskTransactions) },
  { name: 'ReconRm', kind: 'list', path: '/rm-settlement-report', api: 'Settlement/Recon/RM', permission: 'settlementreport:rm', totals: true, load: () => import('./defs/settlement-recon.ts').then((m) => m.rmRecon) },
  { name: 'ReconBsn', kind: 'list', path: '/bsn-settlement-report', api: 'Settlement/Recon/BSN', permission: 'settlementreport:bsn', totals: true, load: () => import('./defs/settlement-recon.ts').then((m) => m.bsnRecon) },
  { name: 'ReconBsnSummary', kind: 'list', path: '/bsn-settlement-summary-report', api: 'Settlement/ReconSummary/BSN', permission: 'settlementreport:bsnsummary', totals: true, load: () => import('./defs/settlement-recon.ts').then((m) => m.bsnReconSummary) },
  { name: 'ReconRazerpay', kind: 'list', path: '/razerpay-settlement-report', api: 'Settlement/Recon/RAZERPAY', permission: 'settlementreport:razerpay', totals: true, load: () => import('./defs/settlement-recon.ts').then((m) => m.razerpayRecon) },
  { name: 'ReconFinexus', kind: 'list', path: '/finexus-settlement-report', api: 'Settlement/Recon/FINEXUS', permission: 'settlementreport:finexus', totals: true, load: () => import('./defs/settlement-recon.ts').then((m) => m.finexusRecon) },
  { name: 'ReconIpay88', kind: 'list', path: '/ipay88-settlement-report', api: 'Settlement/Recon/IPAY88', permission: 'settlementreport:ipay88', totals: true, load: () => import('./defs/settlement-recon.ts').then((m) => m.ipay88Recon) },
  { name: 'ReconPaydee', kind: 'list', path: '/paydee-settlement-report', api: 'Settlement/Recon/PAYDEE', permission: 'settlementreport:paydee', totals: true, load: () => import('./defs/settlement-recon.ts').then((m) => m.paydeeRecon) },
  { name: 'TpaRm', kind: 'list', path: '/rm-tpa-settlement-report', api: 'Settlement/Tpa/RM', permission: 'tpasettlementreport:rm', totals: true, load: () => import('./defs/settlement-tpa.ts').then((m) => m.rmTpa) },
  { name: 'TpaPaydee', kind: 'list', path: '/paydee-tpa-settlement-report', api: 'Settlement/Tpa/PAYDEE', permission: 'tpasettlementreport:paydee', totals: true, load: () => import('./defs/settlement-tpa.ts').then((m) => m.paydeeTpa) },
  { name: 'TpaBsn', kind: 'list', path: '/bsn-tpa-settlement-report', api: 'Settlement/Tpa/BSN', permission: 'tpasettlementreport:bsn', totals: true, load: () => import('./defs/settlement-tpa.ts').then((m) => m.bsnTpa) },
  { name: 'Payout', kind: 'list', path: '/payout-report', api: 'Payout/Report', permission: 'payoutreport:view', totals: true, load: () => import('./defs/payout.ts').then((m) => m.payoutReportDef) },
  { name: 'PayoutTpa', kind: 'list', path: '/tpa-payout-report', api: 'Payout/Tpa', permission: 'tpapayoutreport:view', totals: true, load: () => import('./defs/payout.ts').then((m) => m.tpaPayoutReport) },
  { name: 'PayoutRisk', kind: 'list', path: '/tpa-payout-report-v2', api: 'Payout/Risk', permission: 'tpapayoutreportv2:view', totals: true, load: () => import('./defs/payout.ts').then((m) => m.tpaPayoutRiskReport) },
  { name: 'UnattendedHistory', kind: 'list', path: '/unattended-history/Denomination', api: 'Unattended/History', permission: 'unattended:history', totals: true, load: () => import('./defs/unattended.ts').then((m) => m.unattendedHistory) },
  { name: 'SalesEcommerce', kind: 'summary', path: '/sales-report/ecommerce', api: 'SalesReport/Ecommerce', permission: 'salesreport:ecommerce', load: () => import('./defs/sales-services.ts').then((m) => m.ecommerceSales) },
  { name: 'SalesEcommercePreauth', kind: 'summary', path: '/sales-report/ecommerce-preauth', api: 'SalesReport/EcommercePreauth', permission: 'salesreport:ecommercepreauth', load: () => import('./defs/sales-services.ts').then((m) => m.preauthSales) },
  { name: 'SalesPayByCard', kind: 'summary', path: '/sales-report/pay-by-card', api: 'SalesReport/PayByCard', permission: 'salesreport:paybycard', load: () => import('./defs/sales-services.ts').then((m) => m.payByCardSales) },
  { name: 'SalesPaymentLink', kind: 'summary', path: '/sales-report/payment-link', api: 'SalesReport/PaymentLink', permission: 'salesreport:paymentlink', load: () => import('./defs/sales-services.ts').then((m) => m.paymentLinkSales) },
  { name: 'SalesRecurring', kind: 'summary', path: '/sales-report/recurring', api: 'SalesReport/Recurring', permission: 'salesreport:recurring', load: () => import('./defs/sales-services.ts').then((m) => m.recurringSales) },
  { name: 'SalesTerminal', kind: 'summary', path: '/sales-report/terminal', api: 'SalesReport/Terminal', permission: 'salesreport:terminal', load: () => import('./defs/sales-services.ts').then((m) => m.terminalSales) },
  { name: 'SalesTerminalSettlement', kind: 'summary', path: '/sales-report/terminal-settlement', api: 'SalesReport/TerminalSettlement', permission: 'salesreport:terminalsettlement', load: () => import('./defs/sales-settlement.ts').then((m) => m.terminalSettlementSales) },
  { name: 'SalesAgency', kind: 'summary', path: '/agency-sales-report', api: 'SalesReport/Agency', permission: 'salesreport:agency', load: () => import('./defs/sales-org.ts').then((m) => m.agencySales) },
  { name: 'SalesAgent', kind: 'summary', path: '/agent-sales-report', api: 'SalesReport/Agent', permission: 'salesreport:agent', load: () => import('./defs/sales-org.ts').then((m) => m.agentSales) },
  { name: 'SalesMerchant', kind: 'summary', path: '/merchant-sales-report', api: 'SalesReport/Merchant', permission: 'salesreport:merchant', load: () => import('./defs/sales-org.ts').then((m) => m.merchantSales) },
  { name: 'UnattendedReport', kind: 'summary', path: '/unattended-report/Denomination', api: 'Unattended/Report', permission: 'unattended:report', load: () => import('./defs/unattended.ts').then((m) => m.unattendedReport) },
  // The eleven log screens (defs/logs.ts LOG_REPORTS, in domain LOG_SOURCES order).
  { name: 'LogPayment', kind: 'list', path: '/payment-log-files', api: 'Log/Payment', permission: 'logfiles:paymentview', totals: false, tail: true, load: () => import('./defs/logs.ts').then((m) => m.LOG_REPORTS[0]!) },
  { name: 'LogMobile', kind: 'list', path: '/mobile-log-files', api: 'Log/Mobile', permission: 'logfiles:mobileview', totals: false, tail: true, load: () => import('./defs/logs.ts').then((m) => m.LOG_REPORTS[1]!) },
  { name: 'LogPortal', kind: 'list', path: '/portal-log-files', api: 'Log/Portal', permission: 'logfiles:portalview', totals: false, tail: true, load: () => import('./defs/logs.ts').then((m) => m.LOG_REPORTS[2]!) },
  { name: 'LogScheduler', kind: 'list', path: '/scheduler-log-files', api: 'Log/Scheduler', permission: 'logfiles:schedulerview', totals: false, tail: true, load: () => import('./defs/logs.ts').then((m) => m.LOG_REPORTS[3]!) },
  { name: 'LogTerminal', kind: 'list', path: '/terminal-log-files', api: 'Log/Terminal', permission: 'logfiles:terminalview', totals: false, tail: true, load: () => import('./defs/logs.ts').then((m) => m.LOG_REPORTS[4]!) },
  { name: 'LogMasterDevicesApi', kind: 'list', path: '/masterdevices-api-logfiles', api: 'Log/MasterDevicesApi', permission: 'logfiles:masterdevicesapiview', totals: false, tail: true, load: () => import('./defs/logs.ts').then((m) => m.LOG_REPORTS[5]!) },
  { name: 'LogTxnRespPending', kind: 'list', path: '/txnresppending-log-files', api: 'Log/TxnRespPending', permission: 'logfiles:txnresppendingview', totals: false, tail: true, load: () => import('./defs/logs.ts').then((m) => m.LOG_REPORTS[6]!) },
  { name: 'LogTxnTerminalPending', kind: 'list', path: '/txnterminalpending-log-files', api: 'Log/TxnTerminalPending', permission: 'logfiles:txnterminalpendingview', totals: false, tail: true, load: () => import('./defs/logs.ts').then((m) => m.LOG_REPORTS[7]!) },
  { name: 'LogCardReceiptUpload', kind: 'list', path: '/cardreceiptupload-log-files', api: 'Log/CardReceiptUpload', permission: 'logfiles:cardreceiptuploadview', totals: false, tail: true, load: () => import('./defs/logs.ts').then((m) => m.LOG_REPORTS[8]!) },
  { name: 'LogTerminalEreceiptUpload', kind: 'list', path: '/terminalereceiptupload-log-files', api: 'Log/TerminalEreceiptUpload', permission: 'logfiles:terminalereceiptuploadview', totals: false, tail: true, load: () => import('./defs/logs.ts').then((m) => m.LOG_REPORTS[9]!) },
  { name: 'LogMasterTerminal', kind: 'list', path: '/master-terminal-log-files', api: 'Log/MasterTerminal', permission: 'logfiles:masterterminalview', totals: false, tail: true, load: () => import('./defs/logs.ts').then((m) => m.LOG_REPORTS[10]!) },
];

/**
 * The live transaction views after e-commerce (§2 Live transaction), each over
 * `transactions` with the rows of its kind pinned in `where` (docs/transaction-model.md):
 * online pre-auth (4), pay-by-card (5), payment link (3) and recurring (6); terminal (2) card,
 * e-wallet and BNPL by `terminal_kind`. Every view lists by date (the scope + service type +
 * created_at index) or by amount (the scope + service type + amount index), as e-commerce does.
 * The terminal views read one more condition (`terminal_kind`) on top of those indexes: card rows
 * are most terminal rows, and e-wallet / BNPL rows also have their own partial index
 * (`transactions_term_kind_idx`) for platform-wide reads.
 */
import { defineReport, type ListReportDef, type ReportColumn, type ReportFilter } from '../define.ts';
import { KIND_FILTERS, ONLINE_TXN_FILTERS, TERMINAL_CODE_FILTERS, TXN, TXN_CUSTOMER, TXN_DETAIL_COMMON } from './transaction-columns.ts';

type ViewInput = Pick<ListReportDef, 'name' | 'path' | 'api' | 'permission' | 'titleKey' | 'where' | 'related'> & {
  exportName: string;
  filters: readonly ReportFilter[];
  columns: readonly ReportColumn[];
};

/**
 * A transaction view: its own columns first, then the hierarchy, the common detail and the customer
 * panels; its detail answers the timeline, plus the sections its kind declares.
 */
const view = (v: ViewInput) =>
  defineReport({
    kind: 'list',
    related: ['timeline'],
    exportPermission: 'transaction:export',
    source: 'transactions',
    idOf: 'transaction',
    defaultSort: { key: 'CreatedAt', order: 'desc' },
    dateColumn: 'created_at',
    ...v,
    columns: [...v.columns, ...TXN_DETAIL_COMMON, ...TXN_CUSTOMER],
  });

const [dateRange, status, paymentMethod, cardScheme, org, txnRefNo, moneyRange, last4, currency] = ONLINE_TXN_FILTERS;

/** /transaction/ecommerce-preauth: PREAUTH and its PREAUTH_VOID, CAPTURE, CAPTURE_VOID (chained by OriginalTxnId). */
export const preauthTransactions = view({
  name: 'TransactionPreauth',
  related: ['preauthChain', 'timeline'],
  path: '/transaction/ecommerce-preauth',
  api: 'Transaction/EcommercePreauth',
  permission: 'transaction:ecommercepreauth',
  titleKey: 'report.preauth.title',
  exportName: 'preauth-transactions',
  where: { service_type: 4 },
  filters: [dateRange, status, KIND_FILTERS.preauthOp, cardScheme, org, txnRefNo, moneyRange, last4, currency],
  columns: [TXN.TxnRefNo, TXN.CreatedAt, TXN.MerchantName, TXN.BranchName, TXN.PreauthOp, TXN.CardScheme, TXN.MaskedPAN, TXN.Status, TXN.TxnAmount, TXN.RefundedAmount, TXN.RefundStatus, TXN.OriginalTxnId, TXN.MID, TXN.AuthCode],
});

/** /transaction/pay-by-card: card not present, keyed by the merchant's staff. */
export const payByCardTransactions = view({
  name: 'TransactionPayByCard',
  path: '/transaction/pay-by-card',
  api: 'Transaction/PayByCard',
  permission: 'transaction:paybycard',
  titleKey: 'report.payByCard.title',
  exportName: 'pay-by-card-transactions',
  where: { service_type: 5 },
  filters: [dateRange, status, cardScheme, org, txnRefNo, moneyRange, last4, currency],
  columns: [TXN.TxnRefNo, TXN.CreatedAt, TXN.MerchantName, TXN.BranchName, TXN.CardScheme, TXN.MaskedPAN, TXN.TxnType, TXN.Status, TXN.TxnAmount, TXN.RefundedAmount, TXN.RefundStatus, TXN.MID, TXN.AuthCode, TXN.MerchantOrderNo, TXN.OrderDescription],
});

/** /transaction/payment-link: payments made through a merchant's payment link. */
export const paymentLinkTransactions = view({
  name: 'TransactionPaymentLink',
  related: ['paymentLink', 'timeline'],
  path: '/transaction/payment-link',
  api: 'Transaction/PaymentLink',
  permission: 'transaction:paymentlink',
  titleKey: 'report.paymentLink.title',
  exportName: 'payment-link-transactions',
  where: { service_type: 3 },
  filters: [dateRange, status, paymentMethod, cardScheme, org, txnRefNo, moneyRange, last4, currency],
  columns: [TXN.TxnRefNo, TXN.CreatedAt, TXN.MerchantName, TXN.BranchName, TXN.PaymentLinkId, TXN.PaymentMethod, TXN.CardScheme, TXN.MaskedPAN, TXN.Status, TXN.TxnAmount, TXN.RefundedAmount, TXN.RefundStatus, TXN.MID, TXN.AuthCode, TXN.MerchantOrderNo, TXN.OrderDescription],
});

/** /transaction/recurring: the charges of recurring schedules, with the schedule and its cycle. */
export const recurringTransactions = view({
  name: 'TransactionRecurring',
  related: ['recurringSchedule', 'timeline'],
  path: '/transaction/recurring',
  api: 'Transaction/Recurring',
  permission: 'transaction:recurring',
  titleKey: 'report.recurring.title',
  exportName: 'recurring-transactions',
  where: { service_type: 6 },
  filters: [dateRange, status, paymentMethod, cardScheme, org, txnRefNo, moneyRange, last4, currency],
  columns: [TXN.TxnRefNo, TXN.CreatedAt, TXN.MerchantName, TXN.BranchName, TXN.RecurringScheduleId, TXN.RecurringCycle, TXN.PaymentMethod, TXN.CardScheme, TXN.MaskedPAN, TXN.Status, TXN.TxnAmount, TXN.RefundedAmount, TXN.RefundStatus, TXN.MID, TXN.AuthCode],
});

/**
 * Every terminal view's detail shows the terminal fields (TID, MID, batch, entry
 * mode, approval code, RRN, STAN); the e-wallet and BNPL views list fewer, so the rest are detail-only there.
 */
const TERMINAL_DETAIL_ONLY = [{ ...TXN.EntryMode, in: ['detail'] }, { ...TXN.STAN, in: ['detail'] }] as const satisfies readonly ReportColumn[];

// Payment method too: the terminal sales report drills a method's row (CC, EPP, EW, QR, BNPL …) to its view with it.
const TERMINAL_FILTERS_HEAD = [dateRange, status, paymentMethod] as const;
const TERMINAL_FILTERS_TAIL = [org, txnRefNo, ...TERMINAL_CODE_FILTERS, moneyRange] as const;

/** /transaction/terminal/card-transaction: card rows of the terminals, every §4 transaction type. */
export const terminalCardTransactions = view({
  name: 'TerminalCardTransaction',
  path: '/transaction/terminal/card-transaction',
  api: 'Transaction/Terminal/CardTransaction',
  permission: 'transactionterminal:viewcardtrans',
  titleKey: 'report.terminalCard.title',
  exportName: 'terminal-card-transactions',
  where: { service_type: 2, terminal_kind: 'CARD' },
  filters: [...TERMINAL_FILTERS_HEAD, KIND_FILTERS.txnType, cardScheme, KIND_FILTERS.entryMode, ...TERMINAL_FILTERS_TAIL, last4, currency],
  columns: [TXN.CreatedAt, TXN.MerchantName, TXN.BranchName, TXN.TerminalTID, TXN.BatchNo, TXN.TxnType, TXN.CardScheme, TXN.MaskedPAN, TXN.EntryMode, TXN.Status, TXN.TxnAmount, TXN.TxnRefNo, TXN.TerminalMID, TXN.STAN, TXN.RRN, TXN.ApprovalCode],
});

/** /transaction/terminal/ewallets: DuitNow QR and e-wallet payments taken at terminals. */
export const terminalEwalletTransactions = view({
  name: 'TerminalEwalletTransaction',
  path: '/transaction/terminal/ewallets',
  api: 'Transaction/Terminal/Ewallet',
  permission: 'transactionterminal:viewewallet',
  titleKey: 'report.terminalEwallet.title',
  exportName: 'terminal-ewallet-transactions',
  where: { service_type: 2, terminal_kind: 'EWALLET' },
  filters: [...TERMINAL_FILTERS_HEAD, KIND_FILTERS.walletProvider, KIND_FILTERS.txnType, ...TERMINAL_FILTERS_TAIL, currency],
  columns: [TXN.CreatedAt, TXN.MerchantName, TXN.BranchName, TXN.TerminalTID, TXN.WalletProvider, TXN.TxnType, TXN.Status, TXN.TxnAmount, TXN.TxnRefNo, TXN.TerminalMID, TXN.BatchNo, TXN.RRN, TXN.ApprovalCode, ...TERMINAL_DETAIL_ONLY],
});

/** /transaction/terminal/bnpl: buy-now-pay-later payments taken at terminals. */
export const terminalBnplTransactions = view({
  name: 'TerminalBnplTransaction',
  path: '/transaction/terminal/bnpl',
  api: 'Transaction/Terminal/Bnpl',
  permission: 'transactionterminal:viewbnpl',
  titleKey: 'report.terminalBnpl.title',
  exportName: 'terminal-bnpl-transactions',
  where: { service_type: 2, terminal_kind: 'BNPL' },
  filters: [...TERMINAL_FILTERS_HEAD, KIND_FILTERS.bnplProvider, KIND_FILTERS.txnType, ...TERMINAL_FILTERS_TAIL, currency],
  columns: [TXN.CreatedAt, TXN.MerchantName, TXN.BranchName, TXN.TerminalTID, TXN.BnplProvider, TXN.TxnType, TXN.Status, TXN.TxnAmount, TXN.TxnRefNo, TXN.TerminalMID, TXN.BatchNo, TXN.RRN, TXN.ApprovalCode, ...TERMINAL_DETAIL_ONLY],
});

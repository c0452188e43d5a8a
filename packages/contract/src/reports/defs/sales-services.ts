/**
 * Sales report → per service (§2 /sales-report/ecommerce … /sales-report/terminal):
 * period × dimension figures of one service type's sale rows, read from the sales summaries
 * (`readSummary`, source 'sales_summary'), each drilling to its live view. The dimensions and
 * filters are those the drilled list can narrow to, so a row's TxnCount equals the list's
 * TotalRecords (drillDown): pre-auth and pay-by-card have no payment-method filter in their list
 * (pay-by-card is keyed cards only; pre-auth cards only), so they offer no method dimension.
 */
import { defineReport, type SummaryReportDef } from '../define.ts';
import { DIM, SALES_FILTER as F, SALES_MEASURES, TERMINAL_DRILL } from './sales-parts.ts';

type ServiceInput = Pick<SummaryReportDef, 'name' | 'path' | 'api' | 'permission' | 'titleKey' | 'where' | 'filters' | 'dimensions' | 'drillTo'> &
  Partial<Pick<SummaryReportDef, 'defaultGroupBy' | 'exportName'>>;

const service = (v: ServiceInput) =>
  defineReport({
    kind: 'summary',
    source: 'sales_summary',
    exportPermission: 'transaction:export',
    periods: ['day', 'week', 'month'],
    defaultPeriod: 'day',
    defaultGroupBy: null,
    measures: SALES_MEASURES,
    exportName: v.path.split('/').filter(Boolean).join('-'),
    ...v,
  });

const ONLINE_FILTERS = [F.dateRange, F.status, F.paymentMethod, F.cardScheme, F.org, F.currency];
const CARD_ONLY_FILTERS = [F.dateRange, F.status, F.cardScheme, F.org, F.currency];
const ONLINE_DIMS = [DIM.Status, DIM.PaymentMethod, DIM.CardScheme, DIM.Merchant, DIM.Branch];
const CARD_ONLY_DIMS = [DIM.Status, DIM.CardScheme, DIM.Merchant, DIM.Branch];

export const ecommerceSales = service({
  name: 'SalesEcommerce', path: '/sales-report/ecommerce', api: 'SalesReport/Ecommerce', permission: 'salesreport:ecommerce',
  titleKey: 'sales.ecommerce.title', where: { service_type: 1 }, filters: ONLINE_FILTERS, dimensions: ONLINE_DIMS, drillTo: '/transaction/ecommerce',
});

/** Pre-auth sales are the CAPTUREs (a hold is not a sale); the drill adds PreauthOp [CAPTURE]. */
export const preauthSales = service({
  name: 'SalesEcommercePreauth', path: '/sales-report/ecommerce-preauth', api: 'SalesReport/EcommercePreauth', permission: 'salesreport:ecommercepreauth',
  titleKey: 'sales.preauth.title', where: { service_type: 4 }, filters: CARD_ONLY_FILTERS, dimensions: CARD_ONLY_DIMS, drillTo: '/transaction/ecommerce-preauth',
});

export const payByCardSales = service({
  name: 'SalesPayByCard', path: '/sales-report/pay-by-card', api: 'SalesReport/PayByCard', permission: 'salesreport:paybycard',
  titleKey: 'sales.payByCard.title', where: { service_type: 5 }, filters: CARD_ONLY_FILTERS, dimensions: CARD_ONLY_DIMS, drillTo: '/transaction/pay-by-card',
});

export const paymentLinkSales = service({
  name: 'SalesPaymentLink', path: '/sales-report/payment-link', api: 'SalesReport/PaymentLink', permission: 'salesreport:paymentlink',
  titleKey: 'sales.paymentLink.title', where: { service_type: 3 }, filters: ONLINE_FILTERS, dimensions: ONLINE_DIMS, drillTo: '/transaction/payment-link',
});

export const recurringSales = service({
  name: 'SalesRecurring', path: '/sales-report/recurring', api: 'SalesReport/Recurring', permission: 'salesreport:recurring',
  titleKey: 'sales.recurring.title', where: { service_type: 6 }, filters: ONLINE_FILTERS, dimensions: ONLINE_DIMS, drillTo: '/transaction/recurring',
});

/**
 * Terminal sales: card, e-wallet and BNPL rows together, opened grouped by payment method so each
 * row drills to its terminal view (TERMINAL_DRILL). A row not grouped (or filtered) by one view's
 * methods drills to the card view, which then shows only the card part of the row (drillDown
 * answers `exact: false`).
 */
export const terminalSales = service({
  name: 'SalesTerminal', path: '/sales-report/terminal', api: 'SalesReport/Terminal', permission: 'salesreport:terminal',
  titleKey: 'sales.terminal.title', where: { service_type: 2 }, filters: ONLINE_FILTERS, dimensions: ONLINE_DIMS, defaultGroupBy: 'PaymentMethod', drillTo: TERMINAL_DRILL,
});

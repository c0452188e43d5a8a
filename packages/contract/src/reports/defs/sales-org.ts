/**
 * Agency, agent and merchant sales reports (§2 /agency-sales-report, /agent-sales-report,
 * /merchant-sales-report): every service type's sale rows, grouped by the
 * report's organization level by default (the user may pick another level or an enum dimension),
 * and always split by service type, so each row drills to that service type's live view with the
 * org filter (SERVICE_TYPE_DRILL; terminal rows by payment method when grouped by it).
 */
import { defineReport, type ReportDimension, type SummaryReportDef } from '../define.ts';
import { DIM, SALES_FILTER as F, SALES_MEASURES, SERVICE_TYPE_DRILL } from './sales-parts.ts';

const org = (v: Pick<SummaryReportDef, 'name' | 'path' | 'api' | 'permission' | 'titleKey'> & { levels: readonly ReportDimension[] }) => {
  const { levels, ...rest } = v;
  return defineReport({
    kind: 'summary',
    source: 'sales_summary',
    exportPermission: 'transaction:export',
    where: {},
    filters: [F.dateRange, F.serviceType, F.status, F.paymentMethod, F.cardScheme, F.org, F.currency],
    periods: ['day', 'week', 'month'],
    defaultPeriod: 'month',
    dimensions: [...levels, DIM.Status, DIM.PaymentMethod, DIM.CardScheme],
    defaultGroupBy: levels[0]!.key,
    split: DIM.ServiceType,
    measures: SALES_MEASURES,
    drillTo: SERVICE_TYPE_DRILL,
    exportName: v.path.split('/').filter(Boolean).join('-'),
    ...rest,
  });
};

export const agencySales = org({
  name: 'SalesAgency', path: '/agency-sales-report', api: 'SalesReport/Agency', permission: 'salesreport:agency',
  titleKey: 'sales.agency.title', levels: [DIM.Agency, DIM.Agent, DIM.Merchant],
});

export const agentSales = org({
  name: 'SalesAgent', path: '/agent-sales-report', api: 'SalesReport/Agent', permission: 'salesreport:agent',
  titleKey: 'sales.agent.title', levels: [DIM.Agent, DIM.Merchant, DIM.Branch],
});

export const merchantSales = org({
  name: 'SalesMerchant', path: '/merchant-sales-report', api: 'SalesReport/Merchant', permission: 'salesreport:merchant',
  titleKey: 'sales.merchant.title', levels: [DIM.Merchant, DIM.Branch],
});

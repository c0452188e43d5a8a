/**
 * Sales report → terminal settlement (§2 /sales-report/terminal-settlement):
 * the settled terminal card batches per settled MYT day / week / month, from
 * terminal_settlement_batches and their lines (docs/transaction-model.md "Settlement batch
 * lines"; source 'terminal_settlement'). BatchCount counts distinct batches (a batch with lines of
 * two schemes counts once in the totals and once in each scheme's row); sale/void/net figures
 * are the lines' sums. Drills to the card-settlement list (helper C's 'TerminalCardSettlement':
 * DateFrom/DateTo on the settled time, org cascade, CardScheme when it declares it).
 */
import { defineReport } from '../define.ts';
import { DIM, SALES_FILTER as F, SETTLEMENT_MEASURES } from './sales-parts.ts';

export const terminalSettlementSales = defineReport({
  kind: 'summary',
  name: 'SalesTerminalSettlement',
  path: '/sales-report/terminal-settlement',
  api: 'SalesReport/TerminalSettlement',
  permission: 'salesreport:terminalsettlement',
  exportPermission: 'transaction:export',
  titleKey: 'sales.terminalSettlement.title',
  source: 'terminal_settlement',
  where: { status: ['SETTLED', 'UPLOADED'] },
  filters: [{ ...F.dateRange, source: 'settled_at' }, F.cardScheme, F.cardType, F.org, F.currency],
  periods: ['day', 'week', 'month'],
  defaultPeriod: 'day',
  dimensions: [DIM.CardScheme, DIM.CardType, DIM.Merchant, DIM.Branch],
  defaultGroupBy: null,
  measures: SETTLEMENT_MEASURES,
  drillTo: '/transaction/terminal/card-settlement',
  exportName: 'terminal-settlement-sales',
});

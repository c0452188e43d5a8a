/** Every declared report. The route table, the server executor and the web app read this list. */
import type { ReportDef } from '../define.ts';
import { TRANSACTION_LISTS } from './drill-targets.ts';
import { terminalCardTransactionsV2 } from './terminal-settlement.ts';
import { agencySales, agentSales, merchantSales } from './sales-org.ts';
import { ecommerceSales, payByCardSales, paymentLinkSales, preauthSales, recurringSales, terminalSales } from './sales-services.ts';
import { terminalSettlementSales } from './sales-settlement.ts';
import { preChargeback } from './pre-chargeback.ts';
import { riskAlerts, riskTransactions } from './risk.ts';
import { bsnRecon, bsnReconSummary, finexusRecon, ipay88Recon, paydeeRecon, razerpayRecon, rmRecon } from './settlement-recon.ts';
import { bsnTpa, paydeeTpa, rmTpa } from './settlement-tpa.ts';
import { payoutReportDef, tpaPayoutReport, tpaPayoutRiskReport } from './payout.ts';
import { unattendedHistory, unattendedReport } from './unattended.ts';
import { LOG_REPORTS } from './logs.ts';

export const REPORTS: readonly ReportDef[] = [
  ...TRANSACTION_LISTS,
  terminalCardTransactionsV2,
  // The refund desk's queue.
  preChargeback,
  // The risk desk.
  riskAlerts,
  riskTransactions,
  // The recon settlement reports.
  rmRecon,
  bsnRecon,
  bsnReconSummary,
  razerpayRecon,
  finexusRecon,
  ipay88Recon,
  paydeeRecon,
  // The acquirer settlement reports.
  rmTpa,
  paydeeTpa,
  bsnTpa,
  // The payout reports.
  payoutReportDef,
  tpaPayoutReport,
  tpaPayoutRiskReport,
  // The unattended terminals' cash events.
  unattendedHistory,
  // Sales reports (summary kind).
  ecommerceSales,
  preauthSales,
  payByCardSales,
  paymentLinkSales,
  recurringSales,
  terminalSales,
  terminalSettlementSales,
  agencySales,
  agentSales,
  merchantSales,
  // The unattended terminals' cash per terminal and day.
  unattendedReport,
  // The log screens (§2 Log files and master terminal log files).
  ...LOG_REPORTS,
];

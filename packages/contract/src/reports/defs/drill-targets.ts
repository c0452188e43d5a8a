/**
 * The list reports a summary row may drill to (summary-drill.ts): the live transaction views, the
 * terminal card settlement and the unattended history. Named here rather than found in REPORTS so
 * that the dashboard, which drills through `drillDown`, does not load every report's declaration
 * (settlement, payout, risk …) with its first screen (web bundle-size test). A summary whose
 * `drillTo` names a list missing here fails summary-drill.test.ts.
 */
import type { ListReportDef } from '../define.ts';
import { ecommerceTransactions } from './transaction-ecommerce.ts';
import {
  payByCardTransactions,
  paymentLinkTransactions,
  preauthTransactions,
  recurringTransactions,
  terminalBnplTransactions,
  terminalCardTransactions,
  terminalEwalletTransactions,
} from './transaction-views.ts';
import { terminalCardSettlement } from './terminal-settlement.ts';
import { unattendedHistory } from './unattended.ts';

/** The live transaction lists, in menu order: the first entries of REPORTS too. */
export const TRANSACTION_LISTS: readonly ListReportDef[] = [
  ecommerceTransactions,
  preauthTransactions,
  payByCardTransactions,
  paymentLinkTransactions,
  recurringTransactions,
  terminalCardTransactions,
  terminalEwalletTransactions,
  terminalBnplTransactions,
  terminalCardSettlement,
];

export const SUMMARY_DRILL_LISTS: readonly ListReportDef[] = [...TRANSACTION_LISTS, unattendedHistory];

/** Every declared report (issue 10). The route table, the server executor and the web app read this list. */
import type { ReportDef } from '../define.ts';
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

export const REPORTS: readonly ReportDef[] = [
  ecommerceTransactions,
  preauthTransactions,
  payByCardTransactions,
  paymentLinkTransactions,
  recurringTransactions,
  terminalCardTransactions,
  terminalEwalletTransactions,
  terminalBnplTransactions,
];

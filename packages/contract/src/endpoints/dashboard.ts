import { z } from 'zod';
import { MoneyString } from '../common.ts';
import { TransactionListItem } from './transactions.ts';

export const DashboardRequest = z.object({ Currency: z.string().length(3).default('MYR') });

const Figure = z.object({ Amount: MoneyString, Count: z.number().int() });

/** Dashboard figures for the caller's subtree and currency, read from daily_sales_summary. */
export const DashboardResponse = z.object({
  Currency: z.string(),
  BusinessDay: z.string(),
  Today: Figure,
  MonthToDate: Figure,
  /** Successful share of today's and month-to-date attempts, 0–100 with one decimal. */
  SuccessRate: z.number(),
  PendingRefunds: z.number().int(),
  OpenRiskAlerts: z.number().int(),
  Trend: z.array(z.object({ Day: z.string(), ServiceType: z.number().int(), Amount: MoneyString, Count: z.number().int() })),
  PaymentMethodMix: z.array(z.object({ PaymentMethod: z.string(), Amount: MoneyString, Count: z.number().int() })),
  Latest: z.array(TransactionListItem),
});

import { z } from 'zod';
import { MoneyString } from '../common.ts';
import { TransactionListItem } from './transactions.ts';

export const DashboardRequest = z.object({ Currency: z.string().length(3).default('MYR') });

const Figure = z.object({ Amount: MoneyString, Count: z.number().int() });

/**
 * Dashboard figures for the caller's subtree and the requested currency (the header's, §3/§6),
 * read from the summaries (sales_summary_daily / _monthly through readSummary). Today,
 * MonthToDate, Trend and PaymentMethodMix count successful transactions only; BusinessDay (MYT,
 * YYYY-MM-DD) is today, still in progress, so its Trend points are partial. OpenRiskAlerts counts
 * the risk alerts (any currency) still PENDING or OPEN in the subtree, null for a caller
 * without `risk:view`.
 */
export const DashboardResponse = z.object({
  Currency: z.string(),
  BusinessDay: z.string(),
  Today: Figure,
  MonthToDate: Figure,
  /** Successful share of today's and month-to-date attempts, 0–100 with one decimal. */
  SuccessRate: z.number(),
  /** Refund requests still PENDING in the requested currency: their count and total amount. */
  PendingRefunds: Figure,
  /** Risk alerts PENDING or OPEN in the caller's subtree; null without `risk:view`. */
  OpenRiskAlerts: z.number().int().nullable(),
  Trend: z.array(z.object({ Day: z.string(), ServiceType: z.number().int(), Amount: MoneyString, Count: z.number().int() })),
  PaymentMethodMix: z.array(z.object({ PaymentMethod: z.string(), Amount: MoneyString, Count: z.number().int() })),
  Latest: z.array(TransactionListItem),
  /**
   * The figures by channel, for their drill-down (reports/dashboard-drill.ts): today's successful
   * and the month's successful and failed sale rows by service type and payment method (null: a
   * transaction without one), and the successful rows of the comparison windows (YESTERDAY, and
   * PREV_MONTH: the same days of the previous month). Today's rows add up to Today, the month's
   * SUCCESS rows to MonthToDate, SUCCESS with FAILED to the success rate's attempts, and each
   * comparison window's to its Previous figure.
   */
  Breakdown: z.array(
    z.object({
      Window: z.enum(['TODAY', 'MONTH', 'YESTERDAY', 'PREV_MONTH']),
      ServiceType: z.number().int(),
      PaymentMethod: z.string().nullable(),
      Status: z.enum(['SUCCESS', 'FAILED']),
      Count: z.number().int(),
      Amount: MoneyString,
    }),
  ),
  /**
   * The comparison figures (successful sales, as Today and MonthToDate): yesterday's whole MYT day,
   * and the same days of the previous month (the 1st to today's day of the month, cut at that
   * month's end), with their MYT days. Today is still in progress; yesterday is complete.
   */
  Previous: z.object({
    Yesterday: Figure.extend({ Day: z.string() }),
    Month: Figure.extend({ From: z.string(), To: z.string() }),
  }),
});

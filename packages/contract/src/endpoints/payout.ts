/**
 * The payout desk's bodies and answers: hold a payout for a risk violation (a
 * §9 risk alert rule, the codes of RiskViolationOptions) with a note, and release a hold with a
 * note (/tpa-payout-report-v2); bank payout batches (/payout-report): create one from the payouts
 * due, download its bulk-credit file (docs/payout-bulk-credit.md), record the bank's result file.
 */
import { z } from 'zod';
import { PAYOUT_BATCH_STATES, PAYOUT_CHANNELS, PAYOUT_STATES, RISK_ALERT_RULES, RULE_MESSAGES, VALIDATION_MESSAGES } from '@paydesk/domain';
import { DbId, IsoDateTime, MoneyString, RecordEvent } from '../common.ts';

const Note = z.string().trim().min(1, VALIDATION_MESSAGES.required).max(500);

/** Hold: the payout, the violation (RiskViolationOptions Code) and why. */
export const PayoutHoldRequest = z.object({ Id: DbId, Violation: z.enum(RISK_ALERT_RULES), Note });

/** Release: the payout and why the hold is lifted. */
export const PayoutReleaseRequest = z.object({ Id: DbId, Note });

/** The payout after the decision. */
export const PayoutDecisionResponse = z.object({ Id: DbId, State: z.enum(PAYOUT_STATES), Violation: z.string().nullable(), Note: z.string() });

/** A calendar day 'YYYY-MM-DD' that exists (MYT). */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, RULE_MESSAGES.payoutDate)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), RULE_MESSAGES.payoutDate);

/**
 * Create a bank batch: every payout of `Channel` and `Currency` due on or before `PayoutDate`
 * (MYT) that is SCHEDULED, RELEASED or FAILED (a retry), whose merchant has a payout bank account.
 */
export const PayoutBatchCreateRequest = z.object({
  PayoutDate: Day,
  Channel: z.enum(PAYOUT_CHANNELS),
  Currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, RULE_MESSAGES.currencyCode),
});

/** A bank batch and what its lines came to. Amounts in ringgit (2 places). */
export const PayoutBatch = z.object({
  Id: DbId,
  Reference: z.string(),
  Channel: z.enum(PAYOUT_CHANNELS),
  Currency: z.string(),
  PayoutDate: z.string(),
  State: z.enum(PAYOUT_BATCH_STATES),
  LineCount: z.number().int(),
  Total: MoneyString,
  PaidCount: z.number().int(),
  PaidTotal: MoneyString,
  FailedCount: z.number().int(),
  FailedTotal: MoneyString,
  FileName: z.string(),
  FileSha256: z.string(),
  CreatedAt: IsoDateTime,
  CreatedBy: z.string(),
  ResultAt: IsoDateTime.nullable(),
  ResultBy: z.string().nullable(),
});

/** A batch with its log (always answered by the batch's read; optional so a list row or a new batch is one too): created, each download of its bulk-credit file (who took the account numbers), the bank's result. */
export const PayoutBatchDetail = PayoutBatch.extend({ Events: z.array(RecordEvent).optional() });

/** The batch made, and the due payouts left out because their merchant has no payout account. */
export const PayoutBatchCreateResponse = PayoutBatch.extend({ SkippedNoAccount: z.number().int() });

/** A batch by its number (path `:Id`). */
export const PayoutBatchParams = z.object({ Id: DbId });

/** The batches, newest first, optionally of one state. */
export const PayoutBatchSearchRequest = z.object({
  State: z.enum(PAYOUT_BATCH_STATES).optional(),
  PageIndex: z.coerce.number().int().min(1).max(100_000).default(1),
  RowsPerPage: z.coerce.number().int().min(1).max(100).default(20),
});

export const PayoutBatchSearchResponse = z.object({ Rows: z.array(PayoutBatch), TotalRecords: z.number().int() });

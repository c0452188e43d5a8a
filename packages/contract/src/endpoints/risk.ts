/**
 * The risk desk's ticket actions (§4 ticket status PENDING → OPEN → CLOSE) and an
 * alert's history with its evidence. The lists (/risk, /risk-transaction) are declared reports.
 */
import { z } from 'zod';
import { TICKET_ACTIONS, TICKET_STATUSES, VALIDATION_MESSAGES } from '@paydesk/domain';
import { DbId, MoneyString } from '../common.ts';

const Note = z.string().trim().min(1, VALIDATION_MESSAGES.required).max(250);

/** Take an alert: assigned to the caller; a PENDING alert becomes OPEN. */
export const RiskAssignRequest = z.object({ Id: DbId });
/**
 * Give an alert to a colleague: `AssigneeUserId` must be one of the alert's `Assignees` (riskLog):
 * an active user holding `risk:assign` in a membership that sees the alert and lies within the
 * caller's own subtree. A PENDING alert becomes OPEN.
 */
export const RiskAssignToRequest = z.object({ Id: DbId, AssigneeUserId: DbId });
/** A comment on a PENDING or OPEN alert. */
export const RiskCommentRequest = z.object({ Id: DbId, Comment: Note });
/** Close an OPEN alert with its resolution. */
export const RiskCloseRequest = z.object({ Id: DbId, Resolution: Note });

export const RiskAlertState = z.object({
  Id: z.number().int(),
  Status: z.enum(TICKET_STATUSES),
  Assignee: z.string().nullable(),
  Resolution: z.string().nullable(),
  UpdatedAt: z.string(),
});

export const RiskLogParams = z.object({ Id: DbId });

export const RiskLogResponse = z.object({
  Id: z.number().int(),
  RuleCode: z.string(),
  Status: z.enum(TICKET_STATUSES),
  Threshold: z.string(),
  Observed: z.string(),
  /** The currency of an amount rule's threshold and observed value (null for counts, ratios, days). */
  Currency: z.string().nullable(),
  Events: z.array(z.object({ At: z.string(), Action: z.string(), Actor: z.string().nullable(), Summary: z.string() })),
  /**
   * The transactions the rule counted (its evidence), oldest first, with what picks their live view
   * (service type, payment method) and the masked card (first 6 + last 4) and client IP they carried.
   */
  Transactions: z.array(
    z.object({
      Id: z.number().int(), TxnRefNo: z.string(), CreatedAt: z.string(), Status: z.string(), TxnAmount: MoneyString, Currency: z.string(),
      ServiceType: z.number().int(), PaymentMethod: z.string(), MaskedPAN: z.string().nullable(), ClientIp: z.string().nullable(),
    }),
  ),
  /**
   * The ticket actions this caller may take now: the status accepts it, the permission is held,
   * and ASSIGN not on an alert already the caller's (no "Take over" of one's own case).
   */
  AllowedActions: z.array(z.enum(TICKET_ACTIONS)),
  /**
   * The colleagues this caller may give the alert to (ASSIGN_TO), by e-mail: empty when the caller
   * may not assign it. Never the current assignee.
   */
  Assignees: z.array(z.object({ Id: z.number().int(), Email: z.string() })),
});

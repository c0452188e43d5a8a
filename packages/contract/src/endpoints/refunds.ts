/**
 * The refund desk's bodies and answers (§3 refund form, §7 "Refund and chargeback"):
 * the refund form a merchant sends from a transaction's detail (RequestRefund), the four
 * RiskPreChargeback actions of the handling screen (UpdateRefund, Reject, TxnNotFound, ResendAck)
 * and a request's log. Field names are §3's: ServiceType, TxnReferences, TxnAmount, Description.
 */
import { z } from 'zod';
import { REFUND_REASONS, REFUND_SERVICE_TYPE_CODES, REFUND_STATUSES, RULE_MESSAGES, VALIDATION_MESSAGES } from '@paydesk/domain';
import { DbId, MoneyString } from '../common.ts';

/** ServiceType of the refund form: required ('placeholder_cannot_be_empty', §5), never terminal. */
export const RefundServiceType = z.coerce
  .number({ error: VALIDATION_MESSAGES.required })
  .int()
  .refine((v) => (REFUND_SERVICE_TYPE_CODES as readonly number[]).includes(v), RULE_MESSAGES.refundServiceType);

/** A transaction reference as the portal writes them (letters, digits, '-', '_'). */
const TxnRef = z.string().trim().min(1, VALIDATION_MESSAGES.required).max(64).regex(/^[A-Za-z0-9_-]+$/, RULE_MESSAGES.txnRefNo);

/** The references of the form: one to 20 distinct transactions. */
export const TxnReferences = z
  .array(TxnRef)
  .min(1, VALIDATION_MESSAGES.required)
  .max(20)
  .refine((refs) => new Set(refs).size === refs.length, RULE_MESSAGES.refundReferenceTwice);

/** Reject and not-found forms (§3, §5): a required description, at most 250 characters (§9). */
const Description = z.string().trim().min(1, VALIDATION_MESSAGES.required).max(250);

/**
 * The refund form from a transaction's detail (§3): TxnAmount is what the form showed read-only,
 * the refundable amount (the transactions' amounts less what was refunded) — the server refuses a
 * stale one rather than refunding another sum.
 */
export const RequestRefundRequest = z.object({
  ServiceType: RefundServiceType,
  TxnReferences,
  TxnAmount: MoneyString,
  ReasonCode: z.enum(REFUND_REASONS, { error: VALIDATION_MESSAGES.required }),
  Description: z.string().trim().max(250).optional(),
});

/** A refund request's state after an action. Money in ringgit (decimal strings). */
export const RefundRequestState = z.object({
  Id: z.number().int(),
  TxnRefNo: z.string(),
  Status: z.enum(REFUND_STATUSES),
  TxnAmount: MoneyString,
  Currency: z.string(),
  /** The transaction's refunded amount after the action. */
  RefundedAmount: MoneyString,
  UpdatedAt: z.string(),
});

export const RequestRefundResponse = z.object({ Requests: z.array(RefundRequestState) });

/** Manual refund (…/UpdateRefund): the refund form of the request, as the handling screen shows it. */
export const UpdateRefundRequest = z.object({
  Id: DbId,
  ServiceType: RefundServiceType,
  TxnReferences,
  TxnAmount: MoneyString,
});

/** Reject (…/Reject) and mark not found (…/TxnNotFound). */
export const RefundDecisionRequest = z.object({ Id: DbId, Description });

/** Resend acknowledgement (…/ResendAck): no form. */
export const ResendAckRequest = z.object({ Id: DbId });

export const RefundLogParams = z.object({ Id: DbId });

/** One event of a request's log: who (e-mail, or null for the system), when (UTC), what. */
export const RefundLogEvent = z.object({
  At: z.string(),
  Action: z.string(),
  FromStatus: z.string().nullable(),
  ToStatus: z.string(),
  Actor: z.string().nullable(),
  Summary: z.string(),
});

export const RefundLogResponse = z.object({
  Id: z.number().int(),
  TxnRefNo: z.string(),
  Status: z.enum(REFUND_STATUSES),
  Events: z.array(RefundLogEvent),
});

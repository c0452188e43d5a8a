/**
 * The related sections of a list report's detail: what a transaction's detail
 * shows beside its own columns — the pre-auth operation chain, the payment link paid, the
 * recurring schedule charged, and the timeline of its events (docs/transaction-model.md "The
 * detail timeline: derived, not stored"). A declaration names the sections it wants
 * (`related: ['preauthChain', 'timeline']`) from the closed set `REPORT_RELATED`; the server has
 * one resolver per name (apps/server/src/reports/related/) and `Report.{name}.Get` answers them
 * under `Related`. A report without `related` (a non-transaction source) answers no `Related`.
 *
 * Wire shapes (PascalCase; instants ISO 8601 UTC, shown in MYT; money decimal strings in the
 * record's currency, never floats; no card data beyond the masked PAN a row already carries):
 * - `PreauthChain`: the PREAUTH and every later operation pointing at it, oldest first
 *   `[{Id, TxnRefNo, PreauthOp, CreatedAt, Amount, Currency, Status}]`;
 * - `PaymentLink`: `{Id, LinkRef, Amount, Currency, Description, Status, CreatedAt, ExpiresAt}` or
 *   null when the link is not found in the caller's scope;
 * - `RecurringSchedule`: `{Id, CustName, CustRef, Amount, Currency, Frequency, StartDate (MYT day),
 *   CyclesTotal (null: until cancelled), CyclesDone, NextRunAt, Status, CreatedAt}` or null;
 * - `Timeline`: `[{At, Code, LabelKey, RefId, Status, Amount, Currency}]` ordered by `At` then a
 *   fixed rank of `Code`; the first event is INITIATED (the row's `created_at`).
 */
import { z } from 'zod';
import { MoneyString } from '../common.ts';

/** The related sections a declaration may name. */
export const REPORT_RELATED = ['preauthChain', 'paymentLink', 'recurringSchedule', 'timeline'] as const;
export type ReportRelatedName = (typeof REPORT_RELATED)[number];

/** The `Related` field each section answers under. */
export const RELATED_FIELD = {
  preauthChain: 'PreauthChain',
  paymentLink: 'PaymentLink',
  recurringSchedule: 'RecurringSchedule',
  timeline: 'Timeline',
} as const satisfies Record<ReportRelatedName, string>;

/**
 * The codes of timeline events, in the order events of the same instant are listed:
 * INITIATED (created_at), AUTHORISED (a pre-auth's payment_creation_date), PAID (a sale's),
 * PROCESSED (any other row's, e.g. a void or a batch message), DECLINED (a FAILED row's),
 * the chain operations after the row (PREAUTH_VOID, CAPTURE, CAPTURE_VOID), REFUND_REQUESTED /
 * REFUND_UPDATED (refund_requests created_at / updated_at with its status), VOIDED / UPDATED
 * (updated_at when it differs: VOIDED when the row's status is VOID), BATCH_SETTLED (the terminal
 * batch's settled_at), REPORTED / REPORT_REFUSED (a status event the gateway or terminal host
 * posted, at its event time, with its type as Status: applied, or kept but not applied).
 */
export const TIMELINE_CODES = [
  'INITIATED',
  'AUTHORISED',
  'PAID',
  'PROCESSED',
  'DECLINED',
  'PREAUTH_VOID',
  'CAPTURE',
  'CAPTURE_VOID',
  'REFUND_REQUESTED',
  'REFUND_UPDATED',
  'VOIDED',
  'UPDATED',
  'BATCH_SETTLED',
  'REPORTED',
  'REPORT_REFUSED',
] as const;
export type TimelineCode = (typeof TIMELINE_CODES)[number];

/** The i18n key of a timeline event's text (REPORT_LABELS). */
export const timelineLabelKey = (code: TimelineCode): string => `timeline.${code}`;

const Instant = z.iso.datetime();

export const PreauthChainItem = z.object({
  Id: z.number().int(),
  TxnRefNo: z.string(),
  PreauthOp: z.string().nullable(),
  CreatedAt: Instant,
  Amount: MoneyString,
  Currency: z.string(),
  Status: z.string(),
});
export type PreauthChainItem = z.infer<typeof PreauthChainItem>;

export const RelatedPaymentLink = z.object({
  Id: z.number().int(),
  LinkRef: z.string(),
  Amount: MoneyString,
  Currency: z.string(),
  Description: z.string().nullable(),
  Status: z.string(),
  CreatedAt: Instant,
  ExpiresAt: Instant,
});
export type RelatedPaymentLink = z.infer<typeof RelatedPaymentLink>;

export const RelatedRecurringSchedule = z.object({
  Id: z.number().int(),
  CustName: z.string(),
  CustRef: z.string().nullable(),
  Amount: MoneyString,
  Currency: z.string(),
  Frequency: z.string(),
  StartDate: z.iso.date(),
  CyclesTotal: z.number().int().nullable(),
  CyclesDone: z.number().int(),
  NextRunAt: Instant.nullable(),
  Status: z.string(),
  CreatedAt: Instant,
});
export type RelatedRecurringSchedule = z.infer<typeof RelatedRecurringSchedule>;

export const TimelineEvent = z.object({
  At: Instant,
  Code: z.enum(TIMELINE_CODES),
  LabelKey: z.string(),
  /** The transaction (chain operation) or refund request the event is about; null for the row itself. */
  RefId: z.number().int().nullable(),
  /** The status the event reached (a refund's, a batch's), null when the code says it all. */
  Status: z.string().nullable(),
  Amount: MoneyString.nullable(),
  Currency: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;

/** The `Related` object of a detail (each key present exactly when the report declares its section). */
export interface ReportRelated {
  PreauthChain?: PreauthChainItem[];
  PaymentLink?: RelatedPaymentLink | null;
  RecurringSchedule?: RelatedRecurringSchedule | null;
  Timeline?: TimelineEvent[];
}

const SECTION_SCHEMA: Record<ReportRelatedName, z.ZodType> = {
  preauthChain: z.array(PreauthChainItem),
  paymentLink: RelatedPaymentLink.nullable(),
  recurringSchedule: RelatedRecurringSchedule.nullable(),
  timeline: z.array(TimelineEvent),
};

/** The zod schema of `Related` for the sections a report declares (each required). */
export function relatedSchema(names: readonly ReportRelatedName[]): z.ZodType<ReportRelated> {
  return z.object(Object.fromEntries(names.map((n) => [RELATED_FIELD[n], SECTION_SCHEMA[n]]))) as unknown as z.ZodType<ReportRelated>;
}

/** The `Related` of a Get answer (the detail's columns are typed by ReportRow; Related rides beside them). */
export const relatedOf = (detail: object): ReportRelated | undefined => (detail as { Related?: ReportRelated }).Related;

import { z } from 'zod';
import { FIELD_MESSAGES, fieldMessage } from '@paydesk/domain';

/** Largest value of a PostgreSQL `integer` (int4) column: ids, counts, versions. */
export const INT4_MAX = 2_147_483_647;

/** A row id (serial / int4): a positive integer that fits its column (a string of digits is accepted). */
export const DbId = z.coerce
  .number()
  .int(fieldMessage(FIELD_MESSAGES.wholeMin, { min: 1 }))
  .positive(fieldMessage(FIELD_MESSAGES.wholeMin, { min: 1 }))
  .max(INT4_MAX, fieldMessage(FIELD_MESSAGES.maxValue, { max: INT4_MAX }));

/** `{ErrorCode, ErrorMessage}` (§3 Error response). */
export const ErrorBody = z.object({ ErrorCode: z.string(), ErrorMessage: z.string() });

/** A decimal money string with at most 2 decimals, in the currency's major unit (ringgit). */
export const MoneyString = z.string().regex(/^-?\d{1,16}(\.\d{1,2})?$/, 'invalid transaction amount');

/** An ISO 8601 instant (UTC). */
export const IsoDateTime = z.iso.datetime({ offset: true });

export const SortOrder = z.enum(['asc', 'desc']);

/** The list request of guides practice 4 and §7: `{PageIndex, RowsPerPage, SearchData, Sort}`. */
export function listRequest<T extends z.ZodType>(searchData: T, sortFields: [string, ...string[]]) {
  return z.object({
    PageIndex: z.coerce.number().int().min(1).max(100_000).default(1),
    RowsPerPage: z.coerce.number().int().min(1).max(999).default(20),
    SearchData: searchData,
    Sort: z.object({ Field: z.enum(sortFields), Order: SortOrder }).optional(),
  });
}

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ Items: z.array(item), TotalRecords: z.number().int(), PageIndex: z.number().int(), RowsPerPage: z.number().int() });
}

export const Empty = z.object({}).strict();

/**
 * One event of a record's log as the workflow engine reads it (apps/server/src/workflows/engine.ts
 * readEvents), oldest first: when (UTC), what (the machine's action or the record's own event
 * name), the state before (null for the record's first event) and after, who (an e-mail; null
 * for the system: a job, the scheduler) and the summary ('' for none).
 */
export const RecordEvent = z.object({ At: IsoDateTime, Action: z.string(), FromStatus: z.string().nullable(), ToStatus: z.string().nullable(), Actor: z.string().nullable(), Summary: z.string() });
export type RecordEvent = z.infer<typeof RecordEvent>;

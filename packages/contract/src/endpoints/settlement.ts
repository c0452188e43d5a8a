/**
 * The settlement desk's bodies and answers: importing a provider's settlement
 * file (multipart: field `FormatKey`, then the file), following its progress, and verifying or
 * unverifying a reconciliation item (§4 results 5 and 6) with a note.
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '@paydesk/domain';
import { DbId } from '../common.ts';

/** The file formats the import takes (docs/settlement-formats.md). */
export const SETTLEMENT_FORMAT_KEYS = ['RM', 'BSN', 'RAZERPAY', 'FINEXUS', 'IPAY88', 'PAYDEE', 'RM_TPA', 'PAYDEE_TPA', 'BSN_TPA'] as const;

export const SETTLEMENT_FILE_STATUSES = ['QUEUED', 'READING', 'MATCHING', 'DONE', 'FAILED'] as const;

/** POST /api/portal/Settlement/Import: the file registered (or the earlier import of the same bytes). */
export const SettlementImportResponse = z.object({
  FileId: DbId,
  /** False when the same file of the same format was imported before: nothing new is queued. */
  Created: z.boolean(),
  Status: z.enum(SETTLEMENT_FILE_STATUSES),
  Message: z.string(),
});

export const SettlementFileParams = z.object({ Id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Items per §4 result of a DONE file. */
export const ReconResultCounts = z.object({
  Tally: z.number().int(),
  NotTally: z.number().int(),
  ProviderOnly: z.number().int(),
  PortalOnly: z.number().int(),
  Verified: z.number().int(),
  Unverify: z.number().int(),
  Duplicate: z.number().int(),
});

/** GET /api/portal/Settlement/File/:Id: an import's state and progress (RowsRead grows while READING). */
export const SettlementFileResponse = z.object({
  Id: DbId,
  FormatKey: z.enum(SETTLEMENT_FORMAT_KEYS),
  FileName: z.string(),
  Status: z.enum(SETTLEMENT_FILE_STATUSES),
  RowsRead: z.number().int(),
  ErrorLine: z.number().int().nullable(),
  ErrorField: z.string().nullable(),
  ErrorMessage: z.string().nullable(),
  SettlementDateFrom: z.string().nullable(),
  SettlementDateTo: z.string().nullable(),
  CreatedAt: z.string(),
  FinishedAt: z.string().nullable(),
  Results: ReconResultCounts,
});

/** Verify / Unverify: the item and the note saying how the difference was resolved. */
export const ReconDecisionRequest = z.object({
  Id: DbId,
  Note: z.string().trim().min(1, VALIDATION_MESSAGES.required).max(500),
});

export const ReconDecisionResponse = z.object({ Id: DbId, Result: z.number().int().min(1).max(7), MatchedResult: z.number().int().min(1).max(7), Note: z.string() });

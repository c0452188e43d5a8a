/**
 * Verify and unverify a reconciliation item (§4 results 5 and 6): a finance
 * user resolves a discrepancy with a note, and may withdraw that resolution.
 *  - verify: an item in 2 NOT TALLY, 3 EXIST IN provider, 4 EXIST IN portal, 6 UNVERIFY or
 *    7 DUPLICATE becomes 5 VERIFIED with the note, the user and the time. Never by the user who
 *    imported the file (four eyes: the importer cannot clear what its own file raised). A TALLY
 *    item needs no verifying.
 *  - unverify: a VERIFIED item becomes 6 UNVERIFY (awaiting verification again) with the note.
 * `matched_result` keeps what the matching found throughout. Errors: NF404 (no such item),
 * 409 CF409 (the item's result does not allow it), 403 PERM403 (the importer verifying), VAL400
 * (a blank note).
 */
import { ERROR_CODES } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import { refreshReconDays } from './days.ts';

/** The §4 codes. */
export const RECON_RESULT = { TALLY: 1, NOT_TALLY: 2, PROVIDER_ONLY: 3, PORTAL_ONLY: 4, VERIFIED: 5, UNVERIFY: 6, DUPLICATE: 7 } as const;

const VERIFIABLE = new Set<number>([2, 3, 4, 6, 7]);

/** The item after a decision. */
export interface DecidedItem {
  id: number;
  result: number;
  matchedResult: number;
  note: string;
}

/**
 * Applies `action` to item `itemId` as `userId` with `note` (trimmed, 1–500 characters) at `at`
 * (UTC), locking the item. The settlement reports are a platform-only module (permissions.ts
 * PLATFORM_MODULES), so every item is in the caller's scope.
 */
export async function decideReconItem(
  q: Query,
  input: { itemId: number; action: 'verify' | 'unverify'; note: string; userId: number; at: Date },
): Promise<DecidedItem> {
  const note = input.note.trim();
  if (!note) throw badInput('Note', 'describe how the difference was resolved');
  if (note.length > 500) throw badInput('Note', 'at most 500 characters');
  const [item] = await q<{ id: number; result: number; matched_result: number; uploaded_by_user_id: number | null; provider: string; kind: string; day: string }>(
    `SELECT i.id, i.result, i.matched_result, f.uploaded_by_user_id, i.provider, i.kind, i.settlement_date::text AS day
     FROM recon_items i JOIN settlement_files f ON f.id = i.file_id
     WHERE i.id = $1 FOR UPDATE OF i`,
    [input.itemId],
  );
  if (!item) throw notFound('Reconciliation item');
  const result = Number(item.result);
  if (input.action === 'verify') {
    if (!VERIFIABLE.has(result)) throw new AppError(409, ERROR_CODES.CONFLICT, result === 1 ? 'A TALLY item needs no verifying' : 'The item is already VERIFIED');
    if (item.uploaded_by_user_id !== null && Number(item.uploaded_by_user_id) === input.userId) {
      throw new AppError(403, ERROR_CODES.FORBIDDEN, 'You imported this file: another user must verify its differences');
    }
  } else if (result !== RECON_RESULT.VERIFIED) {
    throw new AppError(409, ERROR_CODES.CONFLICT, 'Only a VERIFIED item can be unverified');
  }
  const to = input.action === 'verify' ? RECON_RESULT.VERIFIED : RECON_RESULT.UNVERIFY;
  await q(`UPDATE recon_items SET result = $2, note = $3, verified_by_user_id = $4, verified_at = $5, updated_at = $5 WHERE id = $1`, [item.id, to, note, input.userId, input.at]);
  await refreshReconDays(q, item.provider, item.kind, [item.day], input.at);
  return { id: Number(item.id), result: to, matchedResult: Number(item.matched_result), note };
}

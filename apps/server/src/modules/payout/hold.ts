/**
 * Hold and release a payout (/tpa-payout-report-v2):
 *  - hold: a SCHEDULED or RELEASED payout becomes HELD with a risk violation (a §9 risk alert
 *    rule, the codes of RiskViolationOptions), the note, the user and the time;
 *  - release: a HELD payout becomes RELEASED with the note — never by the user who held it
 *    (four eyes; a hold the build placed for an open risk alert has no holder, so any permitted
 *    user may release it once the alert is handled).
 * The row is locked for the decision. Errors: NF404 (no such payout), 409 CF409 (its state does
 * not allow it: PAID, FAILED and CARRIED payouts cannot be held, only HELD ones released),
 * 403 PERM403 (releasing one's own hold). The module is platform-only (permissions.ts), so every
 * payout is in the caller's scope.
 */
import { ERROR_CODES, type PayoutState } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';

/** The payout after a decision. */
export interface PayoutDecision {
  id: number;
  state: PayoutState;
  violation: string | null;
  note: string;
}

const HOLDABLE = new Set(['SCHEDULED', 'RELEASED']);

/**
 * Applies a hold (with `violation`) or a release to payout `id` as `userId` with `note` (already
 * trimmed and 1–500 characters by the contract) at `at` (UTC).
 */
export async function decidePayout(
  q: Query,
  input: { id: number; action: 'hold' | 'release'; violation?: string; note: string; userId: number; at: Date },
): Promise<PayoutDecision> {
  const [p] = await q<{ id: number; state: string; held_by_user_id: number | null; violation: string | null }>(
    `SELECT id, state, held_by_user_id, violation FROM payouts WHERE id = $1 FOR UPDATE`,
    [input.id],
  );
  if (!p) throw notFound('Payout');
  if (input.action === 'hold') {
    if (!HOLDABLE.has(p.state)) throw new AppError(409, ERROR_CODES.CONFLICT, `Payout #${p.id} is ${p.state}: only a scheduled or released payout can be held`);
    await q(
      `UPDATE payouts SET state = 'HELD', violation = $2, hold_note = $3, held_by_user_id = $4, held_at = $5, release_note = NULL, released_by_user_id = NULL, released_at = NULL, updated_at = $5
       WHERE id = $1`,
      [p.id, input.violation, input.note, input.userId, input.at],
    );
    return { id: Number(p.id), state: 'HELD', violation: input.violation ?? null, note: input.note };
  }
  if (p.state !== 'HELD') throw new AppError(409, ERROR_CODES.CONFLICT, `Payout #${p.id} is ${p.state}: only a held payout can be released`);
  if (p.held_by_user_id !== null && Number(p.held_by_user_id) === input.userId) {
    throw new AppError(403, ERROR_CODES.FORBIDDEN, 'You held this payout: another user must release it');
  }
  await q(`UPDATE payouts SET state = 'RELEASED', release_note = $2, released_by_user_id = $3, released_at = $4, updated_at = $4 WHERE id = $1`, [p.id, input.note, input.userId, input.at]);
  return { id: Number(p.id), state: 'RELEASED', violation: p.violation, note: input.note };
}

/**
 * The KYC review of a profile (the table and maker-checker in onboarding.ts):
 * a reviewer's START_REVIEW, VERIFY, REJECT (reason), SUSPEND (reason) and REINSTATE, and the
 * maker's SUBMIT of a REJECTED profile. Each with its Version (stale: 409 CF409), a status history
 * row and an audit record, in the caller's transaction.
 *
 * Refusals: a pair the table refuses → 409 CF409 naming the status; the maker (who submitted the
 * profile or last changed its key data) deciding their own profile → 403 PERM403.
 */
import type { ProfileSegment } from '@paydesk/contract';
import { ERROR_CODES, kycNextStatus, kycRefusal, type KycAction, type OnboardingStatus } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { findScopedOrg, kycActorOf, levelsOf, type OrgRow } from './read.ts';
import { addHistory, staleVersion } from './write.ts';

/** What a KYC action did. */
export interface KycOutcome {
  org: OrgRow;
  from: OnboardingStatus;
  to: OnboardingStatus;
}

/**
 * Takes `action` on profile `id` of `segment` as `scope` (see the file comment). REJECT and
 * SUSPEND keep `reason` as the profile's StatusReason; VERIFY stamps VerifiedAt; SUBMIT makes
 * the caller the maker again.
 */
export async function takeKycAction(
  q: Query, scope: Scope, segment: ProfileSegment, input: { id: number; version: number; action: KycAction; reason: string | null }, at: Date,
): Promise<KycOutcome> {
  const org = await findScopedOrg(q, scope, input.id, levelsOf(segment), true);
  if (org.version !== input.version) throw staleVersion(org.version);
  const refusal = kycRefusal(org.onboarding_status, input.action, kycActorOf(scope, segment, org));
  if (refusal === 'permission') throw new AppError(403, ERROR_CODES.FORBIDDEN, `You may not ${input.action} this profile`);
  if (refusal === 'state') throw new AppError(409, ERROR_CODES.CONFLICT, `Action: a ${org.onboarding_status} profile cannot take ${input.action}; reload it to see its status`);
  if (refusal === 'maker') {
    throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Action: you submitted this profile or last changed its key data, so another reviewer must decide it (maker-checker)');
  }
  const to = kycNextStatus(org.onboarding_status, input.action)!;
  const reason = input.action === 'REJECT' || input.action === 'SUSPEND' ? input.reason : null;
  await q(
    `UPDATE organizations SET onboarding_status = $2, status_reason = $3, version = version + 1, updated_at = $4,
       verified_at = CASE WHEN $2 = 'VERIFIED' THEN $4 ELSE verified_at END,
       submitted_by_user_id = CASE WHEN $5 THEN $6 ELSE submitted_by_user_id END,
       submitted_at = CASE WHEN $5 THEN $4 ELSE submitted_at END
     WHERE id = $1`,
    [org.id, to, reason, at, input.action === 'SUBMIT', scope.userId],
  );
  await addHistory(q, scope, org.id, org.onboarding_status, to, input.reason, at);
  return { org: await findScopedOrg(q, scope, org.id, levelsOf(segment)), from: org.onboarding_status, to };
}

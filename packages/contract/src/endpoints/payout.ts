/**
 * The payout desk's bodies and answers (issue 12 Build 5, /tpa-payout-report-v2): hold a payout
 * for a risk violation (a §9 risk alert rule, the codes of RiskViolationOptions) with a note, and
 * release a hold with a note.
 */
import { z } from 'zod';
import { PAYOUT_STATES, RISK_ALERT_RULES, VALIDATION_MESSAGES } from '@paydesk/domain';
import { DbId } from '../common.ts';

const Note = z.string().trim().min(1, VALIDATION_MESSAGES.required).max(500);

/** Hold: the payout, the violation (RiskViolationOptions Code) and why. */
export const PayoutHoldRequest = z.object({ Id: DbId, Violation: z.enum(RISK_ALERT_RULES), Note });

/** Release: the payout and why the hold is lifted. */
export const PayoutReleaseRequest = z.object({ Id: DbId, Note });

/** The payout after the decision. */
export const PayoutDecisionResponse = z.object({ Id: DbId, State: z.enum(PAYOUT_STATES), Violation: z.string().nullable(), Note: z.string() });

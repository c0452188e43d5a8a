/**
 * The Revenue Monster application as a workflow record (workflows/engine.ts, domain
 * RM_APPLICATION_MACHINE): its lock inside the caller's subtree (another subtree's application is
 * NF404, as if it did not exist), the 409 messages the desk has always shown, and its event log
 * (rm_application_events). Saving, sending and recording RM's answer (application.ts) all move an
 * application through it.
 */
import { ERROR_CODES, RM_APPLICATION_MACHINE, type RmApplicationAction, type RmApplicationStatus } from '@paydesk/domain';
import type { RmApplicationForm } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { subtreeSql, type Scope } from '../../platform/scope.ts';
import type { LockedRecord, WorkflowTable } from '../../workflows/engine.ts';

/** An application as its moves read it under the row lock, with its merchant's name and onboarding status. */
export interface LockedApplication extends LockedRecord<RmApplicationStatus> {
  orgId: number;
  version: number;
  form: RmApplicationForm;
  /** Who sent it (null until SUBMIT): never the one to record RM's answer. */
  submittedByUserId: number | null;
  merchantName: string;
  onboardingStatus: string;
}

/**
 * Locks application `id` (FOR UPDATE, its row only: the merchant's organization stays free) in the
 * caller's transaction `q` and answers it; null when there is none, or none inside `scope`'s
 * subtree when a scope is given (the platform sees all; a non-platform caller without a company
 * sees none).
 */
export async function lockApplication(q: Query, id: number, scope?: Scope): Promise<LockedApplication | null> {
  const inScope = scope ? subtreeSql(scope, 'o', 2) : { text: 'true', values: [] };
  const [r] = await q<{
    id: number; status: RmApplicationStatus; org_id: number; version: number; form: RmApplicationForm | string; submitted_by_user_id: number | null; merchant_name: string; onboarding_status: string;
  }>(
    `SELECT a.id, a.status, a.org_id, a.version, a.form, a.submitted_by_user_id, o.name AS merchant_name, o.onboarding_status
     FROM rm_applications a JOIN organizations o ON o.id = a.org_id WHERE a.id = $1 AND ${inScope.text} FOR UPDATE OF a`,
    [id, ...inScope.values],
  );
  if (!r) return null;
  return {
    id: Number(r.id), status: r.status, orgId: Number(r.org_id), version: Number(r.version),
    form: (typeof r.form === 'string' ? JSON.parse(r.form) : r.form) as RmApplicationForm,
    submittedByUserId: r.submitted_by_user_id === null ? null : Number(r.submitted_by_user_id), merchantName: r.merchant_name, onboardingStatus: r.onboarding_status,
  };
}

/** What each refused action says, after "The application is <status>: " (the desk's wording since before the engine). */
const ONLY: Record<RmApplicationAction, string> = {
  SAVE: 'only a draft or a rejected application can be changed',
  SUBMIT: 'only a draft can be sent',
  APPROVE: "only a sent application takes Revenue Monster's answer",
  REJECT: "only a sent application takes Revenue Monster's answer",
};

/** The application as a workflow record: its machine, lock, refusals (409 CF409) and event log. */
export const RM_APPLICATIONS: WorkflowTable<RmApplicationStatus, RmApplicationAction, LockedApplication> = {
  machine: RM_APPLICATION_MACHINE,
  table: 'rm_applications',
  noun: 'Application',
  conflict: ERROR_CODES.CONFLICT,
  refusal: (r, action) => `The application is ${r.status}: ${ONLY[action]}`,
  lock: lockApplication,
  events: { table: 'rm_application_events', key: 'application_id', fromTo: true },
};

/**
 * The one state machine of a merchant's Revenue Monster application (/rm-application; the
 * contract's endpoints/rm-application.ts tells the rest). The platform's staff move it:
 *
 *   DRAFT --SAVE--> DRAFT            (the form is edited again)
 *   DRAFT --SUBMIT--> SUBMITTED      (it went to RM: a VERIFIED merchant with its documents on file)
 *   SUBMITTED --APPROVE--> APPROVED  (RM's merchant id recorded; another user than the sender)
 *   SUBMITTED --REJECT--> REJECTED   (RM's reason recorded; another user than the sender)
 *   REJECTED --SAVE--> DRAFT         (edited back into a draft, to be sent again)
 *
 * APPROVED is final: the merchant's RM configuration exists from then on. Any other pair is
 * refused (409 CF409). Who may take an action (permissions, maker-checker) is the server's, not
 * the machine's. Pure: no time, money or I/O.
 */
import type { RmApplicationStatus } from './enums.ts';
import { stateMachine } from './state-machine.ts';

/** What can happen to an application: the same four as the contract's AllowedActions. */
export const RM_APPLICATION_FLOW_ACTIONS = ['SAVE', 'SUBMIT', 'APPROVE', 'REJECT'] as const;
export type RmApplicationAction = (typeof RM_APPLICATION_FLOW_ACTIONS)[number];

/** The application's machine (the workflow engine's RmApplication record reads it). */
export const RM_APPLICATION_MACHINE = stateMachine<RmApplicationStatus, RmApplicationAction>({
  DRAFT: { SAVE: 'DRAFT', SUBMIT: 'SUBMITTED' },
  SUBMITTED: { APPROVE: 'APPROVED', REJECT: 'REJECTED' },
  APPROVED: {},
  REJECTED: { SAVE: 'DRAFT' },
});

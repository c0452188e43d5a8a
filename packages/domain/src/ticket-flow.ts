/**
 * The one state machine of a risk alert as a ticket (§4 ticket status):
 *
 *   PENDING --ASSIGN--> OPEN        (taken: assigned to the caller)
 *   OPEN    --ASSIGN--> OPEN        (taken over by another staff member)
 *   PENDING, OPEN --ASSIGN_TO--> OPEN (given to a colleague who may work it)
 *   PENDING, OPEN --COMMENT--> (unchanged)
 *   OPEN    --CLOSE--> CLOSE        (with a resolution; a PENDING alert is taken first, so every
 *                                    closed alert names who looked at it)
 *
 * CLOSE is final. Any other pair is refused (409 CF409).
 */
import type { TicketStatus } from './enums.ts';
import { stateMachine } from './state-machine.ts';

/** What the risk desk does to an alert. */
export const TICKET_ACTIONS = ['ASSIGN', 'ASSIGN_TO', 'COMMENT', 'CLOSE'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

export const TICKET_MACHINE = stateMachine<TicketStatus, TicketAction>({
  PENDING: { ASSIGN: 'OPEN', ASSIGN_TO: 'OPEN', COMMENT: 'PENDING' },
  OPEN: { ASSIGN: 'OPEN', ASSIGN_TO: 'OPEN', COMMENT: 'OPEN', CLOSE: 'CLOSE' },
  CLOSE: {},
});

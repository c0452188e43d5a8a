/**
 * The state machine of a bank payout batch (table `payout_batches`, states PAYOUT_BATCH_STATES):
 *
 *   AWAITING_RESULT --RECORD_RESULT--> COMPLETED   (the bank's result file answers every line)
 *
 * COMPLETED is final: a batch's result is recorded once, so its payouts become PAID or FAILED
 * once and no money is counted twice. Downloading the bulk-credit file is a read, not an action of
 * the machine (the server logs it as a DOWNLOAD event, state unchanged, because who took the file
 * with whole account numbers is what an auditor asks); creating a batch is its first event, not a
 * move. Pure: no time, money or I/O.
 */
import type { PayoutBatchState } from './enums.ts';
import { stateMachine } from './state-machine.ts';

/** What moves a batch: only the bank's result. */
export const PAYOUT_BATCH_ACTIONS = ['RECORD_RESULT'] as const;
export type PayoutBatchAction = (typeof PAYOUT_BATCH_ACTIONS)[number];

/** A payout batch's machine (the workflow engine's payout batch record reads it; any other pair is refused, 409 CF409). */
export const PAYOUT_BATCH_MACHINE = stateMachine<PayoutBatchState, PayoutBatchAction>({
  AWAITING_RESULT: { RECORD_RESULT: 'COMPLETED' },
  COMPLETED: {},
});

/**
 * A bank payout batch's machine (payout-batch-flow.ts), over every (state, action) pair: only an
 * AWAITING_RESULT batch takes the bank's result, and COMPLETED is final.
 */
import { describe, expect, it } from 'vitest';
import { PAYOUT_BATCH_STATES, type PayoutBatchState } from '../src/enums.ts';
import { PAYOUT_BATCH_ACTIONS, PAYOUT_BATCH_MACHINE, type PayoutBatchAction } from '../src/payout-batch-flow.ts';

/** The whole table, written out: every pair not listed is refused. */
const EXPECTED: Record<PayoutBatchState, Record<PayoutBatchAction, PayoutBatchState | null>> = {
  AWAITING_RESULT: { RECORD_RESULT: 'COMPLETED' },
  COMPLETED: { RECORD_RESULT: null },
};

describe('payout batch machine', () => {
  it('covers exactly the batch states, in their order', () => {
    expect(PAYOUT_BATCH_MACHINE.states).toEqual([...PAYOUT_BATCH_STATES]);
  });

  for (const state of PAYOUT_BATCH_STATES) {
    for (const action of PAYOUT_BATCH_ACTIONS) {
      it(`${state} --${action}--> ${EXPECTED[state][action] ?? 'refused'}`, () => {
        expect(PAYOUT_BATCH_MACHINE.next(state, action)).toBe(EXPECTED[state][action]);
      });
    }
  }

  it('records a result only from AWAITING_RESULT, and COMPLETED is final', () => {
    expect(PAYOUT_BATCH_MACHINE.accepting('RECORD_RESULT')).toEqual(['AWAITING_RESULT']);
    expect(PAYOUT_BATCH_MACHINE.final).toEqual(['COMPLETED']);
  });

  it('has no action for a download: reading the file is not a move', () => {
    expect(PAYOUT_BATCH_ACTIONS).not.toContain('DOWNLOAD');
  });
});

/**
 * The Revenue Monster application's machine (rm-application-flow.ts): every (status, action)
 * pair answers exactly what the table below says (null: refused), so a change of the machine is
 * a change of this table too; APPROVED is the only final status and every status is reachable
 * from DRAFT.
 */
import { describe, expect, it } from 'vitest';
import { RM_APPLICATION_FLOW_ACTIONS, RM_APPLICATION_MACHINE, RM_APPLICATION_STATUSES, type RmApplicationAction, type RmApplicationStatus } from '../src/index.ts';

/** Status → action → next status, null where the machine refuses (written out in full on purpose). */
const EXPECTED: Record<RmApplicationStatus, Record<RmApplicationAction, RmApplicationStatus | null>> = {
  DRAFT: { SAVE: 'DRAFT', SUBMIT: 'SUBMITTED', APPROVE: null, REJECT: null },
  SUBMITTED: { SAVE: null, SUBMIT: null, APPROVE: 'APPROVED', REJECT: 'REJECTED' },
  APPROVED: { SAVE: null, SUBMIT: null, APPROVE: null, REJECT: null },
  REJECTED: { SAVE: 'DRAFT', SUBMIT: null, APPROVE: null, REJECT: null },
};

describe('RM application flow', () => {
  const pairs = RM_APPLICATION_STATUSES.flatMap((s) => RM_APPLICATION_FLOW_ACTIONS.map((a) => [s, a, EXPECTED[s][a]] as const));

  it('covers every status and only statuses of the enum', () => {
    expect([...RM_APPLICATION_MACHINE.states].sort()).toEqual([...RM_APPLICATION_STATUSES].sort());
    expect(pairs).toHaveLength(RM_APPLICATION_STATUSES.length * RM_APPLICATION_FLOW_ACTIONS.length);
  });

  it.each(pairs)('%s + %s → %s', (status, action, to) => {
    expect(RM_APPLICATION_MACHINE.next(status, action)).toBe(to);
  });

  it('answers the accepting statuses of each action from the same table', () => {
    for (const action of RM_APPLICATION_FLOW_ACTIONS) {
      expect(RM_APPLICATION_MACHINE.accepting(action)).toEqual(RM_APPLICATION_STATUSES.filter((s) => EXPECTED[s][action] !== null));
    }
  });

  it('has APPROVED as its one final status and reaches every status from DRAFT', () => {
    expect(RM_APPLICATION_MACHINE.final).toEqual(['APPROVED']);
    const seen = new Set<RmApplicationStatus>(['DRAFT']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const from of [...seen]) {
        for (const action of RM_APPLICATION_FLOW_ACTIONS) {
          const to = RM_APPLICATION_MACHINE.next(from, action);
          if (to !== null && !seen.has(to)) {
            seen.add(to);
            grew = true;
          }
        }
      }
    }
    expect([...seen].sort()).toEqual([...RM_APPLICATION_STATUSES].sort());
  });
});

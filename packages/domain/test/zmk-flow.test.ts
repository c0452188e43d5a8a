/**
 * A zone master key's machine (zmk-flow.ts): every (status, action) pair answers exactly what
 * the table below says (written out by hand, not read from the machine); over random sequences
 * of actions a key activates at most once, never goes back to its ceremony and never leaves a
 * final status; and `accepting` / `final` agree with `next`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZMK_STATUSES, type ZmkStatus } from '../src/enums.ts';
import { ZMK_KEY_ACTIONS, ZMK_MACHINE, type ZmkKeyAction } from '../src/zmk-flow.ts';

/** The accepted moves as "FROM ACTION TO"; any pair not listed is refused. */
const EXPECTED = new Set([
  'AWAITING_COMPONENTS ENTER_COMPONENT AWAITING_COMPONENTS',
  'AWAITING_COMPONENTS ACTIVATE ACTIVE',
  'AWAITING_COMPONENTS CANCEL CANCELLED',
  'ACTIVE RETIRE RETIRED',
]);

const expectedNext = (from: ZmkStatus, action: ZmkKeyAction): string | null =>
  [...EXPECTED].map((t) => t.split(' ')).find(([f, a]) => f === from && a === action)?.[2] ?? null;

describe('zone master key flow', () => {
  it('answers the table for every (status, action) pair', () => {
    expect([...ZMK_MACHINE.states].sort()).toEqual([...ZMK_STATUSES].sort());
    let accepted = 0;
    for (const from of ZMK_STATUSES) {
      for (const action of ZMK_KEY_ACTIONS) {
        const to = ZMK_MACHINE.next(from, action);
        expect(to, `${from} ${action}`).toBe(expectedNext(from, action));
        if (to !== null) accepted++;
      }
    }
    expect(accepted).toBe(EXPECTED.size);
  });

  it('keeps a key in its ceremony while components are entered (a self-transition)', () => {
    expect(ZMK_MACHINE.next('AWAITING_COMPONENTS', 'ENTER_COMPONENT')).toBe('AWAITING_COMPONENTS');
    expect(ZMK_MACHINE.final).toEqual(['CANCELLED', 'RETIRED']);
  });

  it('agrees with itself: accepting(action) is exactly the statuses whose next is not null', () => {
    for (const action of ZMK_KEY_ACTIONS) {
      expect(ZMK_MACHINE.accepting(action)).toEqual(ZMK_STATUSES.filter((s) => ZMK_MACHINE.next(s, action) !== null));
    }
  });

  it('activates at most once, never reopens a ceremony and never leaves a final status', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ZMK_KEY_ACTIONS), { maxLength: 30 }), (actions) => {
        let status: ZmkStatus = 'AWAITING_COMPONENTS';
        let activations = 0;
        for (const action of actions) {
          const next = ZMK_MACHINE.next(status, action);
          if (ZMK_MACHINE.final.includes(status)) expect(next).toBeNull();
          if (next === null) continue;
          if (status !== 'AWAITING_COMPONENTS') expect(next).not.toBe('AWAITING_COMPONENTS');
          if (next === 'ACTIVE') activations++;
          status = next;
        }
        expect(activations).toBeLessThanOrEqual(1);
        // Only an activated key can be retired.
        if (status === 'RETIRED') expect(activations).toBe(1);
      }),
      { numRuns: 1000 },
    );
  });
});

/**
 * The refund request state machine (refund-flow.ts): over random sequences of
 * actions a request refunds at most once and never leaves a final status; every status is
 * reachable; and docs/refund-flow.md draws exactly the table.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FINAL_REFUND_STATUSES, REFUND_ACTIONS, REFUND_STATUSES, REFUND_TRANSITIONS, refundTransition, statusesAccepting, type RefundStatus } from '../src/index.ts';

const DOC = readFileSync(new URL('../../../docs/refund-flow.md', import.meta.url), 'utf8');

describe('refund request flow', () => {
  it('holds a row for every §4 status and only §4 statuses as targets', () => {
    expect(Object.keys(REFUND_TRANSITIONS).sort()).toEqual([...REFUND_STATUSES].sort());
    for (const row of Object.values(REFUND_TRANSITIONS)) for (const to of Object.values(row)) expect(REFUND_STATUSES).toContain(to);
    expect([...FINAL_REFUND_STATUSES].sort()).toEqual(['EXPIRED', 'REJECTED', 'TXN_NOT_FOUND']);
  });

  it('refunds at most once and leaves no final status, whatever actions arrive in whatever order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...REFUND_ACTIONS), { maxLength: 40 }), (actions) => {
        let status: RefundStatus = 'PENDING';
        let refunds = 0;
        for (const action of actions) {
          const next = refundTransition(status, action);
          if (FINAL_REFUND_STATUSES.includes(status)) expect(next).toBeNull();
          if (next === null) continue;
          if (action === 'REFUND') refunds++;
          // Only a refunded request is ever completed or acknowledged.
          if (next === 'COMPLETED' || next === 'REFUNDED_ACK_FAIL') expect(refunds).toBe(1);
          status = next;
        }
        expect(refunds).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2000 },
    );
  });

  it('reaches every status from PENDING, and moves money (REFUND) and expires only from PENDING', () => {
    const seen = new Set<RefundStatus>(['PENDING']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const from of [...seen]) {
        for (const to of Object.values(REFUND_TRANSITIONS[from])) {
          if (!seen.has(to)) {
            seen.add(to);
            grew = true;
          }
        }
      }
    }
    expect([...seen].sort()).toEqual([...REFUND_STATUSES].sort());
    expect(statusesAccepting('REFUND')).toEqual(['PENDING']);
    expect(statusesAccepting('EXPIRE')).toEqual(['PENDING']);
    expect(statusesAccepting('REJECT')).toEqual(['PENDING']);
    expect(statusesAccepting('NOT_FOUND')).toEqual(['PENDING']);
  });

  it('is drawn in docs/refund-flow.md edge for edge', () => {
    const drawn = [...DOC.matchAll(/^\s+([A-Z_]+) --> ([A-Z_]+): ([A-Z_]+)$/gm)].map((m) => `${m[1]} ${m[3]} ${m[2]}`).sort();
    const table = Object.entries(REFUND_TRANSITIONS).flatMap(([from, row]) => Object.entries(row).map(([action, to]) => `${from} ${action} ${to}`)).sort();
    expect(drawn).toEqual(table);
    for (const s of FINAL_REFUND_STATUSES) expect(DOC).toContain(`${s} --> [*]`);
  });
});

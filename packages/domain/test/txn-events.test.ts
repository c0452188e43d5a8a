/**
 * The fold of transaction status events (txn-events.ts): generated event sets over generated
 * bases end in one state whatever their order; the state machine's rules hold (a FAILED payment
 * is never voided, a pre-auth is captured at most once and never above its amount, a captured
 * pre-auth is not voided until its capture is); every event gets a fate.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foldTxnEvents, TXN_EVENT_TYPES, type TxnBase, type TxnEvent } from '../src/txn-events.ts';

const base: fc.Arbitrary<TxnBase> = fc.oneof(
  fc.record({ status: fc.constantFrom('PENDING', 'SUCCESS', 'FAILED'), txnType: fc.constantFrom('SALE', 'MOTO', 'EPP'), preauthOp: fc.constant(null), amountSen: fc.integer({ min: 1, max: 10_000_000 }) }),
  fc.record({ status: fc.constantFrom('SUCCESS', 'FAILED'), txnType: fc.constant('PREAUTH'), preauthOp: fc.constant('PREAUTH'), amountSen: fc.integer({ min: 100, max: 10_000_000 }) }),
) as fc.Arbitrary<TxnBase>;

const events: fc.Arbitrary<TxnEvent[]> = fc.uniqueArray(
  fc.record({
    id: fc.stringMatching(/^[a-z0-9]{6,10}$/),
    type: fc.constantFrom(...TXN_EVENT_TYPES),
    // Few distinct instants: ties are where order could leak in.
    at: fc.integer({ min: 0, max: 5 }).map((m) => 1_700_000_000_000 + m * 60_000),
    amountSen: fc.option(fc.integer({ min: 1, max: 12_000_000 }), { nil: null }),
    opRef: fc.stringMatching(/^OP[0-9]{6}$/),
  }),
  { selector: (e) => e.id, maxLength: 8 },
);

describe('foldTxnEvents', () => {
  it('gives one answer for an event set, whatever the order', () => {
    fc.assert(
      fc.property(base, events, fc.nat(), (b, es, seed) => {
        const shuffled = [...es].map((e, i) => ({ e, k: (seed * 31 + i * 17) % 101 })).sort((x, y) => x.k - y.k).map((x) => x.e);
        expect(foldTxnEvents(b, shuffled)).toEqual(foldTxnEvents(b, es));
        expect(foldTxnEvents(b, [...es].reverse())).toEqual(foldTxnEvents(b, es));
      }),
      { numRuns: 2_000, seed: 31 },
    );
  });

  it('keeps the rules of the lifecycle and names the fate of every event', () => {
    fc.assert(
      fc.property(base, events, (b, es) => {
        const f = foldTxnEvents(b, es);
        expect(Object.keys(f.refused).sort()).toEqual(es.map((e) => e.id).sort());
        if (b.status === 'FAILED') expect([f.status, f.txnType]).toEqual(['FAILED', b.txnType]);
        const captures = f.operations.filter((o) => o.op === 'CAPTURE' && o.status !== 'FAILED');
        expect(captures.length).toBeLessThanOrEqual(1);
        for (const c of captures) expect(c.amountSen).toBeLessThanOrEqual(b.amountSen);
        if (captures[0]?.status === 'SUCCESS') expect(f.status).toBe('SUCCESS');
        if (b.preauthOp === null) expect(f.operations).toEqual([]);
        if (f.status === 'VOID') expect(['VOID', 'VOIDMOTO', 'VOIDEPP', 'VOIDPREAUTH', 'REVERSE']).toContain(f.txnType);
      }),
      { numRuns: 2_000, seed: 7 },
    );
  });

  it('applies a pending sale’s SUCCESS then VOID, and refuses a FAILED that comes after the SUCCESS', () => {
    const f = foldTxnEvents({ status: 'PENDING', txnType: 'SALE', preauthOp: null, amountSen: 1000 }, [
      { id: 'v', type: 'VOID', at: 3 },
      { id: 'f', type: 'FAILED', at: 2 },
      { id: 's', type: 'SUCCESS', at: 1 },
    ]);
    expect(f).toEqual({ status: 'VOID', txnType: 'VOID', operations: [], refused: { s: null, f: 'the transaction is SUCCESS, not PENDING', v: null } });
  });
});

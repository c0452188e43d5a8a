/**
 * The unattended terminals' denominations and cash events: the fewest pieces of
 * an amount add back to it, face values are the MYR notes and coins, count keys and columns are
 * one-to-one, and every event kind counts at least one direction.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CASH_DENOMINATIONS, CASH_DIRECTIONS, CASH_EVENT_DIRECTIONS, CASH_EVENT_KINDS, CASH_EVENT_LINKED, ENUM_LISTS, cashAmountSen, cashCountColumn, cashCountKey, cashPieces,
} from '../src/index.ts';

describe('unattended cash', () => {
  it('counts the MYR notes RM100 to RM1 and coins 50 to 5 sen, largest first', () => {
    expect(CASH_DENOMINATIONS.map((d) => `${d.kind}:${d.sen}`)).toEqual([
      'note:10000', 'note:5000', 'note:2000', 'note:1000', 'note:500', 'note:100', 'coin:50', 'coin:20', 'coin:10', 'coin:5',
    ]);
  });

  it('names each count once, as a column and as an API field', () => {
    const pairs = CASH_DIRECTIONS.flatMap((dir) => CASH_DENOMINATIONS.map((d) => [cashCountColumn(d, dir), cashCountKey(d, dir)]));
    expect(new Set(pairs.map(([c]) => c)).size).toBe(20);
    expect(new Set(pairs.map(([, k]) => k)).size).toBe(20);
    expect(pairs.slice(0, 2)).toEqual([['note_100_in', 'Note100In'], ['note_50_in', 'Note50In']]);
    expect(pairs.at(-1)).toEqual(['coin_5_out', 'Coin5Out']);
  });

  it('makes up any multiple of 5 sen from pieces that add back to it, and refuses other amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), fc.constantFrom(...CASH_DIRECTIONS), (n, dir) => {
        const pieces = cashPieces(n * 5, dir);
        expect(cashAmountSen(pieces, dir)).toBe(n * 5);
        expect(cashAmountSen(pieces, dir === 'in' ? 'out' : 'in')).toBe(0);
        // Fewest pieces: never five or more of a coin or note that a larger piece replaces (except RM100s).
        for (const [column, count] of Object.entries(pieces)) expect(count > 0 && (column.startsWith('note_100') || count < 5)).toBe(true);
      }),
    );
    for (const bad of [-5, 3, 1.5, Number.MAX_SAFE_INTEGER + 1]) expect(() => cashPieces(bad, 'in')).toThrow();
  });

  it('labels every event kind, which counts at least one direction, and links only the legs of a sale', () => {
    expect(ENUM_LISTS.cashEventKind.map((e) => e.code)).toEqual([...CASH_EVENT_KINDS]);
    for (const k of CASH_EVENT_KINDS) expect(CASH_EVENT_DIRECTIONS[k].length).toBeGreaterThan(0);
    expect([...CASH_EVENT_LINKED].sort()).toEqual(['CASH_IN', 'CASH_OUT', 'REFUND_OUT']);
  });
});

/**
 * The demo terminal host's log files (seed/demo-log-files.ts): today's log so far holds exactly
 * the day's lines written before the moment it is sent (MYT), grows through the day, is named by
 * that moment, and holds no card number; the daily files are the same bytes whenever made.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnValid } from '@paydesk/domain';
import { demoLogFiles, demoPartialLogFiles } from '../../src/seed/demo-log-files.ts';

const TERMINALS = [
  { tid: '60000011', mid: '000000000000011', txnRefs: ['T1', 'T2'] },
  { tid: '60000012', mid: '000000000000012', txnRefs: [] },
];
/** An instant of 2026-12-01 in Malaysia (UTC+8) at `minutes` after midnight. */
const mytAt = (minutes: number) => new Date(Date.UTC(2026, 10, 30, 16, 0) + minutes * 60_000);

describe('the demo terminal host\'s log files', () => {
  it('sends today\'s lines written before now, more as the day goes on, named by the moment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 600 }), (minutes, later) => {
        const now = mytAt(minutes);
        const files = demoPartialLogFiles(TERMINALS, now);
        const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        for (const f of files) {
          expect(f.logDate).toBe('2026-12-01');
          expect(f.fileName).toBe(`${f.tid}_20261201_${clock.replace(':', '')}.log`);
          const lines = f.content.toString('utf8').trimEnd().split('\n');
          for (const l of lines) expect(l.slice(11, 16) <= clock).toBe(true);
          // No card number ever: no run of 13–19 digits that passes Luhn.
          for (const run of f.content.toString('utf8').match(/\d{13,19}/g) ?? []) expect(luhnValid(run)).toBe(false);
        }
        const after = demoPartialLogFiles(TERMINALS, mytAt(Math.min(1439, minutes + later)));
        for (const f of files) expect(after.find((a) => a.tid === f.tid)!.content.length).toBeGreaterThanOrEqual(f.content.length);
        // Before the terminals' day starts (07:00 at the earliest) there is nothing to send.
        if (minutes < 7 * 60) expect(files).toEqual([]);
      }),
    );
  });

  it('makes the daily files the same bytes at any moment of the day', () => {
    const a = demoLogFiles(TERMINALS, mytAt(60));
    const b = demoLogFiles(TERMINALS, mytAt(1400));
    expect(a.map((f) => [f.fileName, f.content.toString('hex')])).toEqual(b.map((f) => [f.fileName, f.content.toString('hex')]));
  });
});

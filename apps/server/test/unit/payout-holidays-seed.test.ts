/**
 * The seeded payout holidays (seed/config-data-b.ts): every Malaysian federal public holiday of 2026
 * and 2027 with its date, the state holidays the list keeps (Thaipusam, Nuzul Al-Quran, New Year's
 * Day, Melaka's third day of Raya, and those that push a replacement day: Awal Ramadan, the Sultan of
 * Johor's birthday, Gawai Dayak), and — checked over every row, not a sample — the replacement day
 * that s.3 of the Holidays Act gives a Sunday holiday in the Saturday–Sunday states.
 */
import { describe, expect, it } from 'vitest';
import { MALAYSIAN_STATES, isPayoutDay, nextPayoutDate } from '@paydesk/domain';
import {
  REFERENCE_PAYOUT_HOLIDAYS, REFERENCE_PAYOUT_HOLIDAYS_2026, REFERENCE_PAYOUT_HOLIDAYS_2027, type ReferencePayoutHoliday,
} from '../../src/seed/config-data-b.ts';

const ALL = MALAYSIAN_STATES.map((s) => s.code as string);
/** States with a Friday–Saturday weekend (no Monday replacement of a Sunday holiday). */
const FRI_SAT = ['MY-02', 'MY-03', 'MY-11'];
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
const statesOf = (h: ReferencePayoutHoliday) => (h.states.length === 0 ? ALL : h.states);
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Whether `day` is a listed holiday in `state`. */
const holidayIn = (day: string, state: string) => REFERENCE_PAYOUT_HOLIDAYS.some((h) => h.holidayDate === day && statesOf(h).includes(state));

/** The federal holidays of each year (Jadual Hari Kelepasan Am Persekutuan): name → date. */
const FEDERAL: Record<number, Record<string, string>> = {
  2026: {
    'Chinese New Year': '2026-02-17',
    'Chinese New Year (second day)': '2026-02-18',
    'Hari Raya Aidilfitri': '2026-03-21',
    'Hari Raya Aidilfitri (second day)': '2026-03-22',
    'Labour Day': '2026-05-01',
    'Hari Raya Haji': '2026-05-27',
    'Wesak Day': '2026-05-31',
    'Birthday of the Yang di-Pertuan Agong': '2026-06-01',
    'Awal Muharram': '2026-06-17',
    'Maulidur Rasul': '2026-08-25',
    'National Day': '2026-08-31',
    'Malaysia Day': '2026-09-16',
    Deepavali: '2026-11-08',
    'Christmas Day': '2026-12-25',
  },
  2027: {
    'Chinese New Year': '2027-02-06',
    'Chinese New Year (second day)': '2027-02-07',
    'Hari Raya Aidilfitri': '2027-03-10',
    'Hari Raya Aidilfitri (second day)': '2027-03-11',
    'Labour Day': '2027-05-01',
    'Hari Raya Haji': '2027-05-17',
    'Wesak Day': '2027-05-20',
    'Birthday of the Yang di-Pertuan Agong': '2027-06-07',
    'Awal Muharram': '2027-06-06',
    'Maulidur Rasul': '2027-08-15',
    'National Day': '2027-08-31',
    'Malaysia Day': '2027-09-16',
    Deepavali: '2027-10-28',
    'Christmas Day': '2027-12-25',
  },
};

describe('seeded payout holidays 2026 and 2027', () => {
  it('lists 29 rows for 2026 and 26 for 2027, each a real date of its year, unique by date and name', () => {
    expect(REFERENCE_PAYOUT_HOLIDAYS_2026).toHaveLength(29);
    expect(REFERENCE_PAYOUT_HOLIDAYS_2027).toHaveLength(26);
    expect(REFERENCE_PAYOUT_HOLIDAYS).toHaveLength(55);
    for (const [year, list] of [[2026, REFERENCE_PAYOUT_HOLIDAYS_2026], [2027, REFERENCE_PAYOUT_HOLIDAYS_2027]] as const) {
      for (const h of list) {
        expect(new Date(`${h.holidayDate}T00:00:00Z`).toISOString().slice(0, 10), h.holidayName).toBe(h.holidayDate);
        expect(h.holidayDate.startsWith(`${year}-`)).toBe(true);
        for (const s of h.states) expect(ALL).toContain(s);
        expect(new Set(h.states).size).toBe(h.states.length);
        // A state list never names every state: that is written as nationwide (empty).
        expect(h.states.length).toBeLessThan(ALL.length);
      }
    }
    expect(new Set(REFERENCE_PAYOUT_HOLIDAYS.map((h) => `${h.holidayDate} ${h.holidayName}`)).size).toBe(REFERENCE_PAYOUT_HOLIDAYS.length);
  });

  it.each(Object.entries(FEDERAL).flatMap(([year, days]) => Object.entries(days).map(([name, date]) => [Number(year), name, date] as const)))(
    '%i: %s on %s',
    (_year, name, date) => {
      const row = REFERENCE_PAYOUT_HOLIDAYS.find((h) => h.holidayName === name && h.holidayDate === date);
      expect(row).toBeDefined();
      // Federal: nationwide, but for CNY day two (not Kelantan, Terengganu) and Deepavali (not Sarawak).
      if (name === 'Chinese New Year (second day)') expect(row!.states).toEqual(ALL.filter((s) => s !== 'MY-03' && s !== 'MY-11'));
      else if (name === 'Deepavali') expect(row!.states).toEqual(ALL.filter((s) => s !== 'MY-13'));
      else expect(row!.states).toEqual([]);
    },
  );

  it('keeps the state holidays: Thaipusam, Nuzul Al-Quran, New Year, the extra Aidilfitri day of 2026', () => {
    const find = (date: string, name: string) => REFERENCE_PAYOUT_HOLIDAYS.find((h) => h.holidayDate === date && h.holidayName === name);
    expect(find('2026-02-01', 'Thaipusam')?.states).toEqual(['MY-01', 'MY-02', 'MY-05', 'MY-07', 'MY-08', 'MY-10', 'MY-14', 'MY-16']);
    expect(find('2027-01-22', 'Thaipusam')?.states).toContain('MY-14');
    expect(find('2026-03-07', 'Nuzul Al-Quran')?.states).toContain('MY-10');
    expect(find('2026-03-07', 'Nuzul Al-Quran')?.states).not.toContain('MY-01');
    expect(find('2027-02-24', 'Nuzul Al-Quran')).toBeDefined();
    expect(find('2026-01-01', "New Year's Day")?.states).not.toContain('MY-01');
    expect(find('2026-03-20', 'Hari Raya Aidilfitri (additional holiday)')?.states).toEqual([]);
  });

  // Every Sunday holiday of the list, state by state (generated over all rows).
  const sundays = REFERENCE_PAYOUT_HOLIDAYS.filter((h) => weekday(h.holidayDate) === 0).flatMap((h) =>
    statesOf(h).filter((s) => !FRI_SAT.includes(s)).map((s) => [h.holidayDate, h.holidayName, s] as const),
  );
  it.each(sundays)('%s %s (Sunday) is replaced in %s on the next weekday that is not already a holiday there', (date, _name, state) => {
    let next = addDays(date, 1);
    while (holidayIn(next, state) && !REFERENCE_PAYOUT_HOLIDAYS.some((h) => h.holidayDate === next && /replacement/.test(h.holidayName) && statesOf(h).includes(state))) {
      next = addDays(next, 1);
    }
    const replacement = REFERENCE_PAYOUT_HOLIDAYS.find((h) => h.holidayDate === next && /replacement/.test(h.holidayName) && statesOf(h).includes(state));
    expect(replacement, `${date} in ${state}: expected a replacement on ${next}`).toBeDefined();
  });

  it('gives no replacement to a Friday–Saturday-weekend state, and none on a weekend day', () => {
    for (const h of REFERENCE_PAYOUT_HOLIDAYS.filter((x) => /replacement/.test(x.holidayName))) {
      expect([1, 2, 3, 4, 5]).toContain(weekday(h.holidayDate));
      // Kedah never: its weekend is Friday–Saturday, so a Sunday holiday stays on Sunday.
      expect(statesOf(h)).not.toContain('MY-02');
    }
  });

  it('moves payouts past them: Raya 2026 closes Friday 20 to Monday 23 March; Awal Muharram 2027 Tuesday 8 June', () => {
    const holidays = REFERENCE_PAYOUT_HOLIDAYS.map((h) => ({ date: h.holidayDate, states: h.states }));
    expect(nextPayoutDate('2026-03-19', holidays)).toBe('2026-03-23');
    expect(nextPayoutDate('2026-03-19', holidays, { state: 'MY-14' })).toBe('2026-03-24');
    expect(nextPayoutDate('2026-03-19', holidays, { state: 'MY-01' })).toBe('2026-03-25');
    expect(isPayoutDay('2026-06-02', holidays, { state: 'MY-10' })).toBe(false);
    // Sarawak: 1–2 June are Gawai, so Wesak's replacement is Wednesday 3 June.
    expect(nextPayoutDate('2026-05-29', holidays, { state: 'MY-13' })).toBe('2026-06-04');
    expect(nextPayoutDate('2026-05-29', holidays, { state: 'MY-12' })).toBe('2026-06-03');
    expect(nextPayoutDate('2027-06-04', holidays, { state: 'MY-14' })).toBe('2027-06-09');
    expect(nextPayoutDate('2027-03-09', holidays)).toBe('2027-03-12');
  });
});

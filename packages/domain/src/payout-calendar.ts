/**
 * The payout calendar (§9 settlement timing "T+(X) or customisation"): which MYT calendar days
 * money can be paid out on, and the payout date of a business day. Payouts travel through the
 * national interbank systems, which follow the federal calendar: Saturday and Sunday are not
 * payout days in any state (the Friday–Saturday weekend of Kedah, Kelantan and Terengganu governs
 * their state offices, not interbank clearing), and neither is a public holiday. A holiday with no
 * states is nationwide; one with states applies only when the given state is one of them — the
 * payee's state, or MY-14 (Kuala Lumpur) to follow the clearing centre's calendar. A call without a
 * state skips only the nationwide holidays.
 *
 * Pure: dates are 'YYYY-MM-DD' strings, computed on UTC calendar arithmetic (no time zone can
 * shift a day).
 */

/** A holiday as the calendar needs it (the payout_holidays rows that are active). */
export interface PayoutHoliday {
  /** 'YYYY-MM-DD' (MYT calendar day). */
  readonly date: string;
  /** ISO 3166-2:MY codes ('MY-10') or state names; empty or absent = nationwide. */
  readonly states?: readonly string[];
}

export interface PayoutCalendarOptions {
  /** The payee's state (ISO code or name, as stored in `states`); without it only nationwide holidays count. */
  readonly state?: string | null;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtcMs(day: string): number {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${day}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== day) throw new RangeError(`not a real date: ${day}`);
  return ms;
}

const fromUtcMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The holidays that close payouts for the payee (`state`), as a set of days. */
function closedDays(holidays: readonly PayoutHoliday[], state: string | null | undefined): Set<string> {
  const s = state?.trim().toLowerCase();
  const out = new Set<string>();
  for (const h of holidays) {
    const states = h.states ?? [];
    if (states.length === 0 || (s && states.some((x) => x.trim().toLowerCase() === s))) out.add(h.date);
  }
  return out;
}

/** Whether `day` is a payout day: a weekday (Monday–Friday) that is not a holiday for the payee. */
export function isPayoutDay(day: string, holidays: readonly PayoutHoliday[], opts: PayoutCalendarOptions = {}): boolean {
  const weekday = new Date(toUtcMs(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !closedDays(holidays, opts.state).has(day);
}

/**
 * The payout date of transactions of `businessDay` settled T+`days`: the `days`-th payout day
 * after `businessDay` (T+0: the business day itself when it is a payout day, else the next one).
 * Throws RangeError for a malformed date or a negative or fractional `days`.
 */
export function payoutDate(businessDay: string, days: number, holidays: readonly PayoutHoliday[], opts: PayoutCalendarOptions = {}): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`settlement days must be a whole number ≥ 0, got ${days}`);
  const closed = closedDays(holidays, opts.state);
  const open = (ms: number) => {
    const wd = new Date(ms).getUTCDay();
    return wd !== 0 && wd !== 6 && !closed.has(fromUtcMs(ms));
  };
  let ms = toUtcMs(businessDay);
  if (days === 0) {
    while (!open(ms)) ms += DAY_MS;
    return fromUtcMs(ms);
  }
  for (let left = days; left > 0; ) {
    ms += DAY_MS;
    if (open(ms)) left--;
  }
  return fromUtcMs(ms);
}

/** The next payout date after `businessDay` (T+1): the first payout day strictly after it. */
export function nextPayoutDate(businessDay: string, holidays: readonly PayoutHoliday[], opts: PayoutCalendarOptions = {}): string {
  return payoutDate(businessDay, 1, holidays, opts);
}

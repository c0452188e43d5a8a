/**
 * The date range presets of a report's filter bar, as Malaysian calendar days: today,
 * yesterday, the last 7 and 30 days (today included), this month (to today) and last month.
 * The range picker works in the browser's time zone, so the days are built from the MYT date's
 * text: a user abroad still gets the Malaysian "today".
 */
import type { Dayjs } from 'dayjs';
import { BUSINESS_TIME_ZONE, dayjs } from '@paydesk/domain';

const DAY = 'YYYY-MM-DD';

export type PresetKey = 'today' | 'yesterday' | 'last7' | 'last30' | 'thisMonth' | 'lastMonth';

/** Label keys of the presets, in the order the picker lists them. */
export const PRESET_LABELS: Readonly<Record<PresetKey, string>> = {
  today: 'txn.presetToday',
  yesterday: 'report.presetYesterday',
  last7: 'txn.preset7d',
  last30: 'txn.preset30d',
  thisMonth: 'report.presetThisMonth',
  lastMonth: 'report.presetLastMonth',
};

/** Today as a Malaysian calendar day, as a local-time Dayjs at midnight (what the picker holds). */
export function malaysianToday(now: Dayjs = dayjs()): Dayjs {
  return dayjs(now.tz(BUSINESS_TIME_ZONE).format(DAY), DAY);
}

/** Each preset's first and last day (both inclusive) for `today` (a Malaysian calendar day). */
export function presetRanges(today: Dayjs): Record<PresetKey, [Dayjs, Dayjs]> {
  const lastMonth = today.subtract(1, 'month');
  return {
    today: [today, today],
    yesterday: [today.subtract(1, 'day'), today.subtract(1, 'day')],
    last7: [today.subtract(6, 'day'), today],
    last30: [today.subtract(29, 'day'), today],
    thisMonth: [today.startOf('month'), today],
    lastMonth: [lastMonth.startOf('month'), lastMonth.endOf('month').startOf('day')],
  };
}

/** The presets of a timed range (the log screens'): the last minutes before now, with their label keys. */
export const RECENT_PRESETS = [
  { minutes: 15, labelKey: 'log.presetLast15m' },
  { minutes: 60, labelKey: 'log.presetLastHour' },
  { minutes: 240, labelKey: 'log.presetLast4h' },
  { minutes: 1440, labelKey: 'log.presetLast24h' },
] as const;

/** What an empty timed list offers: the last day and the last week (minutes, label keys). */
export const WIDER_PASTS = [
  { minutes: 1440, labelKey: 'log.presetLast24h' },
  { minutes: 10_080, labelKey: 'log.presetLast7d' },
] as const;

/**
 * The last `minutes` minutes before `now` as the picker holds them: local-time Dayjs values built
 * from the MYT clock's text (as malaysianToday), to the minute.
 */
export function recentRange(minutes: number, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const MINUTE = 'YYYY-MM-DD HH:mm';
  const end = dayjs(now.tz(BUSINESS_TIME_ZONE).format(MINUTE), MINUTE);
  return [end.subtract(minutes, 'minute'), end];
}

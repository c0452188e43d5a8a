import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { BUSINESS_TIME_ZONE, DATE_TIME_FORMAT } from './enums.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Formats a UTC instant (ISO string, Date or epoch ms) as `DD-MM-YYYY HH:mm:ss` in
 * Asia/Kuala_Lumpur (§3, §9). Returns '-' when empty or unparseable.
 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = dayjs.utc(value);
  if (!d.isValid()) return '-';
  return d.tz(BUSINESS_TIME_ZONE).format(DATE_TIME_FORMAT);
}

/** The Malaysian business day (YYYY-MM-DD, MYT) of a UTC instant. */
export function businessDay(value: string | number | Date): string {
  return dayjs.utc(value).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD');
}

/** True when the date is strictly before now (§5 helper). Invalid dates are not before now. */
export function isBeforeNow(value: string | number | Date): boolean {
  const d = dayjs(value);
  return d.isValid() && d.isBefore(dayjs());
}

export { dayjs };

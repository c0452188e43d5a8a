import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { BUSINESS_TIME_ZONE, DATE_TIME_FORMAT } from './enums.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Formats an instant for display as `DD-MM-YYYY HH:mm:ss` (§9 date format) in Malaysian time,
 * Asia/Kuala_Lumpur (UTC+8), e.g. "2026-01-01T16:30:00Z" → "02-01-2026 00:30:00"; used for the
 * transaction date (§3 PaymentCreationDate). Accepts an ISO string (a string without an offset is
 * read as UTC), a Date or epoch milliseconds. Returns '-' when empty or unparseable (§3).
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

/**
 * The §5 helper "tells whether a date is before now": true when the instant (ISO string, Date or
 * epoch ms) is strictly before the current time, e.g. to reject a past expiry date on a payment
 * link. Invalid or empty input is not before now (false).
 */
export function isBeforeNow(value: string | number | Date): boolean {
  if (value === null || value === undefined || value === '') return false;
  const d = dayjs(value);
  return d.isValid() && d.isBefore(dayjs());
}

export { dayjs };

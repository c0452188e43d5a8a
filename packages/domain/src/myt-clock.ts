/**
 * Malaysian wall-clock time of an instant by fixed-offset arithmetic, for hot loops (exports of
 * hundreds of thousands of rows): `dayjs(...).tz('Asia/Kuala_Lumpur')` resolves the zone through
 * Intl on every call (~100 µs a row); Malaysia has kept UTC+08:00 without daylight saving since
 * 1982-01-01, so adding 8 hours and reading the UTC fields gives the same text at a fraction of
 * the cost. Earlier instants (UTC+07:30 before 1982) go through the zone database.
 */
import { formatDateTime } from './dates.ts';

/** MYT offset since 1982-01-01 00:00 MYT (1981-12-31T16:00:00Z), in milliseconds. */
export const MYT_OFFSET_MS = 8 * 60 * 60 * 1000;
const FIXED_OFFSET_FROM = Date.UTC(1981, 11, 31, 16, 0, 0);

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Formats an instant as the §9 date format `DD-MM-YYYY HH:mm:ss` in Malaysian time (MYT, UTC+8),
 * exactly as `formatDateTime` does for the screen, e.g. 2026-01-01T16:30:00Z → "02-01-2026 00:30:00".
 * Returns '-' for null or an invalid Date (§3: '-' when empty).
 */
export function formatMytDateTime(instant: Date | null | undefined): string {
  if (!instant) return '-';
  const ms = instant.getTime();
  if (Number.isNaN(ms)) return '-';
  if (ms < FIXED_OFFSET_FROM) return formatDateTime(instant);
  const d = new Date(ms + MYT_OFFSET_MS);
  const year = d.getUTCFullYear();
  if (year > 9999) return formatDateTime(instant);
  return `${pad2(d.getUTCDate())}-${pad2(d.getUTCMonth() + 1)}-${String(year).padStart(4, '0')} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
}

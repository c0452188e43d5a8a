/**
 * The date and time texts of settlement files. Each provider writes times its own way (ISO UTC,
 * ISO with an offset, 'DD/MM/YYYY HH:mm:ss' in Malaysian time, compact 'YYYYMMDDHHmmss', 12-hour
 * clocks …), so a format describes its layout once (`layout('DD/MM/YYYY HH:mm:ss')`) and the same
 * description reads and writes it: what is written always reads back.
 *
 * Malaysian time (MYT) is read as a fixed UTC+08:00 (myt-clock.ts: no daylight saving since
 * 1982); settlement files are far younger than that.
 */
import { MYT_OFFSET_MS } from '@paydesk/domain';

export { MYT_OFFSET_MS };

/** A calendar date and time of day as written in a file, in whatever zone that file uses. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** A text layout of dates and/or times that reads and writes the same shape. */
export interface Layout {
  /** The layout as the finance user sees it in a message, e.g. 'DD/MM/YYYY HH:mm:ss'. */
  readonly text: string;
  /** The wall clock of `text` (trimmed), or null when it does not have this layout or is no real date/time. */
  parse(text: string): WallClock | null;
  /** `clock` in this layout (fields the layout lacks are left out). */
  format(clock: WallClock): string;
}

type Token = 'YYYY' | 'MM' | 'DD' | 'HH' | 'hh' | 'mm' | 'ss' | 'A';
type Piece = { token: Token } | { literal: string };

const TOKENS = /YYYY|MM|DD|HH|hh|mm|ss|A/g;
const two = (n: number) => String(n).padStart(2, '0');

function pieces(text: string): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKENS)) {
    if (m.index > at) out.push({ literal: text.slice(at, m.index) });
    out.push({ token: m[0] as Token });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ literal: text.slice(at) });
  return out;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when `c` is a real calendar date and time of day (no 31/02, no 24:00, no leap seconds). */
export function isRealClock(c: WallClock): boolean {
  return c.month >= 1 && c.month <= 12 && c.day >= 1 && c.day <= daysIn(c.year, c.month) && c.hour <= 23 && c.minute <= 59 && c.second <= 59;
}

/**
 * A layout from its text: YYYY (4-digit year), MM, DD, HH (24-hour), hh (12-hour, with A for
 * AM/PM), mm, ss; anything else is a literal. Reading is a little forgiving where spreadsheets
 * are (a day, month or hour between separators may have 1 digit, AM/PM in any case); layouts
 * without separators ('YYYYMMDDHHmmss') are fixed width. Writing always pads to 2 digits.
 */
export function layout(text: string): Layout {
  const parts = pieces(text);
  const isToken = (p: Piece | undefined) => p !== undefined && 'token' in p;
  const source = parts
    .map((p, i) => {
      if ('literal' in p) return p.literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (p.token === 'YYYY') return '(\\d{4})';
      if (p.token === 'A') return '(AM|PM)';
      const flexible = ['MM', 'DD', 'HH', 'hh'].includes(p.token) && !isToken(parts[i - 1]) && !isToken(parts[i + 1]);
      return flexible ? '(\\d{1,2})' : '(\\d{2})';
    })
    .join('');
  const pattern = new RegExp(`^${source}$`, 'i');
  const tokens = parts.flatMap((p) => ('token' in p ? [p.token] : []));
  return {
    text,
    parse(input: string): WallClock | null {
      const m = pattern.exec(input.trim());
      if (!m) return null;
      const c: WallClock = { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
      let hour12 = 0;
      let pm: boolean | null = null;
      tokens.forEach((t, i) => {
        const v = m[i + 1]!;
        if (t === 'A') pm = v.toUpperCase() === 'PM';
        else if (t === 'hh') hour12 = Number(v);
        else c[({ YYYY: 'year', MM: 'month', DD: 'day', HH: 'hour', mm: 'minute', ss: 'second' } as const)[t]] = Number(v);
      });
      if (pm !== null) {
        if (hour12 < 1 || hour12 > 12) return null;
        c.hour = (hour12 % 12) + (pm ? 12 : 0);
      }
      return isRealClock(c) ? c : null;
    },
    format(c: WallClock): string {
      return parts
        .map((p) => {
          if ('literal' in p) return p.literal;
          switch (p.token) {
            case 'YYYY': return String(c.year).padStart(4, '0');
            case 'MM': return two(c.month);
            case 'DD': return two(c.day);
            case 'HH': return two(c.hour);
            case 'hh': return two(c.hour % 12 || 12);
            case 'mm': return two(c.minute);
            case 'ss': return two(c.second);
            case 'A': return c.hour < 12 ? 'AM' : 'PM';
          }
        })
        .join('');
    },
  };
}

/** The instant of wall clock `c` read in a zone `offsetMs` ahead of UTC (MYT: MYT_OFFSET_MS, UTC: 0). */
export function instantAt(c: WallClock, offsetMs: number): Date {
  const d = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  d.setUTCFullYear(c.year, c.month - 1, c.day);
  d.setUTCHours(c.hour, c.minute, c.second, 0);
  return new Date(d.getTime() - offsetMs);
}

/** The wall clock of `instant` in a zone `offsetMs` ahead of UTC, to the second (milliseconds dropped). */
export function wallClockAt(instant: Date, offsetMs: number): WallClock {
  const d = new Date(instant.getTime() + offsetMs);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * Reads an ISO 8601 instant with its zone: '2021-07-28T03:30:44Z', '2026-01-05T14:03:22+08:00',
 * '…+0800', '…+08', optional fraction (kept to the millisecond). Answers the UTC instant, or null
 * when the text is not that shape, not a real date/time, or has no zone (a bare local time is
 * ambiguous) or an offset beyond ±14:00.
 */
export function parseIsoInstant(text: string): Date | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const c: WallClock = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6]) };
  if (!isRealClock(c)) return null;
  let offsetMs = 0;
  const zone = m[8]!;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || '0');
    if (hours > 14 || minutes > 59 || hours * 60 + minutes > 14 * 60) return null;
    offsetMs = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
  }
  const ms = Number((m[7] ?? '').slice(0, 3).padEnd(3, '0'));
  return new Date(instantAt(c, offsetMs).getTime() + ms);
}

/** `instant` as ISO 8601 UTC with Z, e.g. '2021-07-28T03:30:44Z'; with `millis`, '…44.000Z'. Throws a RangeError for an invalid Date. */
export function formatIsoUtc(instant: Date, millis: boolean): string {
  const iso = instant.toISOString();
  return millis ? iso : `${iso.slice(0, 19)}Z`;
}

const ISO_LOCAL = layout('YYYY-MM-DDTHH:mm:ss');

/** `instant` as ISO 8601 in MYT with its offset, to the second, e.g. '2026-01-05T14:03:22+08:00'. */
export function formatIsoMyt(instant: Date): string {
  return `${ISO_LOCAL.format(wallClockAt(instant, MYT_OFFSET_MS))}+08:00`;
}

/** The portal's day text: 'YYYY-MM-DD'. */
export const ISO_DAY = layout('YYYY-MM-DD');

/**
 * A settlement day 'YYYY-MM-DD' (ProviderRow.settlementDate) as a wall clock at midnight, to be
 * written in a file's own date layout. Throws a RangeError when `day` is not a real 'YYYY-MM-DD'
 * (write is given rows as read answers them).
 */
export function dayClock(day: string): WallClock {
  const c = ISO_DAY.parse(day);
  if (!c || day.trim() !== day) throw new RangeError(`'${day}' is not a YYYY-MM-DD day`);
  return c;
}

/** A reader of settlement days written in `dayLayout` ('DD/MM/YYYY', 'YYYYMMDD' …): 'YYYY-MM-DD' or null when not a real date in that layout. */
export function dayIn(dayLayout: Layout): (text: string) => string | null {
  return (text) => {
    const c = dayLayout.parse(text);
    return c ? ISO_DAY.format(c) : null;
  };
}

/** Settlement day `day` ('YYYY-MM-DD') in `dayLayout`. Throws a RangeError when `day` is not a real 'YYYY-MM-DD'. */
export function writeDay(dayLayout: Layout, day: string): string {
  return dayLayout.format(dayClock(day));
}

/** A reader of times written in `timeLayout` in a zone `offsetMs` ahead of UTC (MYT_OFFSET_MS or 0): the UTC instant, or null. */
export function instantIn(timeLayout: Layout, offsetMs: number): (text: string) => Date | null {
  return (text) => {
    const c = timeLayout.parse(text);
    return c ? instantAt(c, offsetMs) : null;
  };
}

/** `instant` in `timeLayout` in a zone `offsetMs` ahead of UTC, to the second. */
export function writeInstant(timeLayout: Layout, offsetMs: number, instant: Date): string {
  return timeLayout.format(wallClockAt(instant, offsetMs));
}

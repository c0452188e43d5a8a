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
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

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

/** The tokens of our layouts (dayjs's own names for them); anything else in a layout is a literal. */
const TOKENS = /YYYY|MM|DD|HH|hh|mm|ss|A/g;
type Piece = { token: string } | { literal: string };

function pieces(text: string): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKENS)) {
    if (m.index > at) out.push({ literal: text.slice(at, m.index) });
    out.push({ token: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ literal: text.slice(at) });
  return out;
}

/** `text` as a literal in a dayjs layout: bracketed, but for dayjs's own separators, which need none (and parse faster bare). */
const literal = (text: string) => (/^[-_:/.,()\s]+$/.test(text) ? text : `[${text}]`);

const clockOf = (d: dayjs.Dayjs): WallClock => ({ year: d.year(), month: d.month() + 1, day: d.date(), hour: d.hour(), minute: d.minute(), second: d.second() });

/** True when `c` is a real calendar date and time of day (no 31/02, no 24:00, no leap seconds): its fields survive a round trip through the calendar. */
export function isRealClock(c: WallClock): boolean {
  const d = wallClockAt(instantAt(c, 0), 0);
  return d.year === c.year && d.month === c.month && d.day === c.day && d.hour === c.hour && d.minute === c.minute && d.second === c.second;
}

const FIXED_FIELDS: Readonly<Record<string, { width: number; field: keyof WallClock }>> = {
  YYYY: { width: 4, field: 'year' }, MM: { width: 2, field: 'month' }, DD: { width: 2, field: 'day' },
  HH: { width: 2, field: 'hour' }, mm: { width: 2, field: 'minute' }, ss: { width: 2, field: 'second' },
};

/**
 * The fully padded spelling of a 24-hour layout as a RegExp with its fields in order, or null for a
 * layout with 12-hour fields (hh, A). Why: dayjs's customParseFormat costs ~8 µs a date, two dates
 * a line made reading a 1 M-line file ~17 s of its 38 s; a text in the padded spelling (what
 * systems write) is read by this RegExp and checked with `isRealClock` (~0.3 µs) — the same answer
 * dayjs's strict check gives for it — and every other spelling still goes to dayjs.
 */
function fixedSpelling(parts: readonly Piece[]): { re: RegExp; fields: (keyof WallClock)[] } | null {
  const fields: (keyof WallClock)[] = [];
  let re = '^';
  for (const p of parts) {
    if ('literal' in p) re += p.literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else {
      const f = FIXED_FIELDS[p.token];
      if (!f) return null;
      fields.push(f.field);
      re += `(\\d{${f.width}})`;
    }
  }
  return { re: new RegExp(`${re}$`, 'i'), fields };
}

/**
 * A layout from its text: YYYY (4-digit year), MM, DD, HH (24-hour), hh (12-hour, with A for
 * AM/PM), mm, ss; anything else is a literal (without '[' or ']'). Reading is a little forgiving
 * where spreadsheets are (a day, month or hour between separators may have 1 digit, AM/PM in any
 * case); layouts without separators ('YYYYMMDDHHmmss') are fixed width. Writing always pads to 2
 * digits. Years before 0100 do not read (dayjs builds dates with Date.UTC, which maps them to 19xx).
 *
 * Reading is dayjs's customParseFormat with the check of its strict mode (which is: the text must
 * be exactly what dayjs writes for the date it read), so impossible dates (31/02, 24:00, 13 PM) and
 * stray text do not read. What that check alone would refuse and we accept is arranged around it:
 * - 1-digit fields: dayjs reads them with its 1-or-2-digit tokens (D, M, H, h), and the text may be
 *   any of the layout's spellings with such fields padded or not ('01/01/2026 08:05:09', '1/1/2026 8:05:09');
 * - lower-case am/pm: the text is upper-cased (dayjs writes 'AM'/'PM'; literals are matched upper-cased too);
 * - date fields the layout lacks: dayjs would take them from today, so they are read as 1970-01-01 from a suffix.
 * (`dayjs.utc(text, spelling, true)` spelling by spelling does the same, but a spelling that does
 * not fit costs dayjs a thrown and caught TypeError, ~35 µs: a '1/1/2026 8:05:09' took about 280 µs.)
 */
export function layout(text: string): Layout {
  const parts = pieces(text);
  if (parts.some((p) => 'literal' in p && /[[\]]/.test(p.literal))) throw new RangeError(`layout '${text}': a literal may not contain '[' or ']'`);
  const isToken = (p: Piece | undefined) => p !== undefined && 'token' in p;
  const tokens = new Set(parts.flatMap((p) => ('token' in p ? [p.token] : [])));
  const missing = ([['YYYY', '1970'], ['MM', '01'], ['DD', '01']] as const).filter(([t]) => !tokens.has(t));
  const suffixText = missing.map(([, v]) => `|${v}`).join('');
  const suffixLayout = missing.map(([t]) => `[|]${t}`).join('');

  // The dayjs layout to read with, and the spellings the text may have: all flexible fields with 2
  // digits, then with 1 or 2 (what spreadsheets write: 1/1/2026 8:05:09, 31/12/2026 10:05:09), then every mix.
  let reading = '';
  let spellings = [''];
  for (const [i, p] of parts.entries()) {
    const piece = 'literal' in p ? literal(p.literal.toUpperCase()) : p.token;
    const flexible = 'token' in p && ['MM', 'DD', 'HH', 'hh'].includes(p.token) && !isToken(parts[i - 1]) && !isToken(parts[i + 1]);
    reading += flexible ? piece.charAt(0) : piece;
    spellings = flexible ? [...spellings.map((l) => l + piece), ...spellings.map((l) => l + piece.charAt(0))] : spellings.map((l) => l + piece);
  }
  reading += suffixLayout;
  spellings = spellings.map((l) => l + suffixLayout);
  if (spellings.length > 2) spellings.splice(1, 0, spellings.pop()!);
  const writing = parts.map((p) => ('literal' in p ? literal(p.literal) : p.token)).join('');

  const fixed = fixedSpelling(parts);
  return {
    text,
    parse(input: string): WallClock | null {
      const m = fixed?.re.exec(input.trim());
      if (m) {
        const c: WallClock = { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
        fixed!.fields.forEach((f, i) => (c[f] = Number(m[i + 1])));
        // Years before 0100 do not read (as with dayjs, which builds dates with Date.UTC).
        return c.year >= 100 && isRealClock(c) ? c : null;
      }
      const upper = input.trim().toUpperCase() + suffixText;
      const d = dayjs.utc(upper, reading);
      return d.isValid() && spellings.some((l) => d.format(l) === upper) ? clockOf(d) : null;
    },
    format(c: WallClock): string {
      return dayjs.utc(instantAt(c, 0)).format(writing);
    },
  };
}

// A fixed offset is one addition, so it stays plain arithmetic: dayjs's own offsets are either its
// timezone plugin (the zone database through Intl, ~100 µs a call, myt-clock.ts) or
// utcOffset(offset, true), which on a date read as UTC mixes in the machine's own zone.

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

/** The wall clock of an ISO 8601 instant (its padded spelling: the fast path of `layout`). */
const ISO_WALL = layout('YYYY-MM-DDTHH:mm:ss');

/** An ISO 8601 instant: its wall clock, an optional fraction and its zone. */
const ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * Reads an ISO 8601 instant with its zone: '2021-07-28T03:30:44Z', '2026-01-05T14:03:22+08:00',
 * '…+0800', '…+08', optional fraction (kept to the millisecond). Answers the UTC instant, or null
 * when the text is not that shape, not a real date/time, or has no zone (a bare local time is
 * ambiguous) or an offset beyond ±14:00.
 *
 * The wall clock is read strictly (ISO_WALL); the zone is applied here: dayjs's strict mode compares
 * the text with the date written back in the parser's own zone, so it refuses every offset but that one.
 */
export function parseIsoInstant(text: string): Date | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const wall = ISO_WALL.parse(`${m[1]}T${m[2]}`);
  if (!wall) return null;
  let offsetMs = 0;
  const zone = m[4]!;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || '0');
    if (hours > 14 || minutes > 59 || hours * 60 + minutes > 14 * 60) return null;
    offsetMs = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
  }
  const ms = Number((m[3] ?? '').slice(0, 3).padEnd(3, '0'));
  return new Date(instantAt(wall, 0).getTime() - offsetMs + ms);
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
    // The 'YYYY-MM-DD' text by padding (dayjs's format is ~2 µs of a 3 µs read); years are ≥ 0100.
    return c ? `${String(c.year).padStart(4, '0')}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}` : null;
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

/**
 * One PAN guard for every door where text enters from outside (request fields, uploaded sheets,
 * multipart fields, log lines): a card number written in free text is masked to its first 6 and
 * last 4 digits (`maskPan`, PCI DSS 3.4.1) before it is stored, logged or answered.
 */
import { luhnValid, maskPan } from './cards.ts';

/**
 * Fields that keep their digits and are never stored or shown in clear (hashed, compared, or
 * sealed at rest and answered masked), each with its reason. Every resource field declared
 * `secret` must be here (a unit test checks the declarations). One-time and recovery codes
 * (OtpCode, RecoveryCode, Mfa's Code) need no exemption: a valid one has 6 or 8 digits, never a
 * PAN; and a name as common as `Code` (product and category codes, filters) must be guarded.
 */
export const PAN_GUARD_SEALED_FIELDS: Readonly<Record<string, string>> = Object.freeze({
  Password: 'a password is hashed (argon2id), never stored or shown; altering it would lock the user out',
  NewPassword: 'a password (hashed, never stored or shown)',
  OldPassword: 'a password (hashed, never stored or shown)',
  CurrentPassword: 'a password (hashed, never stored or shown)',
  ConfirmPassword: 'a password (hashed, never stored or shown)',
  Token: 'a link token (base64url: digits may run between - and _) is compared exactly; only its hash is stored',
  Component: 'a ZMK component is hex typed in groups (spaces allowed) and sealed at rest; never answered',
  AccountNo: 'a bank account number (6–20 digits) is sealed at rest and answered masked (••••1234)',
  PayoutAccountNo: 'a bank account number, sealed at rest and answered masked like a secret',
  ApiKey: 'a provider credential, sealed at rest and answered masked',
  SecretKey: 'a provider credential, sealed at rest and answered masked',
  CallbackSecret: 'a signing secret, sealed at rest and answered masked',
  Secret: 'a secret, sealed at rest and never answered whole',
});

/**
 * Fields that keep their digits as typed because they are identifiers of another numbering
 * system, matched exactly, that a card number may look like (Luhn-checked or 13–19 digits).
 */
export const PAN_GUARD_IDENTIFIER_FIELDS: Readonly<Record<string, string>> = Object.freeze({
  Imei: "a terminal's IMEI: 15 digits whose last is a Luhn check digit (so always Luhn-valid), often starting 35 like JCB",
  SimIccid: "a SIM card's ICCID: 19–20 digits starting 89 with a Luhn check digit, matched exactly",
  SimMsisdn: "a SIM card's phone number (up to 15 digits), matched exactly",
  SerialNo: "a terminal's serial number as the vendor prints it, matched exactly",
  Mid: 'a merchant id (MID, up to 15 digits) issued by the acquirer; settlement and terminal files match on it',
  MID: 'a merchant id (MID), as Mid',
  OrgMid: 'a merchant id (MID), as Mid',
  ProviderMid: "a provider's merchant id, as Mid",
  TerminalMID: "a terminal's merchant id, as Mid",
  timeUnixNano: "an OTLP log record's time: nanoseconds since 1970 in 19 digits (Luhn-valid one time in ten), parsed as a number, never stored as text",
  observedTimeUnixNano: "an OTLP log record's observed time, as timeUnixNano",
  intValue: "an OTLP value's 64-bit integer in decimal digits, kept exact for its check; the log store masks a card number among the values it keeps (modules/log-ingest keeps 13 digits and more as text)",
});

/** Every field name the PAN guard leaves as written: the sealed ones and the identifiers. */
export const PAN_GUARD_EXEMPT_FIELDS: Readonly<Record<string, string>> = Object.freeze({ ...PAN_GUARD_SEALED_FIELDS, ...PAN_GUARD_IDENTIFIER_FIELDS });

/** Whether a field named `name` (the last segment of its path, e.g. 'AccountNo') keeps its digits. */
export function isPanGuardExempt(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(PAN_GUARD_EXEMPT_FIELDS, name);
}

/** Cheap necessary condition: 13 digits, each pair joined directly or by one space or dash. */
const MAYBE = /\d(?:[ -]?\d){12}/;
const GROUP = /\d+/g;
/** Characters that may not touch a PAN: ASCII letters and digits (references, hex keys) and the mask characters. */
const GLUED = /[A-Za-z0-9*•]/;
const MIN_DIGITS = 13;
const MAX_DIGITS = 19;
/** yyyyMMddHHmmss with optional milliseconds, years 1900–2099 (provider files' compact time stamps). */
const COMPACT_DATE_TIME = /^(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:[01]\d|2[0-3])[0-5]\d[0-5]\d(?:\d{3})?$/;

interface Group {
  start: number;
  end: number;
  digits: string;
  /** Touches a letter, a digit-like mask, or is the fraction of a decimal number: never part of a PAN. */
  glued: boolean;
}

function groupsOf(text: string): Group[] {
  const out: Group[] = [];
  for (const m of text.matchAll(GROUP)) {
    const start = m.index;
    const end = start + m[0].length;
    const before = text[start - 1] ?? '';
    const after = text[end] ?? '';
    const fraction = before === '.' && /\d/.test(text[start - 2] ?? '');
    out.push({ start, end, digits: m[0], glued: GLUED.test(before) || GLUED.test(after) || fraction });
  }
  return out;
}

/** The separator between groups `a` and `b` when it is exactly one space or dash, else ''. */
function joiner(text: string, a: Group, b: Group): string {
  if (b.start !== a.end + 1) return '';
  const c = text[a.end]!;
  return c === ' ' || c === '-' ? c : '';
}

/** [start, end) of every PAN in `text`, left to right, not overlapping. */
function panSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  if (!MAYBE.test(text)) return spans;
  const groups = groupsOf(text);
  let i = 0;
  while (i < groups.length) {
    const g = groups[i]!;
    let best = -1;
    // A PAN's first digit is never 0 (major industry identifier 0: see maskPansInText).
    if (!g.glued && g.digits[0] !== '0') {
      if (g.digits.length >= MIN_DIGITS && g.digits.length <= MAX_DIGITS) {
        if (luhnValid(g.digits) && !COMPACT_DATE_TIME.test(g.digits)) best = i;
      } else if (g.digits.length === 4 && i + 1 < groups.length) {
        const sep = joiner(text, g, groups[i + 1]!);
        let digits = g.digits;
        for (let j = i + 1; sep && j < groups.length; j++) {
          const h = groups[j]!;
          if (h.glued || h.digits.length > 6 || joiner(text, groups[j - 1]!, h) !== sep) break;
          digits += h.digits;
          if (digits.length > MAX_DIGITS) break;
          if (digits.length >= MIN_DIGITS && luhnValid(digits)) best = j;
        }
      }
    }
    if (best < 0) {
      i++;
      continue;
    }
    spans.push([g.start, groups[best]!.end]);
    i = best + 1;
  }
  return spans;
}

/**
 * Masks every card number written in `text` to `maskPan`'s first 6 + '*' + last 4 (separators
 * dropped: "4111 1111 1111 1111" → "411111******1111"); everything else is left as written.
 *
 * A card number is a Luhn-valid run of 13–19 digits (ISO/IEC 7812: every scheme of §3 and any
 * other issuer), written either
 *  - plain: one run of 13–19 digits, or
 *  - grouped as cards print and people type it: a group of 4 digits, then groups of 1–6 digits,
 *    each joined by the same single space or dash ("4111 1111 1111 1111", "3782-822463-10005").
 *    When groups go on past a card number ("4111 1111 1111 1111 12/28"), the longest Luhn-valid
 *    run of whole groups from the first is taken.
 * Not a card number, so left as written:
 *  - a run touching an ASCII letter or digit (or a mask character `*` `•`) on either side: the
 *    portal's own references are "PD" + yymmdd + 10 digits (16 digits glued to letters,
 *    Luhn-valid one time in ten) and reconciliation matches on them, so masking them would break
 *    it; ZMK components and hashes are hex, where digit runs touch letters;
 *  - a run longer than 19 digits is not a PAN (RM's 24-digit transactionId), and no part of it is;
 *  - digits after "<digit>." are the fraction of a decimal number (a float such as a log line's
 *    responseTime), not a card number;
 *  - a run starting with 0 is not a PAN: ISO/IEC 7812-1 gives major industry identifier 0 to no
 *    card issuer, and acquirers' zero-padded merchant ids ("000039070247554") start so;
 *  - a plain run that reads as a compact time stamp yyyyMMddHHmmss[SSS] (years 1900–2099: Finexus's
 *    TXN_DATETIME) is a date: no §3 scheme starts with 19 or 20, so no card of ours is spared;
 *  - only ASCII counts as touching: Chinese or Malay text written without spaces around a number
 *    ("卡号4111111111111111") still has it masked.
 * Masking is idempotent: the masked form holds at most 6 and 4 digits glued to '*'.
 * Cost: one regex test for text without 13 chained digits (nearly every cell and field).
 */
export function maskPansInText(text: string): string {
  const spans = panSpans(text);
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [s, e] of spans) {
    out += text.slice(at, s) + maskPan(text.slice(s, e));
    at = e;
  }
  return out + text.slice(at);
}

/** Whether `text` holds a card number as `maskPansInText` defines one (it would change). */
export function containsPan(text: string): boolean {
  return panSpans(text).length > 0;
}

/**
 * The server's log lines pass the PAN guard as they are written (pino's hooks.streamWrite): a
 * card number that reached a log line whole (a raw request URL, an error message quoting input)
 * leaves it masked to first 6 + last 4, like everything stored or answered. The same pass
 * redacts the value of every key that names a secret (SECRET_KEY: passwords, tokens, cookies,
 * keys, signatures, bank account numbers), at any depth, for stdout and the log store alike
 * (OWASP Logging cheat sheet; PCI DSS 3.3, 10.2).
 */
import { maskPansInText } from '@paydesk/domain';

/** Where the request log goes (pino's destination): anything with write(line). */
export interface LogStream {
  write(line: string): void;
}

/** `s` with %XX and '+' decoded as a query string is; `s` itself when it is not valid percent-encoding. */
function urlDecoded(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/**
 * A string of a log line as it may be kept: masked by maskPansInText; a URL-encoded one (a request
 * URL: "4111%201111%20…", "4111+1111+…") is judged decoded, and written decoded when it held a PAN.
 */
function maskedString(s: string): string {
  const masked = maskPansInText(s);
  if (!/[%+]/.test(masked)) return masked;
  const plain = urlDecoded(masked);
  const maskedPlain = maskPansInText(plain);
  return maskedPlain === plain ? masked : maskedPlain;
}

/**
 * A key whose value is never logged: passwords and PINs, tokens and cookies, secrets and keys
 * (API, ingest, private), signatures and authorization, CVV, bank account numbers. Matched on the
 * key with '_', '-' and case folded ("Set-Cookie", "access_token", "BankAccountNo").
 */
const SECRET_KEY = /password|passwd|passcode|passphrase|^pass$|^pin$|pinblock|secret|token|cookie|authori[sz]ation|apikey|ingestkey|privatekey|signature|cvv|cvc|accountno|accountnumber|bankaccount|^otp/;

/** Written instead of a secret's value. */
export const REDACTED = '[REDACTED]';

/** Whether a log key names a secret (SECRET_KEY after folding case, '_' and '-'). */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.toLowerCase().replace(/[-_\s]/g, ''));
}

/** Masks every string (keys included) of a parsed JSON value and redacts secrets' values; answers the value and whether anything changed. */
function maskJson(v: unknown): [unknown, boolean] {
  if (typeof v === 'string') {
    const m = maskedString(v);
    return [m, m !== v];
  }
  if (v === null || typeof v !== 'object') return [v, false];
  let changed = false;
  if (Array.isArray(v)) {
    const out = v.map((x) => {
      const [m, c] = maskJson(x);
      changed ||= c;
      return m;
    });
    return [out, changed];
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const key = maskedString(k);
    if (isSecretKey(k) && x !== null && x !== undefined && x !== '') {
      changed = true;
      out[key] = REDACTED;
      continue;
    }
    const [m, c] = maskJson(x);
    changed ||= c || key !== k;
    out[key] = m;
  }
  return [out, changed];
}

/** Thirteen digits chained directly or by one space or dash: the PAN guard's own first test (pan-guard.ts). */
const MAYBE_PAN = /\d(?:[ -]?\d){12}/;
/** Percent-encoding or '+': a URL-encoded PAN is judged decoded (maskedString). */
const MAYBE_ENCODED = /%[0-9A-Fa-f]{2}|\+/;
/** Any text a secret-named key could be (SECRET_KEY with '_', '-' or a space allowed between words), anywhere. */
const MAYBE_SECRET = /pass|pin|secret|token|cookie|authori[sz]ation|api[-_ ]?key|ingest[-_ ]?key|private[-_ ]?key|signature|cvv|cvc|account|otp/i;
/** pino's leading `"time":<epoch ms>` (a 13-digit number that is no PAN, left out of the test). */
const TIME_FIELD = /"time":\d+/;

/**
 * Whether `text` could hold a card number or a secret-named key: false means the full pass
 * (parse, walk, mask) would change nothing, so a request's line (method, route, status, ms)
 * costs three regular-expression tests rather than a JSON parse. A superset: true may still
 * change nothing.
 */
export function mayNeedMasking(text: string): boolean {
  const body = text.replace(TIME_FIELD, '');
  return MAYBE_PAN.test(body) || MAYBE_ENCODED.test(body) || MAYBE_SECRET.test(body);
}

/**
 * One log line (pino writes NDJSON: one JSON object and '\n') with every card number masked. The
 * line is parsed and its strings masked one by one, rather than the text as a whole: inside JSON
 * a newline is written "\n", so a PAN after it would touch the letter 'n' and be spared, and a
 * bare number (the epoch `time`) must stay a number. The line comes back unchanged (the same
 * string) when it holds no PAN; a line that is not JSON is masked as text.
 */
export function maskLogLine(line: string): string {
  if (!mayNeedMasking(line)) return line;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return maskPansInText(line);
  }
  const [masked, changed] = maskJson(parsed);
  return changed ? `${JSON.stringify(masked)}\n` : line;
}

/**
 * A value as the log store keeps it: maskJson's pass (PANs masked, secrets' values redacted).
 * `v` must be JSON-like (plain objects, arrays, strings, numbers, booleans, null).
 */
export function redactForLog<T>(v: T): T {
  return maskJson(v)[0] as T;
}

/** `v` as JSON text the way the log store keeps it: redactForLog's pass only when the text could need it (mayNeedMasking). */
export function redactedJson(v: unknown): string {
  const json = JSON.stringify(v);
  return mayNeedMasking(json) ? JSON.stringify(redactForLog(v)) : json;
}

/**
 * The options of the server's pino logger (Fastify's `logger`): `level` (LOG_LEVEL, default
 * info; 'silent' writes nothing), credentials redacted, every line through maskLogLine; to
 * `stream` when given (tests capture the lines), else stdout.
 */
export function serverLoggerOptions(stream?: LogStream, level = 'info') {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    hooks: { streamWrite: maskLogLine },
    ...(stream ? { stream } : {}),
  };
}

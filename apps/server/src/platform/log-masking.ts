/**
 * The server's log lines pass the PAN guard as they are written (pino's hooks.streamWrite): a
 * card number that reached a log line whole (a raw request URL, an error message quoting input)
 * leaves it masked to first 6 + last 4, like everything stored or answered.
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

/** Masks every string (keys included) of a parsed JSON value; answers the value and whether anything changed. */
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
    const [m, c] = maskJson(x);
    changed ||= c || key !== k;
    out[key] = m;
  }
  return [out, changed];
}

/**
 * One log line (pino writes NDJSON: one JSON object and '\n') with every card number masked. The
 * line is parsed and its strings masked one by one, rather than the text as a whole: inside JSON
 * a newline is written "\n", so a PAN after it would touch the letter 'n' and be spared, and a
 * bare number (the epoch `time`) must stay a number. The line comes back unchanged (the same
 * string) when it holds no PAN; a line that is not JSON is masked as text.
 */
export function maskLogLine(line: string): string {
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
 * The options of the server's pino logger (Fastify's `logger`): level info, credentials redacted,
 * every line through maskLogLine; to `stream` when given (tests capture the lines), else stdout.
 */
export function serverLoggerOptions(stream?: LogStream) {
  return {
    level: 'info',
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    hooks: { streamWrite: maskLogLine },
    ...(stream ? { stream } : {}),
  };
}

/**
 * The payment log's shared part (issue 30 item 3, log source PAYMENT): every outgoing call to a
 * provider or a merchant — today the refund acknowledgement (modules/risk-pre-chargeback/refund-ack.ts),
 * later the acquirers' calls — is made through `timedFetch` and leaves one entry built by
 * `outboundLogEntry`: the operation ('POST <url without query>'), the latency, the HTTP status or
 * the transport error as outcome, the request and the answer (headers and bodies, each body capped
 * at MAX_BODY_CHARS), the merchant's owner columns and MID / TID / TxnRefNo when the caller knows
 * them, and the level: 1 for a 2xx answer, 5 for a failure that will be retried, 9 for a final one.
 *
 * Masking: the log store redacts every attribute (log-masking.ts redactForLog: PANs to first 6 +
 * last 4, the values of secret-named keys such as password, token, signature, authorization). A
 * body is handed to it as parsed JSON when it is JSON and fits the cap, so its keys are judged one
 * by one; a body kept as text (not JSON, or cut) has its `key: value` / `key=value` pairs with a
 * secret-named key redacted here first (`scrubSecretsInText`), since the store sees one string.
 * A URL's query is kept as fields (judged like any other key); user and password in a URL are
 * dropped.
 *
 * Request ids: `timedFetch` sends the current request id (request-context.ts) as `X-Request-Id`,
 * so a provider's own log can be matched with ours; the entry carries the same id.
 */
import type { LogSource } from '@paydesk/domain';
import type { LogEntryInput, LogOwner } from './log-store.ts';
import { REDACTED, isSecretKey } from './log-masking.ts';
import { currentRequestId } from './request-context.ts';

/** Longest body (request or answer) kept in an entry, in characters. */
export const MAX_BODY_CHARS = 4_096;

/** The header carrying the request id on every outgoing call. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** One outgoing call as the caller describes it. */
export interface OutboundRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborts the call (e.g. AbortSignal.timeout(ms)); the answer's body is read under it too. */
  signal?: AbortSignal;
}

/** The part of a fetch Response the log reads (the global one and undici's both fit). */
export interface OutboundAnswer {
  status: number;
  headers: { forEach(cb: (value: string, key: string) => void): void };
  body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> } } | null;
}

/** How the call is made: `fetch` or a wrapper of it (outbound-address.ts outboundFetch for a user-typed URL). */
export type OutboundFetcher = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal; redirect: 'manual' }) => Promise<OutboundAnswer>;

/** What came of one call (never a throw: a transport error is `error`). */
export interface OutboundExchange {
  /** The request as sent (X-Request-Id included when there was one). */
  request: { method: string; url: string; headers: Record<string, string>; body: string | null };
  /** The request id sent, or null outside any request or job. */
  requestId: string | null;
  /** When the call started (the caller's clock). */
  startedAt: Date;
  /** Milliseconds from the call to the end of the (capped) answer, or to the error. */
  latencyMs: number;
  /** The HTTP status answered; null when no answer came. */
  status: number | null;
  /** The answer's headers (lower-case names); null when no answer came. */
  answerHeaders: Record<string, string> | null;
  /** The answer's body, at most MAX_BODY_CHARS characters; null when no answer came. */
  answerBody: string | null;
  /** The answer's body was longer than what `answerBody` keeps. */
  answerTruncated: boolean;
  /** Why no (complete) answer came: a timeout (name 'TimeoutError'), a refusal, a network error. */
  error: Error | null;
}

/** Whether an exchange got a 2xx answer (its body may still have failed midway: `error`). */
export const isSuccess = (x: Pick<OutboundExchange, 'status'>) => x.status !== null && x.status >= 200 && x.status < 300;

/** An answer's headers as a record (lower-case names, as fetch gives them). */
function headersOf(res: OutboundAnswer): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, key) => (out[key] = value));
  return out;
}

/** Reads at most `maxChars` characters of a body and cancels the rest. */
async function readCapped(res: OutboundAnswer, maxChars: number): Promise<{ text: string; truncated: boolean }> {
  if (!res.body) return { text: '', truncated: false };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value) text += decoder.decode(value, { stream: true });
    if (text.length > maxChars) {
      await reader.cancel().catch(() => undefined);
      return { text: text.slice(0, maxChars), truncated: true };
    }
  }
  text += decoder.decode();
  return text.length > maxChars ? { text: text.slice(0, maxChars), truncated: true } : { text, truncated: false };
}

/**
 * Makes one call through `fetcher` (default: global fetch), redirects not followed, with the
 * current request id as X-Request-Id (unless the caller set one), and times it: reads the answer's
 * status, headers and up to `maxBodyChars` (default MAX_BODY_CHARS) of its body. Never throws: a
 * call that fails (timeout, refused address, network) answers `error` and a null status. `now`
 * is the clock of `startedAt` (default: the system clock).
 */
export async function timedFetch(
  req: OutboundRequest,
  fetcher: OutboundFetcher = (url, init) => fetch(url, init),
  opts: { maxBodyChars?: number; now?: () => Date } = {},
): Promise<OutboundExchange> {
  const requestId = currentRequestId();
  const headers = { ...req.headers };
  if (requestId && !Object.keys(headers).some((k) => k.toLowerCase() === REQUEST_ID_HEADER.toLowerCase())) headers[REQUEST_ID_HEADER] = requestId;
  const startedAt = (opts.now ?? (() => new Date()))();
  const t0 = performance.now();
  const base = { request: { method: req.method, url: req.url, headers, body: req.body ?? null }, requestId, startedAt };
  let res: OutboundAnswer | null = null;
  try {
    res = await fetcher(req.url, { method: req.method, headers, ...(req.body !== undefined ? { body: req.body } : {}), ...(req.signal ? { signal: req.signal } : {}), redirect: 'manual' });
    const { text, truncated } = await readCapped(res, opts.maxBodyChars ?? MAX_BODY_CHARS);
    return { ...base, latencyMs: performance.now() - t0, status: res.status, answerHeaders: headersOf(res), answerBody: text, answerTruncated: truncated, error: null };
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    // An answer whose body failed midway keeps its status: the error says why it is incomplete.
    return { ...base, latencyMs: performance.now() - t0, status: res?.status ?? null, answerHeaders: res ? headersOf(res) : null, answerBody: null, answerTruncated: false, error };
  }
}

/** `key: value`, `"key": "value"` and `key=value` pairs in free text (a value stops at a separator or bracket). */
const KEY_VALUE = /(["']?)([A-Za-z][\w.-]{0,63})\1(\s*[:=]\s*)("(?:[^"\\]|\\.)*"?|'[^']*'?|[^\s&,;{}[\]"']+)/g;

/**
 * `text` with the value of every `key: value` / `key=value` pair whose key names a secret
 * (log-masking.ts isSecretKey) replaced by REDACTED: for a body kept as text (not JSON, or cut
 * mid-JSON), which the store would judge as one string. PANs are left to the store.
 */
export function scrubSecretsInText(text: string): string {
  return text.replace(KEY_VALUE, (match, quote: string, key: string, sep: string, value: string) => {
    if (!isSecretKey(key)) return match;
    const q = value.startsWith('"') ? '"' : value.startsWith("'") ? "'" : '';
    return `${quote}${key}${quote}${sep}${q}${REDACTED}${q}`;
  });
}

/**
 * A body as an entry keeps it: null when none; parsed JSON when it is a JSON object or array that
 * was not cut (the store redacts it key by key); otherwise the text with its secret pairs
 * scrubbed, marked '…' when cut.
 */
export function bodyForLog(text: string | null | undefined, truncated = false, maxChars = MAX_BODY_CHARS): unknown {
  if (text == null || text === '') return null;
  const cut = truncated || text.length > maxChars;
  if (!cut) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === 'object') return parsed;
    } catch {
      // Not JSON: kept as text below.
    }
  }
  return `${scrubSecretsInText(text.slice(0, maxChars))}${cut ? '…' : ''}`;
}

/** The URL as an operation shows it: scheme, host, port and path — no user, password, query or fragment. */
export function urlWithoutQuery(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return url.split(/[?#]/, 1)[0] ?? '';
  }
}

/** The query of `url` as fields (null when it has none or is not a URL). */
function queryOf(url: string): Record<string, string> | null {
  try {
    const params = new URL(url).searchParams;
    return params.size === 0 ? null : Object.fromEntries(params);
  } catch {
    return null;
  }
}

/** The outcome text of an exchange: the HTTP status ('503'), else TIMEOUT or ERROR. */
export function outboundOutcome(x: Pick<OutboundExchange, 'status' | 'error'>): string {
  if (x.status !== null) return String(x.status);
  return x.error?.name === 'TimeoutError' ? 'TIMEOUT' : 'ERROR';
}

/** Whom a call concerns: the merchant's owner columns and the MID / TID / TxnRefNo when known. */
export interface OutboundSubject {
  owner?: LogOwner | null;
  mid?: string | null;
  tid?: string | null;
  txnRefNo?: string | null;
}

/**
 * The log entry of exchange `x` (source PAYMENT unless told): level 1 for a 2xx answer, else 5
 * when the caller will retry the call (`final` false) and 9 when it will not (`final` true);
 * operation 'METHOD <url without query>'; outcome outboundOutcome; durationMs the latency;
 * attributes the request (URL, query fields, headers, body) and the answer (status, headers,
 * body) as bodyForLog keeps them, the error and `purpose` (what the call is for, e.g.
 * 'refund-ack'). Write it with `logStoreOf(ctx).write(entry)` (it never throws).
 */
export function outboundLogEntry(x: OutboundExchange, o: { final: boolean; subject?: OutboundSubject; purpose?: string; source?: LogSource }): LogEntryInput {
  const ok = isSuccess(x);
  const operation = `${x.request.method} ${urlWithoutQuery(x.request.url)}`;
  const latencyMs = Math.round(x.latencyMs);
  const result = x.error ? `${x.status !== null ? `HTTP ${x.status}, then ` : ''}${x.error.name === 'TimeoutError' ? 'no answer in time' : `failed: ${x.error.message}`}` : `HTTP ${x.status}`;
  return {
    at: x.startedAt,
    source: o.source ?? 'PAYMENT',
    level: ok ? 1 : o.final ? 9 : 5,
    requestId: x.requestId,
    message: `${operation} → ${result} in ${latencyMs} ms${ok ? '' : o.final ? ' (final)' : ' (will retry)'}`,
    operation,
    outcome: outboundOutcome(x),
    durationMs: latencyMs,
    mid: o.subject?.mid ?? null,
    tid: o.subject?.tid ?? null,
    txnRefNo: o.subject?.txnRefNo ?? null,
    owner: o.subject?.owner ?? null,
    attributes: {
      ...(o.purpose ? { purpose: o.purpose } : {}),
      latencyMs,
      request: {
        method: x.request.method,
        url: urlWithoutQuery(x.request.url),
        ...(queryOf(x.request.url) ? { query: queryOf(x.request.url) } : {}),
        headers: x.request.headers,
        body: bodyForLog(x.request.body),
      },
      answer: x.status === null ? null : { status: x.status, headers: x.answerHeaders, body: bodyForLog(x.answerBody, x.answerTruncated) },
      ...(x.error ? { error: { name: x.error.name, message: x.error.message } } : {}),
    },
  };
}

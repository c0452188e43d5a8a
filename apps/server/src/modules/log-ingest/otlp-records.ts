/**
 * OTLP log records → log store entries (issue 30 item 4), pure: the request as the contract's
 * schema parsed it (either encoding), the key's source and the server's clock in; the entries and
 * the count of records too old to keep out. Every check that needs the whole batch or the clock
 * runs here, over every record, before anything is stored (VAL400 naming the field).
 *
 * A record becomes one entry of the KEY's source: a record claiming another source (an attribute
 * `log.source`, a resource `service.name` …) is still written to the key's source, its attributes
 * kept as sent — a key of one source never writes another's log, and refusing such a record would
 * only lose a log line to a misconfigured attribute. What each column comes from:
 *  - at: `timeUnixNano`, else `observedTimeUnixNano`, else the server's clock (both 0 or absent);
 *  - level: domain logLevelOfOtelSeverity(`severityNumber`); when it is 0 (unspecified), the
 *    `severityText` (ERROR/FATAL/CRITICAL → exception, WARN → warning, else info);
 *  - message: the body as text (a string as is; other values as JSON);
 *  - requestId: attribute `request.id` or `http.request.id`, else the trace id;
 *  - tid, mid, txnRefNo: attributes `terminal.id`/`tid`, `merchant.id`/`mid`,
 *    `transaction.ref`/`txn_ref_no` of the record, else of its resource;
 *  - operation: `eventName`, else attribute `event.name`, else the scope's name;
 *  - attributes: the resource's and the record's attributes flattened to one JSON object (the
 *    record's win on a shared key), with the trace and span ids, the severity text and the scope.
 * Owner columns are the caller's to fill (a terminal's, ingest-logs.ts).
 */
import { OTLP_MAX_RECORDS, OTLP_MIN_TIME_UNIX_NANO, type OtlpAnyValue, type OtlpKeyValue, type OtlpLogRecord, type OtlpLogsRequest } from '@paydesk/contract';
import { logLevelOfOtelSeverity, type LogLevel, type LogSource } from '@paydesk/domain';
import { badInput } from '../../platform/errors.ts';
import { utcDay } from '../../platform/log-partitions.ts';
import type { LogEntryInput } from '../../platform/log-store.ts';

const DAY_MS = 86_400_000;
const NANOS_PER_MS = 1_000_000n;

/**
 * A number as kept: itself, but a whole number of 13 digits or more as its digits — text, which
 * the log store's PAN guard reads (a card number sent as an integer is masked like one sent as
 * text), and exact past 2^53.
 */
function numberKept(v: string | number): number | string {
  const n = Number(v);
  if (Number.isInteger(n) && Math.abs(n) >= 1e12) return typeof v === 'string' ? v : BigInt(n).toString();
  return n;
}

/** An AnyValue as plain JSON: scalars as themselves (long whole numbers as digits: numberKept), arrays and key-value lists as arrays and objects. */
export function plainValue(v: OtlpAnyValue | null | undefined): unknown {
  if (!v) return null;
  if (v.stringValue != null) return v.stringValue;
  if (v.boolValue != null) return v.boolValue;
  if (v.intValue != null) return numberKept(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue === null ? 'NaN' : typeof v.doubleValue === 'number' ? numberKept(v.doubleValue) : v.doubleValue;
  if (v.bytesValue != null) return v.bytesValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(plainValue);
  if (v.kvlistValue) return attributesOf(v.kvlistValue.values);
  return null;
}

/** Key-value pairs as one object (a later key wins; keys are own properties, never a prototype). */
export function attributesOf(list: readonly OtlpKeyValue[] | null | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, plainValue(kv.value)]));
}

/** A body as the entry's message: a string as is, nothing as '', any other value as JSON. */
export function messageOf(body: OtlpAnyValue | null | undefined): string {
  const v = plainValue(body);
  if (v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The text of the first attribute among `keys` holding a scalar (trimmed; '' counts as absent). */
function textAttribute(attributes: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const k of keys) {
    const v = attributes[k];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      const s = String(v).trim();
      if (s) return s;
    }
  }
  return null;
}

/** The level of a record (see the file note). */
function levelOf(r: OtlpLogRecord): LogLevel {
  if (r.severityNumber) return logLevelOfOtelSeverity(r.severityNumber);
  const text = (r.severityText ?? '').trim().toUpperCase();
  if (/^(ERROR|FATAL|CRIT|ALERT|EMERG|SEVERE)/.test(text)) return 9;
  if (/^WARN/.test(text)) return 5;
  return 1;
}

/** Nanoseconds since 1970 of a time field, or null when it is absent or 0 (unset). */
function nanosOf(v: string | number | null | undefined): bigint | null {
  if (v === null || v === undefined) return null;
  const n = BigInt(v);
  return n === 0n ? null : n;
}

/** The batch as entries, and how many records were left out as older than the source keeps. */
export interface OtlpEntries {
  entries: LogEntryInput[];
  /** Records older than the oldest day the source keeps (LOG_RETENTION_DAYS_<SOURCE>): not stored. */
  tooOld: number;
}

/**
 * The entries of `request` for `source` (see the file note). `now` is the server's clock, `keepDays`
 * the source's retention in days. Throws VAL400 naming the field: more than OTLP_MAX_RECORDS
 * records in all ('resourceLogs'), or a time before 2000-01-01 or more than a day after `now`.
 */
export function otlpEntries(request: OtlpLogsRequest, source: LogSource, now: Date, keepDays: number): OtlpEntries {
  const resources = request.resourceLogs ?? [];
  const count = resources.reduce((n, rl) => n + (rl.scopeLogs ?? []).reduce((m, sl) => m + (sl.logRecords?.length ?? 0), 0), 0);
  if (count > OTLP_MAX_RECORDS) throw badInput('resourceLogs', `holds ${count} log records; one request carries at most ${OTLP_MAX_RECORDS}`);
  const latest = BigInt(now.getTime() + DAY_MS) * NANOS_PER_MS;
  const oldestKept = utcDay(new Date(now.getTime() - keepDays * DAY_MS));
  const timeOf = (v: string | number | null | undefined, path: string): bigint | null => {
    const n = nanosOf(v);
    if (n !== null && (n < OTLP_MIN_TIME_UNIX_NANO || n > latest)) throw badInput(path, 'is not a time from 2000-01-01 to a day after the server clock (nanoseconds since 1970)');
    return n;
  };
  const entries: LogEntryInput[] = [];
  let tooOld = 0;
  resources.forEach((rl, i) => {
    const resource = attributesOf(rl.resource?.attributes);
    (rl.scopeLogs ?? []).forEach((sl, j) => {
      const scope = sl.scope?.name ?? null;
      (sl.logRecords ?? []).forEach((r, k) => {
        const path = `resourceLogs.${i}.scopeLogs.${j}.logRecords.${k}`;
        const time = timeOf(r.timeUnixNano, `${path}.timeUnixNano`);
        const observed = timeOf(r.observedTimeUnixNano, `${path}.observedTimeUnixNano`);
        const nanos = time ?? observed;
        const at = nanos === null ? now : new Date(Number(nanos / NANOS_PER_MS));
        if (utcDay(at) < oldestKept) {
          tooOld++;
          return;
        }
        const own = attributesOf(r.attributes);
        const both = { ...resource, ...own };
        const traceId = r.traceId && !/^0+$/.test(r.traceId) ? r.traceId.toLowerCase() : null;
        const spanId = r.spanId && !/^0+$/.test(r.spanId) ? r.spanId.toLowerCase() : null;
        entries.push({
          at,
          source,
          level: levelOf(r),
          message: messageOf(r.body),
          requestId: textAttribute(both, ['request.id', 'http.request.id']) ?? traceId,
          tid: textAttribute(own, ['terminal.id', 'tid']) ?? textAttribute(resource, ['terminal.id', 'tid']),
          mid: textAttribute(own, ['merchant.id', 'mid']) ?? textAttribute(resource, ['merchant.id', 'mid']),
          txnRefNo: textAttribute(own, ['transaction.ref', 'txn_ref_no']) ?? textAttribute(resource, ['transaction.ref', 'txn_ref_no']),
          operation: r.eventName || textAttribute(own, ['event.name']) || scope || null,
          attributes: {
            ...both,
            ...(traceId ? { trace_id: traceId } : {}),
            ...(spanId ? { span_id: spanId } : {}),
            ...(r.severityText ? { severity_text: r.severityText } : {}),
            ...(scope ? { 'otel.scope.name': scope } : {}),
          },
        });
      });
    });
  });
  return { entries, tooOld };
}

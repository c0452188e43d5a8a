/**
 * The OpenTelemetry OTLP/HTTP logs endpoint (issue 30 item 4: terminals, the master devices API,
 * the mobile app and the receipt uploads send their logs here): `POST /api/otlp/v1/logs`, the
 * request an OTLP exporter sends, `ExportLogsServiceRequest` of opentelemetry-proto v1, in its
 * JSON encoding (`application/json`: lowerCamelCase keys, 64-bit integers as decimal strings or
 * numbers, trace and span ids as hex, bytes as base64). A protobuf body (`application/x-protobuf`)
 * is decoded by the server into this same shape first, so both encodings meet one schema.
 *
 * Not a portal endpoint: no session and no secure channel. The caller presents the ingest key of
 * its source (`Authorization: Bearer <key>` or `X-Ingest-Key: <key>`); every record is stored
 * under the key's source, whatever the record says (see modules/log-ingest). Limits, all answered
 * 4xx `{ErrorCode, ErrorMessage, RequestId}` with nothing stored:
 *  - the body: at most OTLP_MAX_BODY_BYTES (after gzip, when `Content-Encoding: gzip`);
 *  - records: at most OTLP_MAX_RECORDS per request, counted over every resource and scope;
 *  - values: an AnyValue nests arrays and key-value lists at most OTLP_MAX_VALUE_DEPTH levels deep
 *    (the value of an attribute or a body is level 1);
 *  - times: `timeUnixNano` and `observedTimeUnixNano` are whole nanoseconds since 1970 (0 = unset),
 *    from OTLP_MIN_TIME_UNIX_NANO (2000-01-01) to a day after the server's clock.
 *
 * Every field may be absent or null (the protobuf JSON mapping reads null as the field's default;
 * OpenTelemetry's JSON exporter writes a NaN double as null). Messages of this schema are the catalogue's (zod-messages.ts); the limits that need the whole
 * batch or the server's clock are checked by the server before anything is stored.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '@paydesk/domain';

/** Largest body accepted, in bytes (4 MiB; a gzip body counts decompressed). */
export const OTLP_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Most log records one request may carry, over all its resources and scopes. */
export const OTLP_MAX_RECORDS = 5_000;
/** Deepest nesting of an AnyValue (arrays and key-value lists inside values). */
export const OTLP_MAX_VALUE_DEPTH = 8;
/** Most entries of one list in a request (attributes, an array or key-value list, resources, scopes). */
export const OTLP_MAX_LIST = 1_000;
/** 2000-01-01T00:00:00Z in nanoseconds since 1970: the earliest time accepted. */
export const OTLP_MIN_TIME_UNIX_NANO = 946_684_800_000_000_000n;

/** An OTLP AnyValue (one of its fields is set; none is an empty value). */
export interface OtlpAnyValue {
  stringValue?: string | null;
  boolValue?: boolean | null;
  /** int64: a decimal string (the JSON encoding) or a number. */
  intValue?: string | number | null;
  /** A number, or 'NaN' / 'Infinity' / '-Infinity' as the JSON encoding writes them (null: NaN). */
  doubleValue?: number | 'NaN' | 'Infinity' | '-Infinity' | null;
  /** Base64. */
  bytesValue?: string | null;
  arrayValue?: { values?: OtlpAnyValue[] | null } | null;
  kvlistValue?: { values?: OtlpKeyValue[] | null } | null;
}

/** An attribute: a key and its value. */
export interface OtlpKeyValue {
  key: string;
  value?: OtlpAnyValue | null;
}

/** A whole number given as a JSON number (64-bit values arrive as doubles; precision past 2^53 is lost, not refused). */
const WholeNumber = z.number().refine(Number.isInteger, FIELD_MESSAGES.whole);

/** fixed64 nanoseconds since 1970: digits, or a non-negative whole number. 0 means unset. */
const UnixNanos = z.union([z.string().regex(/^\d{1,20}$/), WholeNumber.pipe(z.number().nonnegative())]);

/** int64: optional minus and digits, or a whole number. */
const Int64 = z.union([z.string().regex(/^-?\d{1,19}$/), WholeNumber]);

/** A uint32 counter or flag set. */
const Uint32 = z.number().int().nonnegative().max(0xffff_ffff);

const Double = z.union([z.number(), z.enum(['NaN', 'Infinity', '-Infinity'])]);
const Base64 = z.string().regex(/^[A-Za-z0-9+/_-]*={0,2}$/);

/** A list of at most OTLP_MAX_LIST entries. */
const list = <T extends z.ZodType>(item: T) => z.array(item).max(OTLP_MAX_LIST);

/**
 * An AnyValue at any depth: scalars, arrays of values and key-value lists. One recursive schema
 * (so the OpenAPI document holds it once, by reference); its depth is checked where a value starts.
 */
const AnyValueAtAnyDepth: z.ZodType<OtlpAnyValue> = z.object({
  stringValue: z.string().nullish(),
  boolValue: z.boolean().nullish(),
  intValue: Int64.nullish(),
  doubleValue: Double.nullish(),
  bytesValue: Base64.nullish(),
  get arrayValue() {
    return z.object({ values: list(AnyValueAtAnyDepth).nullish() }).nullish();
  },
  get kvlistValue() {
    return z.object({ values: list(KeyValueAtAnyDepth).nullish() }).nullish();
  },
});
const KeyValueAtAnyDepth: z.ZodType<OtlpKeyValue> = z.object({
  key: z.string(),
  get value() {
    return AnyValueAtAnyDepth.nullish();
  },
});

/**
 * The path (below the value) of the first array or key-value list nested past
 * OTLP_MAX_VALUE_DEPTH levels in `value` (level 1), or null. Iterative: no stack to exhaust.
 */
export function otlpValueTooDeep(value: OtlpAnyValue): (string | number)[] | null {
  const stack: { v: OtlpAnyValue; level: number; path: (string | number)[] }[] = [{ v: value, level: 1, path: [] }];
  while (stack.length > 0) {
    const { v, level, path } = stack.pop()!;
    const inner: [OtlpAnyValue | null | undefined, (string | number)[]][] = [
      ...(v.arrayValue?.values ?? []).map((x, i): [OtlpAnyValue, (string | number)[]] => [x, [...path, 'arrayValue', 'values', i]]),
      ...(v.kvlistValue?.values ?? []).map((kv, i): [OtlpAnyValue | null | undefined, (string | number)[]] => [kv.value, [...path, 'kvlistValue', 'values', i, 'value']]),
    ];
    for (const [x, at] of inner) {
      if (!x) continue;
      if (level + 1 > OTLP_MAX_VALUE_DEPTH) return at;
      stack.push({ v: x, level: level + 1, path: at });
    }
  }
  return null;
}

/** A value where one starts (a body, an attribute's value): an AnyValue nesting at most OTLP_MAX_VALUE_DEPTH levels. */
export const OtlpAnyValue = AnyValueAtAnyDepth.superRefine((v, ctx) => {
  const at = otlpValueTooDeep(v);
  if (at) ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.invalid, path: at });
});
const Attributes = list(z.object({ key: z.string(), value: OtlpAnyValue.nullish() }));


/** One log record (opentelemetry.proto.logs.v1.LogRecord). */
export const OtlpLogRecord = z.object({
  timeUnixNano: UnixNanos.nullish(),
  observedTimeUnixNano: UnixNanos.nullish(),
  /** 0 unspecified, 1–4 TRACE … 21–24 FATAL. */
  severityNumber: z.number().int().min(0).max(24).nullish(),
  severityText: z.string().nullish(),
  body: OtlpAnyValue.nullish(),
  attributes: Attributes.nullish(),
  droppedAttributesCount: Uint32.nullish(),
  flags: Uint32.nullish(),
  /** 16 bytes as 32 hex digits ('' = none). */
  traceId: z.string().regex(/^(?:[0-9a-fA-F]{32})?$/).nullish(),
  /** 8 bytes as 16 hex digits ('' = none). */
  spanId: z.string().regex(/^(?:[0-9a-fA-F]{16})?$/).nullish(),
  eventName: z.string().nullish(),
});
export type OtlpLogRecord = z.output<typeof OtlpLogRecord>;

/** `ExportLogsServiceRequest`: resources, each with scopes, each with records. */
export const OtlpLogsRequest = z.object({
  resourceLogs: list(
    z.object({
      resource: z.object({ attributes: Attributes.nullish(), droppedAttributesCount: Uint32.nullish() }).nullish(),
      scopeLogs: list(
        z.object({
          scope: z.object({ name: z.string().nullish(), version: z.string().nullish(), attributes: Attributes.nullish() }).nullish(),
          logRecords: z.array(OtlpLogRecord).max(OTLP_MAX_RECORDS).nullish(),
          schemaUrl: z.string().nullish(),
        }),
      ).nullish(),
      schemaUrl: z.string().nullish(),
    }),
  ).nullish(),
});
export type OtlpLogsRequest = z.output<typeof OtlpLogsRequest>;

/**
 * `ExportLogsServiceResponse`: `{}` when every record was stored; `partialSuccess` names how many
 * were not and why (records older than their source's retention are not kept). A protobuf request
 * gets it protobuf-encoded (`application/x-protobuf`).
 */
export const OtlpLogsResponse = z.object({
  partialSuccess: z
    .object({
      /** int64 as a decimal string (the JSON encoding). */
      rejectedLogRecords: z.string(),
      errorMessage: z.string(),
    })
    .optional(),
});

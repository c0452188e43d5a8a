/**
 * The protobuf encoding of OTLP/HTTP logs (issue 30 item 4), decoded and encoded by protobufjs —
 * no hand-written wire code. The schema below declares the messages of opentelemetry-proto v1 that
 * a logs export carries (collector/logs/v1 logs_service.proto, logs/v1 logs.proto, common/v1
 * common.proto, resource/v1 resource.proto) with their field numbers and wire types; fields this
 * server does not read (entity refs, profiles' extensions) are left out and skipped by the
 * decoder as unknown fields. The severity enum is declared as int32, the same varint on the wire.
 *
 * `decodeOtlpLogs` answers the request in the JSON encoding's shape (lowerCamelCase, 64-bit
 * integers as decimal strings, trace and span ids as hex, bytes as base64, NaN and infinities as
 * strings), so one zod schema (contract endpoints/otlp-logs.ts) validates both encodings. Nesting
 * deeper than protobufjs' recursion limit (100 messages) is refused by the decoder itself.
 */
import protobuf from 'protobufjs';

const SCHEMA = `
syntax = "proto3";
package otlp;
message ExportLogsServiceRequest { repeated ResourceLogs resource_logs = 1; }
message ExportLogsServiceResponse { ExportLogsPartialSuccess partial_success = 1; }
message ExportLogsPartialSuccess { int64 rejected_log_records = 1; string error_message = 2; }
message ResourceLogs { Resource resource = 1; repeated ScopeLogs scope_logs = 2; string schema_url = 3; }
message Resource { repeated KeyValue attributes = 1; uint32 dropped_attributes_count = 2; }
message ScopeLogs { InstrumentationScope scope = 1; repeated LogRecord log_records = 2; string schema_url = 3; }
message InstrumentationScope { string name = 1; string version = 2; repeated KeyValue attributes = 3; uint32 dropped_attributes_count = 4; }
message LogRecord {
  fixed64 time_unix_nano = 1;
  fixed64 observed_time_unix_nano = 11;
  int32 severity_number = 2;
  string severity_text = 3;
  AnyValue body = 5;
  repeated KeyValue attributes = 6;
  uint32 dropped_attributes_count = 7;
  fixed32 flags = 8;
  bytes trace_id = 9;
  bytes span_id = 10;
  string event_name = 12;
}
message AnyValue {
  oneof value {
    string string_value = 1;
    bool bool_value = 2;
    int64 int_value = 3;
    double double_value = 4;
    ArrayValue array_value = 5;
    KeyValueList kvlist_value = 6;
    bytes bytes_value = 7;
  }
}
message ArrayValue { repeated AnyValue values = 1; }
message KeyValueList { repeated KeyValue values = 1; }
message KeyValue { string key = 1; AnyValue value = 2; }
`;

const root = protobuf.parse(SCHEMA, { keepCase: false }).root;
const Request = root.lookupType('otlp.ExportLogsServiceRequest');
const Response = root.lookupType('otlp.ExportLogsServiceResponse');

type Json = Record<string, unknown>;

/** base64 → lower-case hex ('' stays ''). */
const hexOf = (b64: unknown) => (typeof b64 === 'string' ? Buffer.from(b64, 'base64').toString('hex') : b64);

/**
 * Decodes an `ExportLogsServiceRequest` protobuf body into its JSON-encoding shape (see the file
 * note). Throws Error on bytes that are not such a message (truncated, wrong wire types, nested
 * deeper than the recursion limit); the caller answers it VAL400.
 */
export function decodeOtlpLogs(bytes: Uint8Array): Json {
  const message = Request.decode(bytes);
  const out = Request.toObject(message, { longs: String, bytes: String, enums: Number, json: true }) as Json;
  // Trace and span ids are bytes on the wire and hex in the JSON encoding.
  for (const rl of (out.resourceLogs as Json[] | undefined) ?? []) {
    for (const sl of (rl.scopeLogs as Json[] | undefined) ?? []) {
      for (const r of (sl.logRecords as Json[] | undefined) ?? []) {
        if ('traceId' in r) r.traceId = hexOf(r.traceId);
        if ('spanId' in r) r.spanId = hexOf(r.spanId);
      }
    }
  }
  return out;
}

/** Encodes the answer `{partialSuccess?: {rejectedLogRecords, errorMessage}}` as an `ExportLogsServiceResponse`. */
export function encodeOtlpLogsResponse(answer: { partialSuccess?: { rejectedLogRecords: string; errorMessage: string } }): Uint8Array {
  return Response.encode(Response.fromObject(answer)).finish();
}

import type { LogLevelCode } from './enums.ts';

/**
 * The log store's vocabulary (§2 Log files, §9 log levels): the eleven sources, each one §2 screen
 * with its own `logfiles:*` permission, and the levels.
 *
 * Levels: §9 gives 1 info and 9 exception. A warning (pino's warn) is neither a success nor a
 * failure of the work it describes — a retry that will be tried again, a dropped log line — so it
 * is kept apart as 5 warning rather than folded into either (design choice; the spec shows no
 * other level). pino's trace, debug and info map to 1, warn to 5, error and fatal to 9.
 */

/** Every log source, in the §2 menu order (master terminal log files sit under Configuration). */
export const LOG_SOURCES = [
  'PAYMENT',
  'MOBILE',
  'PORTAL',
  'SCHEDULER',
  'TERMINAL',
  'MASTER_DEVICES_API',
  'TXN_RESP_PENDING',
  'TXN_TERMINAL_PENDING',
  'CARD_RECEIPT_UPLOAD',
  'TERMINAL_ERECEIPT_UPLOAD',
  'MASTER_TERMINAL',
] as const;
export type LogSource = (typeof LOG_SOURCES)[number];

/** The §2 route and the `logfiles:*` permission (navigation.ts) of each source's screen. */
export const LOG_SOURCE_SCREENS: Readonly<Record<LogSource, { path: string; permission: string }>> = {
  PAYMENT: { path: '/payment-log-files', permission: 'logfiles:paymentview' },
  MOBILE: { path: '/mobile-log-files', permission: 'logfiles:mobileview' },
  PORTAL: { path: '/portal-log-files', permission: 'logfiles:portalview' },
  SCHEDULER: { path: '/scheduler-log-files', permission: 'logfiles:schedulerview' },
  TERMINAL: { path: '/terminal-log-files', permission: 'logfiles:terminalview' },
  MASTER_DEVICES_API: { path: '/masterdevices-api-logfiles', permission: 'logfiles:masterdevicesapiview' },
  TXN_RESP_PENDING: { path: '/txnresppending-log-files', permission: 'logfiles:txnresppendingview' },
  TXN_TERMINAL_PENDING: { path: '/txnterminalpending-log-files', permission: 'logfiles:txnterminalpendingview' },
  CARD_RECEIPT_UPLOAD: { path: '/cardreceiptupload-log-files', permission: 'logfiles:cardreceiptuploadview' },
  TERMINAL_ERECEIPT_UPLOAD: { path: '/terminalereceiptupload-log-files', permission: 'logfiles:terminalereceiptuploadview' },
  MASTER_TERMINAL: { path: '/master-terminal-log-files', permission: 'logfiles:masterterminalview' },
};

/** A source's name in API paths and report names: 'TXN_RESP_PENDING' → 'TxnRespPending'. */
export const logSourcePascal = (source: LogSource): string => source.toLowerCase().replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase());

/** The sources written by programs outside the portal over OTLP/HTTP, each with its own ingest key. */
export const OTLP_LOG_SOURCES = ['TERMINAL', 'MASTER_DEVICES_API', 'MOBILE', 'CARD_RECEIPT_UPLOAD', 'TERMINAL_ERECEIPT_UPLOAD'] as const satisfies readonly LogSource[];

/**
 * The source whose entries are log FILES uploaded by terminals (§2 /master-terminal-log-files):
 * one entry per stored file, the file kept sealed and downloaded from its entry's detail.
 */
export const LOG_FILE_SOURCE = 'MASTER_TERMINAL' as const satisfies LogSource;

/**
 * Every source written by a program outside the portal with an ingest key of its own: the OTLP
 * sources (their log records) and the log file source (its uploaded files). A key writes its own
 * source only, through that source's endpoint.
 */
export const INGEST_KEY_SOURCES = [...OTLP_LOG_SOURCES, LOG_FILE_SOURCE] as const satisfies readonly LogSource[];
export type IngestKeySource = (typeof INGEST_KEY_SOURCES)[number];

/** A stored level: enums.ts LOG_LEVELS' codes (§9 1 info, 9 exception; 5 warning). */
export type LogLevel = LogLevelCode;

/**
 * The store's level of a pino level number (10 trace … 60 fatal): ≤ 30 → 1, 40 → 5, ≥ 50 → 9.
 * A level between two (a custom one) takes the lower.
 */
export function logLevelOfPino(pinoLevel: number): LogLevel {
  if (pinoLevel >= 50) return 9;
  if (pinoLevel >= 40) return 5;
  return 1;
}

/**
 * The store's level of an OpenTelemetry severity number (1–4 TRACE, 5–8 DEBUG, 9–12 INFO, 13–16
 * WARN, 17–20 ERROR, 21–24 FATAL; 0 unspecified → info).
 */
export function logLevelOfOtelSeverity(severityNumber: number): LogLevel {
  if (severityNumber >= 17) return 9;
  if (severityNumber >= 13) return 5;
  return 1;
}

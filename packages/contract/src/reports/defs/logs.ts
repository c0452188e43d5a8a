/**
 * The eleven log screens of §2 (issue 30) on the report engine: one declaration per log source
 * (domain LOG_SOURCES), each over the source `log_entries` restricted to its source (`where`),
 * with its route and `logfiles:*` permission (domain LOG_SOURCE_SCREENS), which also governs its
 * export (capped and audited like every report export). Newest first; filters: time range, level,
 * message text, request reference, user (part of the e-mail), MID, TID, transaction reference and the organization cascade. Entries about
 * one organization carry its owner columns, so a merchant given a log permission sees its own
 * terminals' entries and nothing of the platform's (report scope, as for transactions).
 */
import { FIELD_MESSAGES, LOG_LEVEL_CODES, LOG_SOURCES, LOG_SOURCE_SCREENS, RULE_MESSAGES, logSourcePascal, type LogSource } from '@paydesk/domain';
import { defineReport, type ListReportDef, type ReportColumn, type ReportFilter } from '../define.ts';
import { TERMINAL_CODE_FILTERS, TXN } from './transaction-columns.ts';

/** The columns every log screen shows. */
export const LOG_COLUMNS = [
  { key: 'At', source: 'at', labelKey: 'log.at', kind: 'datetime', priority: 1, sortable: true },
  { key: 'Level', source: 'level', labelKey: 'log.level', kind: 'enum', enumKey: 'logLevel', priority: 1 },
  { key: 'Message', source: 'message', labelKey: 'log.message', kind: 'text', priority: 1 },
  { key: 'Operation', source: 'operation', labelKey: 'log.operation', kind: 'text', priority: 2 },
  { key: 'Outcome', source: 'outcome', labelKey: 'log.outcome', kind: 'text', priority: 2 },
  { key: 'DurationMs', source: 'duration_ms', labelKey: 'log.durationMs', kind: 'count', priority: 3 },
  { key: 'RequestId', source: 'request_id', labelKey: 'log.requestId', kind: 'text', priority: 3 },
  { key: 'User', source: 'user.actor', labelKey: 'log.user', kind: 'text', priority: 3 },
  { key: 'UserGroup', source: 'user_group', labelKey: 'log.userGroup', kind: 'text', in: ['detail', 'export'] },
  { key: 'MID', source: 'mid', labelKey: 'detail.mid', kind: 'text', priority: 3 },
  { key: 'TID', source: 'tid', labelKey: 'detail.tid', kind: 'text', priority: 3 },
  { key: 'TxnRefNo', source: 'txn_ref_no', labelKey: 'txn.txnRefNoShort', kind: 'text', priority: 3 },
  { ...TXN.MerchantName, priority: 3 },
  { key: 'EntryId', source: 'id', labelKey: 'log.entryId', kind: 'text', in: ['detail', 'export'] },
  // Masked at write (platform/log-masking.ts): the request and answer of a provider call, a job's error, an OTLP record's attributes.
  { key: 'Attributes', source: 'attributes', labelKey: 'log.attributes', kind: 'text', display: 'json', in: ['detail', 'export'] },
] as const satisfies readonly ReportColumn[];

/** The filters every log screen offers. */
export const LOG_FILTERS = [
  // To the minute; a log screen opens on the last hour (issue 30 item 4).
  { kind: 'dateRange', source: 'at', labelKey: 'log.at', recentMinutes: 60 },
  { kind: 'enum', key: 'Level', source: 'level', values: LOG_LEVEL_CODES, enumKey: 'logLevel', labelKey: 'log.level' },
  // Free text in the message, over the chosen time range's day partitions.
  { kind: 'code', key: 'Text', source: 'message', labelKey: 'log.text', pattern: /^\P{Cc}{1,100}$/u, maxLength: 100, message: FIELD_MESSAGES.controlChars, contains: true },
  { kind: 'code', key: 'RequestId', source: 'request_id', labelKey: 'log.requestId', pattern: /^[A-Za-z0-9._-]{8,64}$/, maxLength: 64, message: RULE_MESSAGES.providerReference },
  // The acting user, by any part of the e-mail (the rows whose user_id names a match).
  { kind: 'code', key: 'User', source: 'user.actor', labelKey: 'log.user', pattern: /^\P{Cc}{1,100}$/u, maxLength: 100, message: FIELD_MESSAGES.controlChars, contains: true },
  TERMINAL_CODE_FILTERS[0],
  TERMINAL_CODE_FILTERS[1],
  { kind: 'code', key: 'TxnRefNo', source: 'txn_ref_no', labelKey: 'txn.txnRefNoShort', pattern: /^[A-Za-z0-9_-]{1,64}$/, maxLength: 64, message: RULE_MESSAGES.txnRefNo, prefix: true },
  { kind: 'org' },
] as const satisfies readonly ReportFilter[];

/** The log screen of one source. */
function logReport(source: LogSource): ListReportDef {
  const screen = LOG_SOURCE_SCREENS[source];
  const name = `Log${logSourcePascal(source)}`;
  return defineReport({
    kind: 'list',
    name,
    path: screen.path,
    api: `Log/${logSourcePascal(source)}`,
    permission: screen.permission,
    exportPermission: screen.permission,
    titleKey: `report.log.${source}.title`,
    source: 'log_entries',
    where: { source },
    idOf: 'logEntry',
    filters: LOG_FILTERS,
    columns: LOG_COLUMNS,
    defaultSort: { key: 'At', order: 'desc' },
    dateColumn: 'at',
    exportName: screen.path.slice(1),
    detailTitleKey: 'log.detail',
    emptyKeys: { filtered: 'log.empty', none: 'log.emptyNone' },
    readAudit: { action: 'LOG_READ', target: 'LogEntry' },
    liveTail: true,
  });
}

/** Every log screen, in LOG_SOURCES order. */
export const LOG_REPORTS: readonly ListReportDef[] = LOG_SOURCES.map(logReport);

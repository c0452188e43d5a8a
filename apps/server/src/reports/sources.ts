/**
 * The report engine's source registry: for each source a declaration may name, the
 * table, the columns its `source` names may map to (the table's own columns, read from the Drizzle
 * schema — never request text), the name joins behind `org.*` and `user.*` names, the caller's scope
 * condition (platform/scope.ts) and the id column. Every identifier the executor writes into SQL
 * comes from here, checked once against the declaration at start-up (`checkReport`).
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { columnIn, LIST_REPORTS, type ListReportDef, type ReportFilter } from '@paydesk/contract';
import { logEntries, payouts, reconItems, reconSettlementDays, refundRequests, riskAlerts, riskAlertTransactions, terminalSettlementBatchLines, terminalSettlementBatches, transactions, unattendedCashEvents } from '../db/schema/index.ts';
import { scopeCondition, type Scope } from '../platform/scope.ts';

/**
 * A source name answered by a joined row's value: `org.*`, the organization at one level of the
 * row's ancestry (organizations.name); `user.*`, a user the row names (users.email), directly or
 * through a row in between (`via`: a reconciliation item's importer is its file's uploader);
 * `config.*`, the merchant's configuration (its callback URL: whether an acknowledgement can go).
 */
export interface NameJoin {
  /** Alias of the joined table (one LEFT JOIN per name the columns need). */
  alias: string;
  /** The row's column holding the joined row's key (or the key of the row in between, `via`). */
  fk: string;
  /** The joined table's column `fk` matches (default its `id`). */
  key?: 'id' | 'org_id';
  /** A row in between: the row's `fk` is `via.table`'s id, and its `via.fk` holds the joined row's key. */
  via?: { table: 'settlement_files'; alias: string; fk: string };
  table: 'organizations' | 'users' | 'organization_configs';
  /** The joined table's column answered (a user by e-mail: unique, and what the desk's history names). */
  name: 'name' | 'email' | 'callback_url';
}

export interface ReportSource {
  /** Table (or view) name; also the qualifier of every column in the emitted SQL. */
  table: string;
  /** Column names of the table a declaration's `source` may name. */
  columns: ReadonlySet<string>;
  /** `org.*` and `user.*` names and their joins. */
  joins: Readonly<Record<string, NameJoin>>;
  /** Primary key column (integer). */
  id: string;
  /** The caller's subtree: one indexed equality, `undefined` for the platform, `false` for no company. */
  scope: (scope: Scope) => SQL | undefined;
}

const columnsOf = (table: Parameters<typeof getTableColumns>[0]) => new Set(Object.values(getTableColumns(table)).map((c) => c.name));

/** The `org.*` joins of a table carrying the denormalized owner columns (transactions and its side tables). */
const org = (level: string): NameJoin => ({ alias: `org_${level}`, fk: `${level}_id`, table: 'organizations', name: 'name' });
const OWNER_JOINS: Readonly<Record<string, NameJoin>> = {
  'org.master_merchant': org('master_merchant'),
  'org.agency': org('agency'),
  'org.agent': org('agent'),
  'org.merchant': org('merchant'),
  'org.branch': org('branch'),
};

/** Every source by name. */
export const REPORT_SOURCES: Readonly<Record<string, ReportSource>> = {
  transactions: {
    table: 'transactions',
    columns: columnsOf(transactions),
    joins: OWNER_JOINS,
    id: 'id',
    scope: (s) => scopeCondition(s, transactions),
  },
  // Terminal settlement batches (card-settlement, card-transaction-v2): same owner columns, same scope equality.
  terminal_settlement_batches: {
    table: 'terminal_settlement_batches',
    columns: columnsOf(terminalSettlementBatches),
    joins: OWNER_JOINS,
    id: 'id',
    scope: (s) => scopeCondition(s, terminalSettlementBatches),
  },
  // Refund requests (the /pre-chargeback queue): they copy their transaction's owner columns.
  refund_requests: {
    table: 'refund_requests',
    columns: columnsOf(refundRequests),
    // The merchant's callback URL: where its acknowledgement goes (none: nothing to resend to).
    joins: { ...OWNER_JOINS, 'config.callback': { alias: 'config_callback', fk: 'merchant_id', key: 'org_id', table: 'organization_configs', name: 'callback_url' } },
    id: 'id',
    scope: (s) => scopeCondition(s, refundRequests),
  },
  // Risk alerts and the transactions that raised them (/risk, /risk-transaction): same owner columns.
  risk_alerts: {
    table: 'risk_alerts',
    columns: columnsOf(riskAlerts),
    // The assignee's name (the risk desk's case owner).
    joins: { ...OWNER_JOINS, 'user.assignee': { alias: 'user_assignee', fk: 'assignee_user_id', table: 'users', name: 'email' } },
    id: 'id',
    scope: (s) => scopeCondition(s, riskAlerts),
  },
  risk_alert_transactions: {
    table: 'risk_alert_transactions',
    columns: columnsOf(riskAlertTransactions),
    joins: OWNER_JOINS,
    id: 'id',
    scope: (s) => scopeCondition(s, riskAlertTransactions),
  },
  // Reconciliation items (the settlement reports): the matched transaction's owner columns,
  // none on a provider line without one, so outside the platform only matched items can be in scope.
  recon_items: {
    table: 'recon_items',
    columns: columnsOf(reconItems),
    // Who imported the item's file and who verified it: the four-eyes rule the desk shows (never the importer).
    joins: {
      ...OWNER_JOINS,
      'user.importer': { alias: 'user_importer', fk: 'file_id', via: { table: 'settlement_files', alias: 'importer_file', fk: 'uploaded_by_user_id' }, table: 'users', name: 'email' },
      'user.verifier': { alias: 'user_verifier', fk: 'verified_by_user_id', table: 'users', name: 'email' },
    },
    id: 'id',
    scope: (s) => scopeCondition(s, reconItems),
  },
  // The settlement summary per day: owner columns always null, so platform staff only.
  recon_settlement_days: {
    table: 'recon_settlement_days',
    columns: columnsOf(reconSettlementDays),
    joins: OWNER_JOINS,
    id: 'id',
    scope: (s) => scopeCondition(s, reconSettlementDays),
  },
  // Payouts: the merchant HQ's owner columns (branch_id null: a branch is paid through its HQ).
  payouts: {
    table: 'payouts',
    columns: columnsOf(payouts),
    // Who held a payout and who released it: the four-eyes rule the desk shows (never the holder).
    joins: {
      ...OWNER_JOINS,
      'user.holder': { alias: 'user_holder', fk: 'held_by_user_id', table: 'users', name: 'email' },
      'user.releaser': { alias: 'user_releaser', fk: 'released_by_user_id', table: 'users', name: 'email' },
    },
    id: 'id',
    scope: (s) => scopeCondition(s, payouts),
  },
  // The log store (§2 log screens): owner columns where an entry is about one organization (a
  // terminal's, a merchant's call), null otherwise, so outside the platform only those are in scope.
  log_entries: {
    table: 'log_entries',
    columns: columnsOf(logEntries),
    joins: { ...OWNER_JOINS, 'user.actor': { alias: 'user_actor', fk: 'user_id', table: 'users', name: 'email' } },
    id: 'id',
    scope: (s) => scopeCondition(s, logEntries),
  },
  // Unattended terminals' cash events: the outlet's owner columns, as its terminal's transactions.
  unattended_cash_events: {
    table: 'unattended_cash_events',
    columns: columnsOf(unattendedCashEvents),
    joins: OWNER_JOINS,
    id: 'id',
    scope: (s) => scopeCondition(s, unattendedCashEvents),
  },
};

/**
 * Tables a declaration's `detailLines` may name, with their columns. They have no scope of their
 * own: lines are read only by the id of a record already found inside the caller's scope.
 */
export const REPORT_LINE_SOURCES: Readonly<Record<string, { table: string; columns: ReadonlySet<string> }>> = {
  terminal_settlement_batch_lines: { table: 'terminal_settlement_batch_lines', columns: columnsOf(terminalSettlementBatchLines) },
};

/** The source of a report; throws (a declaration defect, at start-up) for an unknown one. */
export function sourceOf(def: Pick<ListReportDef, 'name' | 'source'>): ReportSource {
  const src = REPORT_SOURCES[def.source];
  if (!src) throw new Error(`report ${def.name}: unknown source ${def.source}`);
  return src;
}

/** `"table"."column"` of a declared column name; throws for a name the source does not have. */
export function col(src: ReportSource, name: string): SQL {
  if (!src.columns.has(name)) throw new Error(`source ${src.table} has no column ${name}`);
  return sql`${sql.identifier(src.table)}.${sql.identifier(name)}`;
}

/**
 * Checks a declaration against its source once (app start, tests): every column, filter and
 * `where` source exists, no column key twice, sortable columns are plain columns, the default sort is sortable.
 * Throws an Error naming the defect.
 */
export function checkReport(def: ListReportDef): void {
  const src = sourceOf(def);
  const known = (name: string) => src.columns.has(name) || name in src.joins;
  const keys = def.columns.map((c) => c.key);
  const repeated = keys.find((k, i) => keys.indexOf(k) !== i);
  if (repeated) throw new Error(`report ${def.name}: column key ${repeated} is declared twice`);
  for (const c of def.columns) {
    if (!known(c.source)) throw new Error(`report ${def.name}: column ${c.key} has unknown source ${c.source}`);
    if (c.sortable && !src.columns.has(c.source)) throw new Error(`report ${def.name}: sortable column ${c.key} must be a column of ${src.table}`);
  }
  const joinable = (f: ReportFilter) => f.kind === 'code' && f.source in src.joins && !src.joins[f.source]!.via;
  for (const f of def.filters) if ('source' in f && !src.columns.has(f.source) && !joinable(f)) throw new Error(`report ${def.name}: filter ${f.kind} has unknown source ${f.source}`);
  for (const k of Object.keys(def.where)) if (!src.columns.has(k)) throw new Error(`report ${def.name}: where names unknown column ${k}`);
  if (!def.columns.some((c) => c.key === def.defaultSort.key && c.sortable)) throw new Error(`report ${def.name}: default sort ${def.defaultSort.key} is not sortable`);
  if (!src.columns.has(def.dateColumn)) throw new Error(`report ${def.name}: unknown date column ${def.dateColumn}`);
  if (def.amountKey && !def.columns.some((c) => c.key === def.amountKey && c.kind === 'money' && src.columns.has(c.source))) throw new Error(`report ${def.name}: amountKey ${def.amountKey} is not a money column of ${src.table}`);
  if (def.detailLines) {
    const lines = REPORT_LINE_SOURCES[def.detailLines.source];
    if (!lines) throw new Error(`report ${def.name}: unknown line source ${def.detailLines.source}`);
    for (const name of [def.detailLines.foreignKey, ...def.detailLines.orderBy, ...def.detailLines.columns.map((c) => c.source)]) {
      if (!lines.columns.has(name)) throw new Error(`report ${def.name}: line source ${lines.table} has no column ${name}`);
    }
  }
  if (def.expand) {
    const child = LIST_REPORTS.find((d) => d.name === def.expand!.report);
    if (!child) throw new Error(`report ${def.name}: expands to unknown report ${def.expand.report}`);
    for (const [childKey, rowKey] of Object.entries(def.expand.filters)) {
      if (!child.filters.some((f) => f.kind === 'code' && f.key === childKey)) throw new Error(`report ${def.name}: ${child.name} has no code filter ${childKey}`);
      if (!def.columns.some((c) => c.key === rowKey && columnIn(c, 'list'))) throw new Error(`report ${def.name}: expand takes ${childKey} from ${rowKey}, not a list column`);
    }
  }
}

/** `"table"."column"` of a line source's column (names checked by checkReport). */
export function lineCol(table: string, name: string): SQL {
  const lines = REPORT_LINE_SOURCES[table];
  if (!lines?.columns.has(name)) throw new Error(`line source ${table} has no column ${name}`);
  return sql`${sql.identifier(lines.table)}.${sql.identifier(name)}`;
}

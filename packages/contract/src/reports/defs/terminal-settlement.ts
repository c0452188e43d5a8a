/**
 * Terminal settlement batches on the report engine (§2 Live transaction › Terminal):
 * /transaction/terminal/card-settlement and the beta /transaction/terminal/card-transaction-v2,
 * both over the source `terminal_settlement_batches` (one row per terminal × batch number, with
 * the batch totals = the sums of its lines; docs/transaction-model.md "Settlement batch lines").
 * The detail of either carries the batch's lines (card scheme × card type) as a declared
 * `detailLines` sub-table. Sorts: settled time (card-settlement) and opened time (both), each served
 * by an index (scope column, time, id) per scope level (migration 0012); money is MYR (terminals
 * take ringgit) and decimal strings.
 */
import { SETTLEMENT_BATCH_STATUSES } from '@paydesk/domain';
import { defineReport, type ReportColumn, type ReportDetailLines, type ReportFilter } from '../define.ts';
import { TERMINAL_CODE_FILTERS, TXN } from './transaction-columns.ts';

/** The columns of a settlement batch row, by key. */
export const BATCH = {
  SettledAt: { key: 'SettledAt', source: 'settled_at', labelKey: 'batch.settledAt', kind: 'datetime', priority: 1, sortable: true },
  OpenedAt: { key: 'OpenedAt', source: 'opened_at', labelKey: 'batch.openedAt', kind: 'datetime', priority: 3, sortable: true },
  MerchantName: TXN.MerchantName,
  BranchName: TXN.BranchName,
  TID: { key: 'TID', source: 'tid', labelKey: 'detail.tid', kind: 'text', priority: 1 },
  MID: { key: 'MID', source: 'mid', labelKey: 'detail.mid', kind: 'text', priority: 3 },
  BatchNo: { key: 'BatchNo', source: 'batch_no', labelKey: 'txn.batchNo', kind: 'text', priority: 1 },
  Status: { key: 'Status', source: 'status', labelKey: 'txn.status', kind: 'enum', enumKey: 'settlementBatchStatus', priority: 2 },
  HostResponseCode: { key: 'HostResponseCode', source: 'host_response_code', labelKey: 'batch.hostResponse', kind: 'text', priority: 3 },
  SaleCount: { key: 'SaleCount', source: 'sale_count', labelKey: 'batch.saleCount', kind: 'count', priority: 2 },
  SaleAmount: { key: 'SaleAmount', source: 'sale_amount', labelKey: 'batch.saleAmount', kind: 'money', priority: 2 },
  VoidCount: { key: 'VoidCount', source: 'void_count', labelKey: 'batch.voidCount', kind: 'count', priority: 3 },
  VoidAmount: { key: 'VoidAmount', source: 'void_amount', labelKey: 'batch.voidAmount', kind: 'money', priority: 3 },
  NetAmount: { key: 'NetAmount', source: 'net_amount', labelKey: 'batch.netAmount', kind: 'money', priority: 1 },
  Currency: { key: 'Currency', source: 'currency', labelKey: 'shell.currency', kind: 'text', in: ['export'] },
  MasterMerchantName: TXN.MasterMerchantName,
  AgencyName: TXN.AgencyName,
  AgentName: TXN.AgentName,
} as const satisfies Record<string, ReportColumn>;

/** A batch's lines: per card scheme × card type, the counts and amounts the host saw. */
export const BATCH_LINES = {
  key: 'Lines',
  source: 'terminal_settlement_batch_lines',
  foreignKey: 'batch_id',
  labelKey: 'batch.lines',
  orderBy: ['card_scheme', 'card_type'],
  columns: [
    { key: 'CardScheme', source: 'card_scheme', labelKey: 'txn.cardScheme', kind: 'enum', enumKey: 'cardScheme' },
    { key: 'CardType', source: 'card_type', labelKey: 'detail.card_type', kind: 'text' },
    { key: 'SaleCount', source: 'sale_count', labelKey: 'batch.saleCount', kind: 'count' },
    { key: 'SaleAmount', source: 'sale_amount', labelKey: 'batch.saleAmount', kind: 'money' },
    { key: 'VoidCount', source: 'void_count', labelKey: 'batch.voidCount', kind: 'count' },
    { key: 'VoidAmount', source: 'void_amount', labelKey: 'batch.voidAmount', kind: 'money' },
    { key: 'NetAmount', source: 'net_amount', labelKey: 'batch.netAmount', kind: 'money' },
  ],
} as const satisfies ReportDetailLines;

const [tidFilter, midFilter, batchNoFilter] = TERMINAL_CODE_FILTERS;
const batchFilters = (dateSource: string, statuses: readonly string[]) =>
  [
    { kind: 'dateRange', source: dateSource, labelKey: 'txn.dateRange' },
    { kind: 'enum', key: 'Status', source: 'status', values: statuses, enumKey: 'settlementBatchStatus', labelKey: 'txn.status' },
    { kind: 'org' },
    tidFilter,
    midFilter,
    batchNoFilter,
    { kind: 'currency', source: 'currency' },
  ] as const satisfies readonly ReportFilter[];

/** The settled statuses: a batch the host has closed (directly, or after a batch upload). */
const CLOSED = SETTLEMENT_BATCH_STATUSES.filter((s) => s !== 'OPEN');

/**
 * /transaction/terminal/card-settlement: the terminals' closed batches (SETTLED and UPLOADED; an
 * OPEN batch has no settlement yet), newest settlement first; filters on the settled time.
 */
export const terminalCardSettlement = defineReport({
  kind: 'list',
  name: 'TerminalCardSettlement',
  path: '/transaction/terminal/card-settlement',
  api: 'Transaction/Terminal/CardSettlement',
  permission: 'transactionterminal:viewcardsettlement',
  exportPermission: 'transaction:export',
  titleKey: 'report.terminalSettlement.title',
  source: 'terminal_settlement_batches',
  where: { status: CLOSED },
  idOf: 'settlementBatch',
  filters: batchFilters('settled_at', CLOSED),
  columns: [
    BATCH.SettledAt, BATCH.MerchantName, BATCH.BranchName, BATCH.TID, BATCH.MID, BATCH.BatchNo, BATCH.Status, BATCH.HostResponseCode,
    BATCH.SaleCount, BATCH.SaleAmount, BATCH.VoidCount, BATCH.VoidAmount, BATCH.NetAmount, BATCH.OpenedAt, BATCH.Currency,
    BATCH.MasterMerchantName, BATCH.AgencyName, BATCH.AgentName,
  ],
  amountKey: 'NetAmount',
  defaultSort: { key: 'SettledAt', order: 'desc' },
  dateColumn: 'settled_at',
  exportName: 'terminal-card-settlement',
  detailTitleKey: 'batch.detail',
  detailLines: BATCH_LINES,
});

/**
 * /transaction/terminal/card-transaction-v2 (beta, `transactionterminal:beta`): the next design
 * of the terminal card view, batch-grouped with expandable rows.
 *
 * The choice: a terminal's card transactions are settled, disputed and reconciled per batch, so the
 * top-level rows are the batches — the card-settlement source, OPEN batches included (the batch
 * still taking sales is the one a merchant watches) — newest opened first, and each row expands to
 * the batch's card transactions: the TerminalCardTransaction list itself (its columns, its API,
 * its permission and its keyset pages, inside the row) filtered by the batch's TID and batch
 * number (served by `transactions_tid_batch_idx`). Nothing is duplicated: the child rows come from
 * the child report's declaration, so the two views cannot drift. A caller without the child's
 * permission sees the batches but cannot expand them. Sorted by opened time only: an OPEN batch
 * has no settled time, and a keyset over a nullable key would skip rows.
 */
export const terminalCardTransactionsV2 = defineReport({
  kind: 'list',
  name: 'TerminalCardTransactionV2',
  path: '/transaction/terminal/card-transaction-v2',
  api: 'Transaction/Terminal/CardTransactionV2',
  permission: 'transactionterminal:beta',
  exportPermission: 'transaction:export',
  titleKey: 'report.terminalCardV2.title',
  source: 'terminal_settlement_batches',
  where: {},
  idOf: 'settlementBatch',
  filters: batchFilters('opened_at', SETTLEMENT_BATCH_STATUSES),
  columns: [
    { ...BATCH.OpenedAt, priority: 1 }, BATCH.MerchantName, BATCH.BranchName, BATCH.TID, BATCH.BatchNo, BATCH.Status, BATCH.SaleCount, BATCH.NetAmount,
    { ...BATCH.SettledAt, priority: 3, sortable: false }, BATCH.MID, BATCH.HostResponseCode, BATCH.SaleAmount, BATCH.VoidCount, BATCH.VoidAmount, BATCH.Currency,
    BATCH.MasterMerchantName, BATCH.AgencyName, BATCH.AgentName,
  ],
  amountKey: 'NetAmount',
  defaultSort: { key: 'OpenedAt', order: 'desc' },
  dateColumn: 'opened_at',
  exportName: 'terminal-card-transactions-v2',
  detailTitleKey: 'batch.detail',
  detailLines: BATCH_LINES,
  expand: { report: 'TerminalCardTransaction', filters: { TID: 'TID', BatchNo: 'BatchNo' } },
});

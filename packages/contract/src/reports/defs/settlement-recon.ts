/**
 * The recon settlement reports (§2 "Settlement report, recon"): one list report
 * per provider over `recon_items` — the §4 result of every provider line and of every portal
 * payment the provider's files should have settled — with the portal's and the provider's
 * amount and fee side by side, the difference the matching found and, for a DUPLICATE, which line
 * it repeats. Filters: transaction date (MYT), settlement date (exact), result, reference,
 * organization, currency. Sorts: transaction instant or settlement date, each served by
 * `recon_items_report_{txn_at,day}_idx (provider, kind, sort, id)`. Verify and unverify are the
 * Settlement/Verify and /Unverify routes, offered in the detail drawer. Platform staff only
 * (module `settlementreport`): an item of a provider line with no portal transaction has no owner.
 */
import { RECON_RESULT_CODES, RULE_MESSAGES } from '@paydesk/domain';
import { defineReport, type ListReportDef, type ReportColumn, type ReportFilter } from '../define.ts';
import { TXN } from './transaction-columns.ts';

const REFERENCE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

export const RECON_COLUMNS = {
  TxnAt: { key: 'TxnAt', source: 'txn_at', labelKey: 'recon.txnAt', kind: 'datetime', priority: 1, sortable: true },
  SettlementDate: { key: 'SettlementDate', source: 'settlement_date', labelKey: 'recon.settlementDate', kind: 'date', priority: 2, sortable: true },
  Reference: { key: 'Reference', source: 'reference', labelKey: 'txn.txnRefNoShort', kind: 'text', priority: 1 },
  TxnType: { key: 'TxnType', source: 'txn_type', labelKey: 'recon.txnType', kind: 'text', priority: 3 },
  Result: { key: 'Result', source: 'result', labelKey: 'recon.result', kind: 'enum', enumKey: 'reconResult', priority: 1 },
  PortalAmount: { key: 'PortalAmount', source: 'portal_amount', labelKey: 'recon.portalAmount', kind: 'money', priority: 1, section: 'sides' },
  ProviderAmount: { key: 'ProviderAmount', source: 'provider_amount', labelKey: 'recon.providerAmount', kind: 'money', priority: 1, section: 'sides' },
  AmountDiff: { key: 'AmountDiff', source: 'amount_diff', labelKey: 'recon.amountDiff', kind: 'money', priority: 2, section: 'sides' },
  PortalFee: { key: 'PortalFee', source: 'portal_fee', labelKey: 'recon.portalFee', kind: 'money', priority: 3, section: 'sides' },
  ProviderFee: { key: 'ProviderFee', source: 'provider_fee', labelKey: 'recon.providerFee', kind: 'money', priority: 3, section: 'sides' },
  FeeDiff: { key: 'FeeDiff', source: 'fee_diff', labelKey: 'recon.feeDiff', kind: 'money', in: ['detail', 'export'], section: 'sides' },
  Currency: TXN.Currency,
  Differences: { key: 'Differences', source: 'differences', labelKey: 'recon.differences', kind: 'text', priority: 2 },
  ProviderTxnId: { key: 'ProviderTxnId', source: 'provider_txn_id', labelKey: 'recon.providerTxnId', kind: 'text', in: ['detail', 'export'], section: 'sides' },
  MatchedResult: { key: 'MatchedResult', source: 'matched_result', labelKey: 'recon.matchedResult', kind: 'enum', enumKey: 'reconResult', in: ['detail', 'export'] },
  Note: { key: 'Note', source: 'note', labelKey: 'recon.note', kind: 'text', in: ['detail', 'export'] },
  VerifiedAt: { key: 'VerifiedAt', source: 'verified_at', labelKey: 'recon.verifiedAt', kind: 'datetime', in: ['detail', 'export'] },
  // Four eyes, said before anyone types a note: who imported the item's file (never its verifier) and who verified it.
  ImportedBy: { key: 'ImportedBy', source: 'user.importer', labelKey: 'recon.importedBy', kind: 'text', in: ['detail', 'export'] },
  VerifiedBy: { key: 'VerifiedBy', source: 'user.verifier', labelKey: 'recon.verifiedBy', kind: 'text', in: ['detail', 'export'] },
  FileId: { key: 'FileId', source: 'file_id', labelKey: 'recon.fileId', kind: 'count', in: ['detail', 'export'] },
  MerchantName: TXN.MerchantName,
  BranchName: { ...TXN.BranchName, in: ['detail', 'export'] },
  MasterMerchantName: TXN.MasterMerchantName,
} as const satisfies Record<string, ReportColumn>;

/**
 * The filters of an item report (recon and acquirer): transaction date (MYT days), settlement
 * date (exact), §4 result, reference, organization, currency.
 */
export function reconFilters(): ReportFilter[] {
  return [
    { kind: 'dateRange', source: 'txn_at', labelKey: 'recon.txnAt' },
    { kind: 'code', key: 'SettlementDate', source: 'settlement_date', labelKey: 'recon.settlementDate', pattern: /^\d{4}-\d{2}-\d{2}$/, maxLength: 10, message: RULE_MESSAGES.settlementDate },
    { kind: 'enum', key: 'Result', source: 'result', values: RECON_RESULT_CODES, enumKey: 'reconResult', labelKey: 'recon.result' },
    { kind: 'code', key: 'Reference', source: 'reference', labelKey: 'txn.txnRefNoShort', pattern: REFERENCE_PATTERN, maxLength: 64, message: RULE_MESSAGES.providerReference },
    { kind: 'org' },
    { kind: 'currency', source: 'currency' },
  ];
}

/** The recon report of one provider (§2 path, §6 permission `settlementreport:{code}`). */
function reconReport(provider: string, code: string, path: string): ListReportDef {
  return defineReport({
    kind: 'list',
    name: `Recon${code[0]!.toUpperCase()}${code.slice(1)}`,
    path,
    api: `Settlement/Recon/${provider}`,
    permission: `settlementreport:${code}`,
    exportPermission: `settlementreport:${code}`,
    titleKey: `report.recon.${code}`,
    groupTypes: ['SUPERADMIN'],
    source: 'recon_items',
    where: { provider, kind: 'RECON' },
    idOf: 'reconItem',
    filters: reconFilters(),
    columns: Object.values(RECON_COLUMNS),
    amountKey: 'ProviderAmount',
    defaultSort: { key: 'TxnAt', order: 'desc' },
    dateColumn: 'txn_at',
    exportName: `${code}-settlement-report`,
    detailTitleKey: 'recon.detail',
  });
}

export const rmRecon = reconReport('RM', 'rm', '/rm-settlement-report');
export const bsnRecon = reconReport('BSN', 'bsn', '/bsn-settlement-report');
export const razerpayRecon = reconReport('RAZERPAY', 'razerpay', '/razerpay-settlement-report');
export const finexusRecon = reconReport('FINEXUS', 'finexus', '/finexus-settlement-report');
export const ipay88Recon = reconReport('IPAY88', 'ipay88', '/ipay88-settlement-report');
export const paydeeRecon = reconReport('PAYDEE', 'paydee', '/paydee-settlement-report');

/** The six provider recon reports, in the §2 menu order. */
export const RECON_REPORTS = [rmRecon, bsnRecon, razerpayRecon, finexusRecon, ipay88Recon, paydeeRecon] as const;

/**
 * /bsn-settlement-summary-report (§2 "Settlement report, recon"): BSN's reconciliation per MYT
 * settlement day and currency over `recon_settlement_days` (modules/settlement/days.ts, kept by
 * the matching and by every verification): the items and their amount per §4 result, the
 * provider's amount and fee and the portal's amount. A day expands to its items in the BSN
 * settlement report (its SettlementDate filter). Filter by settlement day (MYT) and currency;
 * newest day first (recon_settlement_days_report_idx).
 */
const DAY_COLUMNS = {
  SettlementDate: { key: 'SettlementDate', source: 'settlement_date', labelKey: 'recon.settlementDate', kind: 'date', priority: 1, sortable: true },
  Currency: { key: 'Currency', source: 'currency', labelKey: 'shell.currency', kind: 'text', priority: 2 },
  ItemCount: { key: 'ItemCount', source: 'item_count', labelKey: 'recon.itemCount', kind: 'count', priority: 1 },
  TallyCount: { key: 'TallyCount', source: 'tally_count', labelKey: 'recon.tallyCount', kind: 'count', priority: 1 },
  NotTallyCount: { key: 'NotTallyCount', source: 'not_tally_count', labelKey: 'recon.notTallyCount', kind: 'count', priority: 1 },
  ProviderOnlyCount: { key: 'ProviderOnlyCount', source: 'provider_only_count', labelKey: 'recon.providerOnlyCount', kind: 'count', priority: 2 },
  PortalOnlyCount: { key: 'PortalOnlyCount', source: 'portal_only_count', labelKey: 'recon.portalOnlyCount', kind: 'count', priority: 2 },
  VerifiedCount: { key: 'VerifiedCount', source: 'verified_count', labelKey: 'recon.verifiedCount', kind: 'count', priority: 2 },
  UnverifyCount: { key: 'UnverifyCount', source: 'unverify_count', labelKey: 'recon.unverifyCount', kind: 'count', priority: 3 },
  DuplicateCount: { key: 'DuplicateCount', source: 'duplicate_count', labelKey: 'recon.duplicateCount', kind: 'count', priority: 3 },
  ProviderAmount: { key: 'ProviderAmount', source: 'provider_amount', labelKey: 'recon.providerAmount', kind: 'money', priority: 1 },
  PortalAmount: { key: 'PortalAmount', source: 'portal_amount', labelKey: 'recon.portalAmount', kind: 'money', priority: 1 },
  ProviderFee: { key: 'ProviderFee', source: 'provider_fee', labelKey: 'recon.providerFee', kind: 'money', priority: 3 },
  TallyAmount: { key: 'TallyAmount', source: 'tally_amount', labelKey: 'recon.tallyAmount', kind: 'money', in: ['detail', 'export'], section: 'amounts' },
  NotTallyAmount: { key: 'NotTallyAmount', source: 'not_tally_amount', labelKey: 'recon.notTallyAmount', kind: 'money', in: ['detail', 'export'], section: 'amounts' },
  ProviderOnlyAmount: { key: 'ProviderOnlyAmount', source: 'provider_only_amount', labelKey: 'recon.providerOnlyAmount', kind: 'money', in: ['detail', 'export'], section: 'amounts' },
  PortalOnlyAmount: { key: 'PortalOnlyAmount', source: 'portal_only_amount', labelKey: 'recon.portalOnlyAmount', kind: 'money', in: ['detail', 'export'], section: 'amounts' },
  VerifiedAmount: { key: 'VerifiedAmount', source: 'verified_amount', labelKey: 'recon.verifiedAmount', kind: 'money', in: ['detail', 'export'], section: 'amounts' },
  UnverifyAmount: { key: 'UnverifyAmount', source: 'unverify_amount', labelKey: 'recon.unverifyAmount', kind: 'money', in: ['detail', 'export'], section: 'amounts' },
  DuplicateAmount: { key: 'DuplicateAmount', source: 'duplicate_amount', labelKey: 'recon.duplicateAmount', kind: 'money', in: ['detail', 'export'], section: 'amounts' },
} as const satisfies Record<string, ReportColumn>;

export const bsnReconSummary = defineReport({
  kind: 'list',
  name: 'ReconBsnSummary',
  path: '/bsn-settlement-summary-report',
  api: 'Settlement/ReconSummary/BSN',
  permission: 'settlementreport:bsnsummary',
  exportPermission: 'settlementreport:bsnsummary',
  titleKey: 'report.recon.bsnsummary',
  groupTypes: ['SUPERADMIN'],
  source: 'recon_settlement_days',
  where: { provider: 'BSN', kind: 'RECON' },
  idOf: 'reconDay',
  filters: [
    { kind: 'dateRange', source: 'settlement_day_at', labelKey: 'recon.settlementDate' },
    { kind: 'currency', source: 'currency' },
  ],
  columns: Object.values(DAY_COLUMNS),
  amountKey: 'ProviderAmount',
  defaultSort: { key: 'SettlementDate', order: 'desc' },
  dateColumn: 'settlement_day_at',
  exportName: 'bsn-settlement-summary-report',
  detailTitleKey: 'recon.dayDetail',
  expand: { report: 'ReconBsn', filters: { SettlementDate: 'SettlementDate' } },
});

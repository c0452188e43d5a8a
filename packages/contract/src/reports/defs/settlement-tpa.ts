/**
 * The acquirer (TPA) settlement reports (§2 "Settlement report, acquirer"):
 * /rm-tpa-, /paydee-tpa- and /bsn-tpa-settlement-report, one list report per acquirer over the
 * `recon_items` of its TPA files (kind 'TPA'; formats RM_TPA, PAYDEE_TPA, BSN_TPA in
 * docs/settlement-formats.md). Each row sets what the acquirer settled to the platform for a
 * payment or refund (its gross, its MDR to the platform, the net it pays: `provider_net`) against
 * what the platform owes the merchant for it (the merchant's MDR and net: `portal_net`), with the
 * platform's margin between the two (`net_diff`; negative when the acquirer charged more than
 * the merchant pays). The §4 result says whether the acquirer settled what the portal recorded:
 * reference, amount and currency — the fee differs by design and never makes a line NOT TALLY
 * (match.ts). Same filters, sorts, indexes, verify and unverify as the recon reports
 * (settlement-recon.ts). Platform staff only (module `tpasettlementreport`): the acquirer's
 * price is the platform's own business.
 */
import { defineReport, type ListReportDef, type ReportColumn } from '../define.ts';
import { RECON_COLUMNS, reconFilters } from './settlement-recon.ts';

const R = RECON_COLUMNS;

export const TPA_COLUMNS = {
  TxnAt: R.TxnAt,
  SettlementDate: R.SettlementDate,
  Reference: R.Reference,
  TxnType: R.TxnType,
  Result: R.Result,
  MerchantName: R.MerchantName,
  Currency: R.Currency,
  ProviderAmount: { ...R.ProviderAmount, labelKey: 'tpa.acquirerGross', priority: 1 },
  ProviderFee: { ...R.ProviderFee, labelKey: 'tpa.acquirerMdr', priority: 2 },
  ProviderNet: { key: 'ProviderNet', source: 'provider_net', labelKey: 'tpa.settledToPlatform', kind: 'money', priority: 1, section: 'sides' },
  PortalFee: { ...R.PortalFee, labelKey: 'tpa.merchantMdr', priority: 2 },
  PortalNet: { key: 'PortalNet', source: 'portal_net', labelKey: 'tpa.owedToMerchant', kind: 'money', priority: 1, section: 'sides' },
  NetDiff: { key: 'NetDiff', source: 'net_diff', labelKey: 'tpa.margin', kind: 'money', priority: 1, section: 'sides' },
  PortalAmount: { ...R.PortalAmount, in: ['detail', 'export'] },
  AmountDiff: { ...R.AmountDiff, in: ['detail', 'export'] },
  Differences: { ...R.Differences, priority: 3 },
  ProviderTxnId: R.ProviderTxnId,
  MatchedResult: R.MatchedResult,
  Note: R.Note,
  VerifiedAt: R.VerifiedAt,
  FileId: R.FileId,
  BranchName: R.BranchName,
  MasterMerchantName: { ...R.MasterMerchantName, in: ['detail', 'export'] },
} as const satisfies Record<string, ReportColumn>;

/** The acquirer report of one provider (§2 path, permission `tpasettlementreport:{code}`). */
function tpaReport(provider: string, code: string, path: string): ListReportDef {
  return defineReport({
    kind: 'list',
    name: `Tpa${code[0]!.toUpperCase()}${code.slice(1)}`,
    path,
    api: `Settlement/Tpa/${provider}`,
    permission: `tpasettlementreport:${code}`,
    exportPermission: `tpasettlementreport:${code}`,
    titleKey: `report.tpa.${code}`,
    groupTypes: ['SUPERADMIN'],
    source: 'recon_items',
    where: { provider, kind: 'TPA' },
    idOf: 'reconItem',
    filters: reconFilters(),
    columns: Object.values(TPA_COLUMNS),
    amountKey: 'ProviderAmount',
    defaultSort: { key: 'TxnAt', order: 'desc' },
    dateColumn: 'txn_at',
    exportName: `${code}-tpa-settlement-report`,
    detailTitleKey: 'recon.detail',
  });
}

export const rmTpa = tpaReport('RM', 'rm', '/rm-tpa-settlement-report');
export const paydeeTpa = tpaReport('PAYDEE', 'paydee', '/paydee-tpa-settlement-report');
export const bsnTpa = tpaReport('BSN', 'bsn', '/bsn-tpa-settlement-report');

/** The three acquirer reports, in the §2 menu order. */
export const TPA_REPORTS = [rmTpa, paydeeTpa, bsnTpa] as const;

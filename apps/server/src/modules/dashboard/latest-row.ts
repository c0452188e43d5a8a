/**
 * The transaction row the dashboard's "latest 10" table shows (contract TransactionListItem),
 * across every service type. The live transaction lists are declared reports
 * (apps/server/src/reports/); this is the dashboard's own row, read by get-summary.ts.
 */
import { alias } from 'drizzle-orm/pg-core';
import { organizations, transactions as t } from '../../db/schema/index.ts';

export const merchantOrg = alias(organizations, 'merchant_org');
export const branchOrg = alias(organizations, 'branch_org');

/** Columns of a latest row (contract TransactionListItem before formatting). */
export const listColumns = {
  id: t.id,
  txnRefNo: t.txnRefNo,
  paymentCreationDate: t.paymentCreationDate,
  createdAt: t.createdAt,
  serviceType: t.serviceType,
  paymentMethod: t.paymentMethod,
  cardScheme: t.cardScheme,
  maskedPan: t.maskedPan,
  txnType: t.txnType,
  status: t.status,
  amount: t.amount,
  currency: t.currency,
  merchantName: merchantOrg.name,
  branchName: branchOrg.name,
  mid: t.mid,
  custName: t.custName,
};

export type ListRow = { [K in keyof typeof listColumns]: unknown } & {
  id: number;
  createdAt: Date;
  paymentCreationDate: Date | null;
  amount: string;
};

/** Maps a latest row to the contract's TransactionListItem (instants ISO UTC, money decimal strings). */
export function toListItem(r: ListRow) {
  return {
    Id: r.id,
    TxnRefNo: r.txnRefNo as string,
    PaymentCreationDate: r.paymentCreationDate ? r.paymentCreationDate.toISOString() : null,
    CreatedAt: r.createdAt.toISOString(),
    ServiceType: r.serviceType as number,
    PaymentMethod: r.paymentMethod as string,
    CardScheme: (r.cardScheme as string | null) ?? null,
    MaskedPAN: (r.maskedPan as string | null) ?? null,
    TxnType: r.txnType as string,
    Status: r.status as string,
    TxnAmount: r.amount,
    Currency: r.currency as string,
    MerchantName: (r.merchantName as string | null) ?? '',
    BranchName: (r.branchName as string | null) ?? null,
    MID: (r.mid as string | null) ?? null,
    CustName: (r.custName as string | null) ?? null,
  };
}

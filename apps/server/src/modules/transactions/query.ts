/**
 * The shared query of the live transaction lists: scope, filters, sort and keyset cursor over
 * `transactions` (§2 Live transaction; guides: "lists page with keyset cursors, not OFFSET").
 * Every read of transactions goes through `transactionConditions`, so scope cannot be forgotten.
 */
import { and, asc, desc, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ServiceTypeCode } from '@paydesk/domain';
import type { TransactionFilter } from '@paydesk/contract';
import { organizations, transactions as t } from '../../db/schema.ts';
import { badInput } from '../../platform/errors.ts';
import { scopeCondition, type Scope } from '../../platform/scope.ts';

export type SortSpec = { Field: 'CreatedAt' | 'Amount'; Order: 'asc' | 'desc' };

/** WHERE conditions for a scoped, filtered transaction list of one service type. */
export function transactionConditions(scope: Scope, serviceType: ServiceTypeCode, f: TransactionFilter): SQL[] {
  const c: (SQL | undefined)[] = [scopeCondition(scope, t), sql`${t.serviceType} = ${serviceType}`];
  if (f.DateFrom) c.push(gte(t.createdAt, new Date(f.DateFrom)));
  if (f.DateTo) c.push(lte(t.createdAt, new Date(f.DateTo)));
  if (f.DateFrom && f.DateTo && new Date(f.DateFrom) > new Date(f.DateTo)) throw badInput('SearchData.DateFrom', 'must not be after DateTo');
  if (f.Status?.length) c.push(inArray(t.status, f.Status));
  if (f.PaymentMethod?.length) c.push(inArray(t.paymentMethod, f.PaymentMethod));
  if (f.CardScheme?.length) c.push(inArray(t.cardScheme, f.CardScheme));
  if (f.MasterMerchantId) c.push(sql`${t.masterMerchantId} = ${f.MasterMerchantId}`);
  if (f.AgencyId) c.push(sql`${t.agencyId} = ${f.AgencyId}`);
  if (f.AgentId) c.push(sql`${t.agentId} = ${f.AgentId}`);
  if (f.MerchantId) c.push(sql`${t.merchantId} = ${f.MerchantId}`);
  if (f.TxnRefNo) c.push(sql`${t.txnRefNo} ILIKE ${`%${f.TxnRefNo.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  if (f.AmountMin) c.push(gte(t.amount, f.AmountMin));
  if (f.AmountMax) c.push(lte(t.amount, f.AmountMax));
  if (f.AmountMin && f.AmountMax && Number(f.AmountMin) > Number(f.AmountMax)) throw badInput('SearchData.AmountMin', 'must not be above AmountMax');
  if (f.Last4) c.push(sql`${t.panLast4} = ${f.Last4}`);
  // The header currency (§3 selectedCurrency): one currency per list, so amounts never mix.
  if (f.Currency) c.push(sql`${t.currency} = ${f.Currency}`);
  return c.filter((x): x is SQL => x !== undefined);
}

interface CursorValue {
  v: string;
  id: number;
}

/** Opaque cursor: base64url of the last row's sort value and id. */
export function encodeCursor(v: string, id: number): string {
  return Buffer.from(JSON.stringify({ v, id })).toString('base64url');
}

/**
 * Reads a cursor back, fully validated against the list's sort (issue 8: a forged cursor is a
 * VAL400, never a database error): the value must be an ISO instant for CreatedAt or a decimal
 * amount for Amount, the id a positive safe integer.
 */
function decodeCursor(cursor: string, sort: SortSpec): CursorValue {
  try {
    const o = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorValue>;
    const valueOk =
      typeof o.v === 'string' &&
      (sort.Field === 'CreatedAt' ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(o.v) && !Number.isNaN(Date.parse(o.v)) : /^-?\d{1,16}(\.\d{1,2})?$/.test(o.v));
    if (valueOk && Number.isSafeInteger(o.id) && (o.id as number) > 0) return o as CursorValue;
  } catch {
    /* falls through to the error below */
  }
  throw badInput('Cursor', 'is not a cursor from this list');
}

/** The keyset condition "after the cursor" in the given sort, on (sort column, id). */
export function afterCursor(sort: SortSpec, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const { v, id } = decodeCursor(cursor, sort);
  const value = sort.Field === 'CreatedAt' ? sql`${new Date(v)}::timestamptz` : sql`${v}::numeric`;
  const col = sort.Field === 'CreatedAt' ? t.createdAt : t.amount;
  return sort.Order === 'desc' ? sql`(${col}, ${t.id}) < (${value}, ${id})` : sql`(${col}, ${t.id}) > (${value}, ${id})`;
}

export function orderBy(sort: SortSpec): SQL[] {
  const col = sort.Field === 'CreatedAt' ? t.createdAt : t.amount;
  return sort.Order === 'desc' ? [desc(col), desc(t.id)] : [asc(col), asc(t.id)];
}

export const merchantOrg = alias(organizations, 'merchant_org');
export const branchOrg = alias(organizations, 'branch_org');

/** Columns of a list row (contract TransactionListItem before formatting). */
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

/** Maps a list row to the contract's TransactionListItem. */
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

export function cursorOf(r: ListRow, sort: SortSpec): string {
  return encodeCursor(sort.Field === 'CreatedAt' ? r.createdAt.toISOString() : r.amount, r.id);
}

export { and };

/**
 * Streams the filtered, scoped transaction list as XLSX or CSV. Rows are read in keyset batches
 * of EXPORT_BATCH and written as they come, so memory does not grow with the row count.
 * Amounts: CSV keeps the exact decimal string; XLSX writes a number cell formatted #,##0.00 so
 * the spreadsheet can sum it (the cell is display, the decimal string is the record).
 */
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { formatDateTime, type ServiceTypeCode } from '@paydesk/domain';
import type { TransactionExportRequest } from '@paydesk/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { transactions as t } from '../../db/schema.ts';
import { primeRows } from '../../platform/export-run.ts';
import type { Scope } from '../../platform/scope.ts';
import { streamSheet } from '../../platform/spreadsheet.ts';
import { afterCursor, and, branchOrg, cursorOf, listColumns, merchantOrg, orderBy, transactionConditions, type ListRow } from './query.ts';

export const EXPORT_BATCH = 2000;

const HEADERS = ['TxnRefNo', 'Transaction Date (MYT)', 'Merchant', 'Branch', 'MID', 'Payment Method', 'Card Scheme', 'Masked PAN', 'Type', 'Status', 'Currency', 'Amount', 'Customer'];

type ExportRequest = z.infer<typeof TransactionExportRequest>;

/**
 * How many transactions the export would hold, counting at most `limit` (the index stops reading
 * there, so checking a cap costs at most cap + 1 index entries, not the whole filtered set).
 */
export async function countTransactionsUpTo(database: Database, scope: Scope, req: Pick<ExportRequest, 'ServiceType' | 'SearchData'>, limit: number): Promise<number> {
  const conds = transactionConditions(scope, req.ServiceType as ServiceTypeCode, req.SearchData);
  const bounded = database.db.select({ one: sql`1` }).from(t).where(and(...conds)).limit(limit).as('bounded');
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(bounded);
  return Number(row?.n ?? 0);
}

/** Yields every matching row, batch by batch, in the requested order; stops when `signal` aborts (client gone). */
async function* exportRows(database: Database, scope: Scope, req: ExportRequest, signal?: AbortSignal): AsyncGenerator<ListRow> {
  const conds = transactionConditions(scope, req.ServiceType as ServiceTypeCode, req.SearchData);
  let cursor: string | undefined;
  for (;;) {
    if (signal?.aborted) return;
    const rows = (await database.db
      .select(listColumns)
      .from(t)
      .leftJoin(merchantOrg, eq(merchantOrg.id, t.merchantId))
      .leftJoin(branchOrg, eq(branchOrg.id, t.branchId))
      .where(and(...conds, afterCursor(req.Sort, cursor)))
      .orderBy(...orderBy(req.Sort))
      .limit(EXPORT_BATCH)) as ListRow[];
    yield* rows;
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_BATCH || !last) return;
    cursor = cursorOf(last, req.Sort);
  }
}

function cells(r: ListRow): (string | null)[] {
  return [
    r.txnRefNo as string,
    formatDateTime(r.paymentCreationDate ?? r.createdAt),
    (r.merchantName as string | null) ?? '',
    (r.branchName as string | null) ?? '',
    (r.mid as string | null) ?? '',
    r.paymentMethod as string,
    (r.cardScheme as string | null) ?? '',
    (r.maskedPan as string | null) ?? '',
    r.txnType as string,
    r.status as string,
    r.currency as string,
    r.amount,
    (r.custName as string | null) ?? '',
  ];
}

function sheetOf(req: ExportRequest, source: AsyncIterable<ListRow>, onDone: (rows: number) => void): { stream: Readable; contentType: string } {
  return streamSheet({
    format: req.Format,
    sheetName: 'Transactions',
    headers: HEADERS,
    widths: { Merchant: 32, Customer: 32 },
    numFmt: req.Format === 'xlsx' ? { Amount: '#,##0.00' } : undefined,
    rows: (async function* () {
      for await (const r of source) {
        const c = cells(r);
        // XLSX: the amount as a number cell so the sheet can sum it; CSV keeps the exact decimal text.
        yield req.Format === 'xlsx' ? [...c.slice(0, 11), Number(r.amount), c[12] ?? ''] : c;
      }
    })(),
    onDone,
  });
}

/**
 * Opens the export file: resolves once the first batch has been read (so a failing query rejects
 * before any byte of the file exists) with a readable stream of the file and its content type.
 * `onDone` receives the row count; `signal` (the run's, aborted when the client goes away) stops
 * the batch reads. Serve it through platform/export-run.ts `sendExport`.
 */
export async function openTransactionExport(
  database: Database,
  scope: Scope,
  req: ExportRequest,
  onDone: (rows: number) => void,
  signal?: AbortSignal,
): Promise<{ stream: Readable; contentType: string }> {
  return sheetOf(req, await primeRows(exportRows(database, scope, req, signal)), onDone);
}

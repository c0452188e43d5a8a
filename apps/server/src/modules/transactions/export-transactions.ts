/**
 * Streams the filtered, scoped transaction list as XLSX or CSV. Rows are read in keyset batches
 * of EXPORT_BATCH and written as they come, so memory does not grow with the row count.
 * The file says what the screen says (issue 9): headers are the list's column titles and the
 * enumeration codes (service type, payment method, card scheme, type, status) their labels, both in
 * the caller's `Language` (domain TRANSACTION_EXPORT_COLUMNS, ENUM_LABELS); times are Malaysian
 * time in the §9 date format (DD-MM-YYYY HH:mm:ss), as on the screen.
 * Amounts: CSV keeps the exact decimal string; XLSX writes a number cell formatted #,##0.00 so
 * the spreadsheet can sum it (the cell is display, the decimal string is the record).
 */
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { TRANSACTION_EXPORT_COLUMNS, enumLabeller, formatMytDateTime, transactionExportHeaders, type EnumLabelLanguage, type ServiceTypeCode } from '@paydesk/domain';
import type { TransactionExportRequest } from '@paydesk/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { transactions as t } from '../../db/schema.ts';
import { primeRows } from '../../platform/export-run.ts';
import type { Scope } from '../../platform/scope.ts';
import { streamSheet } from '../../platform/spreadsheet.ts';
import { afterCursor, and, branchOrg, cursorOf, listColumns, merchantOrg, orderBy, transactionConditions, type ListRow } from './query.ts';

export const EXPORT_BATCH = 2000;

const COLUMN_IDS = TRANSACTION_EXPORT_COLUMNS.map((c) => c.id);
const AMOUNT_INDEX = COLUMN_IDS.indexOf('amount');

/** The validated request; `Language` defaults to English for callers outside HTTP (benchmarks, scripts). */
type ExportRequest = Omit<z.infer<typeof TransactionExportRequest>, 'Language'> & { Language?: EnumLabelLanguage };

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

/** One row's cells in TRANSACTION_EXPORT_COLUMNS order; `label` names enumeration codes in the file's language. */
function cells(r: ListRow, label: ReturnType<typeof enumLabeller>): (string | null)[] {
  const byId: Record<string, string> = {
    txnRefNo: r.txnRefNo as string,
    date: formatMytDateTime(r.paymentCreationDate ?? r.createdAt),
    merchant: (r.merchantName as string | null) ?? '',
    branch: (r.branchName as string | null) ?? '',
    mid: (r.mid as string | null) ?? '',
    serviceType: label('serviceType', r.serviceType as number),
    paymentMethod: label('paymentMethod', r.paymentMethod as string),
    cardScheme: label('cardScheme', r.cardScheme as string | null),
    maskedPan: (r.maskedPan as string | null) ?? '',
    type: label('transactionType', r.txnType as string),
    status: label('status', r.status as string),
    currency: r.currency as string,
    amount: r.amount,
    customer: (r.custName as string | null) ?? '',
  };
  return COLUMN_IDS.map((id) => byId[id] ?? '');
}

function sheetOf(req: ExportRequest, source: AsyncIterable<ListRow>, onDone: (rows: number) => void): { stream: Readable; contentType: string } {
  const language: EnumLabelLanguage = req.Language ?? 'en';
  const headers = transactionExportHeaders(language);
  const label = enumLabeller(language);
  const header = (id: string) => headers[COLUMN_IDS.indexOf(id)]!;
  return streamSheet({
    format: req.Format,
    sheetName: 'Transactions',
    headers,
    widths: { [header('merchant')]: 32, [header('customer')]: 32, [header('date')]: 22 },
    numFmt: req.Format === 'xlsx' ? { [header('amount')]: '#,##0.00' } : undefined,
    rows: (async function* () {
      for await (const r of source) {
        const c: (string | number | null)[] = cells(r, label);
        // XLSX: the amount as a number cell so the sheet can sum it; CSV keeps the exact decimal text.
        if (req.Format === 'xlsx') c[AMOUNT_INDEX] = Number(r.amount);
        yield c;
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

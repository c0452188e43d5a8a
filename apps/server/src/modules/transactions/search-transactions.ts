/**
 * Keyset-paged, scoped, filtered transaction search (§2 Live transaction). Answers
 * `{Items, TotalRecords, NextCursor, RowsPerPage}`; TotalRecords counts the whole filtered set.
 */
import { count, eq } from 'drizzle-orm';
import type { ServiceTypeCode } from '@paydesk/domain';
import type { TransactionSearchRequest } from '@paydesk/contract';
import type { Database } from '../../db/client.ts';
import { transactions as t } from '../../db/schema.ts';
import type { Scope } from '../../platform/scope.ts';
import { afterCursor, and, branchOrg, cursorOf, listColumns, merchantOrg, orderBy, toListItem, transactionConditions, type ListRow } from './query.ts';

export async function searchTransactions(database: Database, scope: Scope, req: TransactionSearchRequest) {
  const conds = transactionConditions(scope, req.ServiceType as ServiceTypeCode, req.SearchData);
  const keyset = afterCursor(req.Sort, req.Cursor);
  const rows = (await database.db
    .select(listColumns)
    .from(t)
    .leftJoin(merchantOrg, eq(merchantOrg.id, t.merchantId))
    .leftJoin(branchOrg, eq(branchOrg.id, t.branchId))
    .where(and(...conds, keyset))
    .orderBy(...orderBy(req.Sort))
    .limit(req.RowsPerPage + 1)) as ListRow[];
  const [total] = await database.db.select({ n: count() }).from(t).where(and(...conds));
  const page = rows.slice(0, req.RowsPerPage);
  const last = page[page.length - 1];
  return {
    Items: page.map(toListItem),
    TotalRecords: Number(total?.n ?? 0),
    NextCursor: rows.length > req.RowsPerPage && last ? cursorOf(last, req.Sort) : null,
    RowsPerPage: req.RowsPerPage,
  };
}

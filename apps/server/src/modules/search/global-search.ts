/**
 * POST /api/portal/GlobalSearch/Search (any signed-in user; issue 29 item 8, the header's ⌘K /
 * Ctrl K box): `{Query}` (2–64 characters, VAL400 naming Query otherwise) →
 * `{Items: SearchHit[]}`, at most SEARCH_HITS_PER_KIND hits of each kind in SEARCH_HIT_KINDS order:
 * transactions of the last 180 days, organizations, terminals, refund requests. Each kind only
 * when the caller holds the permission of the screen its hit opens, and only inside the caller's
 * subtree. The query is read by `parseSearchQuery`: a card number (whole or masked) is searched by
 * its first 6 + last 4 only and never answered; the answer does not echo the query. Each kind's
 * matching and indexes are in its own file (search-*.ts). A read: no audit row.
 */
import type { Routes } from '@paydesk/contract';
import { parseSearchQuery } from '@paydesk/domain';
import type { OperationFn } from '../../platform/operation.ts';
import { searchOrganizations } from './search-organizations.ts';
import { searchRefunds } from './search-refunds.ts';
import { searchTerminals } from './search-terminals.ts';
import { searchTransactions } from './search-transactions.ts';

export const globalSearch: OperationFn<Routes['globalSearch']> = async ({ Query }, { q, scope, now }) => {
  const term = parseSearchQuery(Query);
  const kinds = await Promise.all([
    searchTransactions(q, scope, term, now()),
    searchOrganizations(q, scope, term),
    searchTerminals(q, scope, term),
    searchRefunds(q, scope, term),
  ]);
  return { Items: kinds.flat() };
};

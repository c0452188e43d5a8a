/**
 * The transactions part of the global search.
 *
 * What matches (spec §3 transaction fields; docs/transaction-model.md), each on an index at 10 M rows:
 *  - a card (first 6 + last 4) or a last 4: `pan_last4 =` on transactions_last4_idx (pan_last4,
 *    service_type, created_at, id), the first 6 checked on `masked_pan`;
 *  - a customer e-mail: `lower(cust_email) =` on transactions_cust_email_idx;
 *  - a reference: "part of a reference" is its PREFIX (≥ 4 characters, the unique text_pattern_ops
 *    index transactions_ref_uq) or its SUFFIX (≥ 6 characters, `reverse(txn_ref_no) LIKE` on
 *    transactions_ref_reverse_idx). Not an infix: a trigram index (pg_trgm) would serve one, but no
 *    extension is loaded on PGlite or PostgreSQL here, and a reference is read from either end
 *    (`PD` + the MYT day + a 10-digit number: the day's prefix, or the number's tail). Each end
 *    reads at most REF_CANDIDATES references of the caller's scope, the highest first (index order,
 *    `USING ~>~`: the latest days first, as a reference leads with its day), which the window and
 *    the views then filter. So a short part shared by many references (`PD26`: a year) is one
 *    bounded index range, or for a small merchant its own rows (the planner's choice), instead of
 *    a scan: at 1 M rows (PostgreSQL, seed 1) `PD26` took 1.3 s at the platform before the bound,
 *    12 ms after; the busiest merchant HQ 36 ms, a small one 6 ms. A part matched by more than
 *    REF_CANDIDATES references of the scope finds only the highest of them: typing more narrows it.
 * Only transactions of the last TRANSACTION_WINDOW_DAYS days are searched (older ones are found in
 * the lists by date), newest first. Only views the caller may open (their report permission), and
 * only rows of the caller's subtree (one owner-column equality, platform/scope.ts).
 */
import { LIST_REPORTS, SEARCH_HITS_PER_KIND, type ListReportDef, type SearchHitItem } from '@paydesk/contract';
import { businessDay, type SearchTerm } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { ownerConditionSql, type Scope } from '../../platform/scope.ts';
import { CODE_TEXT, REF_PREFIX_MIN, REF_SUFFIX_MIN, codeSpellings, prefixPattern, suffixPattern } from './search-text.ts';
import { SqlParams } from './sql-params.ts';

/** References read per end of a reference part, at most (see above). */
export const REF_CANDIDATES = 1000;

/** Days back from the server clock that the search reads transactions over. */
export const TRANSACTION_WINDOW_DAYS = 180;

/** The live transaction views (list reports over `transactions` by service type, and terminal kind for service type 2). */
const VIEWS: readonly ListReportDef[] = LIST_REPORTS.filter((d) => d.source === 'transactions' && d.idOf === 'transaction' && typeof d.where.service_type === 'number');

/** The view that opens a transaction of `serviceType` (and `terminalKind` for terminals); undefined for none. */
export function transactionViewOf(serviceType: number, terminalKind: string | null): ListReportDef | undefined {
  return VIEWS.find((v) => v.where.service_type === serviceType && (v.where.terminal_kind === undefined || v.where.terminal_kind === terminalKind));
}

/**
 * The condition matching `term`, or null when the term cannot name a transaction. `owner` is the
 * caller's scope condition on alias `t` (its parameters already in `p`), repeated inside a
 * reference's candidate reads so that the planner may read the caller's own rows instead when they
 * are fewer than the reference range.
 */
function matchSql(term: SearchTerm, p: SqlParams, owner: string): string | null {
  switch (term.kind) {
    case 'card':
      return `t.pan_last4 = ${p.add(term.last4)} AND t.masked_pan LIKE ${p.add(`${term.first6}%`)}`;
    case 'last4':
      return `t.pan_last4 = ${p.add(term.last4)}`;
    case 'email':
      return `lower(t.cust_email) = ${p.add(term.email)}`;
    case 'text': {
      if (!CODE_TEXT.test(term.text) || term.text.length < REF_PREFIX_MIN) return null;
      const spellings = codeSpellings(term.text);
      const ends = spellings.map((s) => ({ key: 't.txn_ref_no', pattern: prefixPattern(s) }));
      if (term.text.length >= REF_SUFFIX_MIN) ends.push(...spellings.map((s) => ({ key: 'reverse(t.txn_ref_no)', pattern: suffixPattern(s) })));
      const candidates = ends.map((e) => `(SELECT t.id FROM transactions t WHERE ${e.key} LIKE ${p.add(e.pattern)} AND ${owner} ORDER BY ${e.key} USING ~>~ LIMIT ${REF_CANDIDATES})`);
      return `t.id IN (${candidates.join(' UNION ALL ')})`;
    }
  }
}

interface Row {
  id: number;
  txn_ref_no: string;
  service_type: number;
  terminal_kind: string | null;
  masked_pan: string | null;
  payment_method: string;
  amount: string;
  currency: string;
  status: string;
  created_at: Date | string;
  org_name: string | null;
}

/**
 * Up to SEARCH_HITS_PER_KIND transactions matching `term` for `scope`, newest first, each
 * linking to its view's detail drawer with the list filtered to its reference and MYT day.
 */
export async function searchTransactions(q: Query, scope: Scope, term: SearchTerm, now: Date): Promise<SearchHitItem[]> {
  const views = VIEWS.filter((v) => scope.permissions.has(v.permission));
  const plain = views.filter((v) => v.where.terminal_kind === undefined).map((v) => Number(v.where.service_type));
  const kinds = views.filter((v) => v.where.terminal_kind !== undefined).map((v) => String(v.where.terminal_kind));
  const p = new SqlParams();
  const owner = ownerConditionSql(scope, 't', p.next);
  p.push(owner.values);
  const match = views.length ? matchSql(term, p, owner.text) : null;
  if (!match) return [];
  const since = p.add(new Date(now.getTime() - TRANSACTION_WINDOW_DAYS * 86_400_000).toISOString());
  const allowed = `(t.service_type = ANY(${p.add(plain)}::smallint[]) OR (t.service_type = 2 AND t.terminal_kind = ANY(${p.add(kinds)}::text[])))`;
  const rows = await q<Row>(
    `SELECT t.id::int AS id, t.txn_ref_no, t.service_type::int AS service_type, t.terminal_kind, t.masked_pan, t.payment_method,
            t.amount::text AS amount, t.currency, t.status, t.created_at, o.name AS org_name
       FROM transactions t LEFT JOIN organizations o ON o.id = coalesce(t.branch_id, t.merchant_id)
      WHERE ${match} AND t.created_at >= ${since} AND ${allowed} AND ${owner.text}
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${SEARCH_HITS_PER_KIND}`,
    p.values,
  );
  return rows.flatMap((r) => {
    const view = transactionViewOf(r.service_type, r.terminal_kind);
    if (!view) return [];
    const at = new Date(r.created_at);
    const day = businessDay(at);
    return [{
      Kind: 'transaction' as const,
      Id: r.id,
      Title: r.txn_ref_no,
      Subtitle: [r.masked_pan ?? r.payment_method, `${r.currency} ${r.amount}`, r.status, r.org_name].filter(Boolean).join(' · '),
      At: at.toISOString(),
      Link: `${view.path}/${r.id}?${new URLSearchParams({ ref: r.txn_ref_no, from: day, to: day }).toString()}`,
    }];
  });
}

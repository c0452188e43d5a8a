/**
 * The refund requests part of the global search: requests of the caller's subtree whose
 * transaction reference starts with the text (≥ 4 characters; refund_requests_ref_idx,
 * text_pattern_ops), newest first, for callers who may open the refund desk's queue (the
 * PreChargeback report's permission and group types). The link opens the request's detail on
 * /pre-chargeback, the list filtered to its reference.
 */
import { LIST_REPORTS, SEARCH_HITS_PER_KIND, type ListReportDef, type SearchHitItem } from '@paydesk/contract';
import type { SearchTerm } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { ownerConditionSql, type Scope } from '../../platform/scope.ts';
import { CODE_TEXT, REF_PREFIX_MIN, codeSpellings, prefixPattern } from './search-text.ts';
import { SqlParams } from './sql-params.ts';

/** The refund desk's queue (the PreChargeback list report), whose permission and detail a hit opens. */
const QUEUE: ListReportDef = LIST_REPORTS.find((d) => d.name === 'PreChargeback')!;

interface Row {
  id: number;
  txn_ref_no: string;
  status: string;
  amount: string;
  currency: string;
  reason_code: string;
  created_at: Date | string;
  org_name: string | null;
}

/** Whether the caller may open the refund desk's queue. */
const mayOpen = (scope: Scope) => scope.permissions.has(QUEUE.permission) && (!QUEUE.groupTypes || QUEUE.groupTypes.includes(scope.groupType));

/** Up to SEARCH_HITS_PER_KIND refund requests whose reference starts with a code-like text. */
export async function searchRefunds(q: Query, scope: Scope, term: SearchTerm): Promise<SearchHitItem[]> {
  if (term.kind !== 'text' || !CODE_TEXT.test(term.text) || term.text.length < REF_PREFIX_MIN || !mayOpen(scope)) return [];
  const p = new SqlParams();
  const match = codeSpellings(term.text).map((s) => `r.txn_ref_no LIKE ${p.add(prefixPattern(s))}`);
  const owner = ownerConditionSql(scope, 'r', p.next);
  p.push(owner.values);
  const rows = await q<Row>(
    `SELECT r.id, r.txn_ref_no, r.status, r.amount::text AS amount, r.currency, r.reason_code, r.created_at, o.name AS org_name
       FROM refund_requests r LEFT JOIN organizations o ON o.id = coalesce(r.branch_id, r.merchant_id)
      WHERE (${match.join(' OR ')}) AND ${owner.text}
      ORDER BY r.created_at DESC, r.id DESC LIMIT ${SEARCH_HITS_PER_KIND}`,
    p.values,
  );
  return rows.map((r) => ({
    Kind: 'refund' as const,
    Id: Number(r.id),
    Title: r.txn_ref_no,
    Subtitle: [r.status, `${r.currency} ${r.amount}`, r.reason_code, r.org_name].filter(Boolean).join(' · '),
    At: new Date(r.created_at).toISOString(),
    Link: `${QUEUE.path}/${r.id}?${new URLSearchParams({ ref: r.txn_ref_no }).toString()}`,
  }));
}

/**
 * The terminals part of the global search: terminals owned inside the caller's subtree whose TID
 * or device serial starts with the text (as typed or in capitals), for callers holding
 * `terminal:view` (the /terminal-management screen). Thousands of rows, read by the owner's
 * subtree; the link opens the terminal list filtered to the TID (its `Tid` URL filter).
 */
import { SEARCH_HITS_PER_KIND, type SearchHitItem } from '@paydesk/contract';
import type { SearchTerm } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { subtreeSql, type Scope } from '../../platform/scope.ts';
import { CODE_TEXT, codeSpellings, prefixPattern } from './search-text.ts';
import { SqlParams } from './sql-params.ts';

/** The permission and screen a terminal hit opens. */
export const TERMINAL_SCREEN = { path: '/terminal-management', permission: 'terminal:view' } as const;

interface Row {
  id: number;
  tid: string;
  serial_no: string | null;
  model: string;
  status: string;
  org_name: string;
}

/** Up to SEARCH_HITS_PER_KIND terminals matching a code-like text or last-4 term, by TID. */
export async function searchTerminals(q: Query, scope: Scope, term: SearchTerm): Promise<SearchHitItem[]> {
  if ((term.kind !== 'text' && term.kind !== 'last4') || !CODE_TEXT.test(term.text) || !scope.permissions.has(TERMINAL_SCREEN.permission)) return [];
  const p = new SqlParams();
  const match = codeSpellings(term.text).flatMap((s) => {
    const pattern = p.add(prefixPattern(s));
    return [`t.tid LIKE ${pattern}`, `t.serial_no LIKE ${pattern}`];
  });
  const subtree = subtreeSql(scope, 'o', p.next);
  p.push(subtree.values);
  const rows = await q<Row>(
    `SELECT t.id, t.tid, t.serial_no, t.model, t.status, o.name AS org_name
       FROM terminals t JOIN organizations o ON o.id = t.org_id
      WHERE (${match.join(' OR ')}) AND ${subtree.text}
      ORDER BY t.tid LIMIT ${SEARCH_HITS_PER_KIND}`,
    p.values,
  );
  return rows.map((r) => ({
    Kind: 'terminal' as const,
    Id: Number(r.id),
    Title: r.tid,
    Subtitle: [r.serial_no, r.model, r.status, r.org_name].filter(Boolean).join(' · '),
    At: null,
    Link: `${TERMINAL_SCREEN.path}?${new URLSearchParams({ Tid: r.tid }).toString()}`,
  }));
}

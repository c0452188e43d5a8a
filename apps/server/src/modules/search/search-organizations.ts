/**
 * The organizations part of the global search: master merchants, agencies, agents, merchant HQs
 * and branches of the caller's subtree (its own included) whose name starts with the text
 * (case-insensitive) or whose MID starts with it. Each level only when the caller may open its
 * profile screen (`{segment module}:view`, profile-segments.ts). `organizations` holds thousands
 * of rows, read through the subtree's path index (organizations_path_idx), so the name needs no
 * index of its own.
 */
import { PROFILE_SEGMENT_LEVELS, PROFILE_SEGMENT_MODULES, PROFILE_SEGMENT_PATHS, PROFILE_SEGMENTS, SEARCH_HITS_PER_KIND, type SearchHitItem } from '@paydesk/contract';
import type { SearchTerm } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { subtreeSql, type Scope } from '../../platform/scope.ts';
import { codeSpellings, prefixPattern } from './search-text.ts';
import { SqlParams } from './sql-params.ts';

/** Each organization level's profile screen path and the permission that opens it. */
const SCREENS: ReadonlyMap<string, { path: string; permission: string }> = new Map(
  PROFILE_SEGMENTS.flatMap((s) => PROFILE_SEGMENT_LEVELS[s].map((level) => [level, { path: PROFILE_SEGMENT_PATHS[s], permission: `${PROFILE_SEGMENT_MODULES[s]}:view` }] as const)),
);

interface Row {
  id: number;
  level: string;
  name: string;
  mid: string | null;
  city: string | null;
}

/** Up to SEARCH_HITS_PER_KIND organizations matching a text or last-4 term, by name; none for a card or an e-mail. */
export async function searchOrganizations(q: Query, scope: Scope, term: SearchTerm): Promise<SearchHitItem[]> {
  if (term.kind === 'card' || term.kind === 'email') return [];
  const levels = [...SCREENS].filter(([, s]) => scope.permissions.has(s.permission)).map(([level]) => level);
  if (!levels.length) return [];
  const p = new SqlParams();
  const name = `lower(o.name) LIKE ${p.add(prefixPattern(term.text.toLowerCase()))}`;
  const mid = codeSpellings(term.text).map((s) => `o.mid LIKE ${p.add(prefixPattern(s))}`);
  const level = `o.level = ANY(${p.add(levels)}::text[])`;
  const subtree = subtreeSql(scope, 'o', p.next);
  p.push(subtree.values);
  const rows = await q<Row>(
    `SELECT o.id, o.level, o.name, o.mid, o.city FROM organizations o
      WHERE (${[name, ...mid].join(' OR ')}) AND ${level} AND ${subtree.text}
      ORDER BY o.name, o.id LIMIT ${SEARCH_HITS_PER_KIND}`,
    p.values,
  );
  return rows.map((r) => ({
    Kind: 'organization' as const,
    Id: Number(r.id),
    Title: r.name,
    Subtitle: [r.level, r.mid && `MID ${r.mid}`, r.city].filter(Boolean).join(' · '),
    At: null,
    Link: `${SCREENS.get(r.level)!.path}/${r.id}`,
  }));
}

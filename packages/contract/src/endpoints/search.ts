/**
 * The global search (⌘K / Ctrl K; issue 29 item 8): one query text in, a few hits per kind out,
 * each naming the portal route that opens its record. The query is read by the domain's
 * `parseSearchQuery` (a card number is reduced to first 6 + last 4 before anything else).
 */
import { z } from 'zod';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, VALIDATION_MESSAGES } from '@paydesk/domain';
import { IsoDateTime } from '../common.ts';

/** The kinds of record the search finds, in the order the answer and the modal list them. */
export const SEARCH_HIT_KINDS = ['transaction', 'organization', 'terminal', 'refund'] as const;
export type SearchHitKind = (typeof SEARCH_HIT_KINDS)[number];

/** Hits answered per kind at most. */
export const SEARCH_HITS_PER_KIND = 5;

/** `Query`: 2–64 characters after trimming (VAL400 naming `Query` otherwise). */
export const GlobalSearchRequest = z.object({
  Query: z.string({ error: VALIDATION_MESSAGES.required }).trim().min(SEARCH_QUERY_MIN).max(SEARCH_QUERY_MAX),
});

/**
 * One hit: its kind and record id, a title (reference, name, TID), a subtitle of data (masked
 * card, amount, status, owner: codes and numbers, no sentences, so it reads in every language),
 * the record's time when it has one, and `Link`, the portal path (with query) that opens it.
 */
export const SearchHit = z.object({
  Kind: z.enum(SEARCH_HIT_KINDS),
  Id: z.number().int(),
  Title: z.string(),
  Subtitle: z.string(),
  At: IsoDateTime.nullable(),
  Link: z.string().startsWith('/'),
});
export type SearchHitItem = z.output<typeof SearchHit>;

/** Hits grouped by kind in SEARCH_HIT_KINDS order, at most SEARCH_HITS_PER_KIND each; the query is not echoed. */
export const GlobalSearchResponse = z.object({ Items: z.array(SearchHit) });

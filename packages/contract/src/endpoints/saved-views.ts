/**
 * Saved views (issue 29 item 8): a user's named list states per screen. A view is the list's URL
 * query as the screen writes it (filters, sort, order, page size, and `cols`, the column choice),
 * so its link `{Screen}?{Query}` reopens it for anyone; the server keeps each user's own list of
 * names. Not in the spec: the limits below are this portal's (a view is a bookmark, not data).
 */
import { z } from 'zod';
import { RULE_MESSAGES, VALIDATION_MESSAGES } from '@paydesk/domain';
import { IsoDateTime } from '../common.ts';

/** Views one user may keep per screen. */
export const SAVED_VIEWS_PER_SCREEN = 30;
/** Longest name, in characters. */
export const SAVED_VIEW_NAME_MAX = 60;
/** Longest query, in characters (a list's filters and columns fit in a few hundred). */
export const SAVED_VIEW_QUERY_MAX = 2000;

/** A portal screen's path: segments of letters, digits and hyphens, no query, no host (`/transaction/ecommerce`). */
const Screen = z.string({ error: VALIDATION_MESSAGES.required }).regex(/^(\/[A-Za-z0-9-]+)+$/, RULE_MESSAGES.viewScreen).max(100);

/** `Screen`: whose views. */
export const SavedViewListRequest = z.object({ Screen });

export const SavedView = z.object({
  Id: z.number().int(),
  Screen: z.string(),
  Name: z.string(),
  /** The URL query without '?', e.g. `status=SUCCESS&sort=Amount&order=desc&cols=%2BMid`. */
  Query: z.string(),
  CreatedAt: IsoDateTime,
});
export type SavedViewItem = z.output<typeof SavedView>;

/** The caller's views of the screen, by name. */
export const SavedViewListResponse = z.object({ Items: z.array(SavedView) });

/**
 * A new view, or the same name on the same screen replaced (saving "Pending today" again updates
 * it). `Query`: a URL query without '?' or '#' (empty: the list as it opens).
 */
export const SavedViewSaveRequest = z.object({
  Screen,
  Name: z.string({ error: VALIDATION_MESSAGES.required }).trim().min(1, VALIDATION_MESSAGES.required).max(SAVED_VIEW_NAME_MAX),
  Query: z.string().max(SAVED_VIEW_QUERY_MAX).regex(/^[^?#\s]*$/, RULE_MESSAGES.viewQuery),
});

export const SavedViewDeleteRequest = z.object({ Id: z.number({ error: VALIDATION_MESSAGES.required }).int().positive() });
export const SavedViewDeleteResponse = z.object({ Id: z.number().int() });

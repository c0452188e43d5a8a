/**
 * The global search box's query (issue 29 item 8), read the same way by the browser (before it
 * sends) and the server (before it searches): what the text looks like decides what is matched.
 * A card number is never kept whole: a PAN-like query is reduced to its first 6 and last 4 digits
 * here, so neither the request cache, the server, its logs nor the answer ever hold it (§3: only
 * masked PANs are stored or shown).
 */
import { maskPan } from './cards.ts';
import { maskPansInText } from './pan-guard.ts';

/** Shortest and longest query text the search accepts (characters, after trimming). */
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 64;

/**
 * What a query is:
 *  - `card`: a card number, whole (13–19 digits, grouped by spaces or dashes or not) or masked
 *    (`411111******1111`, `411111…1111`): matched by first 6 + last 4; `text` is the masked form;
 *  - `last4`: exactly four digits: a card's last 4 (and also a text prefix of TIDs, MIDs…);
 *  - `email`: text with an `@`, lower-cased: a customer's e-mail, matched exactly;
 *  - `text`: anything else: reference, name, MID, TID or serial prefixes.
 * Every kind carries `text`, the query as it may be shown, logged or matched as text.
 */
export type SearchTerm =
  | { kind: 'card'; first6: string; last4: string; text: string }
  | { kind: 'last4'; last4: string; text: string }
  | { kind: 'email'; email: string; text: string }
  | { kind: 'text'; text: string };

const SEPARATORS = /[\s-]/g;
const WHOLE_PAN = /^\d{13,19}$/;
/** First 6, a mask of at least 2 characters (or an ellipsis), last 4. */
const MASKED_PAN = /^(\d{6})(?:[*xX•]{2,9}|\.{2,3}|…)(\d{4})$/;

/**
 * Reads a query text (any string; trimmed here). Never throws. A PAN anywhere in the text is
 * masked first (the PAN guard's rule), and a text that is only a card number, whole or masked,
 * becomes a `card` term holding its first 6 and last 4 digits.
 */
export function parseSearchQuery(raw: string): SearchTerm {
  const trimmed = raw.trim();
  const compact = trimmed.replace(SEPARATORS, '');
  if (WHOLE_PAN.test(compact)) return { kind: 'card', first6: compact.slice(0, 6), last4: compact.slice(-4), text: maskPan(compact) };
  const masked = MASKED_PAN.exec(compact);
  if (masked) return { kind: 'card', first6: masked[1]!, last4: masked[2]!, text: `${masked[1]}******${masked[2]}` };
  const text = maskPansInText(trimmed);
  if (/^\d{4}$/.test(text)) return { kind: 'last4', last4: text, text };
  if (text.includes('@')) return { kind: 'email', email: text.toLowerCase(), text };
  return { kind: 'text', text };
}

/** The text a client may send for `raw`: the parsed term's `text` (a card number masked), trimmed. */
export function searchQueryText(raw: string): string {
  return parseSearchQuery(raw).text;
}

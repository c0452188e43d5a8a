/**
 * How a query's text becomes LIKE patterns. Portal references, TIDs, MIDs and serials are
 * letters, digits, '-' and '_' (RULE_MESSAGES.txnRefNo); the pattern characters of the text are
 * escaped, so '_' in a reference matches '_' only.
 */

/** A text that may be (part of) a reference, TID, MID or serial. */
export const CODE_TEXT = /^[A-Za-z0-9_-]{2,64}$/;

/** Shortest text matched as a reference's prefix, and as its suffix (shorter ones match too many rows to be of use). */
export const REF_PREFIX_MIN = 4;
export const REF_SUFFIX_MIN = 6;

const escape = (text: string): string => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/** `LIKE` pattern matching values that start with `text`. */
export const prefixPattern = (text: string): string => `${escape(text)}%`;

/** `LIKE` pattern for `reverse(column)`, matching values that end with `text`. */
export const suffixPattern = (text: string): string => `${escape([...text].reverse().join(''))}%`;

/** The spellings a code may be stored in: as typed and in capitals (how the portal writes them), without repeats. */
export const codeSpellings = (text: string): string[] => [...new Set([text, text.toUpperCase()])];

/**
 * The text patterns of the §5 field validator, apart from phone numbers: `validateField`
 * (validation.ts) applies them, and a screen that only needs one (the report filters' amount) reads
 * it here, without the phone metadata of libphonenumber-js (~43 KB compressed) that
 * validation.ts brings.
 */

/**
 * email (§5): local@domain with a 2–10 letter ending. The local part is a dot-atom of RFC 5322
 * atext (letters, digits and !#$%&'*+/=?^_`{|}~-, dots only between characters, at most 64
 * characters, RFC 5321); the domain is one or more labels of letters, digits and inner hyphens,
 * each followed by a dot, then the ending of 2–10 ASCII letters. Quoted local parts, IP-literal
 * domains, non-ASCII characters and whitespace fail.
 */
const EMAIL =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,10}$/;

/** decimal (§5): digits with an optional single decimal point ("12", "12.5", "12."), or starting with a point (".5"). */
const DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;

/** number (§5): digits only. */
const NUMBER = /^\d+$/;

/**
 * url (§5 "general URL pattern"): an optional http, https or ftp scheme (user info allowed only
 * after a scheme), a host (a domain name with a 2–63 letter top-level label, localhost or an IPv4
 * address), an optional port and an optional path, query or fragment without whitespace.
 * "shop.com.my" and "https://shop.com.my/pay?x=1" pass; "http://", "shop", "http://shop .my",
 * "mailto:a@b.com" and "javascript:..." fail.
 */
const URL_PATTERN =
  /^(?:(?:https?|ftp):\/\/(?:[^\s/?#@:]+(?::[^\s/?#@]*)?@)?)?(?:localhost|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)|(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63})(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * merchantOrder (§5): letters (any script, with their combining marks), digits, whitespace and
 * common punctuation — . , : ; ! ? ' " ( ) [ ] - _ / & @ # % + * = $ ~ and typographic quotes
 * and dashes — at least one character. Angle brackets, backslash, backtick, braces, pipe, caret,
 * control characters and emoji fail.
 */
const MERCHANT_ORDER = /^[\p{L}\p{M}\p{Nd}\s.,:;!?'"()[\]\-_/&@#%+*=$~\u2018\u2019\u201C\u201D\u2013\u2014]+$/u;

/** The pattern of each §5 type judged by a pattern alone (phone goes through libphonenumber-js). */
export const FIELD_PATTERNS = Object.freeze({
  email: EMAIL,
  decimal: DECIMAL,
  number: NUMBER,
  url: URL_PATTERN,
  merchantOrder: MERCHANT_ORDER,
} as const);

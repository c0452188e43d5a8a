import type { CardScheme } from './enums.ts';

/**
 * Display names of the card schemes (§3). MAESTRO covers both Maestro and MEPS (MyDebit), whose
 * §3 prefixes are one list, hence "Maestro / MEPS".
 */
export const CARD_SCHEME_LABELS: Readonly<Record<CardScheme, string>> = Object.freeze({
  VISA: 'Visa',
  MASTER: 'Mastercard',
  UNIONPAY: 'UnionPay',
  JCB: 'JCB',
  AMEX: 'American Express',
  DISCOVER: 'Discover',
  MAESTRO: 'Maestro / MEPS',
});

/** An inclusive range over the first `len` digits of a PAN. */
interface PrefixRange {
  scheme: CardScheme;
  len: number;
  from: number;
  to: number;
}

/**
 * The card scheme prefixes of §3, exactly, and nothing else:
 *  - VISA 4; MASTER 51–55 and 2221–2720; UNIONPAY 62 and 81; JCB 3528–3589; AMEX 34, 37;
 *  - DISCOVER 6011, 65, 622, 644–649;
 *  - MAESTRO (Maestro / MEPS) 5018, 5020, 5038, 5893, 6304, 6759, 6761–6763.
 *
 * The only overlap in §3 is 622, listed under both UNIONPAY (62) and DISCOVER (622).
 * **UNIONPAY wins on 622.** §3 gives no precedence, so the tie is broken by what the cards are:
 * the 622126–622925 block is issued by UnionPay issuers and only co-accepted on the Discover
 * network abroad (the Discover–UnionPay reciprocal agreement). Of the 16 public 622 test cards
 * we checked (Braintree, Stripe, Braintree sandbox, jquery.payment), none is branded Discover by
 * its source (15 UnionPay, 1 Maestro) and Braintree's and Stripe's detectors call all 16
 * UnionPay; only the archived jquery.payment says Discover. For a Malaysian acquirer the card comes
 * in, is priced (MDR) and is settled through UnionPay International, and UnionPay is a common
 * scheme here while Discover is rare, so labelling 622 "Discover" would misprice and misreport.
 * The DISCOVER 622 entry therefore never decides (it is kept below, after the UNIONPAY 62 check,
 * to document §3); 621 and 623 are UNIONPAY by 62 as well, so the whole 62 block is UnionPay.
 *
 * No other ranges overlap: MAESTRO 5018/5020/5038/5893 lie outside MASTER 51–55; MAESTRO 6304,
 * 6759, 6761–6763 and DISCOVER 6011, 644–649, 65 lie outside UNIONPAY 62. The table is checked in
 * order and the first match wins.
 */
const RANGES: readonly PrefixRange[] = [
  { scheme: 'VISA', len: 1, from: 4, to: 4 },
  { scheme: 'MASTER', len: 2, from: 51, to: 55 },
  { scheme: 'MASTER', len: 4, from: 2221, to: 2720 },
  { scheme: 'UNIONPAY', len: 2, from: 62, to: 62 },
  { scheme: 'UNIONPAY', len: 2, from: 81, to: 81 },
  { scheme: 'JCB', len: 4, from: 3528, to: 3589 },
  { scheme: 'AMEX', len: 2, from: 34, to: 34 },
  { scheme: 'AMEX', len: 2, from: 37, to: 37 },
  { scheme: 'DISCOVER', len: 4, from: 6011, to: 6011 },
  { scheme: 'DISCOVER', len: 2, from: 65, to: 65 },
  // Shadowed by UNIONPAY 62 above: see the 622 decision.
  { scheme: 'DISCOVER', len: 3, from: 622, to: 622 },
  { scheme: 'DISCOVER', len: 3, from: 644, to: 649 },
  { scheme: 'MAESTRO', len: 4, from: 5018, to: 5018 },
  { scheme: 'MAESTRO', len: 4, from: 5020, to: 5020 },
  { scheme: 'MAESTRO', len: 4, from: 5038, to: 5038 },
  { scheme: 'MAESTRO', len: 4, from: 5893, to: 5893 },
  { scheme: 'MAESTRO', len: 4, from: 6304, to: 6304 },
  { scheme: 'MAESTRO', len: 4, from: 6759, to: 6759 },
  { scheme: 'MAESTRO', len: 4, from: 6761, to: 6763 },
];

/**
 * Detects the card scheme of a PAN or a prefix by the §3 ranges only (see RANGES for the 622
 * overlap: UNIONPAY); `null` when none matches or too few digits are given to decide.
 * Spaces and dashes are ignored; reading stops at the first other character (e.g. the '*' of a
 * masked PAN), so "411111******1111" is VISA.
 */
export function detectCardScheme(panOrPrefix: string): CardScheme | null {
  if (typeof panOrPrefix !== 'string') return null;
  const digits = (panOrPrefix.match(/^[\d\s-]*/)?.[0] ?? '').replace(/\D/g, '');
  for (const r of RANGES) {
    if (digits.length < r.len) continue;
    const p = Number(digits.slice(0, r.len));
    if (p >= r.from && p <= r.to) return r.scheme;
  }
  return null;
}

/** Luhn (mod 10, ISO/IEC 7812-1) check of a PAN; false for anything that is not 12–19 digits. */
export function luhnValid(pan: string): boolean {
  if (typeof pan !== 'string' || !/^\d{12,19}$/.test(pan)) return false;
  return luhnCheckDigit(pan.slice(0, -1)) === pan.slice(-1);
}

/**
 * The Luhn (mod 10) check digit that completes `body`, a digit string (the PAN without its last
 * digit): `body + luhnCheckDigit(body)` is `luhnValid` when 12–19 digits long. For generators
 * (the demo's card numbers, test arbitraries); a real PAN is never built here.
 */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** The shortest PAN whose first 6 and last 4 may be shown: at least 3 digits stay masked. */
const MIN_PAN_LENGTH_FOR_BIN = 13;
/** Below this, not even the last 4 are shown (they would be most of the number). */
const MIN_LENGTH_FOR_LAST4 = 8;

/**
 * Masks a PAN for display and storage (PCI DSS 3.4.1: at most the first six and last four digits
 * may be shown), e.g. "4111111111111111" → "411111******1111".
 *  - Spaces and dashes are dropped; mask characters already present (`*`, `x`, `X`, `•`) count as
 *    masked positions, so masking a masked PAN changes nothing; any other character is dropped.
 *  - 13 or more positions: first 6 + '*' + last 4.
 *  - 8 to 12 positions: only the last 4 are shown.
 *  - fewer than 8: everything is masked.
 * The result has one character per digit or mask position of the input (a digit string keeps
 * its length) and never shows more than 6 + 4 digits of any input.
 */
export function maskPan(pan: string): string {
  if (typeof pan !== 'string') return '';
  const chars = pan.replace(/[^\d*xX•]/g, '').replace(/[xX•]/g, '*');
  const n = chars.length;
  if (n >= MIN_PAN_LENGTH_FOR_BIN) return `${chars.slice(0, 6)}${'*'.repeat(n - 10)}${chars.slice(-4)}`;
  if (n >= MIN_LENGTH_FOR_LAST4) return `${'*'.repeat(n - 4)}${chars.slice(-4)}`;
  return '*'.repeat(n);
}

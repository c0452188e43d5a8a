import type { CardScheme } from './enums.ts';

/**
 * Card scheme prefixes exactly as §3. Each entry is an inclusive range over a prefix of
 * `len` digits. Order matters where ranges overlap: the first match wins.
 *  - DISCOVER 622 and UNIONPAY 62: 622 is listed for Discover, so the 3-digit range is checked
 *    before the 2-digit 62 (more specific prefix wins; Discover and UnionPay share acceptance on 622).
 *  - MAESTRO 6304/6759/6761-6763 sit inside no other 4-digit range; MAESTRO 5018/5020/5038/5893 do not
 *    overlap MASTER 51-55.
 * Longer prefixes are therefore tried first.
 */
const RANGES: { scheme: CardScheme; len: number; from: number; to: number }[] = [
  { scheme: 'MASTER', len: 4, from: 2221, to: 2720 },
  { scheme: 'JCB', len: 4, from: 3528, to: 3589 },
  { scheme: 'DISCOVER', len: 4, from: 6011, to: 6011 },
  { scheme: 'MAESTRO', len: 4, from: 5018, to: 5018 },
  { scheme: 'MAESTRO', len: 4, from: 5020, to: 5020 },
  { scheme: 'MAESTRO', len: 4, from: 5038, to: 5038 },
  { scheme: 'MAESTRO', len: 4, from: 5893, to: 5893 },
  { scheme: 'MAESTRO', len: 4, from: 6304, to: 6304 },
  { scheme: 'MAESTRO', len: 4, from: 6759, to: 6759 },
  { scheme: 'MAESTRO', len: 4, from: 6761, to: 6763 },
  { scheme: 'DISCOVER', len: 3, from: 622, to: 622 },
  { scheme: 'DISCOVER', len: 3, from: 644, to: 649 },
  { scheme: 'MASTER', len: 2, from: 51, to: 55 },
  { scheme: 'UNIONPAY', len: 2, from: 62, to: 62 },
  { scheme: 'UNIONPAY', len: 2, from: 81, to: 81 },
  { scheme: 'AMEX', len: 2, from: 34, to: 34 },
  { scheme: 'AMEX', len: 2, from: 37, to: 37 },
  { scheme: 'DISCOVER', len: 2, from: 65, to: 65 },
  { scheme: 'VISA', len: 1, from: 4, to: 4 },
];

/**
 * Detects the card scheme of a PAN or prefix by the §3 ranges only; `null` when none matches.
 * Non-digits (spaces, dashes, mask characters after the prefix) are ignored up to the first mask.
 */
export function detectCardScheme(panOrPrefix: string): CardScheme | null {
  const digits = (panOrPrefix.match(/^[\d\s-]*/)?.[0] ?? '').replace(/\D/g, '');
  for (const r of RANGES) {
    if (digits.length < r.len) continue;
    const p = Number(digits.slice(0, r.len));
    if (p >= r.from && p <= r.to) return r.scheme;
  }
  return null;
}

/** Luhn (mod 10) check of a digit string; false for anything that is not 12–19 digits. */
export function luhnValid(pan: string): boolean {
  if (!/^\d{12,19}$/.test(pan)) return false;
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = pan.charCodeAt(pan.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Masks a PAN to first 6 + last 4 with the middle replaced by '*' (PCI DSS 3.4.1), e.g.
 * "4111111111111111" → "411111******1111". Input shorter than 11 digits reveals at most its last 4.
 */
export function maskPan(pan: string): string {
  const digits = pan.replace(/\D/g, '');
  if (digits.length >= 13) return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
  if (digits.length > 4) return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
  return '*'.repeat(digits.length);
}

/**
 * Where a card and a client IP come from, for the risk rules:
 *  - a card is foreign when the card BIN table (/card-bin, active rows) says its BIN's issuer is
 *    outside Malaysia; a BIN the table does not hold falls back to the transaction's issuer country
 *    (alpha-3; MYS is domestic). The masked PAN keeps 6 digits, so 6-digit (or shorter) prefixes match,
 *    the longest first.
 *  - an IP is foreign when MaxMind's GeoLite2 country data (the geoip-country package, loaded on
 *    first use: ~6 ms) places it outside Malaysia; private, local and unknown addresses are not
 *    foreign (nothing says they are).
 */
import geoip from 'geoip-country';
import type { Query } from '../../db/client.ts';

/** BIN prefix → whether its issuer is domestic (Malaysian). */
export type BinTable = ReadonlyMap<string, boolean>;

/** Reads the active card BIN table. */
export async function loadBinTable(q: Query): Promise<BinTable> {
  const rows = await q<{ bin_prefix: string; issuer_country: string }>(`SELECT bin_prefix, issuer_country FROM card_bins WHERE is_active = 1`);
  return new Map(rows.map((r) => [r.bin_prefix, r.issuer_country === 'MYS']));
}

/** Whether a card is foreign: null without a card. */
export function isForeignCard(bins: BinTable, maskedPan: string | null, issuerCountry: string | null): boolean | null {
  if (!maskedPan) return null;
  const digits = maskedPan.replace(/\D/g, '').slice(0, 6);
  for (let n = Math.min(6, digits.length); n >= 4; n--) {
    const domestic = bins.get(digits.slice(0, n));
    if (domestic !== undefined) return !domestic;
  }
  return issuerCountry !== null && issuerCountry !== 'MYS';
}

/** Whether a client IP lies outside Malaysia: null without an IP or when its country is unknown. */
export function isForeignIp(ip: string | null): boolean | null {
  if (!ip) return null;
  const found = geoip.lookup(ip);
  return found ? found.country !== 'MY' : null;
}

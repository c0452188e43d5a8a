/**
 * The settlement file formats (docs/settlement-formats.md): six provider
 * reconciliation (RECON) files and three acquirer (TPA) files, each read by header name.
 */
import { BSN_RECON, BSN_TPA } from './bsn.ts';
import { FINEXUS_RECON } from './finexus.ts';
import { IPAY88_RECON } from './ipay88.ts';
import { PAYDEE_RECON, PAYDEE_TPA } from './paydee.ts';
import { RAZERPAY_RECON } from './razerpay.ts';
import { RM_RECON, RM_TPA } from './rm.ts';
import { headerKey } from './row-reader.ts';
import type { SettlementFormat } from './types.ts';

export type * from './types.ts';
export { SETTLEMENT_PROVIDERS } from './types.ts';

/** Every format, RECON first in SETTLEMENT_PROVIDERS order, then the TPA files: keys RM, BSN, RAZERPAY, FINEXUS, IPAY88, PAYDEE, RM_TPA, PAYDEE_TPA, BSN_TPA. */
export const SETTLEMENT_FORMATS: readonly SettlementFormat[] = Object.freeze([
  RM_RECON, BSN_RECON, RAZERPAY_RECON, FINEXUS_RECON, IPAY88_RECON, PAYDEE_RECON, RM_TPA, PAYDEE_TPA, BSN_TPA,
]);

const BY_KEY = new Map(SETTLEMENT_FORMATS.map((f) => [f.key, f]));

/** The format with key `key` ('RM', 'RM_TPA', …; compared trimmed, in any case), or undefined for an unknown key. */
export function formatOf(key: string): SettlementFormat | undefined {
  return typeof key === 'string' ? BY_KEY.get(key.trim().toUpperCase()) : undefined;
}

/**
 * The required headers of `format` that `headers` (a file's header row) lacks, in the format's
 * order and spelling; compared trimmed and case-insensitively, extra headers ignored. [] when the
 * file has them all.
 */
export function missingHeaders(format: SettlementFormat, headers: readonly string[]): string[] {
  const present = new Set(headers.map((h) => (typeof h === 'string' ? headerKey(h) : '')));
  return format.requiredHeaders.filter((h) => !present.has(headerKey(h)));
}

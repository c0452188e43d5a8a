/** An FPX channel: B2C retail internet banking, B2B corporate internet banking. */
export type FpxChannel = 'B2C' | 'B2B';

/**
 * A Malaysian bank as the `banks` table is seeded (§3 "About 42 Malaysian banks with codes").
 *  - `bankCode`: the PayNet FPX bank ID when the bank takes part in FPX (one row per FPX ID: a
 *    bank may have different IDs per channel, e.g. Maybank2U MB2U0227 and Maybank2E MBB0228);
 *    for a bank outside FPX, its SWIFT BIC (8 characters), so every code is unique;
 *  - `bankName`: the name shown (the FPX display name where there is one);
 *  - `swiftCode`: the bank's SWIFT BIC, used for payouts (DuitNow / IBG); null when unknown;
 *  - `channels`: the FPX channels the ID serves; empty for a bank outside FPX.
 */
export interface MalaysianBank {
  readonly bankCode: string;
  readonly bankName: string;
  readonly swiftCode: string | null;
  readonly channels: readonly FpxChannel[];
}

const b = (bankCode: string, bankName: string, swiftCode: string | null, channels: FpxChannel[]): MalaysianBank =>
  Object.freeze({ bankCode, bankName, swiftCode, channels: Object.freeze(channels) });

/**
 * Malaysian banks: the FPX production participants (retail and corporate, 31 IDs, plus Citibank's
 * retail ID CIT0219) and the licensed banks outside FPX that payouts reach by SWIFT code.
 * Sorted by name within each part. Every FPX ID, channel and SWIFT code was checked against
 * PayNet's published FPX lists and the banks' published SWIFT/DuitNow codes; a bank whose code
 * could not be confirmed is left out rather than guessed.
 */
export const MALAYSIAN_BANKS: readonly MalaysianBank[] = Object.freeze([
  // FPX participants
  b('ABB0233', 'Affin Bank', 'PHBMMYKL', ['B2C']),
  b('ABB0235', 'AFFINMAX', 'PHBMMYKL', ['B2B']),
  b('AGRO01', 'AGRONet', 'AGOBMYKL', ['B2C']),
  b('AGRO02', 'AGRONetBIZ', 'AGOBMYKL', ['B2B']),
  b('ABMB0212', 'Alliance Bank (Personal)', 'MFBBMYKL', ['B2C']),
  b('ABMB0213', 'Alliance Bank (Business)', 'MFBBMYKL', ['B2B']),
  b('AMBB0209', 'AmBank', 'ARBKMYKL', ['B2C']),
  b('AMBB0208', 'AmBank (Business)', 'ARBKMYKL', ['B2B']),
  b('BIMB0340', 'Bank Islam', 'BIMBMYKL', ['B2C', 'B2B']),
  b('BMMB0341', 'Bank Muamalat', 'BMMBMYKL', ['B2C']),
  b('BMMB0342', 'Bank Muamalat (Business)', 'BMMBMYKL', ['B2B']),
  b('BOCM01', 'Bank of China', 'BKCHMYKL', ['B2C']),
  b('BKRM0602', 'Bank Rakyat', 'BKRMMYKL', ['B2C', 'B2B']),
  b('BSN0601', 'BSN', 'BSNAMYK1', ['B2C']),
  b('BNP003', 'BNP Paribas', 'BNPAMYKL', ['B2B']),
  b('BCBB0235', 'CIMB Clicks', 'CIBBMYKL', ['B2C', 'B2B']),
  b('CIT0219', 'Citibank', 'CITIMYKL', ['B2C']),
  b('CIT0218', 'Citibank Corporate Banking', 'CITIMYKL', ['B2B']),
  b('DBB0199', 'Deutsche Bank', 'DEUTMYKL', ['B2B']),
  b('HLB0224', 'Hong Leong Bank', 'HLBBMYKL', ['B2C', 'B2B']),
  b('HSBC0223', 'HSBC Bank', 'HBMBMYKL', ['B2C', 'B2B']),
  b('KFH0346', 'KFH', 'KFHOMYKL', ['B2C', 'B2B']),
  b('MBB0228', 'Maybank2E', 'MBBEMYKL', ['B2C', 'B2B']),
  b('MB2U0227', 'Maybank2U', 'MBBEMYKL', ['B2C']),
  b('OCBC0229', 'OCBC Bank', 'OCBCMYKL', ['B2C', 'B2B']),
  b('PBB0233', 'Public Bank', 'PBBEMYKL', ['B2C', 'B2B']),
  b('PBB0234', 'Public Bank Enterprise', 'PBBEMYKL', ['B2B']),
  b('RHB0218', 'RHB Bank', 'RHBBMYKL', ['B2C', 'B2B']),
  b('SCB0216', 'Standard Chartered', 'SCBLMYKX', ['B2C']),
  b('SCB0215', 'Standard Chartered (Business)', 'SCBLMYKX', ['B2B']),
  b('UOB0226', 'UOB Bank', 'UOVBMYKL', ['B2C']),
  b('UOB0228', 'UOB Regional', 'UOVBMYKL', ['B2B']),
  // Licensed banks outside FPX (payouts by SWIFT code)
  b('RJHIMYKL', 'Al Rajhi Bank', 'RJHIMYKL', []),
  b('BOBEMYK2', 'Boost Bank', 'BOBEMYK2', []),
  b('PCBCMYKL', 'China Construction Bank (Malaysia)', 'PCBCMYKL', []),
  b('ICBKMYKL', 'Industrial and Commercial Bank of China (Malaysia)', 'ICBKMYKL', []),
  b('CHASMYKX', 'J.P. Morgan Chase Bank', 'CHASMYKX', []),
  b('AFBQMYKL', 'MBSB Bank', 'AFBQMYKL', []),
  b('MHCBMYKA', 'Mizuho Bank (Malaysia)', 'MHCBMYKA', []),
  b('SCCHMYKL', 'Ryt Bank', 'SCCHMYKL', []),
  b('SMBCMYKL', 'Sumitomo Mitsui Banking Corporation Malaysia', 'SMBCMYKL', []),
]);

/**
 * PayNet's FPX test banks (SBI Bank A/B/C), which exist only in the FPX UAT environment. Not part
 * of MALAYSIAN_BANKS; a UAT deployment may seed them, inactive in production.
 */
export const FPX_TEST_BANKS: readonly MalaysianBank[] = Object.freeze([
  b('TEST0021', 'SBI Bank A', null, ['B2C', 'B2B']),
  b('TEST0022', 'SBI Bank B', null, ['B2C', 'B2B']),
  b('TEST0023', 'SBI Bank C', null, ['B2C', 'B2B']),
]);

/** The banks of an FPX channel, e.g. for the FPX_B2C and FPX_B2B payment methods (§9). */
export function fpxBanks(channel: FpxChannel): readonly MalaysianBank[] {
  return MALAYSIAN_BANKS.filter((bank) => bank.channels.includes(channel));
}

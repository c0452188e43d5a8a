/**
 * Zone master keys (/zmk-config; §2 Terminal group, §6 permissions).
 *
 * A ZMK (zone master key, also "zone control master key") is the key-encrypting key an acquirer
 * shares with a host it exchanges working keys with: the card acquirer hosts (Maybank, CIMB …),
 * PayNet for MyDebit, and key-injection facilities. Working keys (ZPK for PINs, ZAK for MACs, ZEK
 * for data, a DUKPT BDK) travel encrypted under it. It is never sent whole: each side's key
 * custodians enter it as 2 or 3 components, XORed together, under dual control.
 *
 * Schemes a Malaysian acquirer needs:
 *  - TDES_2KEY (16 bytes, K1K2K1): what the local hosts and PayNet still exchange today, and the
 *    PCI PIN minimum for a key-encrypting key of TDES working keys;
 *  - TDES_3KEY (24 bytes): hosts that ask for triple length;
 *  - AES_128 / AES_192 / AES_256: the migration the schemes ask for (AES key blocks, ANSI
 *    X9.24-3 / TR-31); a KEK must be at least as strong as the keys it carries, so an AES-256
 *    working key needs an AES-256 ZMK.
 *
 * Check values (KCV), the 6 hex digits printed on each component slip and each key: TDES
 * encrypts 8 zero bytes with the key (ECB; a double-length key as K1K2K1), AES encrypts 16 zero
 * bytes (ECB); both keep the first 3 bytes. The AES CMAC method (X9.24-3) exists too; we use the
 * ECB-of-zeros method, which the hosts' HSMs (Thales, Utimaco) print by default.
 *
 * Parity: DES keys carry odd parity in each byte's low bit, which DES ignores. Components and
 * keys are accepted whatever their parity (a host's printed component may not be adjusted); the
 * screen shows whether a TDES key has odd parity.
 */
import type { ZmkScheme } from './enums.ts';

/** The length of a key of each scheme, in bytes. */
export const ZMK_SCHEME_BYTES: Readonly<Record<ZmkScheme, number>> = Object.freeze({ TDES_2KEY: 16, TDES_3KEY: 24, AES_128: 16, AES_192: 24, AES_256: 32 });

/** Whether a scheme is TDES (its parity is reported; its KCV encrypts 8 zero bytes). */
export const isTdesScheme = (s: ZmkScheme): boolean => s === 'TDES_2KEY' || s === 'TDES_3KEY';

/** How many components a key may be entered in (declared when it is created). */
export const ZMK_COMPONENT_COUNTS = [2, 3] as const;

/** The custodian permission that enters component `seq` (1 … 3) of any key. */
export const zmkCustodianPermission = (seq: number): string => `zmk:custodian${seq}`;

/** A component as typed on a custodian's slip: spaces between groups removed, upper case. */
export const normaliseHex = (typed: string): string => typed.replace(/\s+/g, '').toUpperCase();

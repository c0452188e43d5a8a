/**
 * The documented default MDR per payment method (docs/transaction-model.md) and the money text
 * helpers: what the seed prices its rows with and the ingest API (modules/txn-ingest) prices a
 * posted SUCCESS row with, before settlement prices each payment at the merchant's own rate
 * (modules/payout/settlement-mdr.ts). Amounts in sen (integers) or ringgit text ("12.30").
 */
import type { PaymentMethod } from '@paydesk/domain';

/**
 * The documented default MDR per payment method (docs/transaction-model.md), used by the seed in
 * place of a merchant-specific mdr_rates row: percent of the amount, and a floor in ringgit.
 */
export const DEFAULT_MDR: Record<PaymentMethod, { percent: number; min: number; flat?: number }> = {
  HOSTED_CARD: { percent: 1.8, min: 0.1 },
  CC: { percent: 1.5, min: 0.1 },
  CCINT: { percent: 2.8, min: 0.2 },
  EPP: { percent: 3.5, min: 1 },
  EPP_BSN: { percent: 3.0, min: 1 },
  FPX_B2C: { percent: 0, min: 0, flat: 1 },
  OB: { percent: 0, min: 0, flat: 1 },
  FPX_B2B: { percent: 0, min: 0, flat: 2 },
  EW: { percent: 1.2, min: 0.05 },
  GEN_QR: { percent: 0.5, min: 0.01 },
  STATIC_QR: { percent: 0.5, min: 0.01 },
  BNPL: { percent: 4.5, min: 0.5 },
  APM: { percent: 2.0, min: 0.1 },
  CRYPTO: { percent: 1.0, min: 0.1 },
};

/** The fee in sen for an amount in sen: flat, or percent (rounded half up) but at least the floor, never above the amount. */
export function mdrFeeSen(method: PaymentMethod, amountSen: number): number {
  const rate = DEFAULT_MDR[method];
  const fee = rate.flat !== undefined ? Math.round(rate.flat * 100) : Math.max(Math.round(rate.min * 100), Math.round((amountSen * rate.percent) / 100));
  return Math.min(fee, amountSen);
}

/** Sen as a decimal string of ringgit ("12.30"). */
export function senToText(sen: number): string {
  const s = Math.abs(sen);
  return `${sen < 0 ? '-' : ''}${Math.floor(s / 100)}.${String(s % 100).padStart(2, '0')}`;
}

/** A decimal ringgit string ("12.30") in sen. */
export function textToSen(text: string): number {
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

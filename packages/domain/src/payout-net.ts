/**
 * The net payout of a merchant's settlement day: what the sales brought in,
 * less refunds, the MDR fees (§9 "MDR fee mode", mdr-fee.ts) and chargebacks. All figures are
 * whole sen (BigInt), so sums of any number of lines stay exact.
 */

/** The four figures of a settlement day, in sen; each is a total ≥ 0 of its kind. */
export interface PayoutFigures {
  /** Sales. */
  grossSen: bigint;
  /** Money returned to cardholders. */
  refundsSen: bigint;
  /** MDR fees charged. */
  mdrSen: bigint;
  /** Money taken back by card schemes. */
  chargebacksSen: bigint;
}

/**
 * The net payout in sen: gross − refunds − MDR − chargebacks.
 * It may be negative (refunds, chargebacks or fees above the day's sales): the merchant then
 * owes that amount. A negative net is carried to the merchant's next settlement, not paid —
 * nothing is transferred for the day; the caller records the carry and nets it later.
 */
export function payoutNetSen({ grossSen, refundsSen, mdrSen, chargebacksSen }: PayoutFigures): bigint {
  return grossSen - refundsSen - mdrSen - chargebacksSen;
}

/** The kinds of money movement on a settlement day. */
export type SettlementLineKind = 'SALE' | 'REFUND' | 'CHARGEBACK';

/**
 * One line of a merchant's settlement day, in sen. `amountSen` is the magnitude of the movement
 * (≥ 0: a refund of RM 10 is 1000n, not -1000n; its kind gives the direction). `mdrSen` (≥ 0) is
 * the fee charged for the line: a sale's MDR; normally 0 on refunds and chargebacks, because a
 * sale's MDR stays charged when the sale is refunded — any fee a refund or chargeback line does
 * carry is charged too.
 */
export interface SettlementLine {
  kind: SettlementLineKind;
  amountSen: bigint;
  mdrSen: bigint;
}

/**
 * Sums a merchant's settlement-day lines into the four figures of payoutNetSen: SALE amounts
 * into gross, REFUND into refunds, CHARGEBACK into chargebacks, and every line's mdrSen into MDR.
 * Throws RangeError for a negative amount or fee (a signed amount would silently flip the
 * direction of a refund) or an unknown kind.
 */
export function settlementFigures(lines: Iterable<SettlementLine>): PayoutFigures {
  const f: PayoutFigures = { grossSen: 0n, refundsSen: 0n, mdrSen: 0n, chargebacksSen: 0n };
  for (const line of lines) {
    if (line.amountSen < 0n || line.mdrSen < 0n) throw new RangeError(`settlement line amounts are magnitudes ≥ 0, got ${line.kind} ${line.amountSen} (MDR ${line.mdrSen})`);
    switch (line.kind) {
      case 'SALE':
        f.grossSen += line.amountSen;
        break;
      case 'REFUND':
        f.refundsSen += line.amountSen;
        break;
      case 'CHARGEBACK':
        f.chargebacksSen += line.amountSen;
        break;
      default:
        throw new RangeError(`unknown settlement line kind: ${String((line as { kind: unknown }).kind)}`);
    }
    f.mdrSen += line.mdrSen;
  }
  return f;
}

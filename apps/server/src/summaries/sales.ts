/**
 * The one SQL form of "this transaction row is a sale" (packages/domain SALE_TXN_TYPES,
 * docs/transaction-model.md): the sales summaries, their bulk rebuild, readSummary's raw days and
 * the tests' oracles all count exactly these rows. Not sales: PREAUTH / VOIDPREAUTH holds, REVERSE,
 * the terminal batch messages, and pre-auth operation rows other than CAPTURE (a CAPTURE_VOID row
 * only records the void; the voided CAPTURE row itself carries status VOID).
 */
import { SALE_TXN_TYPES } from '@paydesk/domain';

/**
 * The condition, parenthesised, on the columns `txn_type` and `preauth_op` of `alias` (bare
 * column names when alias is omitted). Built from constants only, so it is safe to splice into
 * SQL text. Migration 0012_summaries_sales_only holds this exact text for alias 'src' (a unit
 * test compares them, so the trigger and the code cannot drift).
 */
export function saleRowSql(alias?: string): string {
  const c = (name: string) => (alias ? `${alias}.${name}` : name);
  return `(${c('txn_type')} IN (${SALE_TXN_TYPES.map((t) => `'${t}'`).join(', ')}) AND (${c('preauth_op')} IS NULL OR ${c('preauth_op')} = 'CAPTURE'))`;
}

/**
 * The portal's payment rows a provider settles: successful sales and captures, no holds or voids,
 * on alias `t`. Settlement matching, the demo settlement files and the payout build read it (kept
 * here, beside the sale predicate, so modules/payout does not import modules/settlement).
 */
export const PORTAL_PAYMENT = `t.status = 'SUCCESS' AND t.txn_type IN ('SALE', 'MOTO', 'EPP', 'SALECOMPLETION') AND (t.preauth_op IS NULL OR t.preauth_op = 'CAPTURE')`;

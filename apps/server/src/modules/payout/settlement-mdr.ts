/**
 * The MDR of settled payments (table `settled_payments`), set-based SQL shared by
 * the payout build (build.ts) and its tests:
 *  - `PRODUCT_CODE_SQL`: the /payment-product code a transaction was sold under, from its service
 *    type (prefix EC, POS, PL, PA, PBC, RC) and its method, wallet, BNPL provider or card (scheme,
 *    credit / debit, issued in Malaysia or abroad). A code that names no product (e.g. a JCB card,
 *    a PayLater the platform has no product for) finds none, and the payment keeps the fee recorded
 *    at authorization.
 *  - `settleMdrSql`: inserts the day's settled payments with the rate in force on the MYT business
 *    day for (product, merchant's MDR category) — or, when the merchant has no category or it has
 *    no rate for the product that day, the product's own category — and the fee it gives.
 *  - `MDR_FEE_SQL`: the §9 fee of `amount` under a rate row `r`, the SQL twin of the domain's
 *    mdrFeeSen (mdr-fee.ts): percent part rounded half up to the sen (numeric round() rounds
 *    halves away from zero, which for positive amounts is half up), mode 1 percent, 2 flat, 3 the
 *    higher, 4 both; the minimum raises it, the maximum caps it (least/greatest skip NULLs); a
 *    non-positive amount has no fee. settlement-mdr.test.ts checks the two agree on generated
 *    rates and amounts.
 * A rate is in force from its effective date on: the latest active rate with effective_date ≤ the
 * day (rateOn). So a bulk MDR update applies from its effective date only, and a day already
 * settled keeps the fees it was settled with.
 */

/** The product code of transaction alias `t` (SQL text; null when none can be named). */
export const PRODUCT_CODE_SQL = (t: string) => `(
  CASE ${t}.service_type WHEN 1 THEN 'EC' WHEN 2 THEN 'POS' WHEN 3 THEN 'PL' WHEN 4 THEN 'PA' WHEN 5 THEN 'PBC' WHEN 6 THEN 'RC' END || '-' ||
  CASE
    WHEN ${t}.payment_method IN ('EPP', 'EPP_BSN') THEN 'EPP'
    WHEN ${t}.payment_method = 'CRYPTO' THEN 'CRYPTO'
    WHEN ${t}.payment_method IN ('OB', 'FPX_B2C') THEN 'FPX-B2C'
    WHEN ${t}.payment_method = 'FPX_B2B' THEN 'FPX-B2B'
    WHEN ${t}.payment_method IN ('GEN_QR', 'STATIC_QR') OR ${t}.wallet_provider = 'DUITNOW_QR' THEN 'DUITNOW-QR'
    WHEN ${t}.wallet_provider IS NOT NULL THEN ${t}.wallet_provider
    WHEN ${t}.bnpl_provider IS NOT NULL THEN replace(${t}.bnpl_provider, '_', '-')
    WHEN ${t}.card_scheme IS NULL THEN NULL
    WHEN ${t}.service_type IN (3, 5, 6) THEN
      CASE WHEN ${t}.issuer_country <> 'MYS' AND ${t}.card_type IS DISTINCT FROM 'DEBIT' THEN 'INTL-CR' WHEN ${t}.card_type = 'DEBIT' THEN 'CARD-DR' ELSE 'CARD-CR' END
    WHEN ${t}.service_type = 4 THEN
      CASE WHEN ${t}.issuer_country <> 'MYS' THEN 'INTL-CR' WHEN ${t}.card_scheme = 'VISA' THEN 'VISA' WHEN ${t}.card_scheme = 'MASTER' THEN 'MC' END
    WHEN ${t}.card_scheme = 'AMEX' THEN 'AMEX'
    WHEN ${t}.card_scheme = 'UNIONPAY' THEN 'UPI'
    WHEN ${t}.card_scheme = 'MAESTRO' THEN 'MYDEBIT'
    WHEN ${t}.issuer_country <> 'MYS' AND ${t}.card_type IS DISTINCT FROM 'DEBIT' THEN 'INTL-CR'
    WHEN ${t}.card_scheme IN ('VISA', 'MASTER') THEN
      CASE ${t}.card_scheme WHEN 'VISA' THEN 'VISA' ELSE 'MC' END || CASE WHEN ${t}.card_type = 'DEBIT' THEN '-DR' ELSE '-CR' END
  END)`;

/** The §9 fee (ringgit numeric) of `amount` under mdr_rates row alias `r`; see the module comment. */
export const MDR_FEE_SQL = (amount: string, r: string) => `(CASE WHEN ${amount} <= 0 THEN 0::numeric ELSE least(greatest(
  CASE ${r}.fee_mode
    WHEN 1 THEN round(${amount} * ${r}.mdr_percent / 100, 2)
    WHEN 2 THEN ${r}.flat_amount
    WHEN 3 THEN greatest(round(${amount} * ${r}.mdr_percent / 100, 2), ${r}.flat_amount)
    WHEN 4 THEN round(${amount} * ${r}.mdr_percent / 100, 2) + ${r}.flat_amount
  END, ${r}.min_fee), ${r}.max_fee) END)`;

/**
 * The statement inserting the settled payments of business day $1 ('YYYY-MM-DD', MYT): the
 * transactions `t` that `where` (SQL text over alias `t`) picks — the day's portal payments —
 * each once (a payment settled before is left as it was). Parameters: $1 the day.
 */
export const settleMdrSql = (where: string) => `
  INSERT INTO settled_payments (transaction_id, business_day, merchant_id, payment_product_id, mdr_rate_id, mdr_fee)
  SELECT t.id, $1::date, t.merchant_id, pp.id, rate.id, coalesce(${MDR_FEE_SQL('t.amount', 'rate')}, t.mdr_fee)
  FROM transactions t
  LEFT JOIN payment_products pp ON pp.product_code = ${PRODUCT_CODE_SQL('t')}
  LEFT JOIN mdr_categories pc ON pc.service_type = pp.service_type AND pc.category_code = pp.category_code
  LEFT JOIN organization_configs oc ON oc.org_id = t.merchant_id AND oc.is_active = 1
  LEFT JOIN LATERAL (
    SELECT r.* FROM mdr_rates r
    WHERE r.payment_product_id = pp.id AND r.is_active = 1 AND r.effective_date <= $1::date AND r.mdr_category_id IN (oc.mdr_category_id, pc.id)
    ORDER BY (r.mdr_category_id = oc.mdr_category_id) DESC NULLS LAST, r.effective_date DESC
    LIMIT 1
  ) rate ON true
  WHERE ${where}
  ON CONFLICT (transaction_id) DO NOTHING`;

import { MDR_FEE_MODES, RULE_MESSAGES, fieldMessage } from '@paydesk/domain';
import { defineResource, type RuleViolation } from '../define.ts';
import { date, money, percent, select } from '../fields.ts';
import { reference } from './config-a-common.ts';

/** A decimal field's value as a number; undefined when absent (an Update that does not change it), null when empty. */
const amount = (v: unknown): number | null | undefined => (v === undefined ? undefined : v === null || v === '' ? null : Number(v));

/**
 * The §9 fee modes across fields:
 *  - 1 MDR: MdrPercent above 0 and FlatAmount 0 (a flat part would be ignored: use mode 4);
 *  - 2 flat amount: FlatAmount above 0 and MdrPercent 0;
 *  - 3 the higher of the two, 4 both added: MdrPercent and FlatAmount above 0;
 *  - MinFee, when given with MaxFee, is not above it.
 * Fields absent from an Update are not judged here; the engine judges the stored record.
 */
export function mdrFeeRule(r: Record<string, unknown>): RuleViolation | null {
  const mode = r.FeeMode === undefined || r.FeeMode === null ? undefined : Number(r.FeeMode);
  const pct = amount(r.MdrPercent);
  const flat = amount(r.FlatAmount);
  const needs = (v: number | null | undefined) => v !== undefined && !(Number(v) > 0);
  const forbids = (v: number | null | undefined) => v !== undefined && v !== null && v !== 0;
  if (mode === 1) {
    if (needs(pct)) return { field: 'MdrPercent', message: fieldMessage(RULE_MESSAGES.feeModeRate, { mode }) };
    if (forbids(flat)) return { field: 'FlatAmount', message: RULE_MESSAGES.feeMode1Flat };
  } else if (mode === 2) {
    if (needs(flat)) return { field: 'FlatAmount', message: fieldMessage(RULE_MESSAGES.feeModeAmount, { mode }) };
    if (forbids(pct)) return { field: 'MdrPercent', message: RULE_MESSAGES.feeMode2Rate };
  } else if (mode === 3 || mode === 4) {
    if (needs(pct)) return { field: 'MdrPercent', message: fieldMessage(RULE_MESSAGES.feeModeRate, { mode }) };
    if (needs(flat)) return { field: 'FlatAmount', message: fieldMessage(RULE_MESSAGES.feeModeAmount, { mode }) };
  }
  const min = amount(r.MinFee);
  const max = amount(r.MaxFee);
  if (min != null && max != null && min > max) return { field: 'MinFee', message: RULE_MESSAGES.minFeeAboveMax };
  return null;
}

/**
 * /mdr-products: the MDR rate of a payment product in an MDR category from an effective date
 * (§9 MDR fee mode: 1 MDR, 2 flat amount, 3 higher, 4 both). Where the spec is silent:
 *  - PaymentProductId and MdrCategoryId are picked from the 'paymentProductList' and
 *    'mdrCategorySearch' lookups (foreign keys: an unknown id is VAL400 naming the field);
 *  - MdrPercent is a percentage 0–100 with 4 decimals (1.8000 = 1.8 %), FlatAmount ringgit with
 *    2 decimals; both are required (0 where the mode does not use it), so the fee mode rule
 *    (mdrFeeRule, a cross-field `refine`) is judged on every row of a file as on the form;
 *  - MinFee / MaxFee optionally bound the fee of one transaction (empty = no bound);
 *  - EffectiveDate (a MYT calendar day) starts the rate: a new rate is a new row with a later
 *    date, so history stays; (product, category, date) is unique, hence no single-field natural
 *    key (BulkUpload inserts; an existing triple is refused naming the three fields).
 * The category is normally the product's own; a rate for another category of the same service
 * type prices the product differently for merchants configured with that category.
 */
export const mdrProductResource = defineResource({
  name: 'MdrProduct',
  path: '/mdr-products',
  module: 'mdrproduct',
  table: 'mdr_rates',
  scope: 'platform',
  titleKey: 'nav.mdr-products',
  titleField: 'PaymentProductId',
  fields: {
    PaymentProductId: reference('payment_product_id', 'res.mdrProduct.paymentProductId', 'paymentProductList', { list: true, filter: 'eq', sortable: true }),
    MdrCategoryId: reference('mdr_category_id', 'res.mdrProduct.mdrCategoryId', 'mdrCategorySearch', { list: true, filter: 'eq', sortable: true }),
    FeeMode: select('fee_mode', 'res.mdrProduct.feeMode', MDR_FEE_MODES.map((m) => ({ value: m.code as number, labelKey: m.labelKey })), { list: true, filter: 'eq', sortable: true }),
    MdrPercent: percent('mdr_percent', 'res.mdrProduct.mdrPercent', { list: true, sortable: true }),
    FlatAmount: money('flat_amount', 'res.mdrProduct.flatAmount', { list: true, sortable: true }),
    MinFee: money('min_fee', 'res.mdrProduct.minFee', { list: true, optional: true }),
    MaxFee: money('max_fee', 'res.mdrProduct.maxFee', { list: true, optional: true }),
    EffectiveDate: date('effective_date', 'res.mdrProduct.effectiveDate', { list: true, filter: 'eq', sortable: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'EffectiveDate', Order: 'desc' },
  refine: mdrFeeRule,
  // A rate prices every payment settled from its date: read back and confirmed before it is saved.
  confirmSave: { labelKey: 'res.mdrProduct.confirmSave', dateField: 'EffectiveDate' },
  description:
    'MDR rate of a payment product in an MDR category from an effective date: §9 fee mode (1 MDR %, 2 flat, 3 higher, 4 both), rate, flat amount, optional min/max fee; the fee mode rule is checked across fields.',
});

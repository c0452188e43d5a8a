import { defineResource } from '../define.ts';
import { int, select } from '../fields.ts';
import { reference } from './config-a-common.ts';

/**
 * The third-party acquirers / processors (TPA) of §2's per-provider configuration pages, as
 * [code, page]: the code is stored, the page's navigation label (`nav.<page>-config`, e.g. "M1")
 * names it.
 */
const TPA_PROVIDER_PAGES = [
  ['M1', 'm1'], ['GOBIZ', 'gobiz'], ['IOUPAY', 'ioupay'], ['IPAY88', 'ipay88'], ['REVPAY', 'revpay'],
  ['REVENUE_MONSTER', 'revenue-monster'], ['PAYDEE', 'paydee'], ['ENMOS', 'enmos'], ['SAFEPAY168', 'safepay168'],
  ['RAZERPAY', 'razerpay'], ['COIN2PAY', 'coin2pay'], ['PAYDIBS', 'paydibs'], ['PAYDIBS_V3', 'paydibsV3'],
  ['PAYDOLLAR', 'paydollar'], ['TAZAPAY', 'tazapay'], ['BSN', 'bsn'], ['BSN_CARDZONE', 'bsn-cardzone'], ['FINEXUS', 'finexus'],
  ['RHB', 'rhb'], ['PAYEX_GOBIZ', 'payex-gobiz'], ['PAYEX', 'payex'], ['FISERV', 'fiserv'], ['MCASH', 'mcash'],
] as const;

/** Provider codes of the TPA pages of §2, in the navigation's order. */
export const TPA_PROVIDERS = TPA_PROVIDER_PAGES.map(([code]) => code);

/**
 * /tpa-product-config: which provider (TPA) processes which payment product, by priority. Where
 * the spec is silent:
 *  - Provider is one of the providers that have a configuration page in §2 (M1 … MCASH);
 *  - PaymentProductId is picked from the 'paymentProductList' lookup (a foreign key);
 *  - Priority 1–99 orders the providers of one product: 1 is tried first, a higher number is a
 *    fallback; two providers may share a priority (either may be used);
 *  - a provider is configured once per product ((product, provider) is unique), so there is no
 *    single-field natural key: BulkUpload inserts and an existing pair is refused naming both.
 */
export const tpaProductConfigResource = defineResource({
  name: 'TpaProductConfig',
  path: '/tpa-product-config',
  module: 'tpaproductconfig',
  table: 'tpa_product_configs',
  scope: 'platform',
  titleKey: 'nav.tpa-product-config',
  titleField: 'Provider',
  fields: {
    Provider: select('provider', 'res.tpaProductConfig.provider', TPA_PROVIDER_PAGES.map(([code, page]) => ({ value: code as string, labelKey: `nav.${page}-config` })), {
      list: true, filter: 'eq', sortable: true,
    }),
    PaymentProductId: reference('payment_product_id', 'res.tpaProductConfig.paymentProductId', 'paymentProductList', { list: true, filter: 'eq', sortable: true }),
    Priority: int('priority', 'res.tpaProductConfig.priority', { min: 1, max: 99, list: true, sortable: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'PaymentProductId', Order: 'asc' },
  description: 'Which TPA provider (of the §2 provider pages) processes which payment product, by priority 1–99 (1 first); one row per product and provider.',
});

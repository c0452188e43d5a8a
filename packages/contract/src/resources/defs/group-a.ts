/** Resources of group A (reference and pricing configuration). */
import type { ResourceDef } from '../define.ts';
import { acquirerResource } from './acquirer.ts';
import { bankResource } from './bank.ts';
import { cardBinResource } from './card-bin.ts';
import { currencyResource } from './currency.ts';
import { mdrCategoryResource } from './mdr-category.ts';
import { mdrProductResource } from './mdr-product.ts';
import { natureBusinessResource } from './nature-business.ts';
import { paymentCategoryResource } from './payment-category.ts';
import { subscriptionResource } from './subscription.ts';
import { tpaProductConfigResource } from './tpa-product-config.ts';

export const GROUP_A: ResourceDef[] = [
  currencyResource,
  bankResource,
  mdrCategoryResource,
  paymentCategoryResource,
  acquirerResource,
  mdrProductResource,
  tpaProductConfigResource,
  subscriptionResource,
  natureBusinessResource,
  cardBinResource,
];

import { RULE_MESSAGES } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { select, text } from '../fields.ts';
import { SERVICE_TYPE_OPTIONS, UPPER_CODE } from './config-a-common.ts';

/**
 * /payment-category: the payment products and the MDR category each belongs to (§3 Payment
 * product: PaymentProductId, ProductName, ServiceType, CategoryCode, ProductCode). The screen's
 * name says "category", but what it maintains is the `payment_products` table: a product (e.g.
 * "FPX B2C" of e-commerce) filed under an MDR category of its service type. The categories
 * themselves are /mdr-category. Where the spec is silent:
 *  - ProductCode is the natural key (BulkUpload updates by it): capitals, digits and '-', the
 *    service type as prefix by convention (EC-FPX-B2C, POS-MYDEBIT);
 *  - (ServiceType, CategoryCode) must name an existing MDR category (a foreign key; VAL400
 *    naming both fields otherwise); CategoryCode is picked from the 'mdrCategorySearch' lookup;
 *  - only active products are offered (GetPaymentProductList).
 * MDR rates and TPA product configurations refer to a product by id: delete is refused while they
 * exist.
 */
export const paymentCategoryResource = defineResource({
  name: 'PaymentCategory',
  path: '/payment-category',
  module: 'paymentcategory',
  table: 'payment_products',
  scope: 'platform',
  titleKey: 'nav.payment-category',
  titleField: 'ProductName',
  fields: {
    ProductName: text('product_name', 'res.paymentCategory.productName', { max: 100, list: true, filter: 'contains', sortable: true }),
    ProductCode: text('product_code', 'res.paymentCategory.productCode', {
      max: 30, list: true, filter: 'contains', sortable: true,
      pattern: [/^[A-Z0-9]+(?:-[A-Z0-9]+)*$/, RULE_MESSAGES.productCode],
    }),
    ServiceType: select('service_type', 'res.paymentCategory.serviceType', SERVICE_TYPE_OPTIONS, { list: true, filter: 'eq', sortable: true }),
    // Picked from the MDR categories of the chosen service type (lookup), checked by the foreign key.
    CategoryCode: { ...text('category_code', 'res.paymentCategory.categoryCode', { max: 30, list: true, filter: 'eq', sortable: true, lookup: 'mdrCategorySearch', pattern: UPPER_CODE }), input: 'select' },
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'ServiceType', Order: 'asc' },
  naturalKey: 'ProductCode',
  dependents: [
    { table: 'mdr_rates', column: 'payment_product_id', labelKey: 'MDR rates' },
    { table: 'tpa_product_configs', column: 'payment_product_id', labelKey: 'TPA product configurations' },
  ],
  description:
    'Payment products (the payment_products table) and the MDR category of their service type each belongs to; ProductCode is the natural key; MDR rates and TPA product configurations refer to them.',
});

import { defineResource } from '../define.ts';
import { select, text } from '../fields.ts';
import { SERVICE_TYPE_OPTIONS, UPPER_CODE } from './config-a-common.ts';

/**
 * /mdr-category: MDR categories, the pricing buckets of payment products within one service type
 * (§3 MDR category search: ServiceType, CategoryCode, IsActive; §9 MDR fee modes), e.g.
 * CREDIT_DOMESTIC or FPX of e-commerce. Where the spec is silent:
 *  - a category is identified by (ServiceType, CategoryCode): the same code exists once per
 *    service type, so there is no single-field natural key and BulkUpload always inserts (a pair
 *    that exists already is refused, naming both fields);
 *  - CategoryCode is a capital code, CategoryName its display name;
 *  - ServiceType is one of 1–6 (§9), labelled `enum.serviceType.N`.
 * MDR rates and organization configurations refer to a category by id (delete is refused while
 * they exist); payment products refer to it by (service type, category code) through a foreign
 * key, so deleting it, or changing its code or service type, while products use it is refused
 * (CF409 naming the payment products). Deactivate a category instead of deleting it.
 */
export const mdrCategoryResource = defineResource({
  name: 'MdrCategory',
  path: '/mdr-category',
  module: 'mdrcategory',
  table: 'mdr_categories',
  scope: 'platform',
  titleKey: 'nav.mdr-category',
  titleField: 'CategoryCode',
  fields: {
    CategoryCode: text('category_code', 'res.mdrCategory.categoryCode', { max: 30, list: true, filter: 'contains', sortable: true, pattern: UPPER_CODE }),
    CategoryName: text('category_name', 'res.mdrCategory.categoryName', { max: 100, list: true, filter: 'contains', sortable: true }),
    ServiceType: select('service_type', 'res.mdrCategory.serviceType', SERVICE_TYPE_OPTIONS, { list: true, filter: 'eq', sortable: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'ServiceType', Order: 'asc' },
  dependents: [
    { table: 'mdr_rates', column: 'mdr_category_id', labelKey: 'MDR rates' },
    { table: 'organization_configs', column: 'mdr_category_id', labelKey: 'organization configurations' },
  ],
  description:
    'Pricing buckets of payment products per service type: capital code and name, unique per service type (no single-field natural key); products, MDR rates and organization configurations refer to them.',
});

import { RULE_MESSAGES } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { int, text } from '../fields.ts';

/**
 * /currency-config: the currencies the portal offers (§3 Currency: Id, CurrencyCode, IsActive).
 * Only active ones are offered by GetCurrency; the first active one by sort order is the default.
 */
export const currencyResource = defineResource({
  name: 'Currency',
  path: '/currency-config',
  module: 'currency',
  table: 'currencies',
  scope: 'platform',
  titleKey: 'nav.currency-config',
  titleField: 'CurrencyCode',
  fields: {
    CurrencyCode: text('currency_code', 'res.currency.code', { max: 3, list: true, filter: 'contains', sortable: true, pattern: [/^[A-Z]{3}$/, RULE_MESSAGES.currencyCode] }),
    Name: text('name', 'res.currency.name', { max: 60, list: true, filter: 'contains', sortable: true }),
    Symbol: text('symbol', 'res.currency.symbol', { max: 8, list: true }),
    SortOrder: int('sort_order', 'res.currency.sortOrder', { max: 999, list: true, sortable: true, optional: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'SortOrder', Order: 'asc' },
  naturalKey: 'CurrencyCode',
  dependents: [{ table: 'transactions', column: 'currency', key: 'CurrencyCode', labelKey: 'transactions' }],
  description: 'ISO 4217 code, display name, symbol and sort order; deactivated currencies stay on old transactions.',
});

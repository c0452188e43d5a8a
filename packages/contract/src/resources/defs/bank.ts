import { COUNTRY_ENTRIES, RULE_MESSAGES } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { int, multiselect, select, text } from '../fields.ts';

/**
 * A bank code: the PayNet FPX bank ID (a capital letter, capitals or digits, then 2–4 digits:
 * ABB0233, MB2U0227, AGRO01, BNP003, TEST0021) or, for a licensed bank outside FPX, its SWIFT BIC
 * (RJHIMYKL), as the domain's MALAYSIAN_BANKS are coded.
 */
const BANK_CODE = /^(?:[A-Z][A-Z0-9]{1,6}\d{2,4}|[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)$/;
/** SWIFT BIC (ISO 9362): 4 bank + 2 country letters, 2 location characters, optional 3 branch characters. */
const SWIFT_BIC = /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;

/**
 * /bank-config: the banks of FPX payments and payouts (§3 Bank: Id, BankName, IsActive, Country;
 * §3 "About 42 Malaysian banks with codes"). Only active banks are offered (§9, GetBankList).
 * Where the spec is silent:
 *  - BankCode is the natural key (BulkUpload updates by it): the FPX bank ID, or the SWIFT BIC
 *    of a bank outside FPX, so every bank has one unique code;
 *  - SwiftCode is optional (payouts by DuitNow / IBG need it; PayNet's test banks have none);
 *  - Country offers MALAYSIA only (§9 "The only country is MALAYSIA"), the database default;
 *  - Channels are the FPX channels the code takes part in (B2C retail, B2B corporate); empty for
 *    a bank outside FPX; a multiselect stored as text[] (one cell "B2C|B2B" in files);
 *  - SortOrder orders GetBankList (then the name).
 * A bank named by payout accounts (organization_configs) or by transactions cannot be deleted;
 * deactivate it instead.
 */
export const bankResource = defineResource({
  name: 'Bank',
  path: '/bank-config',
  module: 'bank',
  table: 'banks',
  scope: 'platform',
  titleKey: 'nav.bank-config',
  titleField: 'BankName',
  fields: {
    BankName: text('bank_name', 'res.bank.bankName', { max: 100, list: true, filter: 'contains', sortable: true }),
    BankCode: text('bank_code', 'res.bank.bankCode', {
      max: 11, list: true, filter: 'contains', sortable: true, helpKey: 'res.bank.bankCode.help',
      pattern: [BANK_CODE, RULE_MESSAGES.bankCode],
    }),
    SwiftCode: text('swift_code', 'res.bank.swiftCode', { max: 11, list: true, optional: true, pattern: [SWIFT_BIC, RULE_MESSAGES.swiftBic] }),
    Country: select('country', 'res.bank.country', COUNTRY_ENTRIES.map((c) => ({ value: c.code, labelKey: c.labelKey })), { list: true, filter: 'eq', optional: true }),
    Channels: multiselect('channels', 'res.bank.channels', [
      { value: 'B2C', labelKey: 'res.bank.channel.B2C' },
      { value: 'B2B', labelKey: 'res.bank.channel.B2B' },
    ], { list: true, optional: true }),
    SortOrder: int('sort_order', 'res.bank.sortOrder', { max: 999, list: true, sortable: true, optional: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'SortOrder', Order: 'asc' },
  naturalKey: 'BankCode',
  dependents: [
    { table: 'organization_configs', column: 'payout_bank_id', labelKey: 'organization configurations (payout bank)' },
    { table: 'transactions', column: 'bank_code', key: 'BankCode', labelKey: 'transactions' },
  ],
  description:
    'FPX and payout banks: name, FPX bank code or SWIFT BIC (natural key), optional SWIFT BIC, country (MALAYSIA), FPX channels (B2C/B2B) and sort order; only active banks are offered.',
});

import { CARD_SCHEME_ENTRIES, CARD_SCHEME_LABELS, CARD_TYPE_ENTRIES, RULE_MESSAGES, detectCardScheme, fieldMessage, type CardScheme } from '@paydesk/domain';
import { defineResource, type RuleViolation } from '../define.ts';
import { flag, select, text } from '../fields.ts';

/** Malaysia's ISO 3166-1 alpha-3 code: a BIN issued there is domestic. */
const MALAYSIA_ALPHA3 = 'MYS';

/**
 * The rules across fields of a BIN:
 *  - CardScheme agrees with the §3 scheme of BinPrefix (detectCardScheme; 62… is UnionPay), and a
 *    prefix in no §3 range is refused;
 *  - IsDomestic is 1 exactly when IssuerCountry is MYS (Malaysia).
 * Fields absent from an Update are not judged here; the engine judges the stored record.
 */
export function cardBinRule(r: Record<string, unknown>): RuleViolation | null {
  if (typeof r.BinPrefix === 'string' && /^\d{6,8}$/.test(r.BinPrefix)) {
    const detected = detectCardScheme(r.BinPrefix);
    if (!detected) return { field: 'BinPrefix', message: RULE_MESSAGES.binNoScheme };
    if (typeof r.CardScheme === 'string' && r.CardScheme !== detected) {
      return { field: 'CardScheme', message: fieldMessage(RULE_MESSAGES.binScheme, { bin: r.BinPrefix, scheme: `${CARD_SCHEME_LABELS[detected as CardScheme]} (${detected})` }) };
    }
  }
  if (typeof r.IssuerCountry === 'string' && r.IsDomestic !== undefined && r.IsDomestic !== null) {
    const domestic = r.IssuerCountry === MALAYSIA_ALPHA3 ? 1 : 0;
    if (Number(r.IsDomestic) !== domestic) return { field: 'IsDomestic', message: domestic ? RULE_MESSAGES.domesticYes : RULE_MESSAGES.domesticNo };
  }
  return null;
}

/**
 * /cardBIN-maintenance: card BIN ranges with scheme, type, issuer and whether the card is
 * domestic (§3 Card BIN: CardSchemes, CardTypes lists); risk rules read it (e.g. the foreign card
 * ratio of §9). Where the spec is silent:
 *  - BinPrefix is the natural key (BulkUpload updates by it): the first 6–8 digits of the card
 *    number (8-digit BINs since 2022), never a whole card number;
 *  - CardScheme is one of CARD_SCHEMES (labels `enum.cardScheme.*` = CARD_SCHEME_LABELS) and must
 *    agree with detectCardScheme(BinPrefix); CardType one of CARD_TYPES;
 *  - IssuerCountry is an ISO 3166-1 alpha-3 code picked from the 'countryList' lookup (a foreign
 *    key to the countries table: an unknown code is VAL400);
 *  - IsDomestic (1/0) must say whether IssuerCountry is MYS (cardBinRule, a cross-field `refine`).
 */
export const cardBinResource = defineResource({
  name: 'CardBin',
  path: '/cardBIN-maintenance',
  module: 'cardbin',
  table: 'card_bins',
  scope: 'platform',
  titleKey: 'nav.cardBIN-maintenance',
  titleField: 'BinPrefix',
  fields: {
    BinPrefix: text('bin_prefix', 'res.cardBin.binPrefix', { max: 8, list: true, filter: 'contains', sortable: true, pattern: [/^\d{6,8}$/, RULE_MESSAGES.binPrefix] }),
    CardScheme: select('card_scheme', 'res.cardBin.cardScheme', CARD_SCHEME_ENTRIES.map((e) => ({ value: e.code as string, labelKey: e.labelKey })), { list: true, filter: 'eq', sortable: true }),
    CardType: select('card_type', 'res.cardBin.cardType', CARD_TYPE_ENTRIES.map((e) => ({ value: e.code as string, labelKey: e.labelKey })), { list: true, filter: 'eq', sortable: true }),
    IssuerName: text('issuer_name', 'res.cardBin.issuerName', { max: 150, list: true, filter: 'contains', sortable: true }),
    IssuerCountry: {
      ...text('issuer_country', 'res.cardBin.issuerCountry', { max: 3, list: true, filter: 'eq', sortable: true, lookup: 'countryList', pattern: [/^[A-Z]{3}$/, RULE_MESSAGES.countryAlpha3] }),
      input: 'select',
    },
    IsDomestic: flag('is_domestic', 'res.cardBin.isDomestic', { list: true, filter: 'eq' }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'BinPrefix', Order: 'asc' },
  naturalKey: 'BinPrefix',
  refine: cardBinRule,
  description:
    'Card BINs (6–8 digit prefixes, natural key) with scheme (must match the §3 prefix ranges), card type, issuer, issuer country (ISO alpha-3) and whether domestic (MYS).',
});

/**
 * Names that are not enum codes but are shared by the server (export cells, upload readers) and the
 * web app (pickers, menu) in every language: the 16 Malaysian states and federal territories
 * (ISO 3166-2:MY codes, `state.MY-xx`) and the brand names of the providers (`nav.<provider>-config`,
 * the same in every language). Merged into ENUM_LABELS, so each text is written once.
 */

const enStates = {
  'state.MY-01': 'Johor',
  'state.MY-02': 'Kedah',
  'state.MY-03': 'Kelantan',
  'state.MY-04': 'Melaka',
  'state.MY-05': 'Negeri Sembilan',
  'state.MY-06': 'Pahang',
  'state.MY-07': 'Pulau Pinang',
  'state.MY-08': 'Perak',
  'state.MY-09': 'Perlis',
  'state.MY-10': 'Selangor',
  'state.MY-11': 'Terengganu',
  'state.MY-12': 'Sabah',
  'state.MY-13': 'Sarawak',
  'state.MY-14': 'W.P. Kuala Lumpur',
  'state.MY-15': 'W.P. Labuan',
  'state.MY-16': 'W.P. Putrajaya',
} as const;

/** Malay writes the states' proper names as English does. */
const msStates: Record<keyof typeof enStates, string> = enStates;

const zhStates = {
  'state.MY-01': '柔佛',
  'state.MY-02': '吉打',
  'state.MY-03': '吉兰丹',
  'state.MY-04': '马六甲',
  'state.MY-05': '森美兰',
  'state.MY-06': '彭亨',
  'state.MY-07': '槟城',
  'state.MY-08': '霹雳',
  'state.MY-09': '玻璃市',
  'state.MY-10': '雪兰莪',
  'state.MY-11': '登嘉楼',
  'state.MY-12': '沙巴',
  'state.MY-13': '砂拉越',
  'state.MY-14': '吉隆坡联邦直辖区',
  'state.MY-15': '纳闽联邦直辖区',
  'state.MY-16': '布城联邦直辖区',
};

/** Provider brand names, the same in every language. */
export const PROVIDER_NAMES: Readonly<Record<string, string>> = Object.freeze({
  'nav.m1-config': 'M1',
  'nav.gobiz-config': 'GoBiz',
  'nav.ioupay-config': 'iOUPay',
  'nav.ipay88-config': 'iPay88',
  'nav.revpay-config': 'RevPay',
  'nav.revenue-monster-config': 'Revenue Monster',
  'nav.paydee-config': 'Paydee',
  'nav.enmos-config': 'Enmos',
  'nav.safepay168-config': 'SafePay168',
  'nav.razerpay-config': 'Razer Pay',
  'nav.coin2pay-config': 'Coin2Pay',
  'nav.paydibs-config': 'Paydibs',
  'nav.paydibsV3-config': 'Paydibs v3',
  'nav.paydollar-config': 'PayDollar',
  'nav.tazapay-config': 'Tazapay',
  'nav.bsn-config': 'BSN',
  'nav.bsn-cardzone-config': 'BSN Cardzone',
  'nav.finexus-config': 'Finexus',
  'nav.rhb-config': 'RHB',
  'nav.payex-gobiz-config': 'Payex GoBiz',
  'nav.payex-config': 'Payex',
  'nav.fiserv-config': 'Fiserv',
  'nav.mcash-config': 'MCash',
});

/** State names and provider brand names by language. */
export const PLACE_AND_BRAND_LABELS: { en: Readonly<Record<string, string>>; ms: Readonly<Record<string, string>>; zh: Readonly<Record<string, string>> } = Object.freeze({
  en: Object.freeze({ ...enStates, ...PROVIDER_NAMES }),
  ms: Object.freeze({ ...msStates, ...PROVIDER_NAMES }),
  zh: Object.freeze({ ...zhStates, ...PROVIDER_NAMES }),
});

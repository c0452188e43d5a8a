import { defineResource } from '../define.ts';
import { int, select, text, url } from '../fields.ts';
import { codeOptions, lookupId } from './b-fields.ts';
import { scheduleFields, scheduleRule, withScheduleTexts } from './schedule.ts';

/** Which terminals show an advertisement: every one, those of one model, or those of one merchant. */
export const TERMINAL_AD_TARGETS = ['ALL', 'MODEL', 'MERCHANT'] as const;

const empty = (v: unknown) => v === undefined || v === null || v === '';

const MODEL_NEEDED = 'choose the model the advertisement is for';
const MERCHANT_NEEDED = 'choose the merchant the advertisement is for';

/**
 * /terminal-advertisement: pictures shown on terminals' idle screens. Where the
 * spec is silent:
 *  - Target decides which terminals show it: all, those of one Model (GetTerminalModel), or those
 *    of one merchant (MerchantId); the field the target needs is required (named when missing);
 *  - ImageUrl is where the terminal fetches the picture; it shows DisplaySeconds at a time (3–60)
 *    from StartDate to EndDate inclusive (MYT days).
 */
export const terminalAdvertisementResource = defineResource({
  name: 'TerminalAdvertisement',
  path: '/terminal-advertisement',
  module: 'terminaladvertisement',
  table: 'terminal_advertisements',
  scope: 'platform',
  titleKey: 'nav.terminal-advertisement',
  titleField: 'Title',
  fields: {
    Title: text('title', 'res.terminalAd.title', { max: 100, list: true, filter: 'contains', sortable: true }),
    Target: select('target', 'res.terminalAd.target', codeOptions(TERMINAL_AD_TARGETS, 'res.terminalAd.target'), { list: true, filter: 'eq', sortable: true }),
    Model: { ...text('model', 'res.terminalAd.model', { max: 100, list: true, optional: true, lookup: 'terminalModels' }), input: 'select' },
    MerchantId: lookupId('merchant_id', 'res.terminalAd.merchant', 'subscriptionCompanyList', { list: true }),
    ImageUrl: url('image_url', 'res.terminalAd.imageUrl', { list: true }),
    DisplaySeconds: int('display_seconds', 'res.terminalAd.displaySeconds', { min: 3, max: 60, list: true }),
    ...scheduleFields(),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export'],
  defaultSort: { Field: 'StartDate', Order: 'desc' },
  // On an update the rule sees the stored record with the change over it, so an absent field is empty.
  refine: (r) => {
    if (r.Target === 'MODEL' && empty(r.Model)) return { field: 'Model', message: MODEL_NEEDED };
    if (r.Target === 'MERCHANT' && empty(r.MerchantId)) return { field: 'MerchantId', message: MERCHANT_NEEDED };
    return scheduleRule(r);
  },
  description: 'Terminal idle-screen pictures: title, target (all, a model or a merchant), image address, seconds shown and the MYT days they run.',
  texts: withScheduleTexts({
    en: {
      'res.terminalAd.title': 'Title',
      'res.terminalAd.target': 'Shown on',
      'res.terminalAd.target.ALL': 'All terminals',
      'res.terminalAd.target.MODEL': 'Terminals of a model',
      'res.terminalAd.target.MERCHANT': "A merchant's terminals",
      'res.terminalAd.model': 'Model',
      'res.terminalAd.merchant': 'Merchant',
      'res.terminalAd.imageUrl': 'Image address',
      'res.terminalAd.displaySeconds': 'Seconds shown',
      [MODEL_NEEDED]: MODEL_NEEDED,
      [MERCHANT_NEEDED]: MERCHANT_NEEDED,
    },
    ms: {
      'res.terminalAd.title': 'Tajuk',
      'res.terminalAd.target': 'Dipaparkan pada',
      'res.terminalAd.target.ALL': 'Semua terminal',
      'res.terminalAd.target.MODEL': 'Terminal bagi satu model',
      'res.terminalAd.target.MERCHANT': 'Terminal seorang peniaga',
      'res.terminalAd.model': 'Model',
      'res.terminalAd.merchant': 'Peniaga',
      'res.terminalAd.imageUrl': 'Alamat imej',
      'res.terminalAd.displaySeconds': 'Saat dipaparkan',
      [MODEL_NEEDED]: 'pilih model untuk iklan ini',
      [MERCHANT_NEEDED]: 'pilih peniaga untuk iklan ini',
    },
    zh: {
      'res.terminalAd.title': '标题',
      'res.terminalAd.target': '显示于',
      'res.terminalAd.target.ALL': '所有终端',
      'res.terminalAd.target.MODEL': '某型号的终端',
      'res.terminalAd.target.MERCHANT': '某商户的终端',
      'res.terminalAd.model': '型号',
      'res.terminalAd.merchant': '商户',
      'res.terminalAd.imageUrl': '图片地址',
      'res.terminalAd.displaySeconds': '显示秒数',
      [MODEL_NEEDED]: '请选择广告对应的型号',
      [MERCHANT_NEEDED]: '请选择广告对应的商户',
    },
  }),
});

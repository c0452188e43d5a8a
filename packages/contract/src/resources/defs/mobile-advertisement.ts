import { defineResource } from '../define.ts';
import { int, select, text, url } from '../fields.ts';
import { codeOptions } from './b-fields.ts';
import { scheduleFields, scheduleRule, withScheduleTexts } from './schedule.ts';

/** Where in the merchant app an advertisement shows. */
export const MOBILE_AD_PLACEMENTS = ['HOME_BANNER', 'SPLASH', 'PROMOTIONS'] as const;

/**
 * /mobile-advertisement: the banners the merchant app shows. Where the spec is
 * silent:
 *  - ImageUrl is where the app fetches the picture (https, e.g. the bucket's public address); a
 *    link (optional) opens when the banner is tapped;
 *  - it shows from StartDate to EndDate inclusive (MYT days), in SortOrder within its placement;
 *  - EndDate before StartDate is refused, naming EndDate.
 */
export const mobileAdvertisementResource = defineResource({
  name: 'MobileAdvertisement',
  path: '/mobile-advertisement',
  module: 'mobileadvertisement',
  table: 'mobile_advertisements',
  scope: 'platform',
  titleKey: 'nav.mobile-advertisement',
  titleField: 'Title',
  fields: {
    Title: text('title', 'res.mobileAd.title', { max: 100, list: true, filter: 'contains', sortable: true }),
    Placement: select('placement', 'res.mobileAd.placement', codeOptions(MOBILE_AD_PLACEMENTS, 'res.mobileAd.placement'), { list: true, filter: 'eq', sortable: true }),
    ImageUrl: url('image_url', 'res.mobileAd.imageUrl', { list: true }),
    LinkUrl: url('link_url', 'res.mobileAd.linkUrl', { optional: true }),
    ...scheduleFields(),
    SortOrder: int('sort_order', 'res.mobileAd.sortOrder', { max: 999, list: true, sortable: true, optional: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export'],
  defaultSort: { Field: 'StartDate', Order: 'desc' },
  refine: scheduleRule,
  description: 'Merchant app banners: title, placement, image and link addresses, the MYT days it shows (start to end inclusive) and its order.',
  texts: withScheduleTexts({
    en: {
      'res.mobileAd.title': 'Title',
      'res.mobileAd.placement': 'Placement',
      'res.mobileAd.placement.HOME_BANNER': 'Home banner',
      'res.mobileAd.placement.SPLASH': 'Splash screen',
      'res.mobileAd.placement.PROMOTIONS': 'Promotions page',
      'res.mobileAd.imageUrl': 'Image address',
      'res.mobileAd.linkUrl': 'Link address',
      'res.mobileAd.sortOrder': 'Order',
    },
    ms: {
      'res.mobileAd.title': 'Tajuk',
      'res.mobileAd.placement': 'Penempatan',
      'res.mobileAd.placement.HOME_BANNER': 'Sepanduk utama',
      'res.mobileAd.placement.SPLASH': 'Skrin pembuka',
      'res.mobileAd.placement.PROMOTIONS': 'Halaman promosi',
      'res.mobileAd.imageUrl': 'Alamat imej',
      'res.mobileAd.linkUrl': 'Alamat pautan',
      'res.mobileAd.sortOrder': 'Susunan',
    },
    zh: {
      'res.mobileAd.title': '标题',
      'res.mobileAd.placement': '位置',
      'res.mobileAd.placement.HOME_BANNER': '首页横幅',
      'res.mobileAd.placement.SPLASH': '启动画面',
      'res.mobileAd.placement.PROMOTIONS': '促销页面',
      'res.mobileAd.imageUrl': '图片地址',
      'res.mobileAd.linkUrl': '链接地址',
      'res.mobileAd.sortOrder': '顺序',
    },
  }),
});

import { RECEIPT_TYPE_ENTRIES } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { int, select, text, url } from '../fields.ts';
import { optionsOf } from './b-fields.ts';
import { scheduleFields, scheduleRule, withScheduleTexts } from './schedule.ts';

/**
 * /content-management/nfc-receipt-banner: banners on tap-payment receipts (§9
 * receipt types). Where the spec is silent:
 *  - a banner shows on receipts of one type (an e-receipt page, or the foot of a printed slip),
 *    from StartDate to EndDate inclusive (MYT days), in SortOrder when several run at once;
 *  - ImageUrl is the picture (https); LinkUrl (optional, e-receipts only) opens when it is tapped.
 */
export const nfcReceiptBannerResource = defineResource({
  name: 'NfcReceiptBanner',
  path: '/content-management/nfc-receipt-banner',
  module: 'contentmanagement',
  viewPermission: 'contentmanagement:nfcreceiptbanner',
  table: 'nfc_receipt_banners',
  scope: 'platform',
  titleKey: 'nav.content-management/nfc-receipt-banner',
  titleField: 'Title',
  fields: {
    Title: text('title', 'res.nfcBanner.title', { max: 100, list: true, filter: 'contains', sortable: true }),
    ReceiptType: select('receipt_type', 'res.nfcBanner.receiptType', optionsOf(RECEIPT_TYPE_ENTRIES), { list: true, filter: 'eq', sortable: true }),
    ImageUrl: url('image_url', 'res.nfcBanner.imageUrl', { list: true }),
    LinkUrl: url('link_url', 'res.nfcBanner.linkUrl', { optional: true }),
    ...scheduleFields(),
    SortOrder: int('sort_order', 'res.nfcBanner.sortOrder', { max: 999, list: true, sortable: true, optional: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export'],
  defaultSort: { Field: 'StartDate', Order: 'desc' },
  refine: scheduleRule,
  description: 'Receipt banners: title, receipt type (§9), image and link addresses, the MYT days they run and their order.',
  texts: withScheduleTexts({
    en: {
      'res.nfcBanner.title': 'Title',
      'res.nfcBanner.receiptType': 'Receipt type',
      'res.nfcBanner.imageUrl': 'Image address',
      'res.nfcBanner.linkUrl': 'Link address',
      'res.nfcBanner.sortOrder': 'Order',
    },
    ms: {
      'res.nfcBanner.title': 'Tajuk',
      'res.nfcBanner.receiptType': 'Jenis resit',
      'res.nfcBanner.imageUrl': 'Alamat imej',
      'res.nfcBanner.linkUrl': 'Alamat pautan',
      'res.nfcBanner.sortOrder': 'Susunan',
    },
    zh: {
      'res.nfcBanner.title': '标题',
      'res.nfcBanner.receiptType': '收据类型',
      'res.nfcBanner.imageUrl': '图片地址',
      'res.nfcBanner.linkUrl': '链接地址',
      'res.nfcBanner.sortOrder': '顺序',
    },
  }),
});

import { RECEIPT_TYPE_ENTRIES } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { flag, select, text, textarea, url } from '../fields.ts';
import { lookupId, optionsOf } from './b-fields.ts';

/**
 * /content-management/nfc-receipt: the receipt templates terminals print or send after a tap
 * (§9 receipt types: e-receipt and non-e-receipt). Where the spec is silent:
 *  - a template is for one receipt type: an e-receipt (sent as a link or a QR code the customer
 *    scans) or a printed, non-e-receipt slip;
 *  - HeaderText and FooterText frame the slip (a thank-you line, a returns policy), at most 500
 *    characters each; a logo address (https) is printed or shown at the top;
 *  - ShowMerchantAddress prints the outlet's address; ShowQr adds the e-receipt link as a QR code;
 *  - MasterMerchantId names the master merchant whose terminals use it; empty is the platform's
 *    default template for that receipt type.
 */
export const nfcReceiptResource = defineResource({
  name: 'NfcReceipt',
  path: '/content-management/nfc-receipt',
  module: 'contentmanagement',
  viewPermission: 'contentmanagement:nfcreceipt',
  table: 'nfc_receipt_templates',
  scope: 'platform',
  titleKey: 'nav.content-management/nfc-receipt',
  titleField: 'TemplateName',
  fields: {
    TemplateName: text('template_name', 'res.nfcReceipt.templateName', { max: 100, list: true, filter: 'contains', sortable: true }),
    ReceiptType: select('receipt_type', 'res.nfcReceipt.receiptType', optionsOf(RECEIPT_TYPE_ENTRIES), { list: true, filter: 'eq', sortable: true }),
    MasterMerchantId: lookupId('master_merchant_id', 'res.nfcReceipt.masterMerchant', 'masterMerchantList', { list: true, filter: 'eq' }),
    HeaderText: textarea('header_text', 'res.nfcReceipt.headerText', { max: 500, optional: true }),
    FooterText: textarea('footer_text', 'res.nfcReceipt.footerText', { max: 500, optional: true }),
    LogoUrl: url('logo_url', 'res.nfcReceipt.logoUrl', { optional: true }),
    ShowMerchantAddress: flag('show_merchant_address', 'res.nfcReceipt.showMerchantAddress', { list: true }),
    ShowQr: flag('show_qr', 'res.nfcReceipt.showQr', { list: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export'],
  defaultSort: { Field: 'TemplateName', Order: 'asc' },
  description: 'Receipt templates of tap payments: name, receipt type (e-receipt or printed, §9), master merchant (empty = platform default), header, footer, logo, and whether the address and an e-receipt QR code show.',
  texts: {
    en: {
      'res.nfcReceipt.templateName': 'Template name',
      'res.nfcReceipt.receiptType': 'Receipt type',
      'res.nfcReceipt.masterMerchant': 'Master merchant (empty: platform default)',
      'res.nfcReceipt.headerText': 'Header text',
      'res.nfcReceipt.footerText': 'Footer text',
      'res.nfcReceipt.logoUrl': 'Logo address',
      'res.nfcReceipt.showMerchantAddress': 'Show merchant address',
      'res.nfcReceipt.showQr': 'Show e-receipt QR code',
    },
    ms: {
      'res.nfcReceipt.templateName': 'Nama templat',
      'res.nfcReceipt.receiptType': 'Jenis resit',
      'res.nfcReceipt.masterMerchant': 'Peniaga induk (kosong: lalai platform)',
      'res.nfcReceipt.headerText': 'Teks pengepala',
      'res.nfcReceipt.footerText': 'Teks pengaki',
      'res.nfcReceipt.logoUrl': 'Alamat logo',
      'res.nfcReceipt.showMerchantAddress': 'Papar alamat peniaga',
      'res.nfcReceipt.showQr': 'Papar kod QR e-resit',
    },
    zh: {
      'res.nfcReceipt.templateName': '模板名称',
      'res.nfcReceipt.receiptType': '收据类型',
      'res.nfcReceipt.masterMerchant': '主商户（留空：平台默认）',
      'res.nfcReceipt.headerText': '页眉文字',
      'res.nfcReceipt.footerText': '页脚文字',
      'res.nfcReceipt.logoUrl': '标志地址',
      'res.nfcReceipt.showMerchantAddress': '显示商户地址',
      'res.nfcReceipt.showQr': '显示电子收据二维码',
    },
  },
});

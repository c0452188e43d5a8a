import { z } from 'zod';
import { PAYMENT_LINK_MACHINE, PAYMENT_LINK_STATUSES } from '@paydesk/domain';
import { defineResource, type FieldDef } from '../define.ts';
import { email, int, money, phone, select, text, textarea } from '../fields.ts';

const AMOUNT_TYPES = ['FIXED', 'OPEN'] as const;
const REFERENCE_RULE = 'enter up to 40 letters, digits, dashes, dots or underscores';
const EXPIRY_SHAPE = 'enter the expiry as a date and time';
const EXPIRY_FUTURE = 'choose an expiry later than now';
const FIXED_NEEDS_AMOUNT = 'enter the amount of a fixed-amount link (more than 0)';
const OPEN_HAS_NO_AMOUNT = 'leave the amount empty: the customer enters it on an open-amount link';

/** A writable instant (ISO 8601 with offset, stored UTC; the form picks it in MYT). */
const expiry: FieldDef = {
  column: 'expires_at',
  labelKey: 'res.paymentLink.expiresAt',
  input: 'datetime',
  schema: z.iso.datetime({ offset: true, message: EXPIRY_SHAPE }),
  list: true,
  sortable: true,
};

/**
 * /payment-link (§2 Services): the links a merchant HQ or branch sends a customer to pay (service
 * type 3; the paid ones are the transactions of /transaction/payment-link). Owned by the merchant
 * (and seen by its subtree), with its ancestors kept beside it like a transaction's. Where the spec
 * is silent:
 *  - Reference is the merchant's own, unique per merchant; AmountType FIXED carries Amount (more
 *    than 0), OPEN none (the customer enters it); Reference, AmountType, Amount and Currency are
 *    fixed at creation (the customer may already hold the link);
 *  - ExpiresAt must be later than now (checked again on every change); MaxUses is how many
 *    payments the link takes (1: single use), UseCount how many it has taken;
 *  - the customer's name, e-mail and phone are optional (§5 e-mail and phone rules);
 *  - LinkStatus follows the domain's PAYMENT_LINK_MACHINE: the desk disables and enables a link,
 *    forces its expiry, or cancels it with a reason; paying moves it by the hosted page and the
 *    acquirer's webhook. Every step is in the link's history.
 */
export const paymentLinkResource = defineResource({
  name: 'PaymentLink',
  path: '/payment-link',
  module: 'paymentlink',
  table: 'payment_links',
  scope: 'owned',
  ownerLevels: ['MERCHANT_HQ', 'MERCHANT_BRANCH'],
  ancestors: true,
  titleKey: 'nav.payment-link',
  titleField: 'Reference',
  fields: {
    Reference: { ...text('link_ref', 'res.paymentLink.reference', { max: 40, list: true, filter: 'contains', sortable: true, pattern: [/^[A-Za-z0-9._-]{1,40}$/, REFERENCE_RULE] }), createOnly: true },
    AmountType: { ...select('amount_type', 'res.paymentLink.amountType', AMOUNT_TYPES.map((v) => ({ value: v, labelKey: `res.paymentLink.amountType.${v}` })), { list: true, filter: 'eq' }), createOnly: true },
    Amount: { ...money('amount', 'res.paymentLink.amount', { list: true, sortable: true, filter: 'range', optional: true }), createOnly: true },
    Currency: { ...text('currency', 'res.paymentLink.currency', { max: 3, list: true, filter: 'eq', lookup: 'currencies', pattern: [/^[A-Z]{3}$/, 'choose a currency'] }), input: 'select', createOnly: true },
    Description: textarea('description', 'res.paymentLink.description', { max: 500, list: true }),
    ExpiresAt: expiry,
    MaxUses: { ...int('max_uses', 'res.paymentLink.maxUses', { min: 1, max: 1000, optional: true }), priority: 3 },
    UseCount: { ...int('use_count', 'res.paymentLink.useCount', { list: true, readOnly: true, optional: true }), priority: 3 },
    CustomerName: text('customer_name', 'res.paymentLink.customerName', { max: 100, optional: true, list: true, filter: 'contains' }),
    CustomerEmail: email('customer_email', 'res.paymentLink.customerEmail', { optional: true }),
    CustomerPhone: phone('customer_phone', 'res.paymentLink.customerPhone', { optional: true }),
    LinkStatus: select('status', 'res.paymentLink.status', PAYMENT_LINK_STATUSES.map((v) => ({ value: v, labelKey: `enum.paymentLinkStatus.${v}` })), {
      list: true, filter: 'in', sortable: true, readOnly: true, optional: true,
    }),
  },
  actions: ['create', 'update', 'export'],
  lifecycle: {
    field: 'LinkStatus',
    machine: PAYMENT_LINK_MACHINE,
    commands: [
      { name: 'Disable', labelKey: 'res.paymentLink.cmd.disable', action: 'DISABLE' },
      { name: 'Enable', labelKey: 'res.paymentLink.cmd.enable', action: 'ENABLE' },
      { name: 'Expire', labelKey: 'res.paymentLink.cmd.expire', action: 'EXPIRE', confirm: true },
      { name: 'Cancel', labelKey: 'res.paymentLink.cmd.cancel', action: 'CANCEL', confirm: true, note: true },
    ],
  },
  refine: (r) => {
    const blank = r.Amount === undefined || r.Amount === null || r.Amount === '';
    if (r.AmountType === 'FIXED' && (blank || !(Number(r.Amount) > 0))) return { field: 'Amount', message: FIXED_NEEDS_AMOUNT };
    if (r.AmountType === 'OPEN' && !blank) return { field: 'Amount', message: OPEN_HAS_NO_AMOUNT };
    if (typeof r.ExpiresAt === 'string' && !(Date.parse(r.ExpiresAt) > Date.now())) return { field: 'ExpiresAt', message: EXPIRY_FUTURE };
    return null;
  },
  defaultSort: { Field: 'CreatedAt', Order: 'desc' },
  description: 'Payment links of a merchant: reference, fixed or open amount, currency, description, expiry, uses, customer, and the status its lifecycle moves.',
  texts: {
    en: {
      'res.paymentLink.reference': 'Reference',
      'res.paymentLink.amountType': 'Amount type',
      'res.paymentLink.amountType.FIXED': 'Fixed amount',
      'res.paymentLink.amountType.OPEN': 'Customer enters the amount',
      'res.paymentLink.amount': 'Amount',
      'res.paymentLink.currency': 'Currency',
      'res.paymentLink.description': 'Description',
      'res.paymentLink.expiresAt': 'Expires at',
      'res.paymentLink.maxUses': 'Payments allowed',
      'res.paymentLink.useCount': 'Payments taken',
      'res.paymentLink.customerName': 'Customer name',
      'res.paymentLink.customerEmail': 'Customer e-mail',
      'res.paymentLink.customerPhone': 'Customer phone',
      'res.paymentLink.status': 'Link status',
      'res.paymentLink.cmd.disable': 'Disable',
      'res.paymentLink.cmd.enable': 'Enable',
      'res.paymentLink.cmd.expire': 'Expire now',
      'res.paymentLink.cmd.cancel': 'Cancel link',
      [REFERENCE_RULE]: REFERENCE_RULE,
      [EXPIRY_SHAPE]: EXPIRY_SHAPE,
      [EXPIRY_FUTURE]: EXPIRY_FUTURE,
      [FIXED_NEEDS_AMOUNT]: FIXED_NEEDS_AMOUNT,
      [OPEN_HAS_NO_AMOUNT]: OPEN_HAS_NO_AMOUNT,
      'choose a currency': 'choose a currency',
    },
    ms: {
      'res.paymentLink.reference': 'Rujukan',
      'res.paymentLink.amountType': 'Jenis amaun',
      'res.paymentLink.amountType.FIXED': 'Amaun tetap',
      'res.paymentLink.amountType.OPEN': 'Pelanggan memasukkan amaun',
      'res.paymentLink.amount': 'Amaun',
      'res.paymentLink.currency': 'Mata wang',
      'res.paymentLink.description': 'Keterangan',
      'res.paymentLink.expiresAt': 'Tamat pada',
      'res.paymentLink.maxUses': 'Bayaran dibenarkan',
      'res.paymentLink.useCount': 'Bayaran diterima',
      'res.paymentLink.customerName': 'Nama pelanggan',
      'res.paymentLink.customerEmail': 'E-mel pelanggan',
      'res.paymentLink.customerPhone': 'Telefon pelanggan',
      'res.paymentLink.status': 'Status pautan',
      'res.paymentLink.cmd.disable': 'Nyahaktifkan',
      'res.paymentLink.cmd.enable': 'Aktifkan',
      'res.paymentLink.cmd.expire': 'Tamatkan sekarang',
      'res.paymentLink.cmd.cancel': 'Batalkan pautan',
      [REFERENCE_RULE]: 'masukkan sehingga 40 huruf, digit, sengkang, titik atau garis bawah',
      [EXPIRY_SHAPE]: 'masukkan tarikh dan masa tamat',
      [EXPIRY_FUTURE]: 'pilih masa tamat selepas sekarang',
      [FIXED_NEEDS_AMOUNT]: 'masukkan amaun pautan amaun tetap (lebih daripada 0)',
      [OPEN_HAS_NO_AMOUNT]: 'biarkan amaun kosong: pelanggan memasukkannya pada pautan amaun terbuka',
      'choose a currency': 'pilih mata wang',
    },
    zh: {
      'res.paymentLink.reference': '参考编号',
      'res.paymentLink.amountType': '金额类型',
      'res.paymentLink.amountType.FIXED': '固定金额',
      'res.paymentLink.amountType.OPEN': '由客户输入金额',
      'res.paymentLink.amount': '金额',
      'res.paymentLink.currency': '货币',
      'res.paymentLink.description': '描述',
      'res.paymentLink.expiresAt': '到期时间',
      'res.paymentLink.maxUses': '允许付款次数',
      'res.paymentLink.useCount': '已收款次数',
      'res.paymentLink.customerName': '客户姓名',
      'res.paymentLink.customerEmail': '客户电子邮件',
      'res.paymentLink.customerPhone': '客户电话',
      'res.paymentLink.status': '链接状态',
      'res.paymentLink.cmd.disable': '停用',
      'res.paymentLink.cmd.enable': '启用',
      'res.paymentLink.cmd.expire': '立即过期',
      'res.paymentLink.cmd.cancel': '取消链接',
      [REFERENCE_RULE]: '请输入最多 40 个字母、数字、连字符、句点或下划线',
      [EXPIRY_SHAPE]: '请输入到期日期和时间',
      [EXPIRY_FUTURE]: '请选择晚于现在的到期时间',
      [FIXED_NEEDS_AMOUNT]: '请输入固定金额链接的金额（大于 0）',
      [OPEN_HAS_NO_AMOUNT]: '请留空金额：开放金额链接由客户输入',
      'choose a currency': '请选择货币',
    },
  },
});

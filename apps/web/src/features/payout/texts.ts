/**
 * The payout desk's screen texts (issue 12 Build 5: hold a payout for a risk violation, release a
 * hold) in en, ms and zh; they join the i18n catalogues when a payout report page loads.
 */
import { addScreenTexts } from '../../i18n/index.ts';

export const PAYOUT_TEXTS = {
  en: {
    'payout.actionsLabel': 'Payout actions',
    'payout.hold': 'Hold',
    'payout.release': 'Release',
    'payout.violationField': 'Risk violation',
    'payout.holdLabel': 'Why is the payout held?',
    'payout.releaseLabel': 'Why can the payout be released?',
    'payout.held': 'Payout {{id}} held',
    'payout.released': 'Payout {{id}} released',
  },
  ms: {
    'payout.actionsLabel': 'Tindakan pembayaran keluar',
    'payout.hold': 'Tahan',
    'payout.release': 'Lepaskan',
    'payout.violationField': 'Pelanggaran risiko',
    'payout.holdLabel': 'Mengapa pembayaran ini ditahan?',
    'payout.releaseLabel': 'Mengapa pembayaran ini boleh dilepaskan?',
    'payout.held': 'Pembayaran keluar {{id}} ditahan',
    'payout.released': 'Pembayaran keluar {{id}} dilepaskan',
  },
  zh: {
    'payout.actionsLabel': '付款操作',
    'payout.hold': '冻结',
    'payout.release': '解冻',
    'payout.violationField': '风险违规',
    'payout.holdLabel': '冻结此付款的原因？',
    'payout.releaseLabel': '可以解冻此付款的原因？',
    'payout.held': '付款 {{id}} 已冻结',
    'payout.released': '付款 {{id}} 已解冻',
  },
} as const;

addScreenTexts(PAYOUT_TEXTS);

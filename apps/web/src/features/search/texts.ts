/**
 * The global search's texts (the header's search box and its ⌘K / Ctrl K dialog) in en, ms and
 * zh. They load with the header (the button's name) and so are in every catalogue check.
 */
import { addScreenTexts } from '../../i18n/index.ts';

export const SEARCH_TEXTS = {
  en: {
    'search.open': 'Search',
    'search.openHint': 'Search transactions, merchants, terminals and refunds',
    'search.title': 'Search',
    'search.label': 'Search the records you can see',
    'search.placeholder': 'Reference, last 4 card digits, e-mail, name, MID or TID',
    'search.hint': 'Type at least {{count}} characters: a reference (its start or its end), the last 4 digits of a card, a customer e-mail, a merchant name or MID, a TID or serial.',
    'search.keys': 'Up and down arrows to move, Enter to open, Esc to close',
    'search.searching': 'Searching…',
    'search.empty': 'Nothing found. Recent transactions (last 180 days) are searched.',
    'search.failed': 'The search could not be completed.',
    'search.retry': 'Try again',
    'search.results': 'Search results',
    'search.kind.transaction': 'Transactions',
    'search.kind.organization': 'Merchants and organizations',
    'search.kind.terminal': 'Terminals',
    'search.kind.refund': 'Refund requests',
  },
  ms: {
    'search.open': 'Cari',
    'search.openHint': 'Cari transaksi, peniaga, terminal dan bayaran balik',
    'search.title': 'Carian',
    'search.label': 'Cari rekod yang anda boleh lihat',
    'search.placeholder': 'Rujukan, 4 digit akhir kad, e-mel, nama, MID atau TID',
    'search.hint': 'Taip sekurang-kurangnya {{count}} aksara: rujukan (awal atau akhirnya), 4 digit akhir kad, e-mel pelanggan, nama atau MID peniaga, TID atau nombor siri.',
    'search.keys': 'Anak panah atas dan bawah untuk bergerak, Enter untuk membuka, Esc untuk menutup',
    'search.searching': 'Sedang mencari…',
    'search.empty': 'Tiada padanan. Transaksi terkini (180 hari lepas) dicari.',
    'search.failed': 'Carian tidak dapat diselesaikan.',
    'search.retry': 'Cuba lagi',
    'search.results': 'Hasil carian',
    'search.kind.transaction': 'Transaksi',
    'search.kind.organization': 'Peniaga dan organisasi',
    'search.kind.terminal': 'Terminal peranti',
    'search.kind.refund': 'Permintaan bayaran balik',
  },
  zh: {
    'search.open': '搜索',
    'search.openHint': '搜索交易、商户、终端和退款',
    'search.title': '搜索',
    'search.label': '搜索您可查看的记录',
    'search.placeholder': '参考号、卡号后 4 位、电子邮件、名称、MID 或 TID',
    'search.hint': '请至少输入 {{count}} 个字符：参考号（开头或结尾）、卡号后 4 位、客户电子邮件、商户名称或 MID、TID 或序列号。',
    'search.keys': '上下箭头移动，Enter 打开，Esc 关闭',
    'search.searching': '正在搜索…',
    'search.empty': '未找到结果。仅搜索近期交易（过去 180 天）。',
    'search.failed': '搜索未能完成。',
    'search.retry': '重试',
    'search.results': '搜索结果',
    'search.kind.transaction': '交易',
    'search.kind.organization': '商户和机构',
    'search.kind.terminal': '终端',
    'search.kind.refund': '退款申请',
  },
};

addScreenTexts(SEARCH_TEXTS);

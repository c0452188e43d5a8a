/** The saved views' texts (saved-views-menu.tsx) in en, ms and zh; they join the catalogues with the list screen. */
import { addScreenTexts } from '../../i18n/index.ts';

export const SAVED_VIEW_TEXTS = {
  en: {
    'views.button': 'Views',
    'views.title': 'Saved views',
    'views.none': 'No saved views for this list yet',
    'views.save': 'Save this view',
    'views.saveOk': 'Save',
    'views.name': 'Name',
    'views.nameHelp': 'Filters, sort and columns are kept; a name you already use is replaced',
    'views.saved': 'View "{{name}}" saved',
    'views.copyLink': 'Copy link',
    'views.copyCurrent': 'Copy link to this view',
    'views.copied': 'Link copied',
    'views.delete': 'Delete',
    'views.deletePrompt': 'Delete the view "{{name}}"?',
  },
  ms: {
    'views.button': 'Paparan',
    'views.title': 'Paparan disimpan',
    'views.none': 'Belum ada paparan disimpan untuk senarai ini',
    'views.save': 'Simpan paparan ini',
    'views.saveOk': 'Simpan',
    'views.name': 'Nama',
    'views.nameHelp': 'Penapis, susunan dan lajur disimpan; nama yang sudah digunakan akan diganti',
    'views.saved': 'Paparan "{{name}}" disimpan',
    'views.copyLink': 'Salin pautan',
    'views.copyCurrent': 'Salin pautan paparan ini',
    'views.copied': 'Pautan disalin',
    'views.delete': 'Padam',
    'views.deletePrompt': 'Padam paparan "{{name}}"?',
  },
  zh: {
    'views.button': '视图',
    'views.title': '已保存的视图',
    'views.none': '此列表尚无已保存的视图',
    'views.save': '保存此视图',
    'views.saveOk': '保存',
    'views.name': '名称',
    'views.nameHelp': '将保存筛选、排序和列；同名视图将被替换',
    'views.saved': '视图“{{name}}”已保存',
    'views.copyLink': '复制链接',
    'views.copyCurrent': '复制此视图的链接',
    'views.copied': '链接已复制',
    'views.delete': '删除',
    'views.deletePrompt': '删除视图“{{name}}”？',
  },
} as const;

addScreenTexts(SAVED_VIEW_TEXTS);

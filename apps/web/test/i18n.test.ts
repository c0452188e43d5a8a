import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { RESOURCE_LABELS, RESOURCES, SYSTEM_SETTINGS } from '@paydesk/contract';
import {
  ENUM_LABELS,
  NAV_TREE,
  PAYMENT_METHODS,
  PERMISSION_CATALOGUE,
  SERVICE_TYPES,
  TRANSACTION_STATUSES,
  VALIDATION_MESSAGE_KEYS,
  allRoutes,
  permissionsByModule,
  type NavNode,
} from '@paydesk/domain';
import { en } from '../src/i18n/en.ts';
import { FONT_FAMILY } from '../src/i18n/fonts.ts';
import { CATALOGUES } from '../src/i18n/catalogues.ts';
import { catalogueOf, i18n } from '../src/i18n/index.ts';
import { ms } from '../src/i18n/ms.ts';
import { zh } from '../src/i18n/zh.ts';
import { moduleLabelKey, permissionLabel, permissionLabelKey } from '../src/features/resources/permission-labels.ts';
import { settingDescription, settingDescriptionKey } from '../src/features/resources/overrides/system-setting-text.tsx';
import { settingTypeText } from '../src/features/resources/overrides/system-setting-value.tsx';

type Lang = 'en' | 'ms' | 'zh';
const LANGS: readonly Lang[] = ['en', 'ms', 'zh'];
const OTHER: readonly Exclude<Lang, 'en'>[] = ['ms', 'zh'];

const labelKeys = (nodes: NavNode[]): { key: string; group: boolean; path?: string }[] =>
  nodes.flatMap((n) => (n.kind === 'route' ? [{ key: n.labelKey, group: false, path: n.path }] : [{ key: n.labelKey, group: true }, ...labelKeys(n.children)]));

/** Every key a declared resource shows: its title, each field's label and help, each option's label. */
const resourceKeys = (): { where: string; key: string }[] =>
  RESOURCES.flatMap((def) => [
    { where: `${def.name} title`, key: def.titleKey },
    ...Object.entries(def.fields).flatMap(([name, f]) =>
      [f.labelKey, ...(f.helpKey ? [f.helpKey] : []), ...(f.options ?? []).map((o) => o.labelKey)].map((key) => ({ where: `${def.name}.${name}`, key })),
    ),
  ]);

/** Every key the app needs from each catalogue, beyond the catalogue's own keys. */
const requiredKeys = (): string[] => [
  ...labelKeys(NAV_TREE).map((l) => l.key),
  ...resourceKeys().map((r) => r.key),
  ...Object.keys(permissionsByModule()).map(moduleLabelKey),
  ...SYSTEM_SETTINGS.map((s) => settingDescriptionKey(s.key)),
  ...SERVICE_TYPES.map((s) => s.labelKey),
  ...TRANSACTION_STATUSES.map((s) => `enum.status.${s}`),
  ...PAYMENT_METHODS.map((m) => `enum.paymentMethod.${m}`),
  ...VALIDATION_MESSAGE_KEYS,
  ...Object.keys(ENUM_LABELS.en),
];

/**
 * Texts that are the same in a language as in English, by reason. Anything else equal to its
 * English text is an untranslated key. Keys, not texts, are listed so a new key is never let
 * through by accident.
 */
const BRANDS = [
  // Card schemes, providers and banks are brand names in every language.
  'enum.cardScheme.VISA', 'enum.cardScheme.JCB', 'enum.cardScheme.DISCOVER', 'enum.cardScheme.MAESTRO',
  'nav.m1-config', 'nav.gobiz-config', 'nav.ioupay-config', 'nav.ipay88-config', 'nav.revpay-config', 'nav.revenue-monster-config',
  'nav.paydee-config', 'nav.enmos-config', 'nav.safepay168-config', 'nav.razerpay-config', 'nav.coin2pay-config', 'nav.paydibs-config', 'nav.paydibsV3-config',
  'nav.paydollar-config', 'nav.tazapay-config', 'nav.bsn-config', 'nav.bsn-cardzone-config', 'nav.finexus-config', 'nav.rhb-config',
  'nav.payex-gobiz-config', 'nav.payex-config', 'nav.fiserv-config', 'nav.mcash-config',
  // Each language's own name is written in that language in every catalogue (the language picker).
  'lang.en', 'lang.ms', 'lang.zh',
];
const CODES = [
  // Industry codes and file formats written the same everywhere (MID, TID, MCC, FPX, CSV, XLSX, T+X, SMS).
  'detail.mid', 'detail.tid', 'res.natureBusiness.mcc', 'common.exportXlsx', 'common.exportCsv', 'enum.paymentMethod.FPX_B2C',
  'enum.paymentMethod.FPX_B2B', 'enum.settlementTiming.T_PLUS_X', 'res.messageTemplate.channel.SMS', 'res.orgConfig.orgMid',
  // Terminal and device identifiers.
  'res.terminal.tid', 'res.terminal.mid', 'res.masterDevice.imei', 'fw.rollout.tid', 'profile.col.Mid', 'profile.f.Mid',
  // The key check value of a terminal key (ZMK desk).
  'zmk.kcv',
];
const SAME_IN_MALAY = [
  // Malay uses the English word itself (Dewan Bahasa dan Pustaka spelling).
  'txn.status', 'detail.status', 'resource.status', 'nav.group.terminal', 'enum.serviceType.2', 'enum.cardType.DEBIT', 'enum.processingMode.MANUAL',
  'enum.country.MALAYSIA', 'nav.sales-report/terminal', 'enum.cardScheme.MASTER', 'enum.cardScheme.UNIONPAY', 'enum.cardScheme.AMEX',
  'res.acquirer.service.2:3', 'res.orgConfig.riskProfile.STANDARD', 'res.system.id', 'res.system.isActive',
  'res.terminal.model', 'res.masterDevice.model', 'res.terminalAd.model', 'receiptPreview.logo', 'fw.rollout.model',
  'mu.col.status', 'rm.status', 'zmk.status', 'profile.a.Bank', 'recon.start',
  // Malaysian state names are the same in Malay and English.
  ...Object.keys(ENUM_LABELS.en).filter((k) => k.startsWith('state.')),
];
const SAME_IN_CHINESE: string[] = [];
const SAME: Record<Exclude<Lang, 'en'>, ReadonlySet<string>> = {
  ms: new Set([...BRANDS, ...CODES, ...SAME_IN_MALAY]),
  zh: new Set([...BRANDS, ...CODES, ...SAME_IN_CHINESE]),
};
/** Texts made of placeholders, digits and punctuation only (e.g. `{{min}}–{{max}}`) have nothing to translate. */
const nothingToTranslate = (text: string) => text.replace(/\{\{[^}]+\}\}/g, '').replace(/[\d\s\p{P}\p{S}]/gu, '') === '';
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const HAN = /\p{Script=Han}/u;

describe('i18n catalogues', () => {
  // Malay and Chinese load when chosen; the checks that translate through i18next need them loaded.
  beforeAll(() => i18n.loadLanguages(['ms', 'zh']));

  it('English labels every navigation group and route, every resource field, option, help text and screen title', () => {
    const navLabel = new Map(allRoutes().map((r) => [r.path, r.labelKey]));
    expect(labelKeys(NAV_TREE).filter(({ key }) => !(key in CATALOGUES.en))).toEqual([]);
    expect(Object.values(en).every((v) => v.trim() !== '')).toBe(true);
    // A title is its titleKey's text, else the navigation label of its path (resourceTitle).
    const titled = (def: (typeof RESOURCES)[number]) => def.titleKey in CATALOGUES.en || (navLabel.get(def.path) ?? '') in CATALOGUES.en;
    expect(RESOURCES.filter((def) => !titled(def)).map((def) => def.name)).toEqual([]);
    // Every field, help text and option has its own label: no column, filter or input falls back to humanize(name).
    expect(resourceKeys().filter(({ where, key }) => !where.endsWith(' title') && !(key in CATALOGUES.en))).toEqual([]);
  });

  it.each(LANGS)('%s holds every key the app shows: navigation, resources, permission modules, settings, enums and validator messages', (lang) => {
    expect(requiredKeys().filter((k) => !(k in CATALOGUES[lang]))).toEqual([]);
  });

  it.each(OTHER)('%s holds exactly the English key set (100 percent of the merged catalogue)', (lang) => {
    const merged = CATALOGUES[lang];
    const missing = Object.keys(CATALOGUES.en).filter((k) => !(k in merged));
    const extra = Object.keys(merged).filter((k) => !(k in CATALOGUES.en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    const own = lang === 'ms' ? ms : zh;
    expect(Object.keys(own).filter((k) => !(k in en))).toEqual([]);
    expect(Object.keys(own).length).toBe(Object.keys(en).length);
  });

  it.each(OTHER)('%s translates every text: none equals English except the justified brand names and codes', (lang) => {
    const merged = CATALOGUES[lang];
    const same = Object.entries(CATALOGUES.en)
      .filter(([k, text]) => merged[k] === text && !SAME[lang].has(k) && !nothingToTranslate(text))
      .map(([k, text]) => `${k}: ${text}`);
    expect(same).toEqual([]);
    // The allow-list holds only keys that exist, so it cannot hide a removed or renamed one.
    expect([...SAME[lang]].filter((k) => !(k in CATALOGUES.en))).toEqual([]);
  });

  it('Chinese writes every text that has words in Chinese characters, except brand names and codes', () => {
    const latinOnly = Object.entries(CATALOGUES.zh)
      .filter(([k, text]) => !HAN.test(text) && !SAME.zh.has(k) && !nothingToTranslate(text))
      .map(([k, text]) => `${k}: ${text}`);
    expect(latinOnly).toEqual([]);
  });

  it.each(OTHER)('%s keeps the interpolation placeholders of every English text', (lang) => {
    const merged = CATALOGUES[lang];
    const wrong = Object.entries(CATALOGUES.en)
      .filter(([k, text]) => k in merged && placeholders(merged[k]!).join() !== placeholders(text).join())
      .map(([k]) => `${k}: ${merged[k]}`);
    expect(wrong).toEqual([]);
  });

  it('English never writes "a" before an interpolated word, whose article depends on the word (an RM, an Agent)', () => {
    const fixedArticle = Object.entries(CATALOGUES.en)
      .filter(([, text]) => /\b[Aa]n? \{\{/.test(text))
      .map(([k, text]) => `${k}: ${text}`);
    expect(fixedArticle).toEqual([]);
  });

  it('shows no developer text: no spec sections, error codes or enum codes in any language', () => {
    const developer = LANGS.flatMap((lang) =>
      Object.entries(CATALOGUES[lang])
        .filter(([, text]) => /§|\((?:SC|EXP|VAL|CF|NF|PERM|AUTH|SRV)\d{3}\)|[A-Z]+_[A-Z_]+/.test(text))
        .map(([k, text]) => `${lang} ${k}: ${text}`),
    );
    expect(developer).toEqual([]);
  });

  it('names every permission module and every permission of the catalogue in every language, never by its code', () => {
    const byModule = permissionsByModule();
    expect(Object.values(byModule).flat().length).toBe(PERMISSION_CATALOGUE.length);
    for (const lang of LANGS) {
      const has = (k: string) => k in CATALOGUES[lang];
      expect(Object.keys(byModule).filter((m) => !has(moduleLabelKey(m)))).toEqual([]);
      const unnamed = Object.values(byModule)
        .flat()
        .filter((p) => permissionLabelKey(p.permission, p.labelKey, has) === null)
        .map((p) => p.permission);
      expect(unnamed).toEqual([]);
    }
    const t = i18n.getFixedT('en');
    const has = (k: string) => k in CATALOGUES.en;
    const label = (p: string) => t(permissionLabelKey(p, `perm.${p.replace(':', '.')}`, has) ?? p);
    expect(label('transaction:viewdetail')).toBe('View details');
    expect(label('usergroup:setstatus')).toBe('Set status');
    expect(label('currency:bulkupload')).toBe('Bulk upload');
    expect(label('salesreport:ecommerce')).toBe('E-commerce');
    // An action of a screen whose route permission names the screen: the screen and the action.
    expect(permissionLabel(t, 'tpaconfig:m1update', 'perm.tpaconfig.m1update', has)).toBe('M1 · Edit');
    expect(permissionLabel(t, 'contentmanagement:nfcreceiptbannerdelete', 'perm.contentmanagement.nfcreceiptbannerdelete', has)).toMatch(/ · Delete$/);
  });

  it('describes every system setting and its value type in words, in every language', async () => {
    // Malay and Chinese load when chosen (i18n/index.ts): fixed-language functions need them loaded.
    await i18n.loadLanguages(['ms', 'zh']);
    for (const lang of LANGS) {
      const t = i18n.getFixedT(lang) as TFunction;
      const has = (k: string) => k in CATALOGUES[lang];
      for (const s of SYSTEM_SETTINGS) {
        const text = settingDescription(t, has, s.key, s.description);
        expect(text).toBe(CATALOGUES[lang][settingDescriptionKey(s.key)]);
        const type = settingTypeText(t, s.valueType);
        expect(type, `${lang} ${s.valueType}`).not.toMatch(/INT:|TEXT:|BOOL|URL_OR|\{\{|systemSetting\./);
      }
      // An administrator's own description is shown as written.
      expect(settingDescription(t, has, 'LOCKOUT_MINUTES', 'Ours')).toBe('Ours');
    }
    // The stored descriptions (seeded, and shown when a language lacks its key) cite no spec section or code.
    expect(SYSTEM_SETTINGS.filter((s) => /§|\([A-Z]{2,4}\d{3}\)/.test(s.description)).map((s) => s.key)).toEqual([]);
  });

  it('takes enum labels and validator messages from the domain, once, with the app winning a shared key', () => {
    for (const own of [en, ms, zh]) expect(Object.keys(own).filter((k) => k.startsWith('enum.') || k in ENUM_LABELS.en)).toEqual([]);
    for (const lang of LANGS) {
      for (const [key, text] of Object.entries(ENUM_LABELS[lang])) expect(CATALOGUES[lang][key]).toBe(text);
    }
    expect(i18n.t('enum.paymentMethod.CC')).toBe(ENUM_LABELS.en['enum.paymentMethod.CC']);
    expect(i18n.t('invalid transaction amount')).toBe(ENUM_LABELS.en['invalid transaction amount']);
  });

  it('shows the chosen language', async () => {
    await i18n.changeLanguage('zh');
    try {
      expect(i18n.t('enum.serviceType.1')).toBe(ENUM_LABELS.zh['enum.serviceType.1']);
      expect(i18n.t('please enter a valid email address')).toBe(ENUM_LABELS.zh['please enter a valid email address']);
      expect(i18n.t('nav.currency-config')).toBe(CATALOGUES.zh['nav.currency-config']);
    } finally {
      await i18n.changeLanguage('en');
    }
    await i18n.changeLanguage('ms');
    try {
      expect(i18n.t('nav.group.payout')).toBe('Pembayaran keluar');
      expect(i18n.t('nav.payment-log-files')).toBe('Log pembayaran');
      expect(i18n.t('app.portal', { product: 'Paydesk' })).toBe('Portal Paydesk');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('offers a font stack that draws Latin text with system fonts and Simplified Chinese with a CJK font', () => {
    const fonts = FONT_FAMILY.split(',').map((f) => f.trim().replace(/"/g, ''));
    expect(fonts[0]).toBe('system-ui');
    for (const cjk of ['PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC']) expect(fonts).toContain(cjk);
    expect(fonts.indexOf('Segoe UI')).toBeLessThan(fonts.indexOf('PingFang SC'));
    expect(fonts).toContain('sans-serif');
  });
});

describe('resource texts loaded with the resource screen', () => {
  it('say the same words as the app catalogue where both hold a key', () => {
    for (const lang of ['en', 'ms', 'zh'] as const) {
      const app = catalogueOf(ENUM_LABELS[lang], { en, ms, zh }[lang]);
      const differ = Object.entries(RESOURCE_LABELS[lang]).filter(([k, v]) => k in app && app[k] !== v);
      expect(differ).toEqual([]);
    }
  });

  it('reach a language whether it loads before or after the screen adds them', async () => {
    await import('../src/features/resources/labels.ts');
    for (const lang of ['ms', 'zh'] as const) {
      await i18n.changeLanguage(lang);
      try {
        expect(i18n.t('res.bank.bankName')).toBe(RESOURCE_LABELS[lang]['res.bank.bankName']);
        expect(i18n.t('app.portal', { product: 'Paydesk' })).toBe(CATALOGUES[lang]['app.portal']!.replace('{{product}}', 'Paydesk'));
      } finally {
        await i18n.changeLanguage('en');
      }
    }
  });
});

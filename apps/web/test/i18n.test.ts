import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@paydesk/contract';
import { ENUM_LABELS, NAV_TREE, allRoutes, PAYMENT_METHODS, SERVICE_TYPES, TRANSACTION_STATUSES, VALIDATION_MESSAGE_KEYS, type NavNode } from '@paydesk/domain';
import { en } from '../src/i18n/en.ts';
import { CATALOGUES, i18n } from '../src/i18n/index.ts';
import { ms } from '../src/i18n/ms.ts';
import { zh } from '../src/i18n/zh.ts';
import { BUILT_ROUTE_PATHS } from '../src/app/built-route-paths.ts';

const labelKeys = (nodes: NavNode[]): { key: string; group: boolean; path?: string }[] =>
  nodes.flatMap((n) => (n.kind === 'route' ? [{ key: n.labelKey, group: false, path: n.path }] : [{ key: n.labelKey, group: true }, ...labelKeys(n.children)]));

const prefixes = ['app.', 'shell.', 'login.', 'dashboard.', 'txn.', 'detail.', 'common.', 'notFound.', 'resource.', 'upload.', 'userGroup.', 'messageTemplate.', 'systemSetting.', 'bulkMdr.'];

describe('i18n catalogues', () => {
  it('English labels every navigation group and route', () => {
    const missing = labelKeys(NAV_TREE).filter(({ key }) => !(key in en));
    expect(missing).toEqual([]);
    expect(Object.values(en).every((v) => v.trim() !== '')).toBe(true);
  });

  it('English labels every field, option and help text of the resource declarations, and titles each resource screen', () => {
    const navLabel = new Map(allRoutes().map((r) => [r.path, r.labelKey]));
    const missing: string[] = [];
    for (const def of RESOURCES) {
      // A title is its titleKey's text, else the navigation label of its path (resourceTitle).
      if (!(def.titleKey in CATALOGUES.en) && !((navLabel.get(def.path) ?? '') in CATALOGUES.en)) missing.push(`${def.name}: ${def.titleKey}`);
      for (const [name, f] of Object.entries(def.fields)) {
        const keys = [f.labelKey, ...(f.helpKey ? [f.helpKey] : []), ...(f.options ?? []).map((o) => o.labelKey)];
        missing.push(...keys.filter((k) => !(k in CATALOGUES.en)).map((k) => `${def.name}.${name}: ${k}`));
      }
    }
    expect(missing).toEqual([]);
  });

  it.each([
    ['ms', ms, CATALOGUES.ms],
    ['zh', zh, CATALOGUES.zh],
  ] as const)('%s translates the shell, sign-in, dashboard and transaction screens, every navigation group and the enums', (_lang, own, merged) => {
    const required = [
      ...Object.keys(en).filter((k) => prefixes.some((p) => k.startsWith(p))),
      ...labelKeys(NAV_TREE).filter((l) => l.group || (l.path !== undefined && BUILT_ROUTE_PATHS.includes(l.path))).map((l) => l.key),
      ...SERVICE_TYPES.map((s) => s.labelKey),
      ...TRANSACTION_STATUSES.map((s) => `enum.status.${s}`),
      ...PAYMENT_METHODS.map((m) => `enum.paymentMethod.${m}`),
      ...VALIDATION_MESSAGE_KEYS,
    ];
    const missing = required.filter((k) => !(k in merged));
    expect(missing).toEqual([]);
    expect(Object.keys(own).filter((k) => !(k in en))).toEqual([]);
  });

  it('takes enum labels and validator messages from the domain, once, with the app winning a shared key', () => {
    for (const own of [en, ms, zh]) expect(Object.keys(own).filter((k) => k.startsWith('enum.') || k in ENUM_LABELS.en)).toEqual([]);
    for (const lang of ['en', 'ms', 'zh'] as const) {
      for (const [key, text] of Object.entries(ENUM_LABELS[lang])) expect(CATALOGUES[lang][key]).toBe(text);
    }
    expect(i18n.t('enum.paymentMethod.CC')).toBe(ENUM_LABELS.en['enum.paymentMethod.CC']);
    expect(i18n.t('invalid transaction amount')).toBe(ENUM_LABELS.en['invalid transaction amount']);
  });

  it('shows the domain labels in the chosen language', async () => {
    await i18n.changeLanguage('zh');
    try {
      expect(i18n.t('enum.serviceType.1')).toBe(ENUM_LABELS.zh['enum.serviceType.1']);
      expect(i18n.t('please enter a valid email address')).toBe(ENUM_LABELS.zh['please enter a valid email address']);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('falls back to English for keys a language lacks', async () => {
    await i18n.changeLanguage('ms');
    try {
      expect(i18n.t('nav.group.payout')).toBe('Pembayaran keluar');
      expect(i18n.t('nav.payment-log-files')).toBe('Payment logs');
      expect(i18n.t('res.currency.code')).toBe('Currency code');
      expect(i18n.t('app.portal', { product: 'Paydesk' })).toBe('Portal Paydesk');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

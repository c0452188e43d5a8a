import { describe, expect, it } from 'vitest';
import { NAV_TREE, SERVICE_TYPES, TRANSACTION_STATUSES, type NavNode } from '@paydesk/domain';
import { en } from '../src/i18n/en.ts';
import { i18n } from '../src/i18n/index.ts';
import { ms } from '../src/i18n/ms.ts';
import { zh } from '../src/i18n/zh.ts';
import { BUILT_ROUTE_PATHS } from '../src/app/built-route-paths.ts';

const labelKeys = (nodes: NavNode[]): { key: string; group: boolean; path?: string }[] =>
  nodes.flatMap((n) => (n.kind === 'route' ? [{ key: n.labelKey, group: false, path: n.path }] : [{ key: n.labelKey, group: true }, ...labelKeys(n.children)]));

const prefixes = ['app.', 'shell.', 'login.', 'dashboard.', 'txn.', 'detail.', 'common.', 'notFound.'];

describe('i18n catalogues', () => {
  it('English labels every navigation group and route', () => {
    const missing = labelKeys(NAV_TREE).filter(({ key }) => !(key in en));
    expect(missing).toEqual([]);
    expect(Object.values(en).every((v) => v.trim() !== '')).toBe(true);
  });

  it.each([
    ['ms', ms],
    ['zh', zh],
  ] as const)('%s translates the shell, sign-in, dashboard and transaction screens and every navigation group', (_lang, catalogue) => {
    const required = [
      ...Object.keys(en).filter((k) => prefixes.some((p) => k.startsWith(p))),
      ...labelKeys(NAV_TREE).filter((l) => l.group || (l.path !== undefined && BUILT_ROUTE_PATHS.includes(l.path))).map((l) => l.key),
      ...SERVICE_TYPES.map((s) => s.labelKey),
      ...TRANSACTION_STATUSES.map((s) => `enum.status.${s}`),
    ];
    const missing = required.filter((k) => !(k in catalogue));
    expect(missing).toEqual([]);
    expect(Object.keys(catalogue).filter((k) => !(k in en))).toEqual([]);
  });

  it('falls back to English for keys a language lacks', async () => {
    await i18n.changeLanguage('ms');
    try {
      expect(i18n.t('nav.group.payout')).toBe('Pembayaran keluar');
      expect(i18n.t('nav.merchant-config')).toBe('Merchant configuration');
      expect(i18n.t('app.portal', { product: 'Paydesk' })).toBe('Portal Paydesk');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

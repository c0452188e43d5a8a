/**
 * Page titles: every built route, in every language, is titled "{screen} · {product}
 * Portal" with its own screen name; no two navigation entries share a title.
 */
import { describe, expect, it } from 'vitest';
import { NAV_TREE, allRoutes } from '@paydesk/domain';
import { BUILT_ROUTE_PATHS } from '../src/app/built-route-paths.ts';
import { pageTitle, screenName } from '../src/shared/page-title.ts';
import { i18n } from '../src/i18n/index.ts';
import { LANGUAGES } from '../src/store/ui-slice.ts';

const SCREEN_PATHS = allRoutes(NAV_TREE)
  .map((r) => r.path)
  .filter((p) => p.startsWith('/'));

describe('page titles', () => {
  for (const lng of LANGUAGES) {
    const t = i18n.getFixedT(lng);

    it(`${lng}: every navigation screen has a name and no two share one`, () => {
      const names = SCREEN_PATHS.map((p) => screenName(p, t));
      expect(names.filter((n) => !n)).toEqual([]);
      const seen = new Map<string, string>();
      const clashes = SCREEN_PATHS.flatMap((p, i) => {
        const n = names[i]!;
        const other = seen.get(n);
        seen.set(n, p);
        return other ? [`${other} and ${p}: ${n}`] : [];
      });
      expect(clashes).toEqual([]);
    });

    it(`${lng}: a record or child path is titled by its screen`, () => {
      for (const path of BUILT_ROUTE_PATHS.filter((p) => p !== '/')) expect(screenName(`${path}/12`, t)).toBe(screenName(path, t));
    });
  }

  it('names the screen by its navigation label, in the form "{screen} · {product} Portal"', () => {
    const t = i18n.getFixedT('en');
    expect(pageTitle(screenName('/', t)!, t, 'Paydesk')).toBe('Dashboard · Paydesk Portal');
    expect(pageTitle(screenName('/merchant-config', t)!, t, 'Acme')).toBe('Merchant configuration · Acme Portal');
    expect(pageTitle(t('login.pageTitle'), t, 'Paydesk')).toBe('Sign in · Paydesk Portal');
  });

  it('tells apart two entries with the same label by their group', () => {
    const t = i18n.getFixedT('en');
    const live = screenName('/transaction/ecommerce', t);
    const report = screenName('/sales-report/ecommerce', t);
    expect(live).not.toBe(report);
    expect(live).toMatch(/E-commerce$/);
  });

  it('has no name for a path outside the navigation', () => {
    expect(screenName('/no-such-screen', i18n.getFixedT('en'))).toBeNull();
  });
});

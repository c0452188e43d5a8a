/**
 * Page titles: every page is titled "{screen} · {product} Portal", the screen named by
 * its navigation label (§2) and the product by the runtime configuration (§7), so browser tabs,
 * history and screen readers tell the pages apart.
 */
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NAV_TREE, type NavNode, type NavRoute } from '@paydesk/domain';
import { runtimeConfig } from '../runtime-config.ts';

interface TitledRoute {
  route: NavRoute;
  /** Label keys of the groups above the route, outermost first. */
  groups: string[];
}

function flatten(nodes: NavNode[], groups: string[] = []): TitledRoute[] {
  return nodes.flatMap((n) => (n.kind === 'route' ? [{ route: n, groups }] : flatten(n.children, [...groups, n.labelKey])));
}

const SCREENS: TitledRoute[] = flatten(NAV_TREE).filter((s) => s.route.path.startsWith('/'));

/** The navigation entry of a location: the longest route path that is the location or a prefix of it. */
function entryFor(pathname: string): TitledRoute | null {
  let best: TitledRoute | null = null;
  for (const s of SCREENS) {
    const p = s.route.path;
    const hit = p === '/' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`);
    if (hit && (!best || p.length > best.route.path.length)) best = s;
  }
  return best;
}

/**
 * The screen name of a location (e.g. "/merchant-config/12" → "Merchant configuration"), in the
 * language of `t`; null when no navigation entry covers it. A label two entries share (e.g.
 * "E-commerce" under live transactions and under sales reports) is prefixed by its group,
 * "Live transaction (online) › E-commerce", so no two screens carry the same title.
 */
export function screenName(pathname: string, t: TFunction): string | null {
  const entry = entryFor(pathname);
  if (!entry) return null;
  const label = t(entry.route.labelKey);
  const shared = SCREENS.some((s) => s !== entry && t(s.route.labelKey) === label);
  const group = entry.groups.at(-1);
  return shared && group ? `${t(group)} › ${label}` : label;
}

/** "{screen} · {product} Portal" (the portal part localised through `app.portal`). */
export function pageTitle(screen: string, t: TFunction, productName: string): string {
  return `${screen} · ${t('app.portal', { product: productName })}`;
}

/**
 * Sets document.title to `pageTitle(screen)` while the calling page is shown, following the
 * language. The last page to set it wins, so a guard's refusal (forbidden) or not-found page
 * titles itself over its frame.
 */
export function usePageTitle(screen: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = pageTitle(screen, t, runtimeConfig().ProductName);
  }, [screen, t]);
}

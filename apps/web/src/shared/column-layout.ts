/**
 * Which columns of an operations list show, and in what order (at 1440 px Status and
 * Amount were off-screen). Each column declares a priority:
 *  - 1 key: identity, money, rates, status; shown at every width and, below 768 px, first (the
 *    table then scrolls inside its card, so the key columns are the ones seen without scrolling);
 *  - 2 normal: shown at every width (scrolled to below 992 px);
 *  - 3 wide only: shown from 1600 px (antd's `xxl`), so the key columns fit at 1280 px.
 * Where the table's room is known, lower-priority columns also give way until the rest fit.
 * A user's own choice in the column chooser wins over the priority and is remembered per user
 * and screen in localStorage; "Default columns" forgets it.
 */
import { useCallback, useRef, useState } from 'react';
import { Grid } from 'antd';
import { useAppSelector } from '../store/hooks.ts';

export type ColumnPriority = 1 | 2 | 3;

/** A user's deviations from the default: columns turned on and columns turned off. */
export interface ColumnPrefs {
  shown: string[];
  hidden: string[];
}

export const NO_PREFS: ColumnPrefs = { shown: [], hidden: [] };

/** The screen widths the layout depends on (antd Grid breakpoints). */
export interface ScreenWidth {
  /** At least 1600 px: every column fits. */
  wide: boolean;
  /** Below 768 px: the table scrolls inside its card, key columns first. */
  phone: boolean;
}

/**
 * The screen width from antd's `Grid.useBreakpoint()` answer. Before the first measurement (or
 * where no media query matches, as in tests) it is a desktop of normal width.
 */
export function screenWidth(screens: Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl', boolean>>): ScreenWidth {
  return { wide: screens.xxl === true, phone: (screens.xs === true || screens.sm === true) && screens.md !== true };
}

/** Whether a column shows when the user has made no choice about it. */
export function shownByDefault(priority: ColumnPriority, width: ScreenWidth): boolean {
  return priority < 3 || width.wide;
}

/** Whether a column shows: the user's choice, else its priority at this width. */
export function isShown(key: string, priority: ColumnPriority, prefs: ColumnPrefs, width: ScreenWidth): boolean {
  if (prefs.hidden.includes(key)) return false;
  if (prefs.shown.includes(key)) return true;
  return shownByDefault(priority, width);
}

/**
 * The columns to render, in order: those shown (isShown), in declaration order, and below
 * 768 px the key columns (priority 1) first, the rest after them in declaration order.
 * With `room` (the px the table has; not on a phone, where the table scrolls instead) and column
 * `width`s (px), columns of priority 2 and 3 the user did not turn on are left out from the last
 * one back until the rest fit; key columns always stay.
 */
export function layoutColumns<C extends { key: string; priority: ColumnPriority; width?: number | string }>(columns: readonly C[], prefs: ColumnPrefs, width: ScreenWidth, room?: number): C[] {
  let shown = columns.filter((c) => isShown(c.key, c.priority, prefs, width));
  if (room !== undefined && room > 0 && !width.phone) {
    const total = () => shown.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);
    while (total() > room) {
      const drop = shown.findLastIndex((c) => c.priority > 1 && !prefs.shown.includes(c.key));
      if (drop < 0) break;
      shown = shown.filter((_, i) => i !== drop);
    }
  }
  // Array.prototype.sort is stable: equal priorities keep their declared order.
  return width.phone ? [...shown].sort((a, b) => a.priority - b.priority) : shown;
}

/** The sum of the columns' px widths: the table's `scroll.x`, so widths and ellipses hold. */
export const columnsWidth = (columns: readonly { width?: number | string }[]) => columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);

/**
 * The inner width (px) of the element given the returned callback ref, followed as it resizes;
 * undefined until measured or where ResizeObserver is missing (then every column the priorities
 * allow is shown).
 */
export function useElementWidth(): [(el: HTMLElement | null) => void, number | undefined] {
  const [width, setWidth] = useState<number | undefined>(undefined);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => setWidth(entry ? Math.floor(entry.contentRect.width) : undefined));
    observer.current.observe(el);
  }, []);
  return [ref, width];
}

/** The prefs after the user turns a column on (`show` true) or off. */
export function choose(prefs: ColumnPrefs, key: string, show: boolean): ColumnPrefs {
  const shown = prefs.shown.filter((k) => k !== key);
  const hidden = prefs.hidden.filter((k) => k !== key);
  (show ? shown : hidden).push(key);
  return { shown, hidden };
}

/** The URL parameter carrying column choices in a shared or saved link (list-controller.ts applies it). */
export const COLUMNS_PARAM = 'cols';

/** Column choices as the `cols` parameter's value: `+Key` shown, `-Key` hidden, comma-separated ('' for none). */
export const prefsParam = (prefs: ColumnPrefs): string => [...prefs.shown.map((k) => `+${k}`), ...prefs.hidden.map((k) => `-${k}`)].join(',');

/**
 * The choices of a `cols` value (`prefsParam`'s inverse); parts that are not `+Key` or `-Key` of
 * letters and digits are ignored, so a hand-edited link never breaks the list.
 */
export function prefsFromParam(value: string): ColumnPrefs {
  const shown: string[] = [];
  const hidden: string[] = [];
  for (const part of value.split(',')) {
    const m = /^([+-])([A-Za-z][A-Za-z0-9]{0,63})$/.exec(part.trim());
    if (m) (m[1] === '+' ? shown : hidden).push(m[2]!);
  }
  return { shown, hidden: hidden.filter((k) => !shown.includes(k)) };
}

/** The localStorage key of a user's choices on one screen (the list's route path). */
export const prefsKey = (userId: number | string, screen: string) => `paydesk.columns.${userId}.${screen}`;

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** A user's choices on a screen; none when absent, unreadable or malformed. */
export function readPrefs(userId: number | string, screen: string): ColumnPrefs {
  try {
    const raw = globalThis.localStorage?.getItem(prefsKey(userId, screen));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return NO_PREFS;
    const p = parsed as Record<string, unknown>;
    return { shown: strings(p.shown), hidden: strings(p.hidden) };
  } catch {
    return NO_PREFS;
  }
}

/** Keeps a user's choices on a screen (removed when there are none). */
export function writePrefs(userId: number | string, screen: string, prefs: ColumnPrefs): void {
  try {
    if (prefs.shown.length || prefs.hidden.length) globalThis.localStorage?.setItem(prefsKey(userId, screen), JSON.stringify(prefs));
    else globalThis.localStorage?.removeItem(prefsKey(userId, screen));
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}

/**
 * The signed-in user's column choices on `screen` (a route path such as '/mdr-products'), the
 * current screen width, and a setter that also stores them. Another user on the same browser
 * has their own choices.
 */
export function useColumnPrefs(screen: string): { prefs: ColumnPrefs; width: ScreenWidth; setPrefs: (next: ColumnPrefs) => void } {
  const userId = useAppSelector((s) => s.auth.profile?.UserId) ?? 'anonymous';
  const width = screenWidth(Grid.useBreakpoint());
  const owner = `${userId}|${screen}`;
  const [state, setState] = useState(() => ({ owner, prefs: readPrefs(userId, screen) }));
  // Another user or screen in the same component: read its own choices (during render, no flash).
  const current = state.owner === owner ? state.prefs : readPrefs(userId, screen);
  if (state.owner !== owner) setState({ owner, prefs: current });
  const setPrefs = useCallback(
    (next: ColumnPrefs) => {
      setState({ owner, prefs: next });
      writePrefs(userId, screen, next);
    },
    [owner, userId, screen],
  );
  return { prefs: current, width, setPrefs };
}

/**
 * Keyboard reach for the tables that scroll sideways (WCAG 2.1.1; axe `scrollable-region-focusable`).
 * antd's Table scrolls inside its own `.ant-table-content` (or `.ant-table-body` with a fixed
 * header) once `scroll.x` is set, which every list does so that a phone keeps the key columns.
 * Where the rows hold no link or button (a caller without actions, an empty filtered list) no Tab
 * stop lies inside that scroller, so a keyboard user could not scroll it. Each scroller is made a
 * named, focusable region. Lists whose rows open on Enter (shared/row-open.ts) already hold Tab
 * stops and do not need it; tables whose rows may hold none use it (stop 24's CI found
 * /user-management for MERCHANT_HQ at 390 px, whose rows carry no action for that caller).
 */
import { useCallback, useEffect, useRef } from 'react';

const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * Marks every antd table scroller inside `root` as a focusable region named `label`.
 * Idempotent: attributes already set are left as they are.
 */
export function markTableScrollers(root: ParentNode | null, label: string): void {
  root?.querySelectorAll<HTMLElement>(SCROLLERS).forEach((el) => {
    if (el.tabIndex !== 0) el.tabIndex = 0;
    if (el.getAttribute('role') !== 'region') el.setAttribute('role', 'region');
    if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  });
}

/**
 * A callback ref for the box around one or more antd Tables: after every render the tables'
 * scrollers inside it are marked (markTableScrollers). `also` receives the element too, for a
 * width measurement (column-layout's `useElementWidth`) on the same box.
 */
export function useScrollRegion(label: string, also?: (el: HTMLDivElement | null) => void): (el: HTMLDivElement | null) => void {
  const box = useRef<HTMLDivElement | null>(null);
  // No dependency list on purpose: antd re-creates its scroller when the table's shape changes.
  useEffect(() => markTableScrollers(box.current, label));
  return useCallback(
    (el: HTMLDivElement | null) => {
      box.current = el;
      also?.(el);
    },
    [also],
  );
}

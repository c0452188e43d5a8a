/**
 * The phone layout switch: below 768 px (antd's `md` breakpoint) the side navigation
 * becomes a drawer, drawers go full width and pages use narrower margins.
 */
import { useSyncExternalStore } from 'react';

/** Viewports narrower than antd's `md` (768 px). */
export const NARROW_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const snapshot = () => window.matchMedia(NARROW_QUERY).matches;

/**
 * Whether the viewport is narrower than 768 px, read synchronously on the first render (unlike
 * Grid.useBreakpoint, which starts empty) so a phone never paints the desktop frame first.
 */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

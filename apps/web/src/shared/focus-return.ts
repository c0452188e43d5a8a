/**
 * Focus after a drawer or modal closes (WCAG 2.4.3 Focus Order). antd returns focus to
 * the element focused when the overlay opened; this covers the cases where that element is gone
 * (the list re-rendered its rows while the overlay was open) or never existed (the overlay was
 * opened by URL), which would otherwise drop focus to <body> and send a keyboard user back to
 * the top of the page.
 */

/** The `main` landmark's id (app/layout.tsx renders it focusable with tabIndex -1). */
const MAIN_ID = 'main-content';

/**
 * Call from an overlay's `afterOpenChange(false)` / `afterClose`: once antd has restored focus,
 * if focus is nowhere (on <body> or on a detached element), move it to the page's `main`.
 */
export function focusMainIfLost(): void {
  // antd restores focus after its own callback returns: look once that has happened.
  setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, 0);
}

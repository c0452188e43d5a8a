/**
 * "Every row that opens something opens with Enter" (WCAG 2.1.1 Keyboard): the props a
 * clickable table row needs so a keyboard user can reach it and open it like a mouse user.
 */
import type { HTMLAttributes, KeyboardEvent } from 'react';

/** Keys that activate a focused row, as for a button: Enter and Space. */
export const ROW_OPEN_KEYS: readonly string[] = ['Enter', ' ', 'Spacebar'];

/**
 * Props for a row (antd Table `onRow`, or any element) that opens something on click.
 *
 * - `open`: what a click does (navigate, open a drawer …); called once per activation.
 * - `label`: the accessible name of the row, a translated sentence such as "Open transaction
 *   T123" (the row's cells are still read; the name says what activating it does).
 *
 * Returns `tabIndex 0` (the row is a Tab stop), `onClick`, and `onKeyDown` that calls `open` on
 * Enter or Space pressed on the row itself — a key pressed on a button or link inside the row
 * belongs to that control, so it is ignored here. Space's default (page scroll) is prevented.
 * Usage: `<Table onRow={(r) => rowOpenProps(() => show(r.Id), t('x.open', { id: r.Id }))} />`.
 */
export function rowOpenProps(open: () => void, label: string): HTMLAttributes<HTMLElement> {
  return {
    tabIndex: 0,
    'aria-label': label,
    style: { cursor: 'pointer' },
    onClick: () => open(),
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.target !== e.currentTarget || !ROW_OPEN_KEYS.includes(e.key)) return;
      e.preventDefault();
      open();
    },
  };
}
